import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  MIGRATION_MESSAGES,
  MIGRATION_SERVICE_LABELS,
  MIGRATION_SERVICES,
  migrationCheckSchema,
  migrationMigrateSchema,
  type MigrationCheckResult,
  type MigrationService,
} from '@panel/shared/migration/migration-api';
import { formatCredits, toCents } from '@panel/shared/money/credits';
import { Dialog } from '@/components/dialog';
import { DIALOG_TEXTS } from '@/components/dialog-actions';
import { paths } from '@/config/paths';
import { showFormError } from '@/lib/form-server-error';
import { useProfile } from '@/lib/queries/profile-query';
import { showSuccessToast } from '@/lib/toasts';
import { useCheckMigration } from '../api/check-migration';
import { useMigrateCustomer } from '../api/migrate-customer';
import { MIGRATION_TEXTS } from './migration-texts';

interface MigrationDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The migration dialog of the menu (docs/product/screens.md#migration-dialog): step INITIAL (the customer's
 * playlist URL, 'Verificar'), then CONFIRM-TRANSFER (what the other provider says, the target service,
 * 'Migrar'). 'Voltar' resets to INITIAL; success goes to /users and closes the dialog.
 */
export function MigrationDialog({ opened, onClose }: MigrationDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={MIGRATION_TEXTS.title}
      testId="migration-dialog"
      size="lg"
    >
      <MigrationSteps onClose={onClose} />
    </Dialog>
  );
}

interface MigrationFields {
  url: string;
  service: MigrationService | '';
}

function MigrationSteps({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const check = useCheckMigration();
  const migrate = useMigrateCustomer();
  const [checked, setChecked] = useState<{ url: string; result: MigrationCheckResult } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<MigrationFields>({ defaultValues: { url: '', service: '' } });

  const verify = handleSubmit(({ url }) => {
    const parsed = migrationCheckSchema.safeParse({ url });
    if (!parsed.success) {
      setError('url', { type: 'rule', message: parsed.error.issues[0]?.message });
      return;
    }
    check.mutate(parsed.data, {
      onSuccess: (result) => setChecked({ url: parsed.data.url, result }),
      onError: (error) => showFormError(error, ['url'], setError),
    });
  });

  const confirm = handleSubmit(({ service }) => {
    if (!checked) return;
    const parsed = migrationMigrateSchema.safeParse({ url: checked.url, service });
    if (!parsed.success) {
      setError('service', { type: 'rule', message: MIGRATION_MESSAGES.serviceRequired });
      return;
    }
    migrate.mutate(parsed.data, {
      onSuccess: () => {
        showSuccessToast(MIGRATION_MESSAGES.migrated);
        onClose();
        void navigate(paths.users);
      },
      onError: (error) => showFormError(error, ['service', 'url'], setError),
    });
  });

  const back = () => {
    setChecked(null);
    clearErrors();
    reset({ url: checked?.url ?? '', service: '' });
  };

  if (!checked) {
    return (
      <form onSubmit={verify} noValidate>
        <Stack gap="sm">
          <TextInput
            label={MIGRATION_TEXTS.urlLabel}
            description={MIGRATION_TEXTS.urlDescription}
            placeholder={MIGRATION_TEXTS.urlPlaceholder}
            withAsterisk
            data-autofocus
            error={errors.url?.message}
            data-testid="migration-url"
            {...register('url')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={check.isPending}>
              {DIALOG_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={check.isPending} data-testid="migration-verify">
              {MIGRATION_TEXTS.verify}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={confirm} noValidate>
      <Stack gap="sm">
        <CheckedLine result={checked.result} />
        <NativeSelect
          label={MIGRATION_TEXTS.serviceLabel}
          description={MIGRATION_MESSAGES.serviceHint}
          withAsterisk
          error={errors.service?.message}
          data-testid="migration-service"
          data={[
            { value: '', label: MIGRATION_TEXTS.servicePlaceholder },
            ...MIGRATION_SERVICES.map((value) => ({ value, label: MIGRATION_SERVICE_LABELS[value] })),
          ]}
          {...register('service')}
        />
        {errors.url?.message ? (
          <Alert color="red" data-testid="migration-error">
            {errors.url.message}
          </Alert>
        ) : null}
        <Funds cost={checked.result.credits_to_deduct}>
          {(enough) => (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={back}
                disabled={migrate.isPending}
                data-testid="migration-back"
              >
                {MIGRATION_TEXTS.back}
              </Button>
              <Button
                type="submit"
                loading={migrate.isPending}
                disabled={!enough}
                data-testid="migration-submit"
              >
                {MIGRATION_TEXTS.migrate}
              </Button>
            </Group>
          )}
        </Funds>
      </Stack>
    </form>
  );
}

/** The check's fields, as the other provider gave them, and the price. */
function CheckedLine({ result }: { result: MigrationCheckResult }) {
  const labels = MIGRATION_TEXTS.fields;
  const rows: [keyof typeof labels, string][] = [
    ['server_dns', result.server_dns],
    ['username', result.username],
    ['formatted_exp_date', result.formatted_exp_date],
    ['total_days', String(result.total_days)],
    ['max_connections', String(result.max_connections)],
    ['credits_to_deduct', formatCredits(result.credits_to_deduct)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="migration-check">
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th w="45%">{labels[key]}</Table.Th>
            <Table.Td data-testid={`migration-${key}`} style={{ wordBreak: 'break-all' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The caller's balance against the price: 'Migrar' is disabled when the balance minus
 * `credits_to_deduct` is below 0 (docs/product/rules.md#migration-form). Admins migrate for free.
 */
function Funds({ cost, children }: { cost: string; children: (enough: boolean) => ReactNode }) {
  const { data: profile } = useProfile();
  if (!profile) return children(false);
  if (profile.type === 'admin') {
    return (
      <>
        <Text fw={700} data-testid="migration-price">
          {MIGRATION_TEXTS.adminFree}
        </Text>
        {children(true)}
      </>
    );
  }
  const enough = toCents(profile.credits) - toCents(cost) >= 0;
  return (
    <>
      <Text size="sm" data-testid="migration-balance">
        {MIGRATION_TEXTS.balance(profile.credits)}
      </Text>
      {enough ? null : (
        <Alert color="yellow" data-testid="migration-not-enough">
          {MIGRATION_TEXTS.notEnough}
        </Alert>
      )}
      {children(enough)}
    </>
  );
}

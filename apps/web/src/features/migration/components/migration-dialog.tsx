import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LineActionResult } from '@panel/shared/lines/line-api';
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

/** A migration that succeeded, and whether the customer got new credentials (decision 0067). */
export interface MigrationOutcome {
  result: LineActionResult;
  newCredentials: boolean;
}

interface MigrationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Where a success goes (app/ shows the line's success modal); without it the dialog just closes. */
  onMigrated?: (outcome: MigrationOutcome) => void;
}

/**
 * The migration dialog of the menu (docs/product/screens.md#migration-dialog): step INITIAL (the customer's
 * playlist URL, 'Verificar'), then CONFIRM-TRANSFER (what the other provider says, the new username or
 * password when the provider's break this panel's rules (decision 0067), the target service, 'Migrar').
 * 'Voltar' resets to INITIAL; success goes to /users and hands the new line to `onMigrated`.
 */
export function MigrationDialog({ opened, onClose, onMigrated }: MigrationDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={MIGRATION_TEXTS.title}
      testId="migration-dialog"
      size="lg"
    >
      <MigrationSteps onClose={onClose} onMigrated={onMigrated} />
    </Dialog>
  );
}

interface MigrationFields {
  url: string;
  service: MigrationService | '';
  /** Only sent when the check suggested a new one (decision 0067). */
  username: string;
  password: string;
}

const CONFIRM_FIELDS = ['service', 'username', 'password'] as const;

function MigrationSteps({ onClose, onMigrated }: Omit<MigrationDialogProps, 'opened'>) {
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
  } = useForm<MigrationFields>({ defaultValues: { url: '', service: '', username: '', password: '' } });

  const verify = handleSubmit(({ url }) => {
    const parsed = migrationCheckSchema.safeParse({ url });
    if (!parsed.success) {
      setError('url', { type: 'rule', message: parsed.error.issues[0]?.message });
      return;
    }
    check.mutate(parsed.data, {
      onSuccess: (result) => {
        reset({
          url: parsed.data.url,
          service: '',
          username: result.suggested_username ?? '',
          password: result.suggested_password ?? '',
        });
        setChecked({ url: parsed.data.url, result });
      },
      onError: (error) => showFormError(error, ['url'], setError),
    });
  });

  const confirm = handleSubmit(({ service, username, password }) => {
    if (!checked) return;
    const { suggested_username, suggested_password } = checked.result;
    const parsed = migrationMigrateSchema.safeParse({
      url: checked.url,
      service,
      ...(suggested_username === null ? {} : { username }),
      ...(suggested_password === null ? {} : { password }),
    });
    if (!parsed.success) {
      for (const field of CONFIRM_FIELDS) {
        const issue = parsed.error.issues.find((candidate) => candidate.path[0] === field);
        if (issue) setError(field, { type: 'rule', message: issue.message });
      }
      return;
    }
    const newCredentials = parsed.data.username !== undefined || parsed.data.password !== undefined;
    migrate.mutate(parsed.data, {
      onSuccess: (result) => {
        showSuccessToast(MIGRATION_MESSAGES.migrated);
        void navigate(paths.users);
        if (onMigrated) onMigrated({ result, newCredentials });
        else onClose();
      },
      onError: (error) => showFormError(error, [...CONFIRM_FIELDS, 'url'], setError),
    });
  });

  const back = () => {
    setChecked(null);
    clearErrors();
    reset({ url: checked?.url ?? '', service: '', username: '', password: '' });
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
        {checked.result.suggested_username !== null || checked.result.suggested_password !== null ? (
          <>
            <Alert color="yellow" data-testid="migration-new-credentials">
              <Stack gap={4}>
                {checked.result.suggested_username !== null && (
                  <Text size="sm">{MIGRATION_MESSAGES.usernameOutsideRules}</Text>
                )}
                {checked.result.suggested_password !== null && (
                  <Text size="sm">{MIGRATION_MESSAGES.passwordOutsideRules}</Text>
                )}
                <Text size="sm" fw={700}>
                  {MIGRATION_MESSAGES.tellCustomer}
                </Text>
              </Stack>
            </Alert>
            {checked.result.suggested_username !== null && (
              <TextInput
                label={MIGRATION_MESSAGES.newUsernameLabel}
                withAsterisk
                autoComplete="off"
                error={errors.username?.message}
                data-testid="migration-new-username"
                {...register('username')}
              />
            )}
            {checked.result.suggested_password !== null && (
              <TextInput
                label={MIGRATION_MESSAGES.newPasswordLabel}
                withAsterisk
                autoComplete="off"
                error={errors.password?.message}
                data-testid="migration-new-password"
                {...register('password')}
              />
            )}
          </>
        ) : null}
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

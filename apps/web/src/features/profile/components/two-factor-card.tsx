import { Badge, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { ApiError } from '@/lib/api-client';
import { formatIsoDateTime } from '@/lib/format-date';
import { mapError } from '@/lib/map-error';
import { showSuccessToast } from '@/lib/toasts';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { TWO_FACTOR_TEXTS as TEXTS } from './two-factor-texts';

function DisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; other?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          showSuccessToast(TWO_FACTOR_MESSAGES.disabled);
          onClose();
        },
        onError: (failure) => {
          const { message } = mapError(failure);
          const field = failure instanceof ApiError ? failure.field : undefined;
          if (field === 'password' || field === 'code') setErrors({ [field]: message });
          else setErrors({ other: message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors.other && (
          <Text c="red" size="sm" role="alert">
            {errors.other}
          </Text>
        )}
        <PasswordInput
          label={TEXTS.passwordLabel}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <TextInput
          label={TEXTS.disableCodeLabel}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.code}
        />
        <DialogActions
          onCancel={onClose}
          label={TEXTS.disable}
          color="red"
          testId="two-factor-disable-confirm"
          pending={disable.isPending}
          disabled={password === '' || code.trim() === ''}
        />
      </Stack>
    </form>
  );
}

/** Profile → two-factor sign-in (decisions 0130, 0132): its state, turning it on or off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const close = () => setDialog(null);
  const data = status.data;

  return (
    <Card withBorder radius="md" p="lg" data-testid="two-factor-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={4}>{TEXTS.title}</Title>
            <Text size="sm" c="dimmed">
              {TEXTS.description}
            </Text>
          </div>
          {data?.required && <Badge color="orange">{TEXTS.required}</Badge>}
        </Group>
        {data && (
          <Group justify="space-between">
            <Text size="sm" data-testid="two-factor-status">
              {data.enabled && data.enabled_at
                ? TEXTS.statusOn(formatIsoDateTime(data.enabled_at))
                : TEXTS.statusOff}{' '}
              {data.enabled ? TEXTS.codesLeft(data.recovery_codes_left) : ''}
            </Text>
            {data.enabled ? (
              <Button
                variant="light"
                color="red"
                disabled={data.required}
                onClick={() => setDialog('disable')}
                data-testid="two-factor-disable"
              >
                {TEXTS.disable}
              </Button>
            ) : (
              <Button onClick={() => setDialog('enable')} data-testid="two-factor-enable">
                {TEXTS.enable}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Dialog
        opened={dialog === 'enable'}
        onClose={close}
        title={TEXTS.title}
        testId="two-factor-enable-dialog"
      >
        <TwoFactorEnrolment onDone={close} />
      </Dialog>
      <Dialog
        opened={dialog === 'disable'}
        onClose={close}
        title={TEXTS.disableTitle}
        testId="two-factor-disable-dialog"
      >
        <DisableDialog onClose={close} />
      </Dialog>
    </Card>
  );
}

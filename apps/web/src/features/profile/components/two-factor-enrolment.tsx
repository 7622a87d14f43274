import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { mapError } from '@/lib/map-error';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { TWO_FACTOR_TEXTS as TEXTS } from './two-factor-texts';

interface TwoFactorEnrolmentProps {
  /** After the recovery codes were shown and the person said they kept them. */
  onDone: () => void;
}

/**
 * Setting up two-factor sign-in (decision 0130): a new secret as a QR code and as text, the password and
 * one code of the app to confirm it (the other sessions end unless unticked, decision 0133), then the recovery codes,
 * shown this once.
 */
export function TwoFactorEnrolment({ onDone }: TwoFactorEnrolmentProps) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [endOthers, setEndOthers] = useState(true);
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const { mutate: startSetup } = start;
  const started = useRef(false);

  // One new secret per opening (a second one would replace the first on the server).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);

  if (confirm.data) {
    const codes = confirm.data.recovery_codes;
    return (
      <Stack gap="md" data-testid="two-factor-recovery-codes">
        <Alert color="teal" variant="light">
          {TWO_FACTOR_MESSAGES.enabled}
        </Alert>
        <Text fw={600}>{TEXTS.recoveryTitle}</Text>
        <Text size="sm">{TWO_FACTOR_MESSAGES.recoveryCodesHint}</Text>
        <List spacing={2} listStyleType="none" ff="monospace">
          {codes.map((recoveryCode) => (
            <List.Item key={recoveryCode}>{recoveryCode}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void copyText(codes.join('\n'))}>
            {TEXTS.copyCodes}
          </Button>
          <Button onClick={onDone} data-testid="two-factor-done">
            {TEXTS.done}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (start.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {mapError(start.error).message}
      </Alert>
    );
  }
  const setup = start.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    confirm.mutate(
      { password, code, end_other_sessions: endOthers },
      {
        onError: (failure) => {
          const field = failure instanceof ApiError && failure.field === 'password' ? 'password' : 'code';
          setErrors({ [field]: mapError(failure).message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{TEXTS.scan}</Text>
        {setup ? (
          <>
            <Image src={setup.qr_code} alt={TEXTS.qrAlt} w={200} h={200} mx="auto" />
            <div>
              <Text size="sm" fw={500}>
                {TEXTS.secretLabel}
              </Text>
              <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Code>
            </div>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            …
          </Text>
        )}
        <PasswordInput
          label={TEXTS.passwordLabel}
          description={TEXTS.passwordHint}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          data-testid="two-factor-password"
        />
        <TextInput
          label={TEXTS.codeLabel}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.code}
          data-testid="two-factor-code"
        />
        <Checkbox
          label={TEXTS.endOthers}
          checked={endOthers}
          onChange={(event) => setEndOthers(event.currentTarget.checked)}
        />
        <Button
          type="submit"
          loading={confirm.isPending}
          disabled={!setup || password === '' || code.trim() === ''}
        >
          {TEXTS.confirm}
        </Button>
      </Stack>
    </form>
  );
}

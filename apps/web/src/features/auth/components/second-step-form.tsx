import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';

export const SECOND_STEP_TEXTS = {
  title: 'Verificação em duas etapas',
  codeLabel: 'Código do aplicativo autenticador',
  codeHint: 'Abra o aplicativo autenticador e digite o código de 6 dígitos.',
  recoveryLabel: 'Código de recuperação',
  recoveryHint: 'Digite um dos códigos de recuperação que você guardou. Cada um vale uma única vez.',
  useRecovery: 'Usar um código de recuperação',
  useApp: 'Usar o código do aplicativo',
  submit: 'Verificar',
  back: 'Voltar',
} as const;

interface SecondStepFormProps {
  /** Sends the code; a rejection is shown on the form, or ends the step when its ticket expired. */
  onSubmit: (code: string) => Promise<void>;
  /** Back to the password (the ticket expired, or the person chose to). */
  onBack: (reason?: string) => void;
}

/**
 * The second step of sign-in and unlock (decision 0131): a code of the authenticator app, or a recovery
 * code. Plain React state like the login form: it is part of /login's first download (P4).
 */
export function SecondStepForm({ onSubmit, onBack }: SecondStepFormProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(code);
    } catch (error) {
      const { message } = mapError(error);
      if (error instanceof ApiError && error.code === 'second_step_expired') {
        onBack(message);
        return;
      }
      setFailure(message);
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting && code.trim() !== '') void submit();
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="second-step-form">
      <Stack gap="md">
        <Text fw={600} ta="center">
          {SECOND_STEP_TEXTS.title}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="second-step-error">
            {failure}
          </Alert>
        )}
        <TextInput
          name="code"
          label={recovery ? SECOND_STEP_TEXTS.recoveryLabel : SECOND_STEP_TEXTS.codeLabel}
          description={recovery ? SECOND_STEP_TEXTS.recoveryHint : SECOND_STEP_TEXTS.codeHint}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 16 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={submitting} disabled={code.trim() === ''}>
          {SECOND_STEP_TEXTS.submit}
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
          >
            {recovery ? SECOND_STEP_TEXTS.useApp : SECOND_STEP_TEXTS.useRecovery}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            {SECOND_STEP_TEXTS.back}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

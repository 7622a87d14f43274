import { Alert, Center, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import type { SignInInput } from '@panel/shared/auth/sign-in-schema';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { useCompleteSignIn } from '../api/second-step';
import { useSignIn } from '../api/sign-in';
import { goAfterSignIn } from './after-sign-in';
import { CaptchaFailure } from './captcha-failure';
import { LoginForm } from './login-form';
import { SecondStepForm } from './second-step-form';
import { SessionNotice } from './session-notice';

export function LoginPage() {
  const navigate = useNavigate();
  const captcha = useCaptchaConfig();
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();
  // The password step's ticket while the code is asked (decision 0131).
  const [ticket, setTicket] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);

  const handleSubmit = async (values: SignInInput) => {
    const answer = await signIn.mutateAsync(values);
    setExpired(null);
    if ('second_step' in answer) setTicket(answer.second_step.ticket);
    else await goAfterSignIn(answer, navigate);
  };

  const handleCode = async (code: string) => {
    const answer = await completeSignIn.mutateAsync({ ticket: ticket ?? '', code });
    await goAfterSignIn(answer, navigate);
  };

  // The form paints at once; only the captcha waits for the server's captcha settings.
  const captchaFailure = captcha.isError && (
    <CaptchaFailure error={captcha.error} onRetry={() => void captcha.refetch()} />
  );

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Brand />
          <Title order={2} ta="center">
            Bem vindo de volta!
          </Title>
          <SessionNotice kind="gone" />
          {expired && (
            <Alert color="yellow" variant="light" role="status">
              {expired}
            </Alert>
          )}
          {ticket ? (
            <SecondStepForm
              onSubmit={handleCode}
              onBack={(reason) => {
                setTicket(null);
                setExpired(reason ?? null);
              }}
            />
          ) : (
            <LoginForm
              captcha={captcha.data}
              captchaPlaceholder={captchaFailure || undefined}
              onSubmit={handleSubmit}
            />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

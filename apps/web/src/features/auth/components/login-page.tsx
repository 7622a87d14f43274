import { Center, Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import type { SignInInput } from '@panel/shared/auth/sign-in-schema';
import { readRedirectPath } from '@/lib/redirect-path';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { useSignIn } from '../api/sign-in';
import { CaptchaFailure } from './captcha-failure';
import { LoginForm } from './login-form';
import { SessionNotice } from './session-notice';

export function LoginPage() {
  const navigate = useNavigate();
  const captcha = useCaptchaConfig();
  const signIn = useSignIn();

  const handleSubmit = async (values: SignInInput) => {
    await signIn.mutateAsync(values);
    await navigate(readRedirectPath(), { replace: true });
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
          <LoginForm
            captcha={captcha.data}
            captchaPlaceholder={captchaFailure || undefined}
            onSubmit={handleSubmit}
          />
        </Stack>
      </Paper>
    </Center>
  );
}

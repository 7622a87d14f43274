import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { SignInInput } from '@panel/shared/auth/sign-in-schema';
import { mapError } from '@/lib/map-error';
import { readRedirectPath } from '@/lib/redirect-path';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { useSignIn } from '../api/sign-in';
import { LoginForm } from './login-form';

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
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">{mapError(captcha.error).message}</Text>
      </Alert>
      <Button variant="light" onClick={() => void captcha.refetch()}>
        Tentar novamente
      </Button>
    </Stack>
  );

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Title order={2} ta="center">
            Bem vindo de volta!
          </Title>
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

import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
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

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Title order={2} ta="center">
            Bem vindo de volta!
          </Title>
          {captcha.isPending && (
            <Center>
              <Loader aria-label="Carregando" />
            </Center>
          )}
          {captcha.isError && (
            <Stack>
              <Alert color="red" variant="light" role="alert">
                <Text size="sm">{mapError(captcha.error).message}</Text>
              </Alert>
              <Button variant="light" onClick={() => void captcha.refetch()}>
                Tentar novamente
              </Button>
            </Stack>
          )}
          {captcha.data && <LoginForm captcha={captcha.data} onSubmit={handleSubmit} />}
        </Stack>
      </Paper>
    </Center>
  );
}

import { Alert, Anchor, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import type { UnlockInput } from '@panel/shared/auth/sign-in-schema';
import { Brand } from '@/components/brand';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { useStoredAuth } from '@/lib/auth-storage';
import { readRedirectPath } from '@/lib/redirect-path';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { useCompleteUnlock } from '../api/second-step';
import { useUnlockSession } from '../api/unlock-session';
import { CaptchaFailure } from './captcha-failure';
import { LockForm } from './lock-form';
import { SecondStepForm } from './second-step-form';
import { SessionNotice } from './session-notice';

/** /lock: the session is locked on the server; the stored login stays until unlock or sign-out. */
export function LockPage() {
  const auth = useStoredAuth();
  const navigate = useNavigate();
  const captcha = useCaptchaConfig();
  const unlock = useUnlockSession();
  const completeUnlock = useCompleteUnlock();
  // The password step's ticket while the code is asked (decision 0131).
  const [ticket, setTicket] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);

  if (!auth) return <Navigate to={paths.login} replace />;

  const handleSubmit = async (values: UnlockInput) => {
    const answer = await unlock.mutateAsync(values);
    setExpired(null);
    if ('second_step' in answer) {
      setTicket(answer.second_step.ticket);
      return;
    }
    await navigate(readRedirectPath(), { replace: true });
  };

  const handleCode = async (code: string) => {
    await completeUnlock.mutateAsync({ ticket: ticket ?? '', code });
    await navigate(readRedirectPath(), { replace: true });
  };

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Brand />
          <Stack align="center" gap="xs">
            <UserAvatar avatar={auth.user.avatar} alt={auth.user.username} size={80} radius="xl" />
            <Title order={3} ta="center" data-testid="lock-username">
              {auth.user.username}
            </Title>
          </Stack>
          <SessionNotice kind="locked" />
          {captcha.isPending && (
            <Center>
              <Loader aria-label="Carregando" />
            </Center>
          )}
          {captcha.isError && <CaptchaFailure error={captcha.error} onRetry={() => void captcha.refetch()} />}
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
            captcha.data && <LockForm captcha={captcha.data} onSubmit={handleSubmit} />
          )}
          <Anchor component={Link} to={paths.logout} ta="center" size="sm">
            Entrar com outro usuário
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

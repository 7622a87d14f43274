import { Alert, Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { Brand } from '@/components/brand';
import { paths } from '@/config/paths';
import { readRedirectPath } from '@/lib/redirect-path';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { TWO_FACTOR_TEXTS as TEXTS } from './two-factor-texts';

/**
 * /two-factor-setup: the panel requires a second step this account lacks (decision 0132). Outside the
 * signed-in frame, whose requests the server refuses until the setup is done; then the visit goes on.
 */
export function TwoFactorSetupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = async () => {
    // Whatever was refused meanwhile is asked again.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    await navigate(readRedirectPath(), { replace: true });
  };
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={460} data-testid="two-factor-setup-page">
        <Stack gap="lg">
          <Brand />
          <Title order={3} ta="center">
            {TEXTS.setupPageTitle}
          </Title>
          <Alert color="yellow" variant="light" role="status">
            {TWO_FACTOR_MESSAGES.setupRequired}
          </Alert>
          <TwoFactorEnrolment onDone={() => void done()} />
          <Anchor component={Link} to={paths.logout} ta="center" size="sm">
            {TEXTS.signOut}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

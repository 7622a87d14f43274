import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SESSION_LIST_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import type { OpenSession } from '@panel/shared/auth/sessions-schema';
import { Dialog } from '@/components/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { QueryBody } from '@/components/query-body';
import { formatIsoDateTime } from '@/lib/format-date';
import { showSuccessToast } from '@/lib/toasts';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';
import { SESSIONS_TEXTS as TEXTS } from './two-factor-texts';

const regionNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });

/** 'Brasil' for 'BR'; the code itself when the browser does not know it. */
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({ session }: { session: OpenSession }) {
  const end = useEndSession();
  const place = [session.ip, session.country ? countryName(session.country) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="session-row">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{session.device}</Text>
            {session.current && (
              <Badge color="teal" variant="light">
                {TEXTS.current}
              </Badge>
            )}
            {session.locked && (
              <Badge color="gray" variant="light">
                {TEXTS.locked}
              </Badge>
            )}
          </Group>
          {place && (
            <Text size="sm" c="dimmed">
              {TEXTS.address}: {place}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {TEXTS.started}: {formatIsoDateTime(session.created_at)} · {TEXTS.lastSeen}:{' '}
            {formatIsoDateTime(session.last_seen_at)}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={end.isPending}
            onClick={() =>
              end.mutate(session.id, { onSuccess: () => showSuccessToast(SESSION_LIST_MESSAGES.ended) })
            }
            data-testid="session-end"
          >
            {TEXTS.end}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Profile → 'Sessões' (decision 0134): every open session of the account; end one or all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <Card withBorder radius="md" p="lg" data-testid="sessions-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{TEXTS.title}</Title>
            <Text size="sm" c="dimmed">
              {TEXTS.description}
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            disabled={others === 0}
            onClick={() => setConfirming(true)}
            data-testid="sessions-end-others"
          >
            {TEXTS.endOthers}
          </Button>
        </Group>
        <QueryBody
          query={sessions}
          testId="sessions"
          compact
          isEmpty={(data) => data.sessions.length === 0}
          empty={null}
        >
          {(data) => (
            <Stack gap="xs">
              {data.sessions.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
              {others === 0 && (
                <Text size="sm" c="dimmed">
                  {TEXTS.none}
                </Text>
              )}
            </Stack>
          )}
        </QueryBody>
      </Stack>
      <Dialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={TEXTS.endOthers}
        testId="sessions-end-others-dialog"
      >
        <Stack gap="md">
          <Text size="sm">{TEXTS.endOthersConfirm}</Text>
          <DialogActions
            onCancel={() => setConfirming(false)}
            label={TEXTS.confirm}
            color="red"
            testId="sessions-end-others-confirm"
            pending={endOthers.isPending}
            onConfirm={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) => {
                  showSuccessToast(SESSION_LIST_MESSAGES.endedOthers(ended));
                  setConfirming(false);
                },
              })
            }
          />
        </Stack>
      </Dialog>
    </Card>
  );
}

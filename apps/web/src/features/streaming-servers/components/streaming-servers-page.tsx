import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBan, IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  STREAMING_SERVER_MESSAGES,
  STREAMING_SERVER_STATUS_LABELS,
  tokenHintText,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { formatIsoDateTime } from '@/lib/format-date';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useStreamingServers } from '../api/list-streaming-servers';
import { useRevokeStreamingServer } from '../api/revoke-streaming-server';
import { STREAMING_SERVER_TEXTS as TEXTS } from './streaming-server-texts';

const ServerFormModal = lazyModal(() => import('./server-form-modal').then((m) => m.ServerFormModal));

/** The form: a new server (`{}`) or an edit of one. */
type ServerForm = { server?: StreamingServer } | null;

function ServerRow({
  server,
  onEdit,
  onRevoke,
}: {
  server: StreamingServer;
  onEdit: (server: StreamingServer) => void;
  onRevoke: (server: StreamingServer) => void;
}) {
  const id = `streaming-server-${server.id}`;
  const revoked = server.revoked_at !== null;
  return (
    <Table.Tr data-testid="streaming-server">
      <Table.Td data-testid={`${id}-name`}>{server.name}</Table.Td>
      <Table.Td data-testid={`${id}-hint`} ff="monospace">
        {tokenHintText(server.token_hint)}
      </Table.Td>
      <Table.Td data-testid={`${id}-control-url`}>{server.control_url ?? TEXTS.none}</Table.Td>
      <Table.Td data-testid={`${id}-created`}>{formatIsoDateTime(server.created_at)}</Table.Td>
      <Table.Td data-testid={`${id}-last-seen`}>
        {server.last_seen_at ? formatIsoDateTime(server.last_seen_at) : TEXTS.never}
      </Table.Td>
      <Table.Td>
        <Badge color={revoked ? 'red' : 'teal'} variant="light" data-testid={`${id}-status`}>
          {revoked ? STREAMING_SERVER_STATUS_LABELS.revoked : STREAMING_SERVER_STATUS_LABELS.active}
        </Badge>
      </Table.Td>
      <Table.Td>
        {!revoked && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} />}
              onClick={() => onEdit(server)}
              data-testid={`${id}-edit`}
            >
              {TEXTS.edit}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconBan size={14} />}
              onClick={() => onRevoke(server)}
              data-testid={`${id}-revoke`}
            >
              {TEXTS.revoke}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /streaming-servers (admin only, decision 0045): the servers allowed to call the ingest API, with their
 * token's last characters, control URL, last contact and status; a new one shows its token once; a token
 * is revoked after a confirmation.
 */
export function StreamingServersPage() {
  const servers = useStreamingServers();
  const revoke = useRevokeStreamingServer();
  const [form, setForm] = useState<ServerForm>(null);
  const [revoking, setRevoking] = useState<StreamingServer | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showSuccessToast(STREAMING_SERVER_MESSAGES.revoked);
        setRevoking(null);
      },
      onError: (failure) => {
        if (!classifySessionFailure(failure)) showErrorToast(failure);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{TEXTS.title}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setForm({})}
          data-testid="streaming-server-new"
        >
          {TEXTS.newServer}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {TEXTS.intro}
      </Text>
      <QueryBody
        query={servers}
        testId="streaming-servers"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Stack align="center" gap={4} py="xl" data-testid="streaming-servers-empty">
            <Text fw={500}>{TEXTS.empty}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {TEXTS.emptyHint}
            </Text>
          </Stack>
        }
      >
        {(data) => (
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover data-testid="streaming-servers-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{TEXTS.name}</Table.Th>
                  <Table.Th>{TEXTS.token}</Table.Th>
                  <Table.Th>{TEXTS.controlUrl}</Table.Th>
                  <Table.Th>{TEXTS.createdAt}</Table.Th>
                  <Table.Th>{TEXTS.lastSeen}</Table.Th>
                  <Table.Th>{TEXTS.status}</Table.Th>
                  <Table.Th>{TEXTS.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((server) => (
                  <ServerRow
                    key={server.id}
                    server={server}
                    onEdit={(chosen) => setForm({ server: chosen })}
                    onRevoke={setRevoking}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryBody>
      {form && <ServerFormModal server={form.server} onClose={() => setForm(null)} />}
      {revoking && (
        <ConfirmDialog
          opened
          title={TEXTS.revokeTitle}
          message={TEXTS.revokeConfirm(revoking.name)}
          confirmLabel={TEXTS.revoke}
          confirmColor="red"
          loading={revoke.isPending}
          onConfirm={confirmRevoke}
          onCancel={() => setRevoking(null)}
          testId="streaming-server-revoke"
        />
      )}
    </Stack>
  );
}

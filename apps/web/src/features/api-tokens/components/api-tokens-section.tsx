import { Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_STATUS_LABELS,
  type ApiToken,
} from '@panel/shared/api-tokens/api-tokens-api';
import { tokenHintText } from '@panel/shared/streaming-servers/streaming-servers-api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyModal } from '@/components/lazy-modal';
import { QueryBody } from '@/components/query-body';
import { formatIsoDateTime } from '@/lib/format-date';
import { classifySessionFailure } from '@/lib/session-failure';
import { showErrorToast, showSuccessToast } from '@/lib/toasts';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { API_TOKEN_TEXTS as TEXTS } from './api-token-texts';

const ApiTokenFormModal = lazyModal(() => import('./api-token-form-modal').then((m) => m.ApiTokenFormModal));

const STATUS_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

function TokenRow({
  token,
  withOwner,
  onRevoke,
}: {
  token: ApiToken;
  withOwner: boolean;
  onRevoke: (token: ApiToken) => void;
}) {
  const id = `api-token-${token.id}`;
  return (
    <Table.Tr data-testid="api-token">
      <Table.Td data-testid={`${id}-name`}>
        <Stack gap={0}>
          <span>{token.name}</span>
          <Text size="xs" c="dimmed" ff="monospace">
            {tokenHintText(token.token_hint)}
          </Text>
        </Stack>
      </Table.Td>
      {withOwner && <Table.Td data-testid={`${id}-owner`}>{token.owner}</Table.Td>}
      <Table.Td data-testid={`${id}-scopes`}>
        <Group gap={4}>
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="light" size="sm">
              {API_TOKEN_SCOPE_LABELS[scope]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td data-testid={`${id}-expires`}>
        {token.expires_at ? formatIsoDateTime(token.expires_at) : TEXTS.noExpiry}
      </Table.Td>
      <Table.Td data-testid={`${id}-last-used`}>
        {token.last_used_at ? formatIsoDateTime(token.last_used_at) : TEXTS.never}
        {token.last_used_ip && (
          <Text size="xs" c="dimmed">
            {token.last_used_ip}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[token.status]} variant="light" data-testid={`${id}-status`}>
          {API_TOKEN_STATUS_LABELS[token.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {token.status !== 'revoked' && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconBan size={14} />}
            onClick={() => onRevoke(token)}
            data-testid={`${id}-revoke`}
          >
            {TEXTS.revoke}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The profile's 'API' section (decision 0137): the account's API tokens with their scopes, validity, last
 * use and status; a new one shows its token once; a token is revoked after a confirmation. An admin may
 * switch to every account's tokens, with their owners, and revoke any (decision 0140).
 */
export function ApiTokensSection({ isAdmin }: { isAdmin: boolean }) {
  const [whose, setWhose] = useState<'own' | 'everyone'>('own');
  const tokens = useApiTokens(whose);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const withOwner = whose === 'everyone';

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showSuccessToast(API_TOKEN_MESSAGES.revoked);
        setRevoking(null);
      },
      onError: (failure) => {
        if (!classifySessionFailure(failure)) showErrorToast(failure);
      },
    });
  };

  return (
    <Card withBorder radius="md" p="lg" data-testid="api-tokens-section">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{TEXTS.title}</Title>
          <Group gap="xs">
            {isAdmin && (
              <SegmentedControl
                size="xs"
                value={whose}
                onChange={(value) => setWhose(value === 'everyone' ? 'everyone' : 'own')}
                data={[
                  { value: 'own', label: TEXTS.mine },
                  { value: 'everyone', label: TEXTS.everyone },
                ]}
                data-testid="api-tokens-whose"
              />
            )}
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="api-token-new"
            >
              {TEXTS.newToken}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {TEXTS.intro}
        </Text>
        <QueryBody
          query={tokens}
          testId="api-tokens"
          compact
          isEmpty={(rows) => rows.length === 0}
          empty={
            <Stack align="center" gap={4} py="md" data-testid="api-tokens-empty">
              <Text fw={500}>{TEXTS.empty}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {TEXTS.emptyHint}
              </Text>
            </Stack>
          }
        >
          {(data) => (
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover data-testid="api-tokens-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{TEXTS.name}</Table.Th>
                    {withOwner && <Table.Th>{TEXTS.owner}</Table.Th>}
                    <Table.Th>{TEXTS.scopes}</Table.Th>
                    <Table.Th>{TEXTS.expiresAt}</Table.Th>
                    <Table.Th>{TEXTS.lastUsed}</Table.Th>
                    <Table.Th>{TEXTS.status}</Table.Th>
                    <Table.Th>{TEXTS.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((token) => (
                    <TokenRow key={token.id} token={token} withOwner={withOwner} onRevoke={setRevoking} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryBody>
      </Stack>
      {creating && <ApiTokenFormModal onClose={() => setCreating(false)} />}
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
          testId="api-token-revoke"
        />
      )}
    </Card>
  );
}

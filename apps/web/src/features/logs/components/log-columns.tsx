import { Badge, Stack, Text } from '@mantine/core';
import { LOG_ACTION_LABELS, LOG_TYPE_LABELS } from '@panel/shared/logs/log-codes';
import type { LogEntry, LOG_ORDER_FIELDS } from '@panel/shared/logs/log-schemas';
import { formatCredits, toCents } from '@panel/shared/money/credits';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatIsoDateTime } from '@/lib/format-date';

export type LogSortField = (typeof LOG_ORDER_FIELDS)[number];

/**
 * The credits a log moved, as the server signs them (decision 0026): a debit negative, a credit with a
 * '+'; '-' when it moved none.
 */
export function signedLogValue(value: LogEntry['value']): string {
  if (value === null) return '-';
  const cents = toCents(value);
  return cents > 0 ? `+${formatCredits(value)}` : formatCredits(value);
}

function BalanceLine({
  who,
  before,
  after,
}: {
  who: string | null;
  before: string | null;
  after: string | null;
}) {
  if (!who || before === null || after === null) return null;
  return (
    <Text size="xs" c="dimmed">
      {who}: {formatCredits(before)} → {formatCredits(after)}
    </Text>
  );
}

/** Who acted, and the API token it acted through, if any (decision 0139). */
const actorCell = (row: LogEntry) =>
  row.api_token === null ? (
    row.reseller
  ) : (
    <Stack gap={0}>
      <span>{row.reseller}</span>
      <Text size="xs" c="dimmed" data-testid="log-api-token">
        Token de API: {row.api_token}
      </Text>
    </Stack>
  );

const actionCell = (row: LogEntry) => (
  <Badge variant="light" data-testid="log-action">
    {LOG_ACTION_LABELS[row.action]}
  </Badge>
);

/** /logs (docs/product/screens.md#logs): Data/Hora, Revenda Master, Ação, Log, Revenda, Usuário, Movimentação. */
export const LOG_COLUMNS: DataTableColumn<LogEntry, LogSortField>[] = [
  {
    id: 'created_at',
    header: 'Data/Hora',
    sortField: 'created_at',
    cell: (row) => formatIsoDateTime(row.created_at),
  },
  { id: 'master', header: 'Revenda Master', cell: (row) => row.master ?? '-' },
  { id: 'action', header: 'Ação', sortField: 'action', cardPlacement: 'title', cell: actionCell },
  { id: 'type', header: 'Log', sortField: 'type', cell: (row) => LOG_TYPE_LABELS[row.type] },
  { id: 'reseller', header: 'Revenda', cell: actorCell },
  // The line a log concerns, or else the reseller it was done to.
  { id: 'user', header: 'Usuário', cell: (row) => row.user ?? row.target ?? '-' },
  {
    id: 'value',
    header: 'Movimentação',
    sortField: 'value',
    align: 'right',
    cell: (row) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600} data-testid="log-value">
          {signedLogValue(row.value)}
        </Text>
        <BalanceLine
          who={row.reseller}
          before={row.reseller_credits_before}
          after={row.reseller_credits_after}
        />
        <BalanceLine who={row.target} before={row.target_credits_before} after={row.target_credits_after} />
      </Stack>
    ),
  },
];

/** /resellers/logs (docs/product/screens.md#reseller-logs): QTDE, Data, Tipo, Revendedor, Alvo. */
export const RESELLER_LOG_COLUMNS: DataTableColumn<LogEntry, LogSortField>[] = [
  {
    id: 'value',
    header: 'QTDE',
    sortField: 'value',
    align: 'right',
    cell: (row) => <span data-testid="log-value">{signedLogValue(row.value)}</span>,
  },
  {
    id: 'created_at',
    header: 'Data',
    sortField: 'created_at',
    cell: (row) => formatIsoDateTime(row.created_at),
  },
  { id: 'action', header: 'Tipo', sortField: 'action', cardPlacement: 'title', cell: actionCell },
  { id: 'reseller', header: 'Revendedor', cell: actorCell },
  { id: 'target', header: 'Alvo', cell: (row) => <span data-testid="log-target">{row.target ?? '-'}</span> },
];

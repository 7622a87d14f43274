import { Text } from '@mantine/core';
import { useState } from 'react';
import { LOG_ACTION_LABELS } from '@panel/shared/logs/log-codes';
import { formatCredits, toCents } from '@panel/shared/money/credits';
import type { LedgerEntry } from '@panel/shared/money/ledger-entry-schema';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatIsoDateTime } from '@/lib/format-date';
import { useResellerLedger } from '../api/get-reseller-ledger';

/** Short pages: the statement sits in a dialog (docs/product/constants.md#pages-and-lists "some tables use 5"). */
export const LEDGER_PAGE_SIZE = 5;

function signedCredits(amount: string): string {
  return toCents(amount) > 0 ? `+${formatCredits(amount)}` : formatCredits(amount);
}

const LEDGER_COLUMNS: DataTableColumn<LedgerEntry>[] = [
  { id: 'created_at', header: 'Data', cell: (row) => formatIsoDateTime(row.created_at) },
  { id: 'action', header: 'Ação', cardPlacement: 'title', cell: (row) => LOG_ACTION_LABELS[row.action] },
  {
    id: 'amount',
    header: 'Valor',
    align: 'right',
    cell: (row) => (
      <Text span size="sm" fw={600} c={toCents(row.amount) > 0 ? 'teal' : 'red'} data-testid="ledger-amount">
        {signedCredits(row.amount)}
      </Text>
    ),
  },
  {
    id: 'balance_after',
    header: 'Saldo',
    align: 'right',
    cell: (row) => `${formatCredits(row.balance_before)} → ${formatCredits(row.balance_after)}`,
  },
  { id: 'actor', header: 'Por', cell: (row) => row.actor_username ?? '-' },
  { id: 'counterparty', header: 'Contraparte', cell: (row) => row.counterparty_username ?? '-' },
];

/** The reseller's own credit statement (GET /api/resellers/:id/ledger), newest first. */
export function ResellerLedger({ resellerId, cardMode }: { resellerId: number; cardMode: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, error, refetch } = useResellerLedger(resellerId, { page, per: LEDGER_PAGE_SIZE });
  return (
    <DataTable
      testId="ledger-table"
      ariaLabel="Extrato de créditos"
      columns={LEDGER_COLUMNS}
      rows={data?.data}
      rowKey={(row) => row.id}
      fetching={isFetching}
      error={error}
      onRetry={() => void refetch()}
      cardMode={cardMode}
      meta={data?.meta}
      onPageChange={setPage}
      minWidth={560}
    />
  );
}

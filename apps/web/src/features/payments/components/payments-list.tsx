import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { paymentSubject } from '@panel/shared/payments/credit-sales';
import {
  formatReais,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  paymentStateLabel,
  pendingReasonText,
  type Payment,
  type PaymentState,
  type PaymentTotals,
} from '@panel/shared/payments/payments-api';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { FilterSelect } from '@/components/data-table/filter-select';
import { formatIsoDateTime } from '@/lib/format-date';
import { useCardMode } from '@/lib/list-state/use-card-mode';
import { useListState } from '@/lib/list-state/use-list-state';
import { showSuccessToast, showWarningToast } from '@/lib/toasts';
import { useExportPayments } from '../api/export-payments';
import { usePaymentList } from '../api/list-payments';
import { usePaymentAction } from '../api/payment-actions';
import { PAYMENT_TEXTS as TEXTS } from './payment-texts';

const DAY_MS = 86_400_000;
const PERIODS = { today: 0, '7days': 7, '30days': 30, '90days': 90, '12months': 365 } as const;
type Period = keyof typeof PERIODS;
const PERIOD_LABELS: Record<Period, string> = {
  today: 'Hoje',
  '7days': 'Últimos 7 dias',
  '30days': 'Últimos 30 dias',
  '90days': 'Últimos 90 dias',
  '12months': 'Últimos 12 meses',
};
const isPeriod = (value: string): value is Period => Object.hasOwn(PERIODS, value);

type Filters = { period: string; state: string };
type SortField = 'created_at' | 'amount' | 'state';
const ALL = 'all';

/** `from,to` of a period: from the start of the day N days ago to the end of today, in the browser's zone. */
function datesOf(period: Period, now: number): string {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const from = new Date(today.getTime() - PERIODS[period] * DAY_MS);
  return `${from.toISOString()},${new Date(today.getTime() + DAY_MS).toISOString()}`;
}

const STATE_COLORS: Record<PaymentState, string> = {
  pending: 'blue',
  paid: 'green',
  renewal_pending: 'orange',
  expired: 'gray',
  cancelled: 'gray',
  refunded: 'red',
};

function Totals({ totals }: { totals: PaymentTotals }) {
  const card = (label: string, amount: string, count: number, testId: string) => (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={`${testId}-amount`}>
        {formatReais(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {TEXTS.payments(count)}
      </Text>
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {card(TEXTS.received, totals.received, totals.received_count, 'payments-total-received')}
      {card(TEXTS.pending, totals.pending, totals.pending_count, 'payments-total-pending')}
      {card(TEXTS.refunded, totals.refunded, totals.refunded_count, 'payments-total-refunded')}
    </SimpleGrid>
  );
}

/** 'Pagamentos' (docs/product/screens.md#payments): the caller's payments in a period, with its totals. */
export function PaymentsList({ profile }: { profile: Profile }) {
  const cardMode = useCardMode(profile.mobile_table_mode);
  const [now] = useState(Date.now);
  const list = useListState<Filters, SortField>({
    storageKey: `payments:${profile.id}`,
    defaultFilters: { period: '30days', state: '' },
  });
  const period: Period = isPeriod(list.filters.period) ? list.filters.period : '30days';
  const filters = { dates: datesOf(period, now), state: list.filters.state || undefined };
  const { data, isFetching, error, refetch } = usePaymentList({ ...list.params, ...filters });
  const exportCsv = useExportPayments();
  const action = usePaymentAction();
  const run = (payment: Payment, kind: 'confirm' | 'refresh') =>
    action.mutate(
      { id: payment.id, action: kind },
      {
        onSuccess: (after) => {
          if (after.renewal_pending_reason)
            showWarningToast(pendingReasonText(after.renewal_pending_reason, after.purpose));
          else if (kind === 'refresh') showSuccessToast(TEXTS.refreshed);
          // A credit sale (decision 0186) sends credits where a renewal renews a line.
          else showSuccessToast(after.purpose === 'credit_purchase' ? TEXTS.creditsSent : TEXTS.confirmed);
        },
      },
    );

  const columns: DataTableColumn<Payment, SortField>[] = [
    {
      id: 'created_at',
      header: TEXTS.date,
      sortField: 'created_at',
      cell: (row) => formatIsoDateTime(row.created_at),
    },
    {
      id: 'user',
      header: TEXTS.user,
      cardPlacement: 'title',
      cell: (row) => paymentSubject(row).who ?? '-',
    },
    {
      id: 'package',
      header: TEXTS.package,
      cell: (row) =>
        row.purpose === 'credit_purchase' ? (
          <Group gap={4} wrap="nowrap">
            <Badge size="xs" variant="light" color="grape">
              {TEXTS.creditSale}
            </Badge>
            <span data-testid="payment-credits">{paymentSubject(row).what}</span>
          </Group>
        ) : (
          (row.package_name ?? '-')
        ),
    },
    {
      id: 'amount',
      header: TEXTS.amount,
      sortField: 'amount',
      align: 'right',
      cell: (row) => <span data-testid="payment-amount">{formatReais(row.amount)}</span>,
    },
    { id: 'method', header: TEXTS.method, cell: (row) => TEXTS.methods[row.provider] },
    {
      id: 'state',
      header: TEXTS.state,
      sortField: 'state',
      cell: (row) => (
        <Badge variant="light" color={STATE_COLORS[row.state]} data-testid="payment-state">
          {paymentStateLabel(row.state, row.purpose)}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: TEXTS.actions,
      stickyEnd: true,
      cardPlacement: 'footer',
      cell: (row) => {
        const confirmable =
          row.provider === 'static_pix' && ['pending', 'expired', 'cancelled'].includes(row.state);
        const askable = row.provider === 'mercadopago' && row.state === 'pending';
        if (!confirmable && !askable) return null;
        return (
          <Button
            size="xs"
            variant="light"
            color={confirmable ? 'green' : undefined}
            loading={action.isPending && action.variables?.id === row.id}
            onClick={() => run(row, confirmable ? 'confirm' : 'refresh')}
            data-testid={confirmable ? 'payment-confirm' : 'payment-refresh'}
          >
            {confirmable ? TEXTS.confirm : TEXTS.refresh}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <FilterSelect
          label={TEXTS.period}
          data={(Object.keys(PERIODS) as Period[]).map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={period}
          onChange={(value) => list.setFilters({ period: value })}
          testId="payments-filter-period"
        />
        <FilterSelect
          label={TEXTS.state}
          data={[
            { value: ALL, label: TEXTS.allStates },
            ...PAYMENT_STATES.map((state) => ({ value: state, label: PAYMENT_STATE_LABELS[state] })),
          ]}
          value={list.filters.state || ALL}
          onChange={(value) => list.setFilters({ state: value === ALL ? '' : value })}
          testId="payments-filter-state"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate(filters)}
          data-testid="export-payments"
        >
          {TEXTS.exportCsv}
        </Button>
      </Group>
      {data && <Totals totals={data.totals} />}
      {data && data.totals.renewal_pending_count > 0 && (
        <Alert color="orange" data-testid="payments-renewal-pending">
          {TEXTS.renewalPendingAlert(data.totals.renewal_pending_count)}
        </Alert>
      )}
      <DataTable
        {...list.tableControls}
        testId="payments-table"
        ariaLabel={TEXTS.title}
        columns={columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        fetching={isFetching}
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        meta={data?.meta}
        emptyText={TEXTS.empty}
        minWidth={900}
      />
    </Stack>
  );
}

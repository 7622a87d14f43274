import { ActionIcon, Card, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { LINE_ACTION_LABELS } from '@panel/shared/lines/line-action-labels';
import type { Line } from '@panel/shared/lines/line-api';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { ExpiryBadge } from '@/components/expiry-badge';
import { useExpiringLines } from '../api/get-expiring-lines';
import { EXPIRING_EMPTY, EXPIRING_TITLE } from './dashboard-texts';

const RENEW_MONTH_LABEL = LINE_ACTION_LABELS['renew-month'];
const RENEW_PACKAGE_LABEL = LINE_ACTION_LABELS['renew-package'];
import type { RenewalDialogs } from './renewal-dialogs';

type OpenRenewal = { kind: 'month' | 'package'; line: Line } | null;

function expiringColumns(onRenew: (kind: 'month' | 'package', line: Line) => void): DataTableColumn<Line>[] {
  return [
    {
      id: 'username',
      header: 'Usuário',
      cardPlacement: 'title',
      cell: (line) => (
        <Text span size="sm" fw={600} data-testid="expiring-username">
          {line.username}
        </Text>
      ),
    },
    {
      id: 'exp_date',
      header: 'Expira em',
      cell: (line) => <ExpiryBadge expDate={line.exp_date} testId="expiring-expiry" />,
    },
    {
      id: 'screens',
      header: 'Telas',
      align: 'center',
      cell: (line) => <span data-testid="expiring-screens">{line.max_connections}</span>,
    },
    {
      id: 'actions',
      header: 'Ações',
      align: 'right',
      cardPlacement: 'footer',
      stickyEnd: true,
      cell: (line) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={RENEW_MONTH_LABEL} withArrow>
            <ActionIcon
              variant="light"
              aria-label={`${RENEW_MONTH_LABEL}: ${line.username}`}
              onClick={() => onRenew('month', line)}
              data-testid="expiring-renew-month"
            >
              <IconCalendarPlus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={RENEW_PACKAGE_LABEL} withArrow>
            <ActionIcon
              variant="light"
              color="grape"
              aria-label={`${RENEW_PACKAGE_LABEL}: ${line.username}`}
              onClick={() => onRenew('package', line)}
              data-testid="expiring-renew-package"
            >
              <IconPackage size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

interface ExpiringLinesCardProps {
  cardMode: boolean;
  renewalDialogs: RenewalDialogs;
}

/**
 * 'Próximos vencimentos' (docs/product/screens.md#dashboard, docs/product/constants.md#windows-and-thresholds): the 5 lines of the caller's tree expiring soonest within 7 days.
 * A renewal (by month or package) takes the line past the window, so it leaves the list.
 */
export function ExpiringLinesCard({ cardMode, renewalDialogs }: ExpiringLinesCardProps) {
  const { data, isFetching, error, refetch } = useExpiringLines();
  // The dialog lives here, not in the row: the row disappears when the renewal succeeds.
  const [renewal, setRenewal] = useState<OpenRenewal>(null);
  const close = () => setRenewal(null);
  const RenewalDialog = renewal ? renewalDialogs[renewal.kind] : null;
  const columns = expiringColumns((kind, line) => setRenewal({ kind, line }));

  return (
    <Card withBorder radius="md" p="lg" data-testid="expiring-card">
      <Title order={4} mb="sm">
        {EXPIRING_TITLE}
      </Title>
      <DataTable
        testId="expiring-table"
        ariaLabel={EXPIRING_TITLE}
        columns={columns}
        rows={data?.data}
        rowKey={(line) => line.id}
        fetching={isFetching}
        // A failed load must not look like "no expirations" nor load forever: the reason and a retry.
        error={error}
        onRetry={() => void refetch()}
        cardMode={cardMode}
        emptyText={EXPIRING_EMPTY}
        minWidth={340}
      />
      {renewal && RenewalDialog && <RenewalDialog line={renewal.line} opened onClose={close} />}
    </Card>
  );
}

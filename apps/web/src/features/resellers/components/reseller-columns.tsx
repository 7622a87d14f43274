import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCredits } from '@panel/shared/money/credits';
import type { Reseller, RESELLER_ORDER_FIELDS } from '@panel/shared/resellers/reseller-schema';
import { formatCount } from '@panel/shared/ui/ui-constants';
import light from '@/components/light/light.module.css';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { formatPanelDate } from '@/lib/format-date';
import { ResellerStatusBadge } from './reseller-status-badge';

export type ResellerSortField = (typeof RESELLER_ORDER_FIELDS)[number];

/** The columns of docs/product/screens.md#resellers: id and master for admins only, then status … client count, and the actions. */
export function resellerColumns({
  isAdmin,
  renderActions,
}: {
  isAdmin: boolean;
  renderActions: (reseller: Reseller) => ReactNode;
}): DataTableColumn<Reseller, ResellerSortField>[] {
  return [
    { id: 'id', header: 'ID', sortField: 'id', hidden: !isAdmin, cell: (row) => row.id },
    {
      id: 'master',
      header: 'Master',
      sortField: 'master_username',
      hidden: !isAdmin,
      cell: (row) => <span className={light.breakable}>{row.master_username ?? '-'}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      cell: (row) => <ResellerStatusBadge status={row.status} />,
    },
    {
      id: 'username',
      header: 'Usuário',
      sortField: 'username',
      cardPlacement: 'title',
      cell: (row) => (
        <Text span size="sm" fw={600} className={light.breakable} data-testid="reseller-username">
          {row.username}
        </Text>
      ),
    },
    {
      id: 'credits',
      header: 'Créditos',
      sortField: 'credits',
      align: 'right',
      cell: (row) => <span data-testid="reseller-credits">{formatCredits(row.credits)}</span>,
    },
    {
      id: 'date_registered',
      header: 'Cadastro',
      sortField: 'date_registered',
      cell: (row) => formatPanelDate(row.date_registered),
    },
    {
      id: 'last_login',
      header: 'Último acesso',
      sortField: 'last_login',
      // The address of that last sign-in under it (decision 0073: the list fits a 1366×768 laptop).
      merged: [
        {
          id: 'ip',
          header: 'IP',
          sortField: 'ip',
          cell: (row) => <span className={light.breakable}>{row.ip ?? '-'}</span>,
          mergedCell: (row) =>
            row.ip ? (
              <span className={`${light.text} ${light.dimmed} ${light.breakable}`} data-testid="reseller-ip">
                {row.ip}
              </span>
            ) : null,
        },
      ],
      cell: (row) => formatPanelDate(row.last_login),
    },
    {
      id: 'sub_resellers_count',
      header: 'Revendas',
      sortField: 'sub_resellers_count',
      align: 'right',
      cell: (row) => formatCount(row.sub_resellers_count),
    },
    {
      id: 'clients_count',
      header: 'Clientes',
      align: 'right',
      cell: (row) => formatCount(row.clients_count),
    },
    {
      id: 'actions',
      header: 'Ações',
      align: 'right',
      cardPlacement: 'footer',
      stickyEnd: true,
      cell: renderActions,
    },
  ];
}

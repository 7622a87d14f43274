import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { SYSTEM_LABELS, type Line, type LineSortField } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { NOTES_PREVIEW_CHARS, truncate } from '@panel/shared/ui/ui-constants';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { ExpiryBadge } from '@/components/expiry-badge';
import { LazyTooltip } from '@/components/light/lazy-tooltip';
import { LightBadge } from '@/components/light/light-badge';
import css from '@/components/light/light.module.css';
import { LineStatusBadge } from './line-status-badge';

/** The note of a row: cut to 11 characters plus '...' (docs/product/screens.md#users-columns, docs/product/constants.md#text-limits), the whole note in a tooltip. */
export function LineNotes({ notes }: { notes: string | null }) {
  if (!notes) return <span className={`${css.text} ${css.dimmed}`}>-</span>;
  const preview = truncate(notes, NOTES_PREVIEW_CHARS);
  const text = (
    <span className={css.text} data-testid="line-notes">
      {preview}
    </span>
  );
  return preview === notes ? (
    text
  ) : (
    <LazyTooltip label={notes} multiline maw={320}>
      {text}
    </LazyTooltip>
  );
}

/** The MAC, or the warning of docs/product/screens.md#users-columns for a hybrid line without one. */
export function LineMac({ line }: { line: Line }) {
  if (line.system === SYSTEMS.hybrid && !line.macaddr) {
    return (
      <LightBadge
        color="yellow"
        keepCase
        leftSection={<IconAlertTriangle size={12} />}
        data-testid="line-hybrid-no-mac"
      >
        {LINE_MESSAGES.hybridWithoutMac}
      </LightBadge>
    );
  }
  return (
    <span className={`${css.text} ${css.mono}`} data-testid="line-mac">
      {line.macaddr ?? '-'}
    </span>
  );
}

interface LineColumnsOptions {
  isAdmin: boolean;
  /** Rendering time: status and expiry badges are computed against it. */
  now: Date;
  packageName: (packageId: number) => string;
  renderActions: (line: Line) => ReactNode;
}

/**
 * The columns of docs/product/screens.md#users-columns: Status, Revenda (admin), Usuário, Senha, Cliente, Mac, Expira em, Nota, Plano,
 * Telas, Serviço, Ações. Sortable exactly where the API sorts (LINE_SORT_FIELDS).
 */
export function lineColumns({
  isAdmin,
  now,
  packageName,
  renderActions,
}: LineColumnsOptions): DataTableColumn<Line, LineSortField>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      sortField: 'enabled',
      cell: (line) => <LineStatusBadge line={line} now={now} />,
    },
    {
      id: 'reseller',
      header: 'Revenda',
      hidden: !isAdmin,
      cell: (line) => <span data-testid="line-reseller">{line.master_username}</span>,
    },
    {
      id: 'username',
      header: 'Usuário',
      sortField: 'username',
      cardPlacement: 'title',
      cell: (line) => (
        <span className={`${css.text} ${css.strong}`} data-testid="line-username">
          {line.username}
        </span>
      ),
    },
    {
      id: 'password',
      header: 'Senha',
      cell: (line) => (
        <span className={`${css.text} ${css.mono}`} data-testid="line-password">
          {line.password}
        </span>
      ),
    },
    {
      id: 'full_name',
      header: 'Cliente',
      cell: (line) => <span data-testid="line-full-name">{line.full_name || '-'}</span>,
    },
    { id: 'mac', header: 'Mac', cell: (line) => <LineMac line={line} /> },
    {
      id: 'exp_date',
      header: 'Expira em',
      sortField: 'exp_date',
      cell: (line) => <ExpiryBadge expDate={line.exp_date} now={now} testId="line-expiry" />,
    },
    {
      id: 'notes',
      header: 'Nota',
      sortField: 'reseller_notes',
      cell: (line) => <LineNotes notes={line.reseller_notes} />,
    },
    {
      id: 'package',
      header: 'Plano',
      sortField: 'packages',
      cell: (line) => <span data-testid="line-package">{packageName(line.package_id)}</span>,
    },
    {
      id: 'screens',
      header: 'Telas',
      sortField: 'max_connections',
      align: 'center',
      cell: (line) => <span data-testid="line-screens">{line.max_connections}</span>,
    },
    {
      id: 'system',
      header: 'Serviço',
      sortField: 'system',
      cell: (line) => (
        <div className={css.group}>
          <LightBadge variant="outline" color="gray" data-testid="line-system">
            {SYSTEM_LABELS[line.system]}
          </LightBadge>
          {line.is_trial === 1 && (
            <LightBadge color="grape" data-testid="line-trial">
              Teste
            </LightBadge>
          )}
        </div>
      ),
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

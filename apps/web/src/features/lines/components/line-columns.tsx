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
    <span className={`${css.text} ${css.mono} ${css.breakable}`} data-testid="line-mac">
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

/** '1 tela', '2 telas': the screens of a line where the number stands under its plan. */
export function screensText(count: number): string {
  return `${count} ${count === 1 ? 'tela' : 'telas'}`;
}

/**
 * The columns of docs/product/screens.md#users-columns: Status, Revenda (admin), Usuário, Senha, Cliente, Mac, Expira em, Nota, Plano,
 * Telas, Serviço, Ações. Sortable exactly where the API sorts (LINE_SORT_FIELDS). So that the list fits a
 * 1366×768 laptop for an admin (decision 0073), three pairs share a column: 'Usuário / Senha' (the
 * credentials), 'Cliente / Mac' (the customer and the device) and 'Plano / Telas' (what is paid for);
 * each keeps its name in the header, its sort and its own line on a card.
 */
export function lineColumns({
  isAdmin,
  now,
  packageName,
  renderActions,
}: LineColumnsOptions): DataTableColumn<Line, LineSortField>[] {
  const password: DataTableColumn<Line, LineSortField> = {
    id: 'password',
    header: 'Senha',
    cell: (line) => (
      <span className={`${css.text} ${css.mono} ${css.breakable}`} data-testid="line-password">
        {line.password}
      </span>
    ),
  };
  const mac: DataTableColumn<Line, LineSortField> = {
    id: 'mac',
    header: 'Mac',
    cell: (line) => <LineMac line={line} />,
    // Under the customer's name only when there is something to say.
    mergedCell: (line) => (line.macaddr || line.system === SYSTEMS.hybrid ? <LineMac line={line} /> : null),
  };
  const screens: DataTableColumn<Line, LineSortField> = {
    id: 'screens',
    header: 'Telas',
    sortField: 'max_connections',
    align: 'center',
    cell: (line) => <span data-testid="line-screens">{line.max_connections}</span>,
    mergedCell: (line) => (
      <span className={`${css.text} ${css.dimmed}`} data-testid="line-screens">
        {screensText(line.max_connections)}
      </span>
    ),
  };
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
      cell: (line) => (
        <span className={css.breakable} data-testid="line-reseller">
          {line.master_username}
        </span>
      ),
    },
    {
      id: 'username',
      header: 'Usuário',
      sortField: 'username',
      cardPlacement: 'title',
      merged: [password],
      cell: (line) => (
        <span className={`${css.text} ${css.strong} ${css.breakable}`} data-testid="line-username">
          {line.username}
        </span>
      ),
    },
    {
      id: 'full_name',
      header: 'Cliente',
      merged: [mac],
      cell: (line) => <span data-testid="line-full-name">{line.full_name || '-'}</span>,
    },
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
      merged: [screens],
      cell: (line) => <span data-testid="line-package">{packageName(line.package_id)}</span>,
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

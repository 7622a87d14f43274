import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import { SYSTEM_LABELS, type Line, type LineSortField } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { NOTES_PREVIEW_CHARS, truncate } from '@panel/shared/ui/ui-constants';
import type { DataTableColumn } from '@/components/data-table/data-table-types';
import { ExpiryBadge } from '@/components/expiry-badge';
import { LineStatusBadge } from './line-status-badge';

/** The note of a row: cut to 11 characters plus '...' (spec §2, §9), the whole note in a tooltip. */
export function LineNotes({ notes }: { notes: string | null }) {
  if (!notes)
    return (
      <Text span size="sm" c="dimmed">
        -
      </Text>
    );
  const preview = truncate(notes, NOTES_PREVIEW_CHARS);
  const text = (
    <Text span size="sm" data-testid="line-notes">
      {preview}
    </Text>
  );
  return preview === notes ? (
    text
  ) : (
    <Tooltip label={notes} multiline maw={320}>
      {text}
    </Tooltip>
  );
}

/** The MAC, or spec §2's warning for a hybrid line without one. */
export function LineMac({ line }: { line: Line }) {
  if (line.system === SYSTEMS.hybrid && !line.macaddr) {
    return (
      <Badge
        color="yellow"
        variant="light"
        tt="none"
        leftSection={<IconAlertTriangle size={12} />}
        data-testid="line-hybrid-no-mac"
      >
        {LINE_MESSAGES.hybridWithoutMac}
      </Badge>
    );
  }
  return (
    <Text span size="sm" ff="monospace" data-testid="line-mac">
      {line.macaddr ?? '-'}
    </Text>
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
 * The columns of spec §2: Status, Revenda (admin), Usuário, Senha, Cliente, Mac, Expira em, Nota, Plano,
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
        <Text span size="sm" fw={600} data-testid="line-username">
          {line.username}
        </Text>
      ),
    },
    {
      id: 'password',
      header: 'Senha',
      cell: (line) => (
        <Text span size="sm" ff="monospace" data-testid="line-password">
          {line.password}
        </Text>
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
        <Group gap={4} wrap="nowrap">
          <Badge variant="outline" color="gray" data-testid="line-system">
            {SYSTEM_LABELS[line.system]}
          </Badge>
          {line.is_trial === 1 && (
            <Badge variant="light" color="grape" data-testid="line-trial">
              Teste
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'actions', header: 'Ações', align: 'right', cardPlacement: 'footer', cell: renderActions },
  ];
}

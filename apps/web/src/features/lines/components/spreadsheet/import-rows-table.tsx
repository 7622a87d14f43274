import { Badge, ScrollArea, Table } from '@mantine/core';
import type { LineImportPreviewRow, LineImportResultRow } from '@panel/shared/lines/line-import';
import { formatCredits } from '@panel/shared/money/credits';
import { formatPanelDate } from '@/lib/format-date';
import { IMPORT_COLUMNS, IMPORT_STATUS_LABELS, rowMessage, SPREADSHEET_TEXTS } from './spreadsheet-texts';

const STATUS_COLORS = { ok: 'teal', created: 'teal', error: 'red', skipped: 'gray' } as const;

function StatusBadge({ status }: { status: keyof typeof STATUS_COLORS }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm">
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The preview's rows: the refused ones first, with the column and the rule's message. */
export function PreviewRowsTable({ rows }: { rows: LineImportPreviewRow[] }) {
  const ordered = [...rows].sort((a, b) => Number(a.status === 'ok') - Number(b.status === 'ok'));
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped withTableBorder fz="sm" miw={560} data-testid="import-preview-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{IMPORT_COLUMNS.row}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.username}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.status}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.expiry}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.screens}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.cost}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.message}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((row) => (
            <Table.Tr key={row.row} data-testid={`import-row-${row.row}`}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.username ?? SPREADSHEET_TEXTS.generated}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.exp_date === null ? '' : formatPanelDate(row.exp_date)}</Table.Td>
              <Table.Td>{row.screens ?? ''}</Table.Td>
              <Table.Td>{row.status === 'ok' ? formatCredits(row.cost) : ''}</Table.Td>
              <Table.Td>{rowMessage(row.field, row.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The import's rows: each created line with its credentials, each skipped row with why. */
export function ResultRowsTable({ rows }: { rows: LineImportResultRow[] }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped withTableBorder fz="sm" miw={520} data-testid="import-result-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{IMPORT_COLUMNS.row}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.username}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.password}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.status}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.cost}</Table.Th>
            <Table.Th>{IMPORT_COLUMNS.message}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.row} data-testid={`import-result-${row.row}`}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.username ?? ''}</Table.Td>
              <Table.Td>{row.password ?? ''}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.status === 'created' ? formatCredits(row.cost) : ''}</Table.Td>
              <Table.Td>{rowMessage(row.field, row.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

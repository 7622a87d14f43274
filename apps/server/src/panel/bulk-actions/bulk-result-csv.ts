import { BULK_OUTCOME_LABELS, type BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { formatCredits } from '@panel/shared/money/credits';
import { stringify } from 'csv-stringify/sync';

const BOM = '\uFEFF';

/**
 * The result of a bulk action as a spreadsheet (decision 0154): one row per line, in the action's order,
 * UTF-8 with a BOM and ';' between fields, as a pt-BR spreadsheet opens it; credits with a decimal comma.
 */
export function bulkResultCsv(result: BulkResult): string {
  const rows = result.lines.map((line) => [
    line.line_id,
    line.username ?? '',
    BULK_OUTCOME_LABELS[line.outcome],
    line.reason ?? '',
    line.charged === null ? '' : formatCredits(line.charged),
    line.phone ?? '',
    line.link ?? '',
  ]);
  return (
    BOM +
    stringify(rows, {
      delimiter: ';',
      header: true,
      columns: ['ID', 'Usuário', 'Resultado', 'Motivo', 'Créditos', 'Telefone', 'Mensagem (WhatsApp)'],
      record_delimiter: 'windows',
    })
  );
}

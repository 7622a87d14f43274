import { BULK_OUTCOME_LABELS, type BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { onePage, type CsvDownload } from '../../lib/csv/csv-answer';
import { csvDecimal } from '../../lib/csv/csv-cells';

/**
 * The result of a bulk action as the panel's CSV (decisions 0154, 0155): one row per line, in the action's
 * order; credits with a decimal comma. At most 1,000 lines: one page.
 */
export function bulkResultCsv(result: BulkResult): CsvDownload {
  const rows = result.lines.map((line) => [
    line.line_id,
    line.username ?? '',
    BULK_OUTCOME_LABELS[line.outcome],
    line.reason ?? '',
    line.charged === null ? '' : csvDecimal(line.charged),
    line.phone ?? '',
    line.link ?? '',
  ]);
  return {
    filename: `acao-em-massa-${result.id}.csv`,
    header: ['ID', 'Usuário', 'Resultado', 'Motivo', 'Créditos', 'Telefone', 'Mensagem (WhatsApp)'],
    pages: onePage(rows),
  };
}

import { formatActivationCode } from '@panel/shared/activation-codes/activation-code';
import { CODE_STATE_LABELS } from '@panel/shared/activation-codes/activation-code-state';
import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import { onePage, type CsvDownload } from '../../lib/csv/csv-answer';
import { csvDateTime } from '../../lib/csv/csv-cells';
import type { BatchRecord, CodeRecord } from './activation-codes.repository';
import { toActivationCode } from './activation-code-view';

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

/**
 * A batch's codes as the panel's CSV (decisions 0148, 0155): one row per code with its state and dates, and
 * the batch's package, service, screens and note. A batch holds at most 500 codes: one page.
 */
export function batchCodesCsv(batch: BatchRecord, codes: readonly CodeRecord[], now: Date): CsvDownload {
  const common = [
    String(batch.batch.id),
    batch.packageName ?? String(batch.batch.packageId),
    SYSTEM_LABELS[batch.batch.system === 2 ? 2 : 1],
    String(batch.batch.screens),
    batch.batch.note ?? '',
  ];
  const rows = codes.map((record) => {
    const code = toActivationCode(record, now);
    return [
      code.code,
      formatActivationCode(code.code),
      CODE_STATE_LABELS[code.state],
      csvDateTime(seconds(code.activated_at)),
      csvDateTime(seconds(code.expires_at)),
      csvDateTime(seconds(code.cancelled_at)),
      ...common,
    ];
  });
  return {
    filename: `codigos-lote-${batch.batch.id}.csv`,
    header: [
      'Código',
      'Código formatado',
      'Estado',
      'Ativado em',
      'Expira em',
      'Cancelado em',
      'Lote',
      'Pacote',
    ].concat(['Serviço', 'Telas', 'Nota']),
    pages: onePage(rows),
  };
}

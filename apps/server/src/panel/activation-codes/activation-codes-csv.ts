import { formatActivationCode } from '@panel/shared/activation-codes/activation-code';
import { CODE_STATE_LABELS } from '@panel/shared/activation-codes/activation-code-state';
import { SYSTEM_LABELS } from '@panel/shared/lines/line-api';
import { PANEL_UTC_OFFSET_SECONDS } from '@panel/shared/lines/panel-calendar';
import { stringify } from 'csv-stringify/sync';
import type { BatchRecord, CodeRecord } from './activation-codes.repository';
import { toActivationCode } from './activation-code-view';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** DD/MM/AAAA HH:MM in panel time (Brasília), as the panel shows dates. */
function panelDateTime(iso: string | null): string {
  if (!iso) return '';
  const local = new Date(Date.parse(iso) + PANEL_UTC_OFFSET_SECONDS * 1000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * A batch's codes as CSV for a spreadsheet in Portuguese: UTF-8 with a BOM, `;` between cells (decision
 * 0148); one row per code with its state and dates, and the batch's package, service, screens and note.
 */
export function batchCodesCsv(batch: BatchRecord, codes: readonly CodeRecord[], now: Date): string {
  const header = ['Código', 'Código formatado', 'Estado', 'Ativado em', 'Expira em', 'Cancelado em'];
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
      panelDateTime(code.activated_at),
      panelDateTime(code.expires_at),
      panelDateTime(code.cancelled_at),
      ...common,
    ];
  });
  const table = [[...header, 'Lote', 'Pacote', 'Serviço', 'Telas', 'Nota'], ...rows];
  return `\uFEFF${stringify(
    table.map((row) => row.map(neutralised)),
    { delimiter: ';', record_delimiter: '\r\n' },
  )}`;
}

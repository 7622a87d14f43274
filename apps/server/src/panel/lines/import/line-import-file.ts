import {
  duplicateColumnMessage,
  importFieldOf,
  LINE_IMPORT_LIMITS,
  LINE_IMPORT_MESSAGES,
  type ImportField,
} from '@panel/shared/lines/line-import';
import { AppError } from '../../../lib/app-error';
import { CsvUnreadable, readCsvRecords } from '../../../lib/csv/csv-read';
import { restoreNeutralised } from '../../../lib/csv/csv-cells';

/** A customer row of the file: its line in the file and the cells of the columns the import reads. */
export interface ImportRow {
  row: number;
  values: Partial<Record<ImportField, string>>;
}

/** A file the import cannot take at all: 422 on `file`, nothing read further. */
export function fileRefusal(message: string): AppError {
  return new AppError(422, 'validation_failed', message, 'file');
}

/**
 * The customer rows of an uploaded file (decision 0156): at most 1 MB and 1.000 rows, a header naming
 * at least one known column (Portuguese or English; unknown columns ignored), each cell trimmed and
 * un-neutralised (a cell this panel exported as "'+55…" comes back as "+55…").
 */
export function readImportRows(bytes: Uint8Array | undefined): ImportRow[] {
  if (!bytes || bytes.length === 0) throw fileRefusal(LINE_IMPORT_MESSAGES.fileRequired);
  if (bytes.length > LINE_IMPORT_LIMITS.maxBytes) throw fileRefusal(LINE_IMPORT_MESSAGES.fileTooLarge);
  let records;
  try {
    records = readCsvRecords(bytes);
  } catch (error) {
    if (error instanceof CsvUnreadable) throw fileRefusal(LINE_IMPORT_MESSAGES.unreadable);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileRefusal(LINE_IMPORT_MESSAGES.noRows);
  const columns = columnsOf(header.cells);
  if (body.length === 0) throw fileRefusal(LINE_IMPORT_MESSAGES.noRows);
  if (body.length > LINE_IMPORT_LIMITS.maxRows) throw fileRefusal(LINE_IMPORT_MESSAGES.tooManyRows);
  return body.map(({ line, cells }) => {
    const values: Partial<Record<ImportField, string>> = {};
    for (const [index, field] of columns) values[field] = restoreNeutralised((cells[index] ?? '').trim());
    return { row: line, values };
  });
}

function columnsOf(header: string[]): Map<number, ImportField> {
  const columns = new Map<number, ImportField>();
  const seen = new Set<ImportField>();
  header.forEach((name, index) => {
    const field = importFieldOf(name);
    if (!field) return;
    if (seen.has(field)) throw fileRefusal(duplicateColumnMessage(name.trim()));
    seen.add(field);
    columns.set(index, field);
  });
  if (columns.size === 0) throw fileRefusal(LINE_IMPORT_MESSAGES.noKnownColumn);
  return columns;
}

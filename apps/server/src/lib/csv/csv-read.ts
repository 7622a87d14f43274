import { parse } from 'csv-parse/sync';

/** The file could not be read as CSV; the caller answers with its own message. */
export class CsvUnreadable extends Error {
  constructor(cause?: unknown) {
    super('not a readable CSV file', { cause });
    this.name = 'CsvUnreadable';
  }
}

export interface CsvRecord {
  /** The file's line where the record ends (1: the first line). */
  line: number;
  cells: string[];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/**
 * The file's text (decision 0156): UTF-16 with its BOM (Excel's "Unicode text"), UTF-8 with or without a
 * BOM, or else Windows-1252, what Excel writes for "CSV (separado por vírgulas)" on a Brazilian Windows:
 * a byte sequence that is not UTF-8 is read as that, so 'João' arrives as 'João' from either.
 */
export function decodeCsvText(bytes: Uint8Array): string {
  if (startsWith(bytes, UTF16LE_BOM)) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** ';' (Brazilian Excel), ',' or a tab: whichever the first line has most of; ';' when it has none. */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length - 1,
  }));
  const best = counts.reduce((most, candidate) => (candidate.count > most.count ? candidate : most));
  return best.count > 0 ? best.delimiter : ';';
}

/**
 * The records of a CSV file with their line numbers, with csv-parse: quotes, separators and line breaks
 * inside quoted cells as RFC 4180 has them, rows shorter or longer than the header kept, empty rows
 * skipped. Throws CsvUnreadable when the text is not CSV (an unclosed quote, a binary file).
 */
export function readCsvRecords(bytes: Uint8Array): CsvRecord[] {
  const text = decodeCsvText(bytes);
  if (text.includes('\u0000')) throw new CsvUnreadable();
  try {
    const records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    throw new CsvUnreadable(error);
  }
}

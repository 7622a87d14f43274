import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { neutraliseFormula } from './csv-cells';

export type CsvCell = string | number | null;

export interface CsvDownload {
  /** The file name offered to the browser (ASCII, no quotes). */
  filename: string;
  header: readonly string[];
  /** The rows, a page at a time: only one page is ever held in memory, however long the file. */
  pages: AsyncIterable<readonly CsvCell[][]>;
}

/** The `pages` of a file small enough to be read at once (a batch of codes, a bulk action's result). */
export async function* onePage(rows: readonly CsvCell[][]): AsyncGenerator<readonly CsvCell[][]> {
  yield rows;
}

async function* recordsOf(download: CsvDownload): AsyncGenerator<readonly CsvCell[]> {
  yield download.header;
  for await (const page of download.pages) yield* page;
}

/**
 * Streams a CSV answer as Brazilian Excel opens it (decision 0155): UTF-8 with a BOM (accents intact),
 * ';' between cells, CRLF between rows, every string quoted and neutralised against formulas. The rows
 * are pulled page by page as the client reads; a client that goes away stops the reading. An error
 * after the first bytes can only cut the answer short (logged), as the status is already sent.
 */
export function sendCsv(reply: FastifyReply, download: CsvDownload): FastifyReply {
  const stringifier = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quoted_string: true,
    cast: { string: neutraliseFormula },
  });
  pipeline(Readable.from(recordsOf(download)), stringifier, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV download cut short');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .send(stringifier);
}

/** 'usuarios-2026-11-28.csv': what, and the panel day it was taken. */
export function csvFileName(subject: string, panelDay: string): string {
  return `${subject}-${panelDay}.csv`;
}

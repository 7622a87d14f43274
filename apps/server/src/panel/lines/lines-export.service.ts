import { SYSTEM_LABELS, type LineFilterQuery } from '@panel/shared/lines/line-api';
import { lineDisplayStatus } from '@panel/shared/lines/line-status';
import { panelDate } from '@panel/shared/lines/panel-calendar';
import { MAX_ID } from '@panel/shared/lists/list-query';
import { nowSeconds, unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import type { LineRow } from '../../db/schema';
import { csvDateTime } from '../../lib/csv/csv-cells';
import { csvFileName, type CsvCell, type CsvDownload } from '../../lib/csv/csv-answer';
import type { Caller } from '../auth/caller';
import { allPackages } from '../catalog/packages.repository';
import { lineExportPage } from './lines-list.repository';
import { lineFiltersOf } from './lines-list.service';

/** Rows read per statement: a page in memory at a time, whatever the size of the file. */
const EXPORT_PAGE_ROWS = 1_000;

/**
 * The columns of the /users CSV (decision 0155): the importable ones first, named as the import reads
 * them (docs/product/screens.md#users-spreadsheet), so an export is also a template; the rest after.
 */
const LINE_CSV_HEADER = [
  'Usuário',
  'Senha',
  'Cliente',
  'Telefone',
  'Mac',
  'Expira em',
  'Telas',
  'Plano',
  'Serviço',
  'Nota',
  'Status',
  'Teste',
  'Revenda',
  'Criado em',
  'ID',
] as const;

function lineCells(line: LineRow, owner: string, packageName: string, now: number): CsvCell[] {
  const expSeconds = unixSeconds(line.expDate);
  return [
    line.username,
    line.password,
    line.fullName,
    line.phone,
    line.macaddr,
    csvDateTime(expSeconds),
    line.maxConnections,
    packageName,
    SYSTEM_LABELS[line.system as 1 | 2 | 3] ?? String(line.system),
    line.resellerNotes,
    lineDisplayStatus(line.enabled, expSeconds, now),
    line.isTrial === 1 ? 'Sim' : 'Não',
    owner,
    csvDateTime(unixSeconds(line.createdAt)),
    line.id,
  ];
}

/**
 * GET /api/users/export: every line the list shows with these filters (not only a page), in the
 * caller's scope, newest first, read in keyset pages while the file streams.
 */
export async function exportLines(
  db: Database,
  caller: Caller,
  query: LineFilterQuery,
): Promise<CsvDownload> {
  const now = nowSeconds();
  const filters = lineFiltersOf(caller, query, now);
  const packageNames = new Map(
    (await allPackages(db, { activeOnly: false })).map((pkg) => [pkg.id, pkg.packageName]),
  );
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let through = MAX_ID;
    for (;;) {
      const rows = await lineExportPage(db, filters, { through, limit: EXPORT_PAGE_ROWS });
      if (rows.length === 0) return;
      yield rows.map(({ line, ownerUsername }) =>
        lineCells(line, ownerUsername, packageNames.get(line.packageId) ?? `Pacote ${line.packageId}`, now),
      );
      if (rows.length < EXPORT_PAGE_ROWS) return;
      through = (rows.at(-1)?.line.id ?? 1) - 1;
    }
  }
  return { filename: csvFileName('usuarios', panelDate(now)), header: LINE_CSV_HEADER, pages: pages() };
}

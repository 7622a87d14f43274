import { panelDate } from '@panel/shared/lines/panel-calendar';
import { MAX_ID } from '@panel/shared/lists/list-query';
import type { ResellerFilterQuery } from '@panel/shared/resellers/reseller-schema';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { csvDateTime, csvDecimal } from '../../lib/csv/csv-cells';
import { csvFileName, type CsvCell, type CsvDownload } from '../../lib/csv/csv-answer';
import type { Caller } from '../auth/caller';
import { toReseller } from './reseller-access';
import { resellerExportPage, type ResellerRecord } from './resellers.repository';
import { resellerFiltersOf } from './resellers.service';

const EXPORT_PAGE_ROWS = 1_000;

/** The columns of the /resellers CSV (decision 0155), in the list's words. */
const RESELLER_CSV_HEADER = [
  'Usuário',
  'Status',
  'Tipo',
  'Créditos',
  'Master',
  'E-mail',
  'Cadastro',
  'Último acesso',
  'IP',
  'Sub-revendas',
  'Clientes',
  'Notas',
  'ID',
] as const;

function resellerCells(record: ResellerRecord): CsvCell[] {
  const reseller = toReseller(record);
  return [
    reseller.username,
    reseller.status === 1 ? 'ATIVO' : 'BLOQUEADO',
    reseller.is_publisher === 1 ? 'Publisher' : 'Revenda',
    csvDecimal(reseller.credits),
    reseller.master_username,
    reseller.email,
    csvDateTime(reseller.date_registered),
    csvDateTime(reseller.last_login),
    reseller.ip,
    reseller.sub_resellers_count,
    reseller.clients_count,
    reseller.notes,
    reseller.id,
  ];
}

/**
 * GET /api/resellers/export: every account the list shows with these filters (not only a page), in the
 * caller's scope, newest first, read in keyset pages while the file streams.
 */
export function exportResellers(db: Database, caller: Caller, query: ResellerFilterQuery): CsvDownload {
  const filters = resellerFiltersOf(caller, query);
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let through = MAX_ID;
    for (;;) {
      const rows = await resellerExportPage(db, filters, { through, limit: EXPORT_PAGE_ROWS });
      if (rows.length === 0) return;
      yield rows.map(resellerCells);
      if (rows.length < EXPORT_PAGE_ROWS) return;
      through = (rows.at(-1)?.id ?? 1) - 1;
    }
  }
  return {
    filename: csvFileName('revendedores', panelDate(nowSeconds())),
    header: RESELLER_CSV_HEADER,
    pages: pages(),
  };
}

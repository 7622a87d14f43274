import type { CategoryKind } from '@panel/shared/content/stream-kinds';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import { visibleCategories } from './content-read.repository';

/**
 * Library reads in the shape the Stalker portal pages through (docs/product/portal.md, decision 0113):
 * the same categories a line's bouquets show to player_api (docs/product/rules.md#line-content, through
 * `visibleCategories`), a page at a time with its total, filtered by category and name, sorted by the
 * listing's order (its `number`) or by name. A portal page is 14 to a few hundred rows, never a listing
 * of 60,000: these are plain statements, not the player API's streamed listings.
 */
export type PortalKind = 'live' | 'movie' | 'series';

export interface PortalPageOptions {
  categoryId?: number;
  /** Part of the name, any case. */
  search?: string;
  sort: 'number' | 'name';
  offset: number;
  /** Undefined: every row (itv/get_all_channels). */
  limit?: number;
}

export interface PortalItemRow {
  id: number;
  /** The position in the line's whole listing, from 1: a channel's number on the box. */
  number: number;
  name: string;
  icon: string;
  categoryId: number;
  epgChannelId: string | null;
  containerExtension: string | null;
  /** Days of catch-up of a channel (decision 0120); 0 for films, series and channels without. */
  archiveDays: number;
  info: Record<string, unknown>;
  /** Unix seconds. */
  added: number;
}

const CATEGORY_KIND: Record<PortalKind, CategoryKind> = { live: 'live', movie: 'movie', series: 'series' };

/** Every item of the kind the bouquets show, numbered in listing order (`number`), with its fields. */
function numberedItems(kind: PortalKind, bouquets: readonly number[]): SQL {
  const categories = visibleCategories(CATEGORY_KIND[kind], bouquets);
  if (kind === 'series') {
    return sql`select row_number() over (order by s.category_id, s.id)::int as number, s.id, s.name,
        s.cover as icon, s.category_id as "categoryId", null::text as "epgChannelId",
        null::text as "containerExtension", 0 as "archiveDays", s.info, extract(epoch from s.updated_at)::bigint::int as added
      from content_series s
      where s.retired_at is null and s.category_id in ${categories}`;
  }
  return sql`select row_number() over (order by s.category_id, s.sort_order, s.id)::int as number, s.id,
      s.name, s.icon, s.category_id as "categoryId", nullif(s.epg_channel_id, '') as "epgChannelId",
      s.container_extension as "containerExtension", s.archive_days as "archiveDays", s.info,
      extract(epoch from s.added_at)::bigint::int as added
    from content_streams s
    where s.kind = ${kind} and s.retired_at is null and s.category_id in ${categories}`;
}

/** `%text%` for ilike, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the line's items and how many match in all. */
export async function portalPage(
  db: Database,
  kind: PortalKind,
  bouquets: readonly number[],
  options: PortalPageOptions,
): Promise<{ total: number; rows: PortalItemRow[] }> {
  const filters: SQL[] = [sql`true`];
  if (options.categoryId !== undefined) filters.push(sql`i."categoryId" = ${options.categoryId}`);
  if (options.search) filters.push(sql`i.name ilike ${likePattern(options.search)}`);
  const where = sql.join(filters, sql` and `);
  const order = options.sort === 'name' ? sql`lower(i.name), i.number` : sql`i.number`;
  const limit = options.limit === undefined ? sql`` : sql`limit ${options.limit}`;
  const rows = await executeRows<PortalItemRow & { total: number }>(
    db,
    sql`select i.*, (count(*) over ())::int as total from (${numberedItems(kind, bouquets)}) i
      where ${where} order by ${order} ${limit} offset ${options.offset}`,
  );
  if (rows.length > 0 || options.offset === 0) {
    return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
  }
  // A page past the end: its total still.
  const [count] = await executeRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${numberedItems(kind, bouquets)}) i where ${where}`,
  );
  return { total: count?.total ?? 0, rows: [] };
}

/** The categories of the kind the bouquets show, in the listing's order. */
export async function portalCategories(
  db: Database,
  kind: PortalKind,
  bouquets: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return executeRows<{ id: number; name: string }>(
    db,
    sql`select c.id, c.name from content_categories c
      where c.id in ${visibleCategories(CATEGORY_KIND[kind], bouquets)}
      order by c.sort_order, c.id`,
  );
}

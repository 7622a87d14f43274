import { sql, type SQL } from 'drizzle-orm';

/**
 * The categories a line sees: those of its bouquets (docs/product/rules.md#line-content, decision 0037).
 * Adult categories sit only in adult bouquets, which a line has only with an adult package, so "hidden
 * unless the line has them" needs no rule of its own. Used as `category_id in (…)` by every player query.
 */
export function visibleCategoryIds(bouquetIds: readonly number[]): SQL {
  const ids = `{${bouquetIds.filter(Number.isInteger).join(',')}}`;
  return sql`(select bc.category_id from bouquet_categories bc where bc.bouquet_id = any(${ids}::int[]))`;
}

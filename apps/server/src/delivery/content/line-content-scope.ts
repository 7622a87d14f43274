import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The categories a line sees: those of its bouquets (docs/product/rules.md#line-content, decision 0037).
 * Adult categories sit only in adult bouquets, which a line has only with an adult package, so "hidden
 * unless the line has them" needs no rule of its own. Used as `category_id in (…)` by every player query.
 */
export function visibleCategoryIds(bouquetIds: readonly number[]): SQL {
  const ids = `{${bouquetIds.filter(Number.isInteger).join(',')}}`;
  return sql`(select bc.category_id from bouquet_categories bc where bc.bouquet_id = any(${ids}::int[]))`;
}

/**
 * The same rule as one condition, for a query that already has the category and the line's bouquets as
 * expressions (the stream start looks up line, stream and visibility in one statement, decision 0040):
 * the category is live (not retired) and sits in one of the bouquets.
 */
export function categoryVisibleTo(categoryId: SQL, bouquets: SQL | AnyColumn): SQL {
  return sql`exists (
    select 1 from bouquet_categories bc
    join content_categories cc on cc.id = bc.category_id and cc.retired_at is null
    where bc.category_id = ${categoryId} and bc.bouquet_id = any(${bouquets}))`;
}

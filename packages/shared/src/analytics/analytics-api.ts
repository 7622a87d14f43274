import { z } from 'zod';
import { listResponseSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';

/**
 * Views of the content library (docs/product/screens.md#analytics, decision 0047): what the analytics
 * screens and the dashboard's top-viewed charts read. Views are counted per item per UTC day
 * (`content_views_daily`); a period of N days is today and the N - 1 days before it.
 */

/** The analytics screens, one per kind of item (docs/product/screens.md#routes); default `streams`. */
export const ANALYTICS_TYPES = ['streams', 'series', 'channels', 'lives'] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

/** Period presets in the select's order: whole period (90 days), today (1), 3, 7, 14, 30, 60 days. */
export const ANALYTICS_PERIODS = [90, 1, 3, 7, 14, 30, 60] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_WHOLE_PERIOD: AnalyticsPeriod = 90;

export const ANALYTICS_MESSAGES = {
  invalidType: 'Tipo de conteúdo inválido',
  invalidPeriod: 'Período inválido',
} as const;

const periodSchema = z.coerce
  .number({ error: ANALYTICS_MESSAGES.invalidPeriod })
  .refine(
    (value): value is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly number[]).includes(value),
    ANALYTICS_MESSAGES.invalidPeriod,
  )
  .transform((value) => value as AnalyticsPeriod);

/** GET /api/analytics/views: one type, one period, most viewed first (the Views column may turn it). */
export const analyticsQuerySchema = z.object({
  type: z.enum(ANALYTICS_TYPES, { error: ANALYTICS_MESSAGES.invalidType }).default('streams'),
  period: periodSchema.default(ANALYTICS_WHOLE_PERIOD),
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(['total'], { field: 'total', direction: 'desc' }),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/**
 * docs/product/entities.md#analytics-row. `id` is the item's (a series' id for `series`, whose views are
 * the sum of its episodes'); `image` the poster or logo ('' when the source has none); `total` the views
 * in the period; `percentage` its share of all views of the type in the period, 2 decimals;
 * `removal_status` 0 when the item waits in the content-removal queue, else null (decision 0057).
 */
export const analyticsRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  total: z.number().int(),
  percentage: z.number(),
  removal_status: z.number().int().nullable(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

/** `meta.total` counts the items viewed in the period: an item nobody watched has no row. */
export const analyticsListSchema = listResponseSchema(analyticsRowSchema);
export type AnalyticsList = z.infer<typeof analyticsListSchema>;

/** The dashboard's bar charts (docs/product/screens.md#dashboard): 5 rows, 10 for admins. */
export const TOP_VIEWED_ROWS = 5;
export const TOP_VIEWED_ROWS_ADMIN = 10;
/** The charts' default period: the last 7 days. */
export const TOP_VIEWED_DEFAULT_PERIOD: AnalyticsPeriod = 7;

export const topViewedQuerySchema = z.object({
  period: periodSchema.default(TOP_VIEWED_DEFAULT_PERIOD),
});
export type TopViewedQuery = z.infer<typeof topViewedQuerySchema>;

export const topViewedRowSchema = analyticsRowSchema.pick({
  id: true,
  title: true,
  image: true,
  total: true,
});
export type TopViewedRow = z.infer<typeof topViewedRowSchema>;

/** GET /api/dashboard/top-viewed: the most viewed movies and series of the whole library. */
export const topViewedSchema = z.object({
  period: z.number().int(),
  movies: z.array(topViewedRowSchema),
  series: z.array(topViewedRowSchema),
});
export type TopViewed = z.infer<typeof topViewedSchema>;

/** Share of `total` in `all`, in percent with 2 decimals (0 when nothing was viewed). */
export function viewsPercentage(total: number, all: number): number {
  return all > 0 ? Math.round((total * 10_000) / all) / 100 : 0;
}

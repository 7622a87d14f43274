import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../ui/ui-constants';

/** Texts of the list query rules (docs/product/api.md#lists). */
export const LIST_MESSAGES = {
  invalidPage: 'Página inválida',
  invalidPer: 'Quantidade por página inválida',
  invalidOrder: 'Ordenação inválida',
  invalidId: 'Identificador inválido',
} as const;

/** Big enough for every table of the panel, small enough that one request cannot dump a table. */
export const MAX_PAGE_SIZE = 100;
/** Largest value of a PostgreSQL `integer` column: bigger ids cannot exist and would fail in SQL. */
export const MAX_ID = 2_147_483_647;

export const pageSchema = z.coerce
  .number({ error: LIST_MESSAGES.invalidPage })
  .int(LIST_MESSAGES.invalidPage)
  .min(1, LIST_MESSAGES.invalidPage)
  .max(1_000_000, LIST_MESSAGES.invalidPage)
  .default(1);

export const perSchema = z.coerce
  .number({ error: LIST_MESSAGES.invalidPer })
  .int(LIST_MESSAGES.invalidPer)
  .min(1, LIST_MESSAGES.invalidPer)
  .max(MAX_PAGE_SIZE, LIST_MESSAGES.invalidPer)
  .default(DEFAULT_PAGE_SIZE);

export type SortDirection = 'asc' | 'desc';
export interface OrderBy<F extends string> {
  field: F;
  direction: SortDirection;
}

/**
 * `order_by=field,asc|desc` (docs/product/api.md#lists). Only the listed fields are accepted, so a client can never
 * sort by a column the list does not show (or inject anything into ORDER BY).
 */
export function orderBySchema<const F extends string>(fields: readonly F[], fallback: OrderBy<F>) {
  return z
    .string({ error: LIST_MESSAGES.invalidOrder })
    .optional()
    .transform((value, context): OrderBy<F> => {
      if (value === undefined || value.trim() === '') return fallback;
      const [field, direction = 'asc', ...rest] = value.split(',').map((part) => part.trim());
      const known = fields.find((candidate) => candidate === field);
      if (!known || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
        context.addIssue({ code: 'custom', message: LIST_MESSAGES.invalidOrder });
        return z.NEVER;
      }
      return { field: known, direction };
    });
}

/** A numeric id in a path or query: a positive integer that fits an `integer` column. */
export const idParamSchema = z.coerce
  .number({ error: LIST_MESSAGES.invalidId })
  .int(LIST_MESSAGES.invalidId)
  .min(1, LIST_MESSAGES.invalidId)
  .max(MAX_ID, LIST_MESSAGES.invalidId);

export const idParamsSchema = z.object({ id: idParamSchema });

/** `meta` of every list answer (docs/product/entities.md#lists "Lists carry meta"). */
export const listMetaSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** Page count for the "Página X a Y" footer; an empty list still has one (empty) page. */
export function listMeta(page: number, per: number, total: number): ListMeta {
  return { page, per, total, pages: Math.max(1, Math.ceil(total / per)) };
}

/** One option of a searchable select (docs/product/entities.md#lists). */
export const searchOptionSchema = z.object({ label: z.string(), value: z.number().int() });
export type SearchOption = z.infer<typeof searchOptionSchema>;

import { z } from 'zod';
import {
  CATALOG_REQUEST_STATUS_LABELS,
  CATALOG_REQUEST_STATUSES,
  catalogRequestSchema,
  type CatalogRequestStatus,
} from '../catalog-requests/catalog-requests-api';
import { formatCount } from '../ui/ui-constants';

/**
 * The publisher's dashboard (decision 0068): what a publisher works on, the catalog requests
 * (docs/product/roles.md#publisher), instead of the line counters of an account without lines.
 */

/** The queue shows its first rows; the rest are on /requests/catalog. */
export const CATALOG_QUEUE_ROWS = 5;

const statusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const catalogStatusCountSchema = z.object({
  status: statusSchema,
  /** Every request with this status (admins and publishers see every request, decision 0055). */
  total: z.number().int(),
  /** Those whose publisher is the caller. */
  mine: z.number().int(),
});
export type CatalogStatusCount = z.infer<typeof catalogStatusCountSchema>;

export const catalogQueueItemSchema = catalogRequestSchema.extend({
  /** The caller is its publisher (else it has none yet: whoever edits it first becomes its publisher). */
  assigned_to_me: z.boolean(),
});
export type CatalogQueueItem = z.infer<typeof catalogQueueItemSchema>;

/** GET /api/dashboard/catalog (admins and publishers). */
export const catalogWorkSchema = z.object({
  /** One row per status, in the screen's order (0 Em análise, 2 Na fila, 3 Em processamento, 1 No catálogo). */
  statuses: z.array(catalogStatusCountSchema),
  /**
   * The queue: requests 'Na fila' whose publisher is the caller or nobody yet (an admin: every one), the
   * caller's first, then the oldest first; its first CATALOG_QUEUE_ROWS.
   */
  queue: z.array(catalogQueueItemSchema),
  /** How many requests that queue holds in all. */
  queue_total: z.number().int(),
});
export type CatalogWork = z.infer<typeof catalogWorkSchema>;

/** The status rows in the screen's order, a status nobody has counted as 0. */
export function statusCountsInOrder(
  counts: readonly { status: number; total: number; mine: number }[],
): CatalogStatusCount[] {
  return CATALOG_REQUEST_STATUSES.map((status: CatalogRequestStatus) => {
    const found = counts.find((count) => count.status === status);
    return { status, total: found?.total ?? 0, mine: found?.mine ?? 0 };
  });
}

/** The words of the publisher's dashboard. */
export const CATALOG_WORK_TEXTS = {
  statusesTitle: 'Solicitações por status',
  statusLabels: CATALOG_REQUEST_STATUS_LABELS,
  mine: (count: number) => `Atribuídas a você: ${formatCount(count)}`,
  queueTitle: 'Fila de solicitações',
  queueHint: 'Solicitações na fila atribuídas a você ou ainda sem publisher, as mais antigas primeiro.',
  queueEmpty: 'Nenhuma solicitação na fila',
  queueShown: (shown: number, total: number) => `${formatCount(shown)} de ${formatCount(total)} na fila`,
  seeAll: 'Ver todas as solicitações',
  assignedToMe: 'Sua',
  unassigned: 'Sem publisher',
  columns: { title: 'Título', type: 'Tipo', requestedAt: 'Solicitado em', publisher: 'Publisher' },
} as const;

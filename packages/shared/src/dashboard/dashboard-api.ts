import { z } from 'zod';
import { lineSchema } from '../lines/line-api';

/** docs/product/constants.md#windows-and-thresholds: upcoming expirations cover 7 days and show 5 rows. */
export const EXPIRING_WINDOW_DAYS = 7;
export const EXPIRING_ROWS = 5;
/** "Novos Usuários Últimos 7 dias". */
export const NEW_USERS_DAYS = 7;

/** GET /api/dashboard/stats: counts in the caller's subtree (an admin: everything). */
export const dashboardStatsSchema = z.object({
  /** Resellers below the caller (not the caller itself, never REVENDAS_DELETADOS). */
  resellers: z.number().int(),
  users: z.number().int(),
  /** Enabled and not expired. */
  users_active: z.number().int(),
  /** Created in the last 7 days. */
  users_new: z.number().int(),
  /** 'Usuários Online': lines with an active IPTV connection or an active P2P session (decision 0047). */
  users_online: z.number().int(),
  /** 'Conexões Realtime': active IPTV connections plus active P2P sessions (the spec's spelling). */
  conections_online: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * GET /api/dashboard/expiring: lines (trials excluded) expiring within 7 days, not yet expired, soonest
 * first, 5 rows.
 */
export const expiringLinesSchema = z.object({ data: z.array(lineSchema) });
export type ExpiringLines = z.infer<typeof expiringLinesSchema>;

import { z } from 'zod';
import type { PanelSettingKey } from './panel-settings';

/**
 * Synchronisation with an external panel (decision 0060): the switch of each kind of subject, read in the
 * transaction of every change (docs/product/constants.md#panel-settings).
 */
export const EXTERNAL_PANEL_SWITCHES = {
  reseller: 'five_admin_resellers_migration',
  line: 'five_admin_users_migration',
} as const satisfies Record<string, PanelSettingKey>;
export type ExternalPanelSubject = keyof typeof EXTERNAL_PANEL_SWITCHES;

export const EXTERNAL_PANEL_MESSAGES = {
  notConfigured:
    'Painel externo não configurado neste servidor (EXTERNAL_PANEL_URL): as alterações ficam guardadas e nada é enviado.',
  /** After 'Reenviar falhas': how many changes that had used every attempt are tried again. */
  retried: (count: number) =>
    count === 1
      ? '1 alteração voltou para a fila de envio.'
      : `${count} alterações voltaram para a fila de envio.`,
} as const;

/** GET /api/admin/external-panel: where changes go and how far their delivery is. */
export const externalPanelStatusSchema = z.object({
  configured: z.boolean(),
  /** The receiver's host (never the full URL, which may carry a token). */
  host: z.string().nullable(),
  message: z.string().nullable(),
  /** Undelivered changes still being tried, or waiting for an endpoint to be configured. */
  pending: z.number().int(),
  /** Undelivered changes that used every attempt. */
  failed: z.number().int(),
  last_delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type ExternalPanelStatus = z.infer<typeof externalPanelStatusSchema>;

/** POST /api/admin/external-panel/retry: how many failed changes went back to the queue. */
export const externalPanelRetryResultSchema = z.object({ retried: z.number().int() });
export type ExternalPanelRetryResult = z.infer<typeof externalPanelRetryResultSchema>;

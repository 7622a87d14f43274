import { z } from 'zod';
import { PORTAL_MESSAGES } from './portal-messages';

/** The most a message to a box may hold. */
export const PORTAL_MESSAGE_MAX = 300;

/**
 * The address a portal app is given (docs/product/portal.md): the public origin and `/c/`. Clients find
 * the API from there (`/portal.php`, `/server/load.php`, `/stalker_portal/server/load.php`).
 */
export function portalUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/c/`;
}

/** GET /api/users/:id/portal: the portal of a hybrid line as the panel shows it. */
export const linePortalSchema = z.object({
  url: z.string(),
  mac: z.string().nullable(),
  device: z
    .object({
      model: z.string().nullable(),
      sn: z.string().nullable(),
    })
    .nullable(),
  /** Set when another box was refused since the lock: 'Aparelho diferente do registrado'. */
  refused: z.object({ at: z.number().int(), reason: z.string() }).nullable(),
});
export type LinePortal = z.infer<typeof linePortalSchema>;

/** POST /api/users/:id/portal/message */
export const portalMessageSchema = z.object({
  message: z
    .string({ error: PORTAL_MESSAGES.messageRequired })
    .trim()
    .min(1, PORTAL_MESSAGES.messageRequired)
    .max(PORTAL_MESSAGE_MAX, PORTAL_MESSAGES.messageTooLong),
});
export type PortalMessageInput = z.infer<typeof portalMessageSchema>;

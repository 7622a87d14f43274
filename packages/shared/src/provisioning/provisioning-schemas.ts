import { z } from 'zod';
import { SYSTEMS } from '../catalog/packages';
import { PROVISIONING_MESSAGES } from './provisioning-messages';

/** The contract of provisioning state: the operator view (/api/admin/provisioning) and a line's state. */

/** Only P2P and hybrid live outside the panel (docs/product/README.md#the-streaming-platform-boundary). */
export const provisionedSystemSchema = z.union([z.literal(SYSTEMS.p2p), z.literal(SYSTEMS.hybrid)], {
  error: PROVISIONING_MESSAGES.systemInvalid,
});
export type ProvisionedSystem = z.infer<typeof provisionedSystemSchema>;
export const PROVISIONED_SYSTEMS: readonly ProvisionedSystem[] = [SYSTEMS.p2p, SYSTEMS.hybrid];

export const provisioningSystemStatusSchema = z.object({
  system: provisionedSystemSchema,
  label: z.string(),
  configured: z.boolean(),
  /** Host (and port) of the endpoint only: the path may carry a token and the secret is never shown. */
  host: z.string().nullable(),
  /** The plain "not configured" sentence, or null when an endpoint exists. */
  message: z.string().nullable(),
  /** Undelivered changes still being tried (or waiting for an endpoint). */
  pending: z.number().int(),
  /** Undelivered changes that used every attempt; they wait for POST /api/admin/provisioning/retry. */
  failed: z.number().int(),
  oldest_pending_seconds: z.number().int().nullable(),
});
export type ProvisioningSystemStatus = z.infer<typeof provisioningSystemStatusSchema>;

export const provisioningOverviewSchema = z.object({
  max_attempts: z.number().int(),
  systems: z.array(provisioningSystemStatusSchema),
});
export type ProvisioningOverview = z.infer<typeof provisioningOverviewSchema>;

/** Without `system`, failed changes of both services are retried. */
export const provisioningRetryBodySchema = z
  .object({ system: provisionedSystemSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type ProvisioningRetryBody = z.infer<typeof provisioningRetryBodySchema>;

export const provisioningRetryResultSchema = z.object({ retried: z.number().int() });
export type ProvisioningRetryResult = z.infer<typeof provisioningRetryResultSchema>;

/** Delivery state of one line, for the line's own view (the lines routes answer it after their scope check). */
export const lineProvisioningStateSchema = z.object({
  system: provisionedSystemSchema,
  configured: z.boolean(),
  message: z.string().nullable(),
  pending: z.number().int(),
  failed: z.number().int(),
  last_delivered_at: z.iso.datetime().nullable(),
  last_error: z.string().nullable(),
});
export type LineProvisioningStateResponse = z.infer<typeof lineProvisioningStateSchema>;

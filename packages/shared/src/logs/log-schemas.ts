import { z } from 'zod';
import { creditsStringSchema } from '../money/credits';
import { listResponseSchema, orderBySchema, pageSchema, perSchema } from '../lists/list-query';
import { LOG_ACTIONS, LOG_TYPES, isLogAction, isLogType, type LogAction, type LogType } from './log-codes';

export const LOG_MESSAGES = {
  invalidPeriod: 'Período inválido. Use as datas no formato AAAA-MM-DD.',
  periodOrder: 'A data inicial deve ser anterior à data final.',
  invalidAction: 'Ação inválida',
  invalidType: 'Tipo inválido',
  textTooLong: 'Máximo de 64 caracteres',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
// A period outside these years is a typo; year 0 and years past 9999 also do not survive the trip to
// PostgreSQL (toISOString writes '+010000-…', and there is no year 0), so they would answer 500.
const EARLIEST_PERIOD_MS = Date.UTC(1970, 0, 1);
const LATEST_PERIOD_MS = Date.UTC(3000, 0, 1);

/** A date-only bound covers the whole UTC day; a full ISO date-time is taken as it is. */
function parseBound(text: string, edge: 'start' | 'end'): Date | undefined {
  const trimmed = text.trim();
  const isDateOnly = DATE_ONLY.test(trimmed);
  if (!isDateOnly && !/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return undefined;
  const time = Date.parse(isDateOnly ? `${trimmed}T00:00:00Z` : trimmed);
  if (Number.isNaN(time)) return undefined;
  // Reject dates Date.parse silently rolls over, such as 2026-02-31.
  if (isDateOnly && new Date(time).toISOString().slice(0, 10) !== trimmed) return undefined;
  const bound = isDateOnly && edge === 'end' ? time + DAY_MS : time;
  return bound >= EARLIEST_PERIOD_MS && bound <= LATEST_PERIOD_MS ? new Date(bound) : undefined;
}

export interface LogPeriod {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** `dates=from,to` (ISO dates, both days included). Absent means the default period (last 6 months). */
export const logPeriodSchema = z
  .string({ error: LOG_MESSAGES.invalidPeriod })
  .optional()
  .transform((value, context): LogPeriod | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const parts = value.split(',');
    const from = parts.length === 2 ? parseBound(parts[0] ?? '', 'start') : undefined;
    const to = parts.length === 2 ? parseBound(parts[1] ?? '', 'end') : undefined;
    if (!from || !to) {
      context.addIssue({ code: 'custom', message: LOG_MESSAGES.invalidPeriod });
      return z.NEVER;
    }
    if (from.getTime() >= to.getTime()) {
      context.addIssue({ code: 'custom', message: LOG_MESSAGES.periodOrder });
      return z.NEVER;
    }
    return { from, to };
  });

function codeListSchema<T extends string>(isCode: (value: string) => value is T, message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((value, context): T[] | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const codes = value.split(',').map((code) => code.trim());
      if (!codes.every(isCode)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(codes)];
    });
}

const usernameFilter = z.string().trim().max(64, LOG_MESSAGES.textTooLong).optional();

export const LOG_ORDER_FIELDS = ['created_at', 'action', 'type', 'value'] as const;

/** GET /api/logs query. */
export const logsQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(LOG_ORDER_FIELDS, { field: 'created_at', direction: 'desc' }),
  dates: logPeriodSchema,
  actions: codeListSchema<LogAction>(isLogAction, LOG_MESSAGES.invalidAction),
  types: codeListSchema<LogType>(isLogType, LOG_MESSAGES.invalidType),
  /** Username of the reseller who acted (the 'Revenda' / 'Revendedor' column), never the target. */
  reseller: usernameFilter,
  /** Username of the reseller an action was done to. */
  target: usernameFilter,
  /** Username of the line (end user) an action concerned. */
  user: usernameFilter,
});
export type LogsQuery = z.infer<typeof logsQuerySchema>;

const nullableCredits = creditsStringSchema.nullable();

/** One row of GET /api/logs. Credits are decimal strings; the admin side of a mint or burn is null. */
export const logEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.enum(LOG_ACTIONS),
  type: z.enum(LOG_TYPES),
  value: nullableCredits,
  value_int: z.number().int().nullable(),
  reseller_id: z.number().int(),
  reseller: z.string(),
  master_id: z.number().int().nullable(),
  master: z.string().nullable(),
  target_id: z.number().int().nullable(),
  target: z.string().nullable(),
  line_id: z.number().int().nullable(),
  user: z.string().nullable(),
  reseller_credits_before: nullableCredits,
  reseller_credits_after: nullableCredits,
  target_credits_before: nullableCredits,
  target_credits_after: nullableCredits,
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  /** The API token the reseller acted through (decision 0139); null: the panel. */
  api_token: z.string().nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logListSchema = listResponseSchema(logEntrySchema);
export type LogList = z.infer<typeof logListSchema>;

const codeOption = <T extends z.ZodType>(value: T) => z.object({ value, label: z.string() });

/** GET /api/logs/options: every action and type code with its label. */
export const logOptionsSchema = z.object({
  actions: z.array(codeOption(z.enum(LOG_ACTIONS))),
  types: z.array(codeOption(z.enum(LOG_TYPES))),
});
export type LogOptions = z.infer<typeof logOptionsSchema>;

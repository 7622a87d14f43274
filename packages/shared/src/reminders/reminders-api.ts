import { z } from 'zod';
import { FIELD_MESSAGES } from '../validation/field-messages';
import { REMINDER_WINDOWS } from './reminder-windows';

/** The longest reminder template; a WhatsApp message this long is already unwieldy. */
export const REMINDER_TEMPLATE_MAX = 2000;
/** The most lines one window lists (soonest first); a reseller with more works through them as they go. */
export const REMINDER_LIST_MAX = 200;

/** Texts of the 'Lembretes' screen (docs/product/messages.md#reminders). */
export const REMINDER_MESSAGES = {
  required: FIELD_MESSAGES.required,
  bodyMax: `Máximo de ${REMINDER_TEMPLATE_MAX} caracteres`,
  windowInvalid: 'Janela de lembrete inválida.',
  notInWindow: 'Este cliente não está mais nesta janela de lembrete.',
  saved: 'Modelo de lembrete salvo',
  restored: 'Modelo padrão restaurado',
  sent: 'Lembrete marcado como enviado',
  noPhone: 'Sem telefone: o WhatsApp perguntará para quem enviar.',
  empty: 'Nenhum cliente nesta janela.',
} as const;

export const reminderWindowSchema = z.enum(REMINDER_WINDOWS, { error: REMINDER_MESSAGES.windowInvalid });

/** One customer to remind: its line, the filled-in message and the wa.me link that opens it. */
export const reminderSchema = z.object({
  line_id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  /** ISO 8601. */
  exp_date: z.string(),
  message: z.string(),
  whatsapp_url: z.string(),
  /** ISO 8601 of 'marcar como enviado' for this expiry and window; null while not sent. */
  sent_at: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** GET /api/reminders?window=: the window's customers and how many each window holds (the tabs' counts). */
export const reminderListSchema = z.object({
  window: reminderWindowSchema,
  data: z.array(reminderSchema),
  counts: z.record(reminderWindowSchema, z.number().int()),
});
export type ReminderList = z.infer<typeof reminderListSchema>;

export const reminderListQuerySchema = z.object({ window: reminderWindowSchema.default('7') });

export const reminderLineParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/reminders/:id/sent. */
export const reminderSentInputSchema = z.object({ window: reminderWindowSchema });
export const reminderSentSchema = z.object({ sent_at: z.string() });

export const reminderTemplateSchema = z.object({
  window: reminderWindowSchema,
  body: z.string(),
  edited: z.boolean(),
  default_body: z.string(),
});
export type ReminderTemplate = z.infer<typeof reminderTemplateSchema>;
export const reminderTemplateListSchema = z.object({ data: z.array(reminderTemplateSchema) });
export type ReminderTemplateList = z.infer<typeof reminderTemplateListSchema>;

export const reminderTemplateParamsSchema = z.object({ window: reminderWindowSchema });

export const reminderTemplateInputSchema = z.object({
  body: z
    .string({ error: REMINDER_MESSAGES.required })
    .refine((value) => value.trim().length > 0, REMINDER_MESSAGES.required)
    .refine((value) => value.length <= REMINDER_TEMPLATE_MAX, REMINDER_MESSAGES.bodyMax),
});
export type ReminderTemplateInput = z.infer<typeof reminderTemplateInputSchema>;

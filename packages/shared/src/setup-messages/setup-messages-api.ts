import { z } from 'zod';
import { FIELD_MESSAGES } from '../validation/field-messages';
import { SETUP_APPS } from './setup-apps';

/** The longest template an admin may save; a WhatsApp message this long is already unwieldy. */
export const SETUP_TEMPLATE_MAX = 4000;

/** Texts of the setup messages (docs/product/messages.md#setup-messages). */
export const SETUP_MESSAGES = {
  required: FIELD_MESSAGES.required,
  bodyMax: `Máximo de ${SETUP_TEMPLATE_MAX} caracteres`,
  appNotFound: 'Aplicativo não encontrado.',
  saved: 'Mensagem alterada com sucesso',
  restored: 'Mensagem padrão restaurada',
  noPhone: 'Este usuário não tem telefone cadastrado. Informe um número para enviar no WhatsApp.',
  noApps: 'Nenhuma mensagem disponível para este usuário.',
} as const;

const appSchema = z.enum(SETUP_APPS);

/** One app's message for one line, filled in, and the address its QR code holds (null: no QR). */
export const renderedSetupMessageSchema = z.object({
  app: appSchema,
  text: z.string(),
  qr: z.string().nullable(),
});
export type RenderedSetupMessage = z.infer<typeof renderedSetupMessageSchema>;

/** GET /api/users/:id/setup-messages: the messages of the apps that fit the line's system, and its phone. */
export const lineSetupMessagesSchema = z.object({
  data: z.array(renderedSetupMessageSchema),
  phone: z.string().nullable(),
});
export type LineSetupMessages = z.infer<typeof lineSetupMessagesSchema>;

/** The admin's view of one app's template. */
export const setupTemplateSchema = z.object({
  app: appSchema,
  body: z.string(),
  /** True when the admin's text replaces the default. */
  edited: z.boolean(),
  default_body: z.string(),
  /** ISO 8601 of the last edit; null for the default. */
  updated_at: z.string().nullable(),
});
export type SetupTemplate = z.infer<typeof setupTemplateSchema>;

export const setupTemplateListSchema = z.object({ data: z.array(setupTemplateSchema) });
export type SetupTemplateList = z.infer<typeof setupTemplateListSchema>;

/** An unknown app is a missing resource (404), so the path takes any word and the service refuses it. */
export const setupAppParamsSchema = z.object({ app: z.string().max(40) });

export const setupTemplateInputSchema = z.object({
  body: z
    .string({ error: SETUP_MESSAGES.required })
    .refine((value) => value.trim().length > 0, SETUP_MESSAGES.required)
    .refine((value) => value.length <= SETUP_TEMPLATE_MAX, SETUP_MESSAGES.bodyMax),
});
export type SetupTemplateInput = z.infer<typeof setupTemplateInputSchema>;

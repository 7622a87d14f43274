import { z } from 'zod';
import { isRichTextBlank, richTextSchema } from '../rich-text/rich-text';

/** GET /api/news: the global important message, and whether the panel shows it as a pop-up. */
export const importantMessageSchema = z.object({ message: z.string(), show_modal_message: z.boolean() });
export type ImportantMessage = z.infer<typeof importantMessageSchema>;

/** Texts of /admin/news (docs/product/screens.md#global-message, docs/product/messages.md#news). */
export const NEWS_MESSAGES = {
  /** The spec's 'message changed' toast, worded as the setup messages' one. */
  saved: 'Mensagem alterada com sucesso',
  requiredWhenOn: 'Escreva a mensagem antes de ativar o aviso',
} as const;

/** GET /api/admin/news: the stored (sanitised) message and the pop-up switch as the admin set it. */
export const adminNewsSchema = z.object({
  message: z.string(),
  show_modal_message: z.boolean(),
  /** ISO 8601 of the last save. */
  updated_at: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

/**
 * PUT /api/admin/news: the message (bold and italic markup, sanitised by the server) and the pop-up
 * switch, saved together. A switched-on pop-up needs words to show.
 */
export const newsUpdateSchema = z
  .object({ message: richTextSchema, show_modal_message: z.boolean() })
  .superRefine((value, context) => {
    if (value.show_modal_message && isRichTextBlank(value.message)) {
      context.addIssue({ code: 'custom', path: ['message'], message: NEWS_MESSAGES.requiredWhenOn });
    }
  });
export type NewsUpdate = z.infer<typeof newsUpdateSchema>;

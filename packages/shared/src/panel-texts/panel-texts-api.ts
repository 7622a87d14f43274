import { z } from 'zod';
import { isRichTextBlank, RICH_TEXT_MESSAGES, richTextSchema } from '../rich-text/rich-text';

/**
 * The texts of the menu's dialogs that the admin edits (docs/product/screens.md#menu-dialogs, decision 0059):
 * the manual of instructions, the server rules and the responsibilities and prohibitions.
 */
export const PANEL_TEXT_KEYS = ['manual', 'server_rules', 'responsibilities'] as const;
export type PanelTextKey = (typeof PANEL_TEXT_KEYS)[number];

export function isPanelTextKey(value: string): value is PanelTextKey {
  return (PANEL_TEXT_KEYS as readonly string[]).includes(value);
}

/** Each dialog's title, as the menu names it. */
export const PANEL_TEXT_TITLES: Record<PanelTextKey, string> = {
  manual: 'Manual de instruções',
  server_rules: 'Regras do servidor',
  responsibilities: 'Responsabilidades e proibições',
};

export const PANEL_TEXTS_MESSAGES = {
  required: RICH_TEXT_MESSAGES.required,
  notFound: 'Texto não encontrado.',
  saved: 'Texto alterado com sucesso',
  restored: 'Texto padrão restaurado',
} as const;

export const panelTextSchema = z.object({
  key: z.enum(PANEL_TEXT_KEYS),
  /** Sanitised markup: b, strong, i, em, p, br. */
  body: z.string(),
  /** True when the admin's text replaces the panel's default. */
  edited: z.boolean(),
  /** ISO 8601 of the last edit; null for the default. */
  updated_at: z.string().nullable(),
});
export type PanelText = z.infer<typeof panelTextSchema>;

/** GET /api/panel-texts: the three texts, in PANEL_TEXT_KEYS order. */
export const panelTextListSchema = z.object({ data: z.array(panelTextSchema) });

/** An unknown key is a missing resource (404), so the path takes any word and the service refuses it. */
export const panelTextParamsSchema = z.object({ key: z.string().max(40) });

export const panelTextInputSchema = z.object({
  body: richTextSchema.refine((value) => !isRichTextBlank(value), PANEL_TEXTS_MESSAGES.required),
});
export type PanelTextInput = z.infer<typeof panelTextInputSchema>;

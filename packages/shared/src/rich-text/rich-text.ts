import { z } from 'zod';
import { FIELD_MESSAGES } from '../validation/field-messages';

/**
 * The only markup the global message and the menu dialogs' texts may hold (decision 0059): the admin's
 * editor offers bold and italic; paragraphs and line breaks come with typing. The server's sanitiser keeps
 * exactly these tags and no attribute; the panel rebuilds only these elements when it shows the text.
 */
export const RICH_TEXT_TAGS = ['b', 'strong', 'i', 'em', 'p', 'br'] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** The longest markup an admin may send for one text (tags included). */
export const RICH_TEXT_MAX = 10_000;

export const RICH_TEXT_MESSAGES = {
  required: FIELD_MESSAGES.required,
  max: `Máximo de ${RICH_TEXT_MAX.toLocaleString('pt-BR')} caracteres`,
} as const;

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
};

/**
 * The words of simple markup, for emptiness checks (an editor left empty still sends `<p></p>`): tags
 * become spaces, the common entities their characters. Not a sanitiser and not what the panel displays.
 */
export function richTextWords(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export function isRichTextBlank(html: string): boolean {
  return richTextWords(html) === '';
}

/** A rich text as the admin sends it: a string of at most RICH_TEXT_MAX characters (the server sanitises it). */
export const richTextSchema = z
  .string({ error: RICH_TEXT_MESSAGES.required })
  .max(RICH_TEXT_MAX, RICH_TEXT_MESSAGES.max);

import { RICH_TEXT_TAGS } from '@panel/shared/rich-text/rich-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // No attribute on any tag: no handler, no style, no link.
  allowedAttributes: {},
  allowedSchemes: [],
  // Other tags go, their text stays as text; script, style and the like go with their contents.
  disallowedTagsMode: 'discard',
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
};

/**
 * The global message and the menu dialogs' texts as they are stored and served (decision 0059): only
 * b, strong, i, em, p and br survive, without attributes, through sanitize-html's allow-list.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

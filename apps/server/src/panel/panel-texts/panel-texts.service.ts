import { DEFAULT_PANEL_TEXTS } from '@panel/shared/panel-texts/default-panel-texts';
import {
  isPanelTextKey,
  PANEL_TEXT_KEYS,
  PANEL_TEXTS_MESSAGES,
  type PanelText,
  type PanelTextKey,
} from '@panel/shared/panel-texts/panel-texts-api';
import { isRichTextBlank } from '@panel/shared/rich-text/rich-text';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text-sanitiser';
import type { Caller } from '../auth/caller';
import { deleteText, listEditedTexts, saveText, type PanelTextRow } from './panel-texts.repository';

function toApi(key: PanelTextKey, row: PanelTextRow | undefined): PanelText {
  return {
    key,
    // Sanitised on the way out too, like the global message (decision 0059).
    body: row ? sanitizeRichText(row.body) : DEFAULT_PANEL_TEXTS[key],
    edited: row !== undefined,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

function requireKey(key: string): PanelTextKey {
  if (!isPanelTextKey(key)) throw AppError.notFound(PANEL_TEXTS_MESSAGES.notFound);
  return key;
}

/**
 * The menu dialogs' texts (docs/product/screens.md#menu-dialogs, decision 0059): the admin's edit, stored
 * sanitised, or the default of packages/shared.
 */
export function createPanelTextsService(db: Database) {
  async function list(): Promise<PanelText[]> {
    const rows = new Map((await listEditedTexts(db)).map((row) => [row.key, row]));
    return PANEL_TEXT_KEYS.map((key) => toApi(key, rows.get(key)));
  }

  return {
    list,

    async save(caller: Caller, key: string, body: string): Promise<PanelText> {
      const known = requireKey(key);
      const clean = sanitizeRichText(body);
      if (isRichTextBlank(clean)) throw AppError.badRequest(PANEL_TEXTS_MESSAGES.required, 'body');
      return toApi(known, await saveText(db, { key: known, body: clean, updatedBy: caller.id }));
    },

    async restore(key: string): Promise<PanelText> {
      const known = requireKey(key);
      await deleteText(db, known);
      return toApi(known, undefined);
    },
  };
}

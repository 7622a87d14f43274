import { isRichTextBlank } from '@panel/shared/rich-text/rich-text';
import {
  NEWS_MESSAGES,
  type AdminNews,
  type ImportantMessage,
  type NewsUpdate,
} from '@panel/shared/news/news-schema';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text-sanitiser';
import { readImportantMessage, saveImportantMessage } from './news.repository';

/**
 * The global message (docs/product/screens.md#global-message, decision 0059). Stored sanitised; served
 * sanitised again, so a row written any other way (an older version, a hand-made backup) never reaches a
 * browser with more than bold and italic.
 */
export function createNewsService(db: Database) {
  async function adminView(): Promise<AdminNews> {
    const stored = await readImportantMessage(db);
    return {
      message: sanitizeRichText(stored.message),
      show_modal_message: stored.enabled,
      updated_at: stored.updatedAt.toISOString(),
    };
  }

  return {
    /** What every panel reads: the pop-up is on only when switched on and there is something to say. */
    async current(): Promise<ImportantMessage> {
      const { message, show_modal_message } = await adminView();
      return { message, show_modal_message: show_modal_message && !isRichTextBlank(message) };
    },

    adminView,

    async save(update: NewsUpdate): Promise<AdminNews> {
      const message = sanitizeRichText(update.message);
      // The schema saw the raw markup; what is left after sanitising must still have words.
      if (update.show_modal_message && isRichTextBlank(message)) {
        throw AppError.badRequest(NEWS_MESSAGES.requiredWhenOn, 'message');
      }
      await saveImportantMessage(db, message, update.show_modal_message);
      return adminView();
    },
  };
}

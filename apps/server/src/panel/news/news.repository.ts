import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { news, settings } from '../../db/schema';

/** The message row (id 1) and the show_modal_message setting, as stored. */
export interface StoredNews {
  message: string;
  enabled: boolean;
  updatedAt: Date;
}

export async function readImportantMessage(db: Database): Promise<StoredNews> {
  const [row] = await db
    .select({ message: news.message, updatedAt: news.updatedAt })
    .from(news)
    .where(eq(news.id, 1));
  const [flag] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'show_modal_message'));
  return {
    message: row?.message ?? '',
    enabled: flag?.value === 'true',
    updatedAt: row?.updatedAt ?? new Date(0),
  };
}

/** The message and the pop-up switch change together or not at all. */
export async function saveImportantMessage(db: Database, message: string, enabled: boolean): Promise<void> {
  await runInTransaction(db, async (tx) => {
    await tx
      .insert(news)
      .values({ id: 1, message })
      .onConflictDoUpdate({ target: news.id, set: { message, updatedAt: sql`now()` } });
    await tx
      .insert(settings)
      .values({ key: 'show_modal_message', value: String(enabled) })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  });
}

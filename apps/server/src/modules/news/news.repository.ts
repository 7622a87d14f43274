import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { news, settings } from '../../db/schema/index';

export async function readImportantMessage(db: Database): Promise<{ message: string; enabled: boolean }> {
  const [row] = await db.select({ message: news.message }).from(news).where(eq(news.id, 1));
  const [flag] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'show_modal_message'));
  return { message: row?.message ?? '', enabled: flag?.value === 'true' };
}

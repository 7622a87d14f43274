import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { settings } from '../../db/schema';

export async function allSettings(db: Database): Promise<{ key: string; value: string }[]> {
  return db.select({ key: settings.key, value: settings.value }).from(settings).orderBy(asc(settings.key));
}

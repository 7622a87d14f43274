import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { appSecrets } from './schema/index';

/**
 * Returns the named secret, creating and persisting a random one on first use. Concurrent first
 * starts agree on one value because the insert does nothing on conflict and everyone re-reads.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}

import type { ShortLinkType } from '@panel/shared/domains/short-link-types';
import type { SetupApp } from '@panel/shared/setup-messages/setup-apps';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { domains, setupMessageTemplates, shortLinks } from '../../db/schema';

export type SetupTemplateRow = typeof setupMessageTemplates.$inferSelect;

export async function listEditedTemplates(db: Database): Promise<SetupTemplateRow[]> {
  return db.select().from(setupMessageTemplates);
}

export async function findEditedTemplate(db: Database, app: SetupApp): Promise<SetupTemplateRow | undefined> {
  const [row] = await db.select().from(setupMessageTemplates).where(eq(setupMessageTemplates.app, app));
  return row;
}

export async function saveTemplate(
  db: Database,
  values: { app: SetupApp; body: string; updatedBy: number },
): Promise<SetupTemplateRow> {
  const [row] = await db
    .insert(setupMessageTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: setupMessageTemplates.app,
      set: { body: values.body, updatedBy: values.updatedBy, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('setup template upsert returned nothing');
  return row;
}

export async function deleteTemplate(db: Database, app: SetupApp): Promise<void> {
  await db.delete(setupMessageTemplates).where(eq(setupMessageTemplates.app, app));
}

/**
 * The line's short links on verified domains, newest first: the first of each type is the one a message
 * names (a domain carries links only once verified, docs/product/screens.md#domains).
 */
export async function lineShortLinks(
  db: Database,
  lineId: number,
): Promise<{ type: ShortLinkType; code: string; domain: string }[]> {
  return db
    .select({ type: shortLinks.type, code: shortLinks.code, domain: domains.domain })
    .from(shortLinks)
    .innerJoin(domains, eq(domains.id, shortLinks.domainId))
    .where(and(eq(shortLinks.lineId, lineId), isNotNull(domains.verifiedAt)))
    .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id));
}

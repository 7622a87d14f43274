import type { PanelTextKey } from '@panel/shared/panel-texts/panel-texts-api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { panelTexts } from '../../db/schema';

export type PanelTextRow = typeof panelTexts.$inferSelect;

export async function listEditedTexts(db: Database): Promise<PanelTextRow[]> {
  return db.select().from(panelTexts);
}

export async function saveText(
  db: Database,
  values: { key: PanelTextKey; body: string; updatedBy: number },
): Promise<PanelTextRow> {
  const [row] = await db
    .insert(panelTexts)
    .values(values)
    .onConflictDoUpdate({
      target: panelTexts.key,
      set: { body: values.body, updatedBy: values.updatedBy, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('panel text upsert returned nothing');
  return row;
}

export async function deleteText(db: Database, key: PanelTextKey): Promise<void> {
  await db.delete(panelTexts).where(eq(panelTexts.key, key));
}

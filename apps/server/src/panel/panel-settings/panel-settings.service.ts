import { PANEL_SETTING_DEFAULTS, type PanelSettingKey } from '@panel/shared/settings/panel-settings';
import {
  PANEL_SETTINGS_MESSAGES,
  type PanelSettings,
  type PanelSettingsUpdate,
} from '@panel/shared/settings/panel-settings-api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { settings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { allSettings } from '../complements/complements.repository';

/** Every known setting: the stored value, else the default. Unknown stored keys are not shown. */
export async function readPanelSettings(db: Database): Promise<PanelSettings> {
  const stored = new Map((await allSettings(db)).map((row) => [row.key, row.value]));
  const result = { ...PANEL_SETTING_DEFAULTS } as Record<PanelSettingKey, string>;
  for (const key of Object.keys(result) as PanelSettingKey[]) {
    result[key] = stored.get(key) ?? result[key];
  }
  return result;
}

/** Writes the given settings in one statement (insert or replace) and answers them all. */
export async function savePanelSettings(db: Database, update: PanelSettingsUpdate): Promise<PanelSettings> {
  const rows = Object.entries(update)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ({ key, value }));
  if (rows.length === 0) throw AppError.badRequest(PANEL_SETTINGS_MESSAGES.empty);
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
  return readPanelSettings(db);
}

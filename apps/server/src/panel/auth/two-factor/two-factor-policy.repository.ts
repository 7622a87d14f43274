import { PANEL_SETTING_DEFAULTS } from '@panel/shared/settings/panel-settings';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { accounts, settings } from '../../../db/schema';

/** The panel setting `two_factor_required` (decision 0132), its default when never set. */
export async function readTwoFactorLevel(db: Database): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'two_factor_required'));
  return row?.value ?? PANEL_SETTING_DEFAULTS.two_factor_required;
}

/** Whether the account has resellers below it (a master, docs/product/glossary.md#master). */
export async function hasSubResellers(db: Database, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(accounts)
    .where(and(eq(accounts.parentId, accountId), eq(accounts.role, 'reseller')))
    .limit(1);
  return row !== undefined;
}

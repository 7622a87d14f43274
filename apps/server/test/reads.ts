import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import {
  accounts,
  creditLedger,
  lines,
  logs,
  provisioningOutbox,
  type AccountRow,
  type LineRow,
} from '../src/db/schema/index';

/** What tests read back from the database after a call, to see what it did (or did not do). */

export async function accountRow(db: Database, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function lineRow(db: Database, id: number): Promise<LineRow | undefined> {
  const [row] = await db.select().from(lines).where(eq(lines.id, id));
  return row;
}

export async function balanceOf(db: Database, accountId: number): Promise<string> {
  const [row] = await db
    .select({ credits: sql<string>`${accounts.credits}::text` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`account ${accountId} missing`);
  return row.credits;
}

export async function ledgerRowsOf(db: Database, accountId: number) {
  return db
    .select({
      kind: creditLedger.kind,
      action: creditLedger.action,
      type: creditLedger.type,
      amount: sql<string>`${creditLedger.amount}::text`,
      balanceAfter: sql<string>`${creditLedger.balanceAfter}::text`,
      lineId: creditLedger.lineId,
    })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId))
    .orderBy(creditLedger.id);
}

export async function logsOfLine(db: Database, lineId: number) {
  return db.select().from(logs).where(eq(logs.lineId, lineId)).orderBy(logs.id);
}

export async function logsAboutAccount(db: Database, accountId: number) {
  return db.select().from(logs).where(eq(logs.targetAccountId, accountId)).orderBy(logs.id);
}

export async function outboxOfLine(db: Database, lineId: number) {
  return db
    .select({ event: provisioningOutbox.event, system: provisioningOutbox.system })
    .from(provisioningOutbox)
    .where(eq(provisioningOutbox.lineId, lineId))
    .orderBy(provisioningOutbox.id);
}

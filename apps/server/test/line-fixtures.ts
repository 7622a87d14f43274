import { DEFAULT_PACKAGE_ID } from '@panel/shared/catalog/packages';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { bearer } from './factories';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as a signed-in account (no token: anonymous). */
export function callApi(
  app: FastifyInstance,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let sequence = 0;
const DAY_MS = 86_400_000;

/**
 * A line straight in the database under `owner` (IPTV, 1 screen, 30 days left unless overridden), for
 * tests that arrange state the API would need several calls (and credits) to reach.
 */
export async function seedLine(
  app: FastifyInstance,
  owner: AccountRow,
  overrides: Partial<typeof lines.$inferInsert> = {},
): Promise<LineRow> {
  const number = ++sequence;
  const [row] = await app.database.db
    .insert(lines)
    .values({
      resellerId: owner.id,
      ownerPath: owner.path,
      username: `cliente${number}x${Date.now() % 100000}`,
      password: 'senha@9x7',
      expDate: new Date(Date.now() + 30 * DAY_MS),
      packageId: DEFAULT_PACKAGE_ID,
      system: 1,
      bouquets: [1, 2],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('line not inserted');
  return row;
}

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
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

export async function outboxOfLine(db: Database, lineId: number) {
  return db
    .select({ event: provisioningOutbox.event, system: provisioningOutbox.system })
    .from(provisioningOutbox)
    .where(eq(provisioningOutbox.lineId, lineId))
    .orderBy(provisioningOutbox.id);
}

async function total(
  db: Database,
  table: typeof creditLedger | typeof logs | typeof lines | typeof provisioningOutbox,
) {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

/**
 * Everything a refused action must leave as it was: the payer's balance, every ledger, log, line and
 * outbox row, and the line itself.
 */
export async function snapshot(db: Database, payerId: number, lineId?: number) {
  return {
    balance: await balanceOf(db, payerId),
    ledger: await total(db, creditLedger),
    logs: await total(db, logs),
    lines: await total(db, lines),
    outbox: await total(db, provisioningOutbox),
    line: lineId === undefined ? undefined : await lineRow(db, lineId),
  };
}

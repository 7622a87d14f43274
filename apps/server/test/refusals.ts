import type { ErrorCode } from '@panel/shared/errors/api-error';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import { count, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/database';
import {
  accounts,
  creditLedger,
  externalPanelOutbox,
  lines,
  logs,
  provisioningOutbox,
} from '../src/db/schema/index';

/** The answer a refusal must give: the catalogue's status, code and message, and the field it names. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  /** Absent: the answer must name no field. */
  field?: string;
}

/** The rows a refused call must leave exactly as they were, besides every table's row count. */
export interface Watched {
  accounts?: readonly number[];
  lines?: readonly number[];
}

async function total(
  db: Database,
  table:
    | typeof accounts
    | typeof creditLedger
    | typeof logs
    | typeof lines
    | typeof provisioningOutbox
    | typeof externalPanelOutbox,
): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

/**
 * Everything a refused action could have touched: how many accounts, ledger, log, line and outbox rows
 * exist, and the watched accounts (balances, paths, status…) and lines, whole.
 */
export async function stateOf(db: Database, watched: Watched) {
  const accountIds = [...(watched.accounts ?? [])];
  const lineIds = [...(watched.lines ?? [])];
  return {
    totals: {
      accounts: await total(db, accounts),
      ledger: await total(db, creditLedger),
      logs: await total(db, logs),
      lines: await total(db, lines),
      outbox: await total(db, provisioningOutbox),
      syncOutbox: await total(db, externalPanelOutbox),
    },
    accounts: accountIds.length
      ? await db.select().from(accounts).where(inArray(accounts.id, accountIds)).orderBy(accounts.id)
      : [],
    lines: lineIds.length
      ? await db.select().from(lines).where(inArray(lines.id, lineIds)).orderBy(lines.id)
      : [],
  };
}

export function expectRefusal(response: LightMyRequestResponse, refusal: Refusal, label = ''): void {
  const context = `${label} ${response.body}`.trim();
  expect(response.statusCode, context).toBe(refusal.status);
  expect(response.json(), context).toEqual({
    status: refusal.status,
    code: refusal.code,
    message: refusal.message,
    ...(refusal.field === undefined ? {} : { field: refusal.field }),
  });
}

/**
 * Runs `act` and asserts that it was refused with exactly `refusal`, and that it changed nothing: no row
 * added to or removed from any table a paid or scoped action writes, and the watched accounts and lines
 * as they were. A watched id that does not exist is an error of the test, not a pass.
 */
export async function expectRefusedAndUnchanged(
  db: Database,
  act: () => Promise<LightMyRequestResponse>,
  refusal: Refusal,
  watched: Watched = {},
  label = '',
): Promise<void> {
  const before = await stateOf(db, watched);
  expect(before.accounts, 'watched accounts exist').toHaveLength(new Set(watched.accounts ?? []).size);
  expect(before.lines, 'watched lines exist').toHaveLength(new Set(watched.lines ?? []).size);
  expectRefusal(await act(), refusal, label);
  expect(await stateOf(db, watched), `${label} changed nothing`.trim()).toEqual(before);
}

/** The catalogue's generic refusals, for routes that answer them without a message of their own. */
export const NOT_FOUND: Refusal = { status: 404, code: 'not_found', message: ERROR_TEXT[404].message };
export const FORBIDDEN: Refusal = { status: 403, code: 'forbidden', message: ERROR_TEXT[403].message };
export const UNAUTHENTICATED: Refusal = {
  status: 401,
  code: 'unauthenticated',
  message: ERROR_TEXT[401].message,
};

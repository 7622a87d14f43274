import { DEFAULT_PACKAGE_ID } from '@panel/shared/catalog/packages';
import { toCents } from '@panel/shared/money/credits';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runInTransaction } from '../src/db/run-in-transaction';
import { accounts, lines, type AccountRow, type LineRow } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/password-hash';
import { mintCredits } from '../src/panel/ledger/ledger.service';
import { hashSessionToken, newSessionToken } from '../src/lib/session-token';
import { insertSession } from '../src/panel/auth/sessions.repository';

let sequence = 0;
// argon2 is slow on purpose; tests create hundreds of accounts with the same few passwords.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface AccountOverrides {
  username?: string;
  password?: string;
  role?: 'admin' | 'publisher' | 'reseller';
  credits?: string;
  status?: number;
  parent?: AccountRow;
}

/**
 * Inserts an account straight into the database, under `parent` (default: the first admin). Starting
 * credits of a reseller or publisher are minted through the ledger by the first admin (action
 * 'bonus'), so every account keeps `credits = Σ ledger amounts` (docs/decisions/0010). An admin's
 * balance is outside the ledger (it never moves), so admins start at 0 unless a test asks otherwise.
 */
export async function createAccount(
  app: FastifyInstance,
  overrides: AccountOverrides = {},
): Promise<AccountRow & { password: string }> {
  const number = ++sequence;
  const password = overrides.password ?? 'Senha@forte9';
  const role = overrides.role ?? 'reseller';
  const db = app.database.db;
  const [firstAdmin] = await db
    .select({ id: accounts.id, path: accounts.path })
    .from(accounts)
    .where(eq(accounts.role, 'admin'))
    .orderBy(asc(accounts.id))
    .limit(1);
  if (!firstAdmin) throw new Error('no admin seeded');
  const parent = overrides.parent ?? firstAdmin;
  const startingCents = toCents(overrides.credits ?? (role === 'admin' ? '0.00' : '50.00'));
  const [row] = await db
    .insert(accounts)
    .values({
      username: overrides.username ?? `revenda${number}x${Date.now() % 100000}`,
      passwordHash: await hashOnce(password),
      role,
      parentId: parent.id,
      path: '/pending/',
      credits: role === 'admin' ? (overrides.credits ?? '0.00') : '0.00',
      status: overrides.status ?? 1,
    })
    .returning();
  if (!row) throw new Error('account not inserted');
  await db
    .update(accounts)
    .set({ path: `${parent.path}${row.id}/` })
    .where(eq(accounts.id, row.id));
  if (role !== 'admin' && startingCents > 0) {
    await runInTransaction(db, (tx) =>
      mintCredits(tx, {
        accountId: row.id,
        amountCents: startingCents,
        actorId: firstAdmin.id,
        action: 'bonus',
        type: 'credits',
      }),
    );
  }
  const [created] = await db.select().from(accounts).where(eq(accounts.id, row.id));
  if (!created) throw new Error('account vanished');
  return { ...created, password };
}

/** An account plus an open session for it (no sign-in, so no rate limit). */
export async function createSignedInAccount(
  app: FastifyInstance,
  overrides: AccountOverrides = {},
): Promise<{ account: AccountRow & { password: string }; token: string }> {
  const account = await createAccount(app, overrides);
  return { account, token: await createSession(app, account.id) };
}

export async function signInAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { username, password, 'g-recaptcha-response': 'test' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/**
 * Opens a session straight in the database, bypassing sign-in (and its rate limit), for tests
 * that need many independent sessions.
 */
export async function createSession(app: FastifyInstance, accountId: number): Promise<string> {
  const token = newSessionToken();
  await insertSession(app.database.db, {
    tokenHash: hashSessionToken(token),
    accountId,
    expiresAt: new Date(Date.now() + 86_400_000),
    ip: '127.0.0.1',
  });
  return token;
}

const DAY_MS = 86_400_000;

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

let lineSequence = 0;

/**
 * The one line factory: a line straight in the database under `owner` (IPTV, one screen, bouquets 1 and
 * 2, 30 days left unless overridden), for tests that arrange state the API would need several calls (and
 * credits) to reach.
 */
export async function createLine(
  app: FastifyInstance,
  owner: AccountRow,
  overrides: Partial<typeof lines.$inferInsert> = {},
): Promise<LineRow> {
  const number = ++lineSequence;
  const [row] = await app.database.db
    .insert(lines)
    .values({
      resellerId: owner.id,
      ownerPath: owner.path,
      username: `cliente${number}x${Date.now() % 100000}`,
      password: 'senha@9x7',
      expDate: daysFromNow(30),
      packageId: DEFAULT_PACKAGE_ID,
      system: 1,
      bouquets: [1, 2],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('line not inserted');
  return row;
}

/**
 * A fresh reseller tree, signed in: admin → master (100) → sub (20) → subsub (0), and admin → other (50)
 * → otherSub (50).
 */
export async function createResellerTree(app: FastifyInstance) {
  const master = await createSignedInAccount(app, { credits: '100' });
  const sub = await createSignedInAccount(app, { credits: '20', parent: master.account });
  const subsub = await createSignedInAccount(app, { credits: '0', parent: sub.account });
  const other = await createSignedInAccount(app, { credits: '50' });
  const otherSub = await createSignedInAccount(app, { parent: other.account });
  return { master, sub, subsub, other, otherSub };
}

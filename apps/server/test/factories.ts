import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, type AccountRow } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/password-hash';
import { hashSessionToken, newSessionToken } from '../src/lib/session-token';
import { insertSession } from '../src/modules/auth/sessions.repository';

let sequence = 0;

export interface AccountOverrides {
  username?: string;
  password?: string;
  role?: 'admin' | 'publisher' | 'reseller';
  credits?: string;
  status?: number;
  parent?: AccountRow;
}

/** Inserts an account straight into the database (the API that creates resellers comes later). */
export async function createAccount(
  app: FastifyInstance,
  overrides: AccountOverrides = {},
): Promise<AccountRow & { password: string }> {
  sequence += 1;
  const password = overrides.password ?? 'Senha@forte9';
  const db = app.database.db;
  const [row] = await db
    .insert(accounts)
    .values({
      username: overrides.username ?? `revenda${sequence}${Date.now() % 100000}`,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? 'reseller',
      parentId: overrides.parent?.id ?? 1,
      path: '/pending/',
      credits: overrides.credits ?? '50.00',
      status: overrides.status ?? 1,
    })
    .returning();
  if (!row) throw new Error('account not inserted');
  const parentPath = overrides.parent?.path ?? '/1/';
  const [updated] = await db
    .update(accounts)
    .set({ path: `${parentPath}${row.id}/` })
    .where(eq(accounts.id, row.id))
    .returning();
  return { ...(updated ?? row), password };
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

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
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

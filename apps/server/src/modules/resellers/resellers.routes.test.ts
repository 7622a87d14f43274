import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createSession,
  createSignedInAccount,
  signInAs,
} from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { accounts, creditLedger, logs, type AccountRow } from '../../db/schema/index';

let testApp: TestApp;
let db: Database;
let adminToken: string;
let bucket: AccountRow;
const ADMIN_ID = 1;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
  adminToken = await createSession(testApp.app, ADMIN_ID);
  [bucket] = (await db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(token: string | undefined, method: Method, url: string, payload?: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function account(id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

async function counts() {
  const [ledger] = await db.select({ value: count() }).from(creditLedger);
  const [logRows] = await db.select({ value: count() }).from(logs);
  const [accountRows] = await db.select({ value: count() }).from(accounts);
  return { ledger: ledger?.value, logs: logRows?.value, accounts: accountRows?.value };
}

async function logsAbout(targetId: number) {
  return db.select().from(logs).where(eq(logs.targetAccountId, targetId)).orderBy(logs.id);
}

/**
 * A fresh tree per test: admin → master (100) → sub (20) → subsub (0), and admin → other (50) → otherSub.
 */
async function buildTree() {
  const master = await createSignedInAccount(testApp.app, { credits: '100' });
  const sub = await createSignedInAccount(testApp.app, { credits: '20', parent: master.account });
  const subsub = await createSignedInAccount(testApp.app, { credits: '0', parent: sub.account });
  const other = await createSignedInAccount(testApp.app, { credits: '50' });
  const otherSub = await createSignedInAccount(testApp.app, { parent: other.account });
  return { master, sub, subsub, other, otherSub };
}

describe('roles', () => {
  it('refuses publishers every resellers route (403)', async () => {
    const { token } = await createSignedInAccount(testApp.app, { role: 'publisher' });
    const { master } = await buildTree();
    const id = master.account.id;
    const attempts: [Method, string, unknown?][] = [
      ['GET', '/api/resellers'],
      ['POST', '/api/resellers', { username: 'novinho1', password: 'senha@19', credits: 10 }],
      ['GET', `/api/resellers/${id}`],
      ['PUT', `/api/resellers/${id}`, { username: 'novonome1' }],
      ['POST', `/api/resellers/${id}/block`],
      ['POST', `/api/resellers/${id}/unblock`],
      ['POST', `/api/resellers/${id}/credits`, { value: 10 }],
      ['GET', `/api/resellers/${id}/ledger`],
      ['DELETE', `/api/resellers/${id}`],
      ['POST', '/api/resellers/transfer', { resellerId: id, masterId: ADMIN_ID }],
      ['POST', '/api/resellers/select_search', { search: '' }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('Você não tem permissão para realizar esta ação.');
    }
  });

  it('keeps delete and transfer for admins (403 for any reseller)', async () => {
    const { master, sub } = await buildTree();
    expect((await call(master.token, 'DELETE', `/api/resellers/${sub.account.id}`)).statusCode).toBe(403);
    const transfer = await call(master.token, 'POST', '/api/resellers/transfer', {
      resellerId: sub.account.id,
      masterId: master.account.id,
    });
    expect(transfer.statusCode).toBe(403);
    expect(await account(sub.account.id)).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    expect((await call(undefined, 'GET', '/api/resellers')).statusCode).toBe(401);
  });
});

describe('GET /api/resellers', () => {
  it('shows a reseller itself and its whole subtree, nothing else', async () => {
    const { master, sub, subsub } = await buildTree();
    const response = await call(master.token, 'GET', '/api/resellers?per=50');
    expect(response.statusCode).toBe(200);
    const ids = response
      .json()
      .data.map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b);
    expect(ids).toEqual([master.account.id, sub.account.id, subsub.account.id]);
    expect(response.json().meta).toEqual({ page: 1, pages: 1, per: 50, total: 3 });
    const own = await call(sub.token, 'GET', '/api/resellers');
    expect(
      own
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([sub.account.id, subsub.account.id].sort());
  });

  it('answers the row shape of spec §3 with unix dates and two-decimal credits', async () => {
    const { master, sub } = await buildTree();
    await call(undefined, 'POST', '/api/auth/sign-in', {
      username: sub.account.username,
      password: sub.account.password,
      'g-recaptcha-response': 'x',
    });
    const response = await call(master.token, 'GET', `/api/resellers?search=${sub.account.username}`);
    const [row] = response.json().data;
    expect(row).toEqual({
      id: sub.account.id,
      username: sub.account.username,
      status: 1,
      credits: '20.00',
      date_registered: Math.floor(sub.account.createdAt.getTime() / 1000),
      last_login: expect.any(Number),
      ip: '127.0.0.1',
      sub_resellers_count: 1,
      clients_count: 0,
      email: null,
      master_id: master.account.id,
      master_username: master.account.username,
      notes: null,
      is_publisher: 0,
      is_deleted_bucket: false,
    });
    expect(Math.abs(row.last_login - Date.now() / 1000)).toBeLessThan(60);
  });

  it('lets an admin see every reseller, the bucket and publishers, but no admin', async () => {
    const { master } = await buildTree();
    const publisher = await createAccount(testApp.app, { role: 'publisher' });
    const response = await call(adminToken, 'GET', '/api/resellers?per=100');
    const rows: { id: number; is_deleted_bucket: boolean }[] = response.json().data;
    expect(rows.map((row) => row.id)).toEqual(
      expect.arrayContaining([master.account.id, bucket.id, publisher.id]),
    );
    expect(rows.map((row) => row.id)).not.toContain(ADMIN_ID);
    expect(rows.find((row) => row.id === bucket.id)?.is_deleted_bucket).toBe(true);
  });

  it('filters by username part, id, IP, exact master and publisher', async () => {
    const { master, sub } = await buildTree();
    const publisher = await createAccount(testApp.app, { role: 'publisher' });
    await db.update(accounts).set({ lastIp: '203.0.113.9' }).where(eq(accounts.id, sub.account.id));
    const ids = async (query: string) =>
      (await call(adminToken, 'GET', `/api/resellers?per=100&${query}`))
        .json()
        .data.map((row: { id: number }) => row.id);
    expect(await ids(`search=${sub.account.username.slice(2, 9).toUpperCase()}`)).toEqual([sub.account.id]);
    expect(await ids(`id=${master.account.id}`)).toEqual([master.account.id]);
    expect(await ids('ip=203.0.113.9')).toEqual([sub.account.id]);
    expect(await ids(`master=${master.account.username.toUpperCase()}`)).toEqual([sub.account.id]);
    expect(await ids(`master=${master.account.username.slice(0, -1)}`)).toEqual([]);
    expect(await ids('publisher=1')).toContain(publisher.id);
    expect(await ids('publisher=1')).not.toContain(master.account.id);
    expect(await ids('search=%25')).toEqual([]);
  });

  it('keeps filters inside the scope', async () => {
    const { master, other } = await buildTree();
    const response = await call(master.token, 'GET', `/api/resellers?id=${other.account.id}`);
    expect(response.json().data).toEqual([]);
  });

  it('sorts and pages', async () => {
    const { master } = await buildTree();
    const byCredits = await call(master.token, 'GET', '/api/resellers?order_by=credits,asc');
    expect(byCredits.json().data.map((row: { credits: string }) => row.credits)).toEqual([
      '0.00',
      '20.00',
      '100.00',
    ]);
    const page2 = await call(master.token, 'GET', '/api/resellers?order_by=credits,desc&per=1&page=2');
    expect(page2.json()).toMatchObject({
      data: [{ credits: '20.00' }],
      meta: { page: 2, pages: 3, per: 1, total: 3 },
    });
    const bad = await call(master.token, 'GET', '/api/resellers?order_by=password_hash,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: LIST_MESSAGES.invalidOrder, field: 'order_by' });
  });
});

describe('GET /api/resellers/:id', () => {
  it('answers accounts in scope and 404 for everything else', async () => {
    const { master, sub, subsub, other } = await buildTree();
    expect((await call(master.token, 'GET', `/api/resellers/${subsub.account.id}`)).json().id).toBe(
      subsub.account.id,
    );
    expect((await call(master.token, 'GET', `/api/resellers/${master.account.id}`)).statusCode).toBe(200);
    for (const id of [other.account.id, ADMIN_ID, 987_654]) {
      const response = await call(master.token, 'GET', `/api/resellers/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Recurso não encontrado.' });
    }
    expect((await call(sub.token, 'GET', `/api/resellers/${master.account.id}`)).statusCode).toBe(404);
    expect((await call(master.token, 'GET', '/api/resellers/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/resellers', () => {
  it('creates a sub-reseller whose credits leave the creator (double entry, logged)', async () => {
    const { master } = await buildTree();
    const response = await call(master.token, 'POST', '/api/resellers', {
      username: 'novarevenda1',
      password: 'senha@19',
      credits: 30,
      email: 'nova@revenda.com',
      member_group_id: 1,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      username: 'novarevenda1',
      credits: '30.00',
      status: 1,
      master_id: master.account.id,
      email: 'nova@revenda.com',
      is_publisher: 0,
    });
    const row = await account(created.id);
    expect(row).toMatchObject({
      role: 'reseller',
      parentId: master.account.id,
      path: `${master.account.path}${created.id}/`,
    });
    expect((await account(master.account.id))?.credits).toBe('70.00');
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.targetAccountId, created.id));
    expect(ledger.map((entry) => [entry.accountId, entry.amount, entry.kind, entry.action])).toEqual([
      [master.account.id, '-30.00', 'transfer', 'created'],
      [created.id, '30.00', 'transfer', 'created'],
    ]);
    expect(await logsAbout(created.id)).toEqual([
      expect.objectContaining({
        action: 'created',
        type: 'resellers',
        actorId: master.account.id,
        value: '30.00',
        valueInt: 30,
        actorCreditsBefore: '100.00',
        actorCreditsAfter: '70.00',
        targetCreditsBefore: '0.00',
        targetCreditsAfter: '30.00',
      }),
    ]);
    expect(await signInAs(testApp.app, 'novarevenda1', 'senha@19')).toEqual(expect.any(String));
  });

  it('defaults to 10 credits', async () => {
    const { master } = await buildTree();
    const response = await call(master.token, 'POST', '/api/resellers', {
      username: 'dezcreditos',
      password: 'senha@19',
    });
    expect(response.json().credits).toBe('10.00');
  });

  it('lets an admin create by minting: the admin balance does not move', async () => {
    const response = await call(adminToken, 'POST', '/api/resellers', {
      username: 'doadmin01',
      password: 'senha@19',
      credits: 500,
    });
    expect(response.statusCode).toBe(201);
    expect((await account(ADMIN_ID))?.credits).toBe('0.00');
    const [entry] = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountId, response.json().id));
    expect(entry).toMatchObject({ kind: 'mint', amount: '500.00', counterpartyId: ADMIN_ID });
    expect(response.json().master_id).toBe(ADMIN_ID);
  });

  it('refuses more credits than the creator has, and creates nothing', async () => {
    const { master } = await buildTree();
    const before = await counts();
    const response = await call(master.token, 'POST', '/api/resellers', {
      username: 'carodemais',
      password: 'senha@19',
      credits: 101,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      code: 'insufficient_credits',
      message: LEDGER_MESSAGES.insufficientCredits,
      field: 'credits',
    });
    expect(await counts()).toEqual(before);
    expect((await account(master.account.id))?.credits).toBe('100.00');
  });

  it('refuses a taken username, whatever its case (409 on username)', async () => {
    const { master, other } = await buildTree();
    await db.update(accounts).set({ username: 'OcupadoJa1' }).where(eq(accounts.id, other.account.id));
    const response = await call(master.token, 'POST', '/api/resellers', {
      username: 'ocupadoja1',
      password: 'senha@19',
      credits: 10,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      code: 'conflict',
      message: RESELLER_MESSAGES.usernameTaken,
      field: 'username',
    });
    expect((await account(master.account.id))?.credits).toBe('100.00');
  });

  it.each([
    [{ username: 'abc' }, 'username', RESELLER_MESSAGES.usernameMin],
    [{ username: '' }, 'username', RESELLER_MESSAGES.required],
    [{ username: 'Maiusculo1' }, 'username', RESELLER_MESSAGES.usernameCharset],
    [{ username: 'com espaco' }, 'username', RESELLER_MESSAGES.usernameCharset],
    [{ password: 'a1b2c' }, 'password', AUTH_MESSAGES.passwordMin],
    [{ password: 'senha!19' }, 'password', AUTH_MESSAGES.passwordCharset],
    [{ password: 'senha123' }, 'password', AUTH_MESSAGES.noSequences],
    [{ credits: 9 }, 'credits', RESELLER_MESSAGES.creditsMin],
    [{ credits: -100 }, 'credits', RESELLER_MESSAGES.creditsMin],
    [{ credits: 'dez' }, 'credits', RESELLER_MESSAGES.creditsNumeric],
    [{ credits: 10.5 }, 'credits', RESELLER_MESSAGES.creditsNumeric],
    [{ email: 'sem-arroba' }, 'email', RESELLER_MESSAGES.emailInvalid],
  ])('refuses %j with the spec message', async (patch, field, message) => {
    const { master } = await buildTree();
    const response = await call(master.token, 'POST', '/api/resellers', {
      username: 'valido123',
      password: 'senha@19',
      credits: 10,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message, field });
  });
});

describe('PUT /api/resellers/:id', () => {
  it('renames and writes notes; a new password ends the reseller’s sessions', async () => {
    const { master, sub } = await buildTree();
    const response = await call(master.token, 'PUT', `/api/resellers/${sub.account.id}`, {
      username: 'renomeado1',
      password: 'nova@senha9',
      notes: 'cliente antigo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'renomeado1', notes: 'cliente antigo' });
    expect((await call(sub.token, 'GET', '/api/profile')).statusCode).toBe(404);
    expect(await signInAs(testApp.app, 'renomeado1', 'nova@senha9')).toEqual(expect.any(String));
    const entries = await logsAbout(sub.account.id);
    expect(entries.map((entry) => entry.action)).toEqual(['update_username', 'update_password']);
    expect(entries[0]?.details).toEqual({ from: sub.account.username, to: 'renomeado1' });
  });

  it('keeps the password and sessions when the password is empty', async () => {
    const { master, sub } = await buildTree();
    const response = await call(master.token, 'PUT', `/api/resellers/${sub.account.id}`, {
      username: sub.account.username,
      password: '',
      notes: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().notes).toBeNull();
    expect((await call(sub.token, 'GET', '/api/profile')).statusCode).toBe(200);
    expect(await logsAbout(sub.account.id)).toEqual([]);
  });

  it('refuses a taken username, its own account and accounts outside the subtree', async () => {
    const { master, sub, other } = await buildTree();
    const taken = await call(master.token, 'PUT', `/api/resellers/${sub.account.id}`, {
      username: other.account.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('username');
    const own = await call(master.token, 'PUT', `/api/resellers/${master.account.id}`, {
      username: 'eumesmo1',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(RESELLER_MESSAGES.ownAccount);
    const foreign = await call(master.token, 'PUT', `/api/resellers/${other.account.id}`, {
      username: 'roubado1',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await account(other.account.id))?.username).toBe(other.account.username);
    const invalid = await call(master.token, 'PUT', `/api/resellers/${sub.account.id}`, {
      username: 'Maiusculo',
    });
    expect(invalid.json()).toMatchObject({
      status: 400,
      field: 'username',
      message: RESELLER_MESSAGES.usernameCharset,
    });
    const bucketEdit = await call(adminToken, 'PUT', `/api/resellers/${bucket.id}`, { username: 'lixeira1' });
    expect(bucketEdit.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.bucketLocked });
  });
});

describe('PUT /api/resellers/:id: the edit username rule (spec §5: letters, digits, @ only)', () => {
  it('refuses ! and ? in a new username and changes nothing', async () => {
    const { master, sub } = await buildTree();
    for (const username of ['sub!rev02', 'sub?rev02']) {
      const response = await call(master.token, 'PUT', `/api/resellers/${sub.account.id}`, { username });
      expect(response.json()).toEqual({
        status: 400,
        code: 'validation_failed',
        message: RESELLER_MESSAGES.usernameCharset,
        field: 'username',
      });
    }
    expect((await account(sub.account.id))?.username).toBe(sub.account.username);
    expect(await logsAbout(sub.account.id)).toEqual([]);
  });

  it('keeps a username created with ! when the edit leaves it out', async () => {
    const { master } = await buildTree();
    const created = await call(master.token, 'POST', '/api/resellers', {
      username: 'sub!rev03',
      password: 'senha@19',
      credits: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const response = await call(master.token, 'PUT', `/api/resellers/${id}`, { notes: 'paga em dia' });
    expect(response.json()).toMatchObject({ username: 'sub!rev03', notes: 'paga em dia' });
    const renamed = await call(master.token, 'PUT', `/api/resellers/${id}`, { username: 'sub@rev03' });
    expect(renamed.json()).toMatchObject({ username: 'sub@rev03' });
  });
});

describe('block and unblock', () => {
  it('blocking ends the reseller’s sessions at once; its sub-resellers keep working', async () => {
    const { master, sub, subsub } = await buildTree();
    const blocked = await call(master.token, 'POST', `/api/resellers/${sub.account.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe(0);
    expect((await call(sub.token, 'GET', '/api/profile')).statusCode).toBe(404);
    const signIn = await call(undefined, 'POST', '/api/auth/sign-in', {
      username: sub.account.username,
      password: sub.account.password,
      'g-recaptcha-response': 'x',
    });
    expect(signIn.json().code).toBe('account_blocked');
    expect((await call(subsub.token, 'GET', '/api/profile')).statusCode).toBe(200);

    expect((await call(master.token, 'POST', `/api/resellers/${sub.account.id}/block`)).statusCode).toBe(200);
    const unblocked = await call(master.token, 'POST', `/api/resellers/${sub.account.id}/unblock`);
    expect(unblocked.json().status).toBe(1);
    expect((await logsAbout(sub.account.id)).map((entry) => entry.action)).toEqual(['block', 'unblock']);
  });

  it('refuses outside the subtree (404), its own account (403) and the bucket (403)', async () => {
    const { master, sub, other } = await buildTree();
    expect((await call(master.token, 'POST', `/api/resellers/${other.account.id}/block`)).statusCode).toBe(
      404,
    );
    expect((await call(sub.token, 'POST', `/api/resellers/${master.account.id}/block`)).statusCode).toBe(404);
    expect((await account(other.account.id))?.status).toBe(1);
    const own = await call(sub.token, 'POST', `/api/resellers/${sub.account.id}/block`);
    expect(own.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.ownAccount });
    const unblockBucket = await call(adminToken, 'POST', `/api/resellers/${bucket.id}/unblock`);
    expect(unblockBucket.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.bucketLocked });
    expect((await account(bucket.id))?.status).toBe(0);
  });
});

describe('POST /api/resellers/:id/credits', () => {
  const move = (token: string, id: number, value: unknown) =>
    call(token, 'POST', `/api/resellers/${id}/credits`, { value });

  it('gives credits from the master to the reseller (double entry, logged)', async () => {
    const { master, sub } = await buildTree();
    const response = await move(master.token, sub.account.id, 10);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reseller: { id: sub.account.id, credits: '30.00' },
      caller_credits: '90.00',
    });
    expect((await account(master.account.id))?.credits).toBe('90.00');
    const [entry] = await logsAbout(sub.account.id);
    expect(entry).toMatchObject({
      action: 'add',
      type: 'credits',
      value: '10.00',
      valueInt: 10,
      actorId: master.account.id,
      actorCreditsBefore: '100.00',
      actorCreditsAfter: '90.00',
      targetCreditsBefore: '20.00',
      targetCreditsAfter: '30.00',
    });
  });

  it('takes credits back with a negative value, never beyond the reseller’s balance', async () => {
    const { master, sub } = await buildTree();
    const back = await move(master.token, sub.account.id, -15);
    expect(back.json()).toMatchObject({ reseller: { credits: '5.00' }, caller_credits: '115.00' });
    expect((await logsAbout(sub.account.id)).at(-1)).toMatchObject({
      action: 'remove',
      valueInt: -15,
      value: '-15.00',
    });
    const before = await counts();
    const tooMuch = await move(master.token, sub.account.id, -10);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      status: 409,
      code: 'insufficient_credits',
      message: RESELLER_MESSAGES.resellerInsufficientCredits,
      field: 'value',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses giving more than the master has, and writes nothing', async () => {
    const { master, sub } = await buildTree();
    const before = await counts();
    const response = await move(master.token, sub.account.id, 110);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'insufficient_credits',
      message: 'Créditos insuficientes.',
    });
    expect(await counts()).toEqual(before);
    expect([(await account(master.account.id))?.credits, (await account(sub.account.id))?.credits]).toEqual([
      '100.00',
      '20.00',
    ]);
  });

  it('a negative value never mints: a reseller with no balance gives nothing back', async () => {
    const { sub, subsub } = await buildTree();
    const response = await move(sub.token, subsub.account.id, -10);
    expect(response.statusCode).toBe(409);
    expect([(await account(sub.account.id))?.credits, (await account(subsub.account.id))?.credits]).toEqual([
      '20.00',
      '0.00',
    ]);
  });

  it('a sub-reseller cannot give itself credits, nor act upwards or sideways', async () => {
    const { master, sub, other } = await buildTree();
    const before = await counts();
    const self = await move(sub.token, sub.account.id, 10);
    expect(self.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.ownAccount });
    expect((await move(sub.token, master.account.id, -10)).statusCode).toBe(404);
    expect((await move(sub.token, master.account.id, 10)).statusCode).toBe(404);
    expect((await move(master.token, other.account.id, -10)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('works down the whole subtree, from the caller’s own balance', async () => {
    const { master, sub, subsub } = await buildTree();
    expect((await move(master.token, subsub.account.id, 25)).json().caller_credits).toBe('75.00');
    expect((await account(sub.account.id))?.credits).toBe('20.00');
    expect((await account(subsub.account.id))?.credits).toBe('25.00');
  });

  it('an admin mints and burns; its own balance never moves', async () => {
    const { master } = await buildTree();
    const minted = await move(adminToken, master.account.id, 1000);
    expect(minted.json()).toMatchObject({ reseller: { credits: '1100.00' }, caller_credits: '0.00' });
    const burned = await move(adminToken, master.account.id, -100);
    expect(burned.json().reseller.credits).toBe('1000.00');
    const kinds = await db.select().from(creditLedger).where(eq(creditLedger.accountId, master.account.id));
    expect(kinds.map((entry) => entry.kind)).toEqual(['mint', 'mint', 'burn']);
    expect(
      (await logsAbout(master.account.id)).map((entry) => [entry.action, entry.actorCreditsBefore]),
    ).toEqual([
      ['add', null],
      ['remove', null],
    ]);
  });

  it.each([
    [9, RESELLER_MESSAGES.creditChangeMin],
    [-9, RESELLER_MESSAGES.creditChangeMin],
    [0, RESELLER_MESSAGES.creditChangeMin],
    [undefined, RESELLER_MESSAGES.creditChangeMin],
    [10.5, RESELLER_MESSAGES.creditsNumeric],
    ['abc', RESELLER_MESSAGES.creditsNumeric],
    [2_000_000, RESELLER_MESSAGES.creditsMax],
  ])('refuses value %j with the spec message', async (value, message) => {
    const { master, sub } = await buildTree();
    const response = await move(master.token, sub.account.id, value);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message, field: 'value' });
  });
});

describe('DELETE /api/resellers/:id (admin)', () => {
  it('returns the credits to the master, moves the subtree under REVENDAS_DELETADOS, keeps the history', async () => {
    const { master, sub, subsub } = await buildTree();
    const grandchild = await createAccount(testApp.app, { parent: subsub.account, credits: '1' });
    const response = await call(adminToken, 'DELETE', `/api/resellers/${sub.account.id}`);
    expect(response.statusCode).toBe(204);
    expect(await account(sub.account.id)).toBeUndefined();
    expect((await account(master.account.id))?.credits).toBe('120.00');
    expect(await account(subsub.account.id)).toMatchObject({
      parentId: bucket.id,
      path: `${bucket.path}${subsub.account.id}/`,
    });
    expect(await account(grandchild.id)).toMatchObject({
      parentId: subsub.account.id,
      path: `${bucket.path}${subsub.account.id}/${grandchild.id}/`,
    });
    const history = await db.select().from(creditLedger).where(eq(creditLedger.accountId, sub.account.id));
    expect(history.at(-1)).toMatchObject({
      action: 'delete',
      amount: '-20.00',
      balanceAfter: '0.00',
      counterpartyId: master.account.id,
    });
    expect(await logsAbout(sub.account.id)).toEqual([
      expect.objectContaining({
        action: 'delete',
        type: 'resellers',
        targetUsername: sub.account.username,
        // The deleted reseller's balance went to 0: a debit (decision 0026).
        value: '-20.00',
      }),
    ]);
    expect((await call(sub.token, 'GET', '/api/profile')).statusCode).toBe(404);
    const listed = await call(adminToken, 'GET', `/api/resellers?id=${subsub.account.id}`);
    expect(listed.json().data[0].master_username).toBe('REVENDAS_DELETADOS');
  });

  it('burns the credits of a reseller whose master is an admin', async () => {
    const { other } = await buildTree();
    expect((await call(adminToken, 'DELETE', `/api/resellers/${other.account.id}`)).statusCode).toBe(204);
    const last = await db.select().from(creditLedger).where(eq(creditLedger.accountId, other.account.id));
    expect(last.at(-1)).toMatchObject({ kind: 'burn', amount: '-50.00', counterpartyId: ADMIN_ID });
    expect((await account(ADMIN_ID))?.credits).toBe('0.00');
  });

  it('refuses the bucket, resellers parked in it, and unknown ids', async () => {
    const { sub } = await buildTree();
    const bucketDelete = await call(adminToken, 'DELETE', `/api/resellers/${bucket.id}`);
    expect(bucketDelete.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.bucketLocked });
    const parked = await createAccount(testApp.app, { parent: bucket, credits: '5' });
    const parkedDelete = await call(adminToken, 'DELETE', `/api/resellers/${parked.id}`);
    expect(parkedDelete.json()).toMatchObject({ status: 409, message: RESELLER_MESSAGES.deleteUnderBucket });
    expect((await call(adminToken, 'DELETE', '/api/resellers/987654')).statusCode).toBe(404);
    expect((await call(adminToken, 'DELETE', `/api/resellers/${ADMIN_ID}`)).statusCode).toBe(404);
    expect(await account(sub.account.id)).toBeDefined();
  });
});

describe('POST /api/resellers/transfer (admin)', () => {
  it('moves a reseller with its whole subtree under another master', async () => {
    const { master, sub, subsub, other } = await buildTree();
    const response = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: sub.account.id,
      masterId: other.account.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: sub.account.id,
      master_id: other.account.id,
      master_username: other.account.username,
    });
    expect((await account(sub.account.id))?.path).toBe(`${other.account.path}${sub.account.id}/`);
    expect((await account(subsub.account.id))?.path).toBe(
      `${other.account.path}${sub.account.id}/${subsub.account.id}/`,
    );
    const otherView = await call(other.token, 'GET', '/api/resellers?per=50');
    expect(otherView.json().data.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([sub.account.id, subsub.account.id]),
    );
    expect((await call(master.token, 'GET', `/api/resellers/${subsub.account.id}`)).statusCode).toBe(404);
    expect((await logsAbout(sub.account.id)).at(-1)).toMatchObject({
      action: 'transfer_reseller',
      details: {
        from_master_id: master.account.id,
        from_master: master.account.username,
        to_master_id: other.account.id,
        to_master: other.account.username,
      },
    });
  });

  it('moves a reseller to the top, under an admin', async () => {
    const { sub } = await buildTree();
    const response = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: sub.account.id,
      masterId: ADMIN_ID,
    });
    expect(response.json().master_id).toBe(ADMIN_ID);
    expect((await account(sub.account.id))?.path).toBe(`/${ADMIN_ID}/${sub.account.id}/`);
  });

  it('refuses moving a reseller under itself or its own descendant', async () => {
    const { master, subsub } = await buildTree();
    const self = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: master.account.id,
      masterId: master.account.id,
    });
    expect(self.json()).toEqual({
      status: 400,
      code: 'validation_failed',
      message: RESELLER_MESSAGES.transferIntoOwnTree,
      field: 'masterId',
    });
    const below = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: master.account.id,
      masterId: subsub.account.id,
    });
    expect(below.json()).toEqual({
      status: 422,
      code: 'validation_failed',
      message: RESELLER_MESSAGES.transferIntoOwnTree,
      field: 'masterId',
    });
    expect((await account(master.account.id))?.path).toBe(master.account.path);
  });

  it('refuses a publisher or the bucket as master, and moving the bucket', async () => {
    const { sub } = await buildTree();
    const publisher = await createAccount(testApp.app, { role: 'publisher' });
    for (const masterId of [publisher.id, bucket.id]) {
      const response = await call(adminToken, 'POST', '/api/resellers/transfer', {
        resellerId: sub.account.id,
        masterId,
      });
      expect(response.json()).toMatchObject({
        status: 422,
        message: RESELLER_MESSAGES.transferInvalidMaster,
        field: 'masterId',
      });
    }
    const moveBucket = await call(adminToken, 'POST', '/api/resellers/transfer', {
      resellerId: bucket.id,
      masterId: sub.account.id,
    });
    expect(moveBucket.json()).toMatchObject({ status: 403, message: RESELLER_MESSAGES.bucketLocked });
    expect(
      (await call(adminToken, 'POST', '/api/resellers/transfer', { resellerId: 987_654, masterId: ADMIN_ID }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    [{ masterId: 1 }, 'resellerId', RESELLER_MESSAGES.resellerRequired],
    [{ resellerId: 5 }, 'masterId', RESELLER_MESSAGES.masterRequired],
    [{ resellerId: '5', masterId: 1 }, 'resellerId', RESELLER_MESSAGES.resellerRequired],
  ])('refuses %j with the spec message', async (payload, field, message) => {
    const response = await call(adminToken, 'POST', '/api/resellers/transfer', payload);
    expect(response.json()).toEqual({ status: 400, code: 'validation_failed', message, field });
  });
});

describe('POST /api/resellers/select_search', () => {
  it('offers accounts in scope only', async () => {
    const { master, sub, other } = await buildTree();
    const response = await call(master.token, 'POST', '/api/resellers/select_search', { search: '' });
    const values = response.json().map((option: { value: number }) => option.value);
    expect(values).toEqual(expect.arrayContaining([master.account.id, sub.account.id]));
    expect(values).not.toContain(other.account.id);
    const found = await call(master.token, 'POST', '/api/resellers/select_search', {
      search: sub.account.username,
    });
    expect(found.json()).toEqual([{ label: sub.account.username, value: sub.account.id }]);
  });

  it('offers an admin the admins (as masters) but never the bucket', async () => {
    const all = await call(adminToken, 'POST', '/api/resellers/select_search', { search: 'a' });
    const values = all.json().map((option: { value: number }) => option.value);
    expect(values).toContain(ADMIN_ID);
    const bucketSearch = await call(adminToken, 'POST', '/api/resellers/select_search', {
      search: 'REVENDAS',
    });
    expect(bucketSearch.json()).toEqual([]);
  });
});

describe('ledgers', () => {
  it('GET /api/resellers/:id/ledger shows one account in scope, 404 outside', async () => {
    const { master, sub, other } = await buildTree();
    await call(master.token, 'POST', `/api/resellers/${sub.account.id}/credits`, { value: 10 });
    const response = await call(master.token, 'GET', `/api/resellers/${sub.account.id}/ledger`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ page: 1, pages: 1, per: 10, total: 2 });
    expect(response.json().data[0]).toMatchObject({
      kind: 'transfer',
      action: 'add',
      type: 'credits',
      amount: '10.00',
      balance_before: '20.00',
      balance_after: '30.00',
      actor_id: master.account.id,
      actor_username: master.account.username,
      counterparty_id: master.account.id,
      target_account_id: sub.account.id,
    });
    expect(response.json().data[1]).toMatchObject({ kind: 'mint', action: 'bonus', amount: '20.00' });
    expect((await call(master.token, 'GET', `/api/resellers/${other.account.id}/ledger`)).statusCode).toBe(
      404,
    );
    expect((await call(sub.token, 'GET', `/api/resellers/${master.account.id}/ledger`)).statusCode).toBe(404);
  });

  it('GET /api/credits/ledger shows the caller’s own statement', async () => {
    const { master, sub } = await buildTree();
    await call(master.token, 'POST', `/api/resellers/${sub.account.id}/credits`, { value: 10 });
    const response = await call(master.token, 'GET', '/api/credits/ledger?order_by=id,asc');
    expect(response.json().data.map((entry: { amount: string }) => entry.amount)).toEqual([
      '100.00',
      '-10.00',
    ]);
    const { token } = await createSignedInAccount(testApp.app, { role: 'publisher', credits: '5' });
    expect((await call(token, 'GET', '/api/credits/ledger')).json().meta.total).toBe(1);
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});

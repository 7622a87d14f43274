import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Method } from '../../../test/api';
import { createAccount, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { expectRefusal, expectRefusedAndUnchanged, FORBIDDEN, UNAUTHENTICATED } from '../../../test/refusals';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { accounts, type AccountRow } from '../../db/schema';

/** Who may call the resellers routes, and what each caller sees of the tree. */
const t = useTestApp();
let bucket: AccountRow;

beforeAll(async () => {
  [bucket] = (await t.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true))) as [AccountRow];
});

describe('roles', () => {
  it('refuses publishers every resellers route (403)', async () => {
    const { token } = await createSignedInAccount(t.app, { role: 'publisher' });
    const { master } = await createResellerTree(t.app);
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
      ['POST', '/api/resellers/transfer', { resellerId: id, masterId: TEST_ADMIN.id }],
      ['POST', '/api/resellers/select_search', { search: '' }],
    ];
    for (const [method, url, payload] of attempts) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).request(method, url, payload),
        FORBIDDEN,
        { accounts: [id] },
        `${method} ${url}`,
      );
    }
  });

  it('keeps delete and transfer for admins (403 for any reseller)', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    const watched = { accounts: [master.account.id, sub.account.id, subsub.account.id] };
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(master).delete(`/api/resellers/${sub.account.id}`),
      FORBIDDEN,
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t
          .as(master)
          .post('/api/resellers/transfer', { resellerId: subsub.account.id, masterId: master.account.id }),
      FORBIDDEN,
      watched,
    );
  });

  it('answers 401 without a session', async () => {
    expectRefusal(await t.as(undefined).get('/api/resellers'), UNAUTHENTICATED);
  });
});

describe('GET /api/resellers', () => {
  it('shows a reseller itself and its whole subtree, nothing else', async () => {
    const { master, sub, subsub } = await createResellerTree(t.app);
    const response = await t.as(master.token).get('/api/resellers?per=50');
    expect(response.statusCode).toBe(200);
    const ids = response
      .json()
      .data.map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b);
    expect(ids).toEqual([master.account.id, sub.account.id, subsub.account.id]);
    expect(response.json().meta).toEqual({ page: 1, pages: 1, per: 50, total: 3 });
    const own = await t.as(sub.token).get('/api/resellers');
    expect(
      own
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([sub.account.id, subsub.account.id].sort());
  });

  it('answers the row shape of docs/product/entities.md#reseller with unix dates and two-decimal credits', async () => {
    const { master, sub } = await createResellerTree(t.app);
    await t.as(undefined).post('/api/auth/sign-in', {
      username: sub.account.username,
      password: sub.account.password,
      'g-recaptcha-response': 'x',
    });
    const response = await t.as(master.token).get(`/api/resellers?search=${sub.account.username}`);
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
    const { master } = await createResellerTree(t.app);
    const publisher = await createAccount(t.app, { role: 'publisher' });
    const response = await t.as(t.adminToken).get('/api/resellers?per=100');
    const rows: { id: number; is_deleted_bucket: boolean }[] = response.json().data;
    expect(rows.map((row) => row.id)).toEqual(
      expect.arrayContaining([master.account.id, bucket.id, publisher.id]),
    );
    expect(rows.map((row) => row.id)).not.toContain(TEST_ADMIN.id);
    expect(rows.find((row) => row.id === bucket.id)?.is_deleted_bucket).toBe(true);
  });

  it('filters by username part, id, IP, exact master and publisher', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const publisher = await createAccount(t.app, { role: 'publisher' });
    await t.db.update(accounts).set({ lastIp: '203.0.113.9' }).where(eq(accounts.id, sub.account.id));
    const ids = async (query: string) =>
      (await t.as(t.adminToken).get(`/api/resellers?per=100&${query}`))
        .json()
        .data.map((row: { id: number }) => row.id);
    // A part from inside the name, in upper case; it keeps the name's unique end (factories.ts), so only
    // this account matches whatever other accounts the file made.
    expect(await ids(`search=${sub.account.username.slice(2, -2).toUpperCase()}`)).toEqual([sub.account.id]);
    expect(await ids(`id=${master.account.id}`)).toEqual([master.account.id]);
    expect(await ids('ip=203.0.113.9')).toEqual([sub.account.id]);
    expect(await ids(`master=${master.account.username.toUpperCase()}`)).toEqual([sub.account.id]);
    expect(await ids(`master=${master.account.username.slice(0, -1)}`)).toEqual([]);
    expect(await ids('publisher=1')).toContain(publisher.id);
    expect(await ids('publisher=1')).not.toContain(master.account.id);
    expect(await ids('search=%25')).toEqual([]);
  });

  it('keeps filters inside the scope', async () => {
    const { master, other } = await createResellerTree(t.app);
    const response = await t.as(master.token).get(`/api/resellers?id=${other.account.id}`);
    expect(response.json().data).toEqual([]);
  });

  it('sorts and pages', async () => {
    const { master } = await createResellerTree(t.app);
    const byCredits = await t.as(master.token).get('/api/resellers?order_by=credits,asc');
    expect(byCredits.json().data.map((row: { credits: string }) => row.credits)).toEqual([
      '0.00',
      '20.00',
      '100.00',
    ]);
    const page2 = await t.as(master.token).get('/api/resellers?order_by=credits,desc&per=1&page=2');
    expect(page2.json()).toMatchObject({
      data: [{ credits: '20.00' }],
      meta: { page: 2, pages: 3, per: 1, total: 3 },
    });
    const bad = await t.as(master.token).get('/api/resellers?order_by=password_hash,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: LIST_MESSAGES.invalidOrder, field: 'order_by' });
  });
});

describe('GET /api/resellers/:id', () => {
  it('answers accounts in scope and 404 for everything else', async () => {
    const { master, sub, subsub, other } = await createResellerTree(t.app);
    expect((await t.as(master.token).get(`/api/resellers/${subsub.account.id}`)).json().id).toBe(
      subsub.account.id,
    );
    expect((await t.as(master.token).get(`/api/resellers/${master.account.id}`)).statusCode).toBe(200);
    for (const id of [other.account.id, TEST_ADMIN.id, 987_654]) {
      const response = await t.as(master.token).get(`/api/resellers/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Recurso não encontrado.' });
    }
    expect((await t.as(sub.token).get(`/api/resellers/${master.account.id}`)).statusCode).toBe(404);
    expect((await t.as(master.token).get('/api/resellers/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/resellers/select_search', () => {
  it('offers accounts in scope only', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const response = await t.as(master.token).post('/api/resellers/select_search', { search: '' });
    const values = response.json().map((option: { value: number }) => option.value);
    expect(values).toEqual(expect.arrayContaining([master.account.id, sub.account.id]));
    expect(values).not.toContain(other.account.id);
    const found = await t.as(master.token).post('/api/resellers/select_search', {
      search: sub.account.username,
    });
    expect(found.json()).toEqual([{ label: sub.account.username, value: sub.account.id }]);
  });

  it('offers an admin the admins (as masters) but never the bucket', async () => {
    const all = await t.as(t.adminToken).post('/api/resellers/select_search', { search: 'a' });
    const values = all.json().map((option: { value: number }) => option.value);
    expect(values).toContain(TEST_ADMIN.id);
    const bucketSearch = await t.as(t.adminToken).post('/api/resellers/select_search', {
      search: 'REVENDAS',
    });
    expect(bucketSearch.json()).toEqual([]);
  });
});

describe('invariant', () => {
  it('after everything above, every balance equals the sum of its ledger rows', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { callApi, seedLine, snapshot, type Method } from '../../../test/line-fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import type { LineRow } from '../../db/schema/index';

let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await startTestApp();
  db = testApp.app.database.db;
});
afterAll(() => testApp.close());

const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  callApi(testApp.app, token, method, url, payload);

/** Every call on one line, with a body each route accepts, so only the scope can refuse it. */
function lineCalls(line: LineRow): [Method, string, unknown?][] {
  const base = `/api/users/${line.id}`;
  return [
    ['GET', base],
    ['GET', `${base}/provisioning`],
    ['PUT', base, { bouquet: [1], username: 'roubado01' }],
    ['POST', `${base}/block`],
    ['POST', `${base}/unblock`],
    ['POST', `${base}/renew`, { months: 1 }],
    ['POST', `${base}/renew-package`, { package_id: 17 }],
    ['POST', `${base}/renew-by-calendar`, { selected_date: '2099-01-01' }],
    ['POST', `${base}/add-days`, { days: 1 }],
    ['POST', `${base}/set-expiry-time`],
    ['POST', `${base}/screens`, { screens: 1 }],
    ['POST', `${base}/change_system`, { system_id: 2 }],
    ['POST', `${base}/hybrid-transfer`, { macaddr: '99:99:99:99:99:99' }],
    ['POST', `${base}/resync_p2p`],
    ['POST', `${base}/resync_hybrid`],
    ['POST', '/api/users/checkmac', { macaddr: '99:99:99:99:99:98', user_id: line.id }],
    ['DELETE', base],
  ];
}

describe('a reseller never reaches a line outside its subtree', () => {
  it('answers 404 on every line route for a sibling’s, a master’s and a stranger’s line; nothing changes', async () => {
    const master = await createSignedInAccount(testApp.app, { credits: '100' });
    const sub = await createSignedInAccount(testApp.app, { credits: '100', parent: master.account });
    const sibling = await createSignedInAccount(testApp.app, { parent: master.account });
    const stranger = await createSignedInAccount(testApp.app);
    const foreign = [
      await seedLine(testApp.app, master.account, { system: 2 }),
      await seedLine(testApp.app, sibling.account),
      await seedLine(testApp.app, stranger.account, { system: 3, macaddr: '99:99:99:99:99:01' }),
    ];
    for (const line of foreign) {
      const before = await snapshot(db, sub.account.id, line.id);
      for (const [method, url, payload] of lineCalls(line)) {
        const response = await call(sub.token, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe('Recurso não encontrado.');
      }
      expect(await snapshot(db, sub.account.id, line.id)).toEqual(before);
    }
  });

  it('cannot find lines by guessing ids: every id it does not own looks missing', async () => {
    const owner = await createSignedInAccount(testApp.app);
    const guesser = await createSignedInAccount(testApp.app);
    const lines = [await seedLine(testApp.app, owner.account), await seedLine(testApp.app, owner.account)];
    const mine = await seedLine(testApp.app, guesser.account);
    const first = Math.min(...lines.map((line) => line.id)) - 3;
    for (let id = Math.max(1, first); id <= mine.id + 3; id++) {
      const response = await call(guesser.token, 'GET', `/api/users/${id}`);
      expect(response.statusCode, `id ${id}`).toBe(id === mine.id ? 200 : 404);
    }
    const list = await call(guesser.token, 'GET', '/api/users?per=100');
    expect(list.json().data.map((line: { id: number }) => line.id)).toEqual([mine.id]);
  });

  it('lets a master act on its sub-reseller’s lines (charging the master)', async () => {
    const master = await createSignedInAccount(testApp.app, { credits: '10' });
    const sub = await createSignedInAccount(testApp.app, { credits: '10', parent: master.account });
    const line = await seedLine(testApp.app, sub.account);
    const response = await call(master.token, 'POST', `/api/users/${line.id}/renew`, { months: 1 });
    expect(response.json()).toMatchObject({ charged: '1.00', balance: '9.00' });
  });
});

describe('roles', () => {
  it('refuses publishers every lines route (403)', async () => {
    const owner = await createSignedInAccount(testApp.app);
    const publisher = await createSignedInAccount(testApp.app, { role: 'publisher' });
    const line = await seedLine(testApp.app, owner.account);
    const calls: [Method, string, unknown?][] = [
      ...lineCalls(line),
      ['GET', '/api/users'],
      ['POST', '/api/users', { package_id: 17 }],
      ['POST', '/api/users/trial_users', {}],
      ['POST', '/api/users/select_search', {}],
      ['DELETE', '/api/users/cleanup/expired-trials'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(publisher.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await call(undefined, 'GET', '/api/users')).statusCode).toBe(401);
  });

  it('keeps the ledger invariant', async () => {
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import {
  expectRefusal,
  expectRefusedAndUnchanged,
  FORBIDDEN,
  NOT_FOUND,
  UNAUTHENTICATED,
} from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import type { Method } from '../../../test/api';
import type { LineRow } from '../../db/schema';

const t = useTestApp();

/** Every call on one line, with a body each route accepts, so only the scope can refuse it. */
function lineCalls(line: LineRow): [Method, string, unknown?][] {
  const base = `/api/users/${line.id}`;
  return [
    ['GET', base],
    ['GET', `${base}/provisioning`],
    ['GET', `${base}/links`],
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
    const master = await createSignedInAccount(t.app, { credits: '100' });
    const sub = await createSignedInAccount(t.app, { credits: '100', parent: master.account });
    const sibling = await createSignedInAccount(t.app, { parent: master.account });
    const stranger = await createSignedInAccount(t.app);
    const foreign = [
      await createLine(t.app, master.account, { system: 2 }),
      await createLine(t.app, sibling.account),
      await createLine(t.app, stranger.account, { system: 3, macaddr: '99:99:99:99:99:01' }),
    ];
    for (const line of foreign) {
      for (const [method, url, payload] of lineCalls(line)) {
        await expectRefusedAndUnchanged(
          t.db,
          () => t.as(sub).request(method, url, payload),
          NOT_FOUND,
          { accounts: [sub.account.id, line.resellerId], lines: [line.id] },
          `${method} ${url}`,
        );
      }
    }
  });

  it('cannot find lines by guessing ids: every id it does not own looks missing', async () => {
    const owner = await createSignedInAccount(t.app);
    const guesser = await createSignedInAccount(t.app);
    const lines = [await createLine(t.app, owner.account), await createLine(t.app, owner.account)];
    const mine = await createLine(t.app, guesser.account);
    const first = Math.min(...lines.map((line) => line.id)) - 3;
    for (let id = Math.max(1, first); id <= mine.id + 3; id++) {
      const response = await t.as(guesser.token).get(`/api/users/${id}`);
      expect(response.statusCode, `id ${id}`).toBe(id === mine.id ? 200 : 404);
    }
    const list = await t.as(guesser.token).get('/api/users?per=100');
    expect(list.json().data.map((line: { id: number }) => line.id)).toEqual([mine.id]);
  });

  it('lets a master act on its sub-reseller’s lines (charging the master)', async () => {
    const master = await createSignedInAccount(t.app, { credits: '10' });
    const sub = await createSignedInAccount(t.app, { credits: '10', parent: master.account });
    const line = await createLine(t.app, sub.account);
    const response = await t.as(master.token).post(`/api/users/${line.id}/renew`, { months: 1 });
    expect(response.json()).toMatchObject({ charged: '1.00', balance: '9.00' });
  });
});

describe('roles', () => {
  it('refuses publishers every lines route (403)', async () => {
    const owner = await createSignedInAccount(t.app);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const line = await createLine(t.app, owner.account);
    const calls: [Method, string, unknown?][] = [
      ...lineCalls(line),
      ['GET', '/api/users'],
      ['POST', '/api/users', { package_id: 17 }],
      ['POST', '/api/users/trial_users', {}],
      ['POST', '/api/users/select_search', {}],
      ['DELETE', '/api/users/cleanup/expired-trials'],
    ];
    for (const [method, url, payload] of calls) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(publisher).request(method, url, payload),
        FORBIDDEN,
        { accounts: [owner.account.id, publisher.account.id], lines: [line.id] },
        `${method} ${url}`,
      );
    }
  });

  it('answers 401 without a session', async () => {
    expectRefusal(await t.as(undefined).get('/api/users'), UNAUTHENTICATED);
  });

  it('keeps the ledger invariant', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

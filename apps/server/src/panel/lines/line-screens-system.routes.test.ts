import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { notConfiguredMessage } from '@panel/shared/provisioning/provisioning-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine, daysFromNow } from '../../../test/factories';
import { balanceOf, logsOfLine, outboxOfLine } from '../../../test/reads';
import { expectRefusedAndUnchanged } from '../../../test/refusals';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { startProvisioningReceiver, type ProvisioningReceiver } from '../../../test/provisioning-receiver';
import { useTestApp } from '../../../test/test-app';
import type { Refusal } from '../../../test/refusals';
import type { LineRow } from '../../db/schema';

const SECRET = 'lines-test-provisioning-secret-0123';
let receiver: ProvisioningReceiver;

// P2P has an endpoint here, hybrid has none: resync must answer each plainly.
beforeAll(async () => {
  receiver = await startProvisioningReceiver(SECRET);
});
afterAll(() => receiver?.close());
const t = useTestApp(() => ({
  PROVISIONING_SECRET: SECRET,
  PROVISIONING_POLL_MS: '3600000',
  P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
}));

/** An action on `line` refused with `refusal`, charging nothing and changing nothing. */
function expectRefused(
  token: string,
  payerId: number,
  line: LineRow,
  path: string,
  body: unknown,
  refusal: Refusal,
) {
  return expectRefusedAndUnchanged(
    t.db,
    () => t.as(token).post(`/api/users/${line.id}/${path}`, body),
    refusal,
    { accounts: [payerId], lines: [line.id] },
  );
}

describe('screens', () => {
  it('charges added screens × months left (at least 1); fewer screens cost and refund nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '50' });
    const line = await createLine(t.app, account, { expDate: daysFromNow(65) });
    const more = await t.as(token).post(`/api/users/${line.id}/screens`, { screens: 2 });
    // 65 days left → 3 calendar months (a started month counts) → 2 × 3 = 6 credits.
    expect(more.json()).toMatchObject({ charged: '6.00', balance: '44.00' });
    expect(more.json().line.max_connections).toBe(3);
    const fewer = await t.as(token).post(`/api/users/${line.id}/screens`, { screens: -2 });
    expect(fewer.json()).toMatchObject({ charged: '0.00', balance: '44.00' });
    expect(fewer.json().line.max_connections).toBe(1);
    const expired = await createLine(t.app, account, { expDate: daysFromNow(-3) });
    expect((await t.as(token).post(`/api/users/${expired.id}/screens`, { screens: 1 })).json().charged).toBe(
      '1.00',
    );
    expect(await balanceOf(t.db, account.id)).toBe('43.00');
    const logs = await logsOfLine(t.db, line.id);
    expect(logs.map((log) => [log.action, log.value, log.valueInt])).toEqual([
      ['update_screen', '-6.00', 2],
      ['update_screen', null, -2],
    ]);
  });

  it('counts the months left by the renewal calendar: a line sold for N months pays N per added screen', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '50' });
    const create = async (packageId: number, expireAt2359: boolean) => {
      const response = await t.as(token).post('/api/users', {
        package_id: packageId,
        expire_at_2359: expireAt2359,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().line as { id: number };
    };
    // 'Completo 1 mês' with 'Expira às 23:59': 30 days and some hours left, one calendar month.
    const monthTo2359 = await create(17, true);
    const one = await t.as(token).post(`/api/users/${monthTo2359.id}/screens`, { screens: 1 });
    expect(one.json()).toMatchObject({ charged: '1.00', balance: '48.00' });
    // 'Completo 3 meses', fresh: three months, not four.
    const threeMonths = await create(53, false);
    const three = await t.as(token).post(`/api/users/${threeMonths.id}/screens`, { screens: 1 });
    expect(three.json()).toMatchObject({ charged: '3.00', balance: '42.00' });
    const threeTo2359 = await create(53, true);
    const twoMore = await t.as(token).post(`/api/users/${threeTo2359.id}/screens`, { screens: 2 });
    expect(twoMore.json()).toMatchObject({ charged: '6.00', balance: '33.00' });
    const [log] = await logsOfLine(t.db, threeTo2359.id).then((rows) =>
      rows.filter((row) => row.action === 'update_screen'),
    );
    expect(log).toMatchObject({ value: '-6.00', valueInt: 2 });
  });

  it('never goes below 1 or above 100 screens, and is refused for trial, P2P and hybrid lines', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '50' });
    const line = await createLine(t.app, account, { maxConnections: 2 });
    await expectRefused(
      token,
      account.id,
      line,
      'screens',
      { screens: -2 },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.screensMinimum,
        field: 'screens',
      },
    );
    await expectRefused(
      token,
      account.id,
      line,
      'screens',
      { screens: 99 },
      { status: 422, code: 'validation_failed', message: LINE_MESSAGES.screensMaximum, field: 'screens' },
    );
    await expectRefused(
      token,
      account.id,
      line,
      'screens',
      { screens: 0 },
      { status: 400, code: 'validation_failed', message: 'Informe somente números', field: 'screens' },
    );
    for (const overrides of [{ isTrial: 1 }, { system: 2 }, { system: 3 }]) {
      const other = await createLine(t.app, account, overrides);
      await expectRefused(
        token,
        account.id,
        other,
        'screens',
        { screens: 1 },
        { status: 422, code: 'validation_failed', message: LINE_MESSAGES.screensNotAllowed },
      );
    }
  });

  it('refuses more screens than the balance pays, and changes nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '1' });
    const line = await createLine(t.app, account, { expDate: daysFromNow(40) });
    await expectRefused(
      token,
      account.id,
      line,
      'screens',
      { screens: 1 },
      { status: 409, code: 'insufficient_credits', message: LEDGER_MESSAGES.insufficientCredits },
    );
  });
});

describe('change service', () => {
  it('moves between IPTV and P2P for free, telling the P2P service', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account);
    const toP2p = await t.as(token).post(`/api/users/${line.id}/change_system`, { system_id: 2 });
    expect(toP2p.json()).toMatchObject({ system: 2, username: line.username });
    const back = await t.as(token).post(`/api/users/${line.id}/change_system`, { system_id: 1 });
    expect(back.json().system).toBe(1);
    expect(await outboxOfLine(t.db, line.id)).toEqual([
      { event: 'system_changed', system: 2 },
      { event: 'deleted', system: 2 },
    ]);
    expect((await logsOfLine(t.db, line.id)).map((log) => log.action)).toEqual([
      'system_change',
      'system_change',
    ]);
    expect(await balanceOf(t.db, account.id)).toBe('50.00');
    const same = await t.as(token).post(`/api/users/${line.id}/change_system`, { system_id: 1 });
    expect(same.statusCode).toBe(200);
    expect(await logsOfLine(t.db, line.id)).toHaveLength(2);
  });

  it('makes hybrid a one-way move that needs the line’s MAC and replaces its credentials', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const noMac = await createLine(t.app, account);
    await expectRefused(
      token,
      account.id,
      noMac,
      'change_system',
      { system_id: 3 },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.hybridWithoutMac,
        field: 'macaddr',
      },
    );
    const withMac = await createLine(t.app, account, { system: 2, macaddr: '0a:0b:0c:0d:0e:0f' });
    const moved = await t.as(token).post(`/api/users/${withMac.id}/change_system`, { system_id: 3 });
    expect(moved.json()).toMatchObject({ system: 3, macaddr: '0a:0b:0c:0d:0e:0f' });
    expect(moved.json().username).not.toBe(withMac.username);
    expect(moved.json().password).not.toBe(withMac.password);
    expect(await outboxOfLine(t.db, withMac.id)).toEqual([
      { event: 'deleted', system: 2 },
      { event: 'system_changed', system: 3 },
    ]);
    const hybrid = await createLine(t.app, account, { system: 3, macaddr: '0a:0b:0c:0d:0e:10' });
    await expectRefused(
      token,
      account.id,
      hybrid,
      'change_system',
      { system_id: 1 },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.hybridIrreversible,
        field: 'system_id',
      },
    );
  });
});

describe('hybrid transfer', () => {
  it('sets the MAC and name, gives new random credentials and logs every change', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { fullName: 'Antigo' });
    const response = await t.as(token).post(`/api/users/${line.id}/hybrid-transfer`, {
      macaddr: '12:34:56:78:9A:BC',
      full_name: 'Carlos Souza',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json();
    expect(moved).toMatchObject({ system: 3, macaddr: '12:34:56:78:9a:bc', full_name: 'Carlos Souza' });
    expect(moved.username).toMatch(/^[a-z][a-z0-9]{7,9}$/);
    expect(moved.password).toMatch(/^[a-z][a-z0-9]{7,9}$/);
    expect(moved.username).not.toBe(line.username);
    expect((await logsOfLine(t.db, line.id)).map((log) => log.action)).toEqual([
      'system_change',
      'update_username',
      'update_password',
    ]);
    await expectRefused(
      token,
      account.id,
      { ...line },
      'hybrid-transfer',
      { macaddr: '12:34:56:78:9a:bd' },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.alreadyHybrid,
      },
    );
  });

  it('refuses a MAC in use (409) and a missing MAC (400)', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    await createLine(t.app, account, { system: 3, macaddr: 'ee:ee:ee:ee:ee:01' });
    const line = await createLine(t.app, account);
    await expectRefused(
      token,
      account.id,
      line,
      'hybrid-transfer',
      { macaddr: 'EE:EE:EE:EE:EE:01' },
      {
        status: 409,
        code: 'conflict',
        message: LINE_MESSAGES.macTaken,
        field: 'macaddr',
      },
    );
    await expectRefused(
      token,
      account.id,
      line,
      'hybrid-transfer',
      {},
      { status: 400, code: 'validation_failed', message: LINE_MESSAGES.required, field: 'macaddr' },
    );
  });
});

describe('resync', () => {
  it('pushes a P2P line to its service at once and answers the delivery state', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { system: 2 });
    const response = await t.as(token).post(`/api/users/${line.id}/resync_p2p`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      line: { id: line.id },
      provisioning: { system: 2, configured: true, pending: 0 },
    });
    expect(
      receiver.received.some((delivery) => delivery.body.line.id === line.id && delivery.event === 'resync'),
    ).toBe(true);
    const state = await t.as(token).get(`/api/users/${line.id}/provisioning`);
    expect(state.json().provisioning).toMatchObject({ configured: true, failed: 0 });
  });

  it('answers plainly (503) when the service has no endpoint, queueing nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { system: 3, macaddr: 'cc:cc:cc:cc:cc:01' });
    await expectRefused(token, account.id, line, 'resync_hybrid', undefined, {
      status: 503,
      code: 'service_unavailable',
      message: notConfiguredMessage(3),
    });
  });

  it('refuses the resync of another service (422)', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const iptv = await createLine(t.app, account);
    const refusal: Refusal = {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.resyncNotAllowed,
    };
    await expectRefused(token, account.id, iptv, 'resync_p2p', undefined, refusal);
    await expectRefused(token, account.id, iptv, 'resync_hybrid', undefined, refusal);
    expect((await t.as(token).get(`/api/users/${iptv.id}/provisioning`)).json()).toEqual({
      provisioning: null,
    });
  });
});

describe('POST /api/users/checkmac', () => {
  it('answers available, or 409 with the spec’s message; the edited line’s own MAC is free for it', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { system: 3, macaddr: 'ab:ab:ab:ab:ab:01' });
    const free = await t.as(token).post('/api/users/checkmac', { macaddr: 'ab:ab:ab:ab:ab:02' });
    expect(free.json()).toEqual({ available: true });
    const taken = await t.as(token).post('/api/users/checkmac', { macaddr: 'AB-AB-AB-AB-AB-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'macaddr', message: LINE_MESSAGES.macTaken });
    const own = await t.as(token).post('/api/users/checkmac', {
      macaddr: 'ab:ab:ab:ab:ab:01',
      user_id: line.id,
    });
    expect(own.json()).toEqual({ available: true });
    const invalid = await t.as(token).post('/api/users/checkmac', { macaddr: 'xyz' });
    expect(invalid.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: LINE_MESSAGES.macInvalid,
    });
  });

  it('keeps the ledger invariant', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

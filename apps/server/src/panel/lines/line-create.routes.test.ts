import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, expiryAt2359 } from '@panel/shared/lines/panel-calendar';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine } from '../../../test/factories';
import { lineRow, balanceOf, ledgerRowsOf, logsOfLine, outboxOfLine } from '../../../test/reads';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { settings } from '../../db/schema';
import { nowSeconds as now } from '@panel/shared/time/unix-seconds';

const t = useTestApp();

describe('POST /api/users (normal lines)', () => {
  it('creates an IPTV line, charges the package’s official credits and logs user_created', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '50' });
    const response = await t.as(token).post('/api/users', {
      username: 'cliente@novo1',
      password: 'senha@forte9',
      package_id: 17,
      full_name: 'Maria Silva',
      reseller_notes: 'pagou pix',
      as_number: '5511999998888',
    });
    expect(response.statusCode).toBe(201);
    const { line, charged, balance } = response.json();
    expect({ charged, balance }).toEqual({ charged: '1.00', balance: '49.00' });
    expect(line).toMatchObject({
      username: 'cliente@novo1',
      password: 'senha@forte9',
      full_name: 'Maria Silva',
      as_number: '5511999998888',
      system: 1,
      is_trial: 0,
      enabled: 1,
      max_connections: 1,
      package_id: 17,
      packages: [17],
      reseller_id: account.id,
      master_username: account.username,
      reseller_notes: 'pagou pix',
    });
    // The adult bouquet comes only with the adult package.
    expect(line.bouquet).toEqual([1, 2, 3, 4, 5]);
    expect(Math.abs(line.exp_date - addPanelMonths(now(), 1))).toBeLessThan(5);
    expect(await balanceOf(t.db, account.id)).toBe('49.00');
    expect((await ledgerRowsOf(t.db, account.id)).at(-1)).toMatchObject({
      kind: 'spend',
      action: 'user_created',
      type: 'users',
      amount: '-1.00',
      balanceAfter: '49.00',
      lineId: line.id,
    });
    const [log] = await logsOfLine(t.db, line.id);
    // The creation is a spend of the creator: it reads negative (decision 0026).
    expect(log).toMatchObject({ action: 'user_created', type: 'users', value: '-1.00', actorId: account.id });
    expect(log?.actorCreditsBefore).toBe('50.00');
    expect(log?.actorCreditsAfter).toBe('49.00');
    expect(await outboxOfLine(t.db, line.id)).toEqual([]);
  });

  it('generates credentials of 8–10 characters starting with a letter when both are left out', async () => {
    const { token } = await createSignedInAccount(t.app);
    const response = await t.as(token).post('/api/users', { package_id: 17 });
    expect(response.statusCode).toBe(201);
    const { line } = response.json();
    for (const value of [line.username, line.password]) expect(value).toMatch(/^[a-z][a-z0-9]{7,9}$/);
    const onlyOne = await t.as(token).post('/api/users', { package_id: 17, username: 'sozinho1' });
    expect(onlyOne.statusCode).toBe(400);
    expect(onlyOne.json()).toMatchObject({ field: 'password', message: LINE_MESSAGES.required });
  });

  it('stores a phone only when longer than 6 characters', async () => {
    const { token } = await createSignedInAccount(t.app);
    const short = await t.as(token).post('/api/users', { package_id: 17, as_number: '123456' });
    expect(short.json().line.as_number).toBeNull();
    const long = await t.as(token).post('/api/users', { package_id: 17, as_number: '1234567' });
    expect(long.json().line.as_number).toBe('1234567');
  });

  it('charges multi-month packages their official credits and adds their months', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    const response = await t.as(token).post('/api/users', { package_id: 53, system: 2 });
    expect(response.statusCode).toBe(201);
    const { line, charged, balance } = response.json();
    expect({ charged, balance }).toEqual({ charged: '3.00', balance: '7.00' });
    expect(Math.abs(line.exp_date - addPanelMonths(now(), 3))).toBeLessThan(5);
    expect(await balanceOf(t.db, account.id)).toBe('7.00');
    // P2P lines are provisioned and logged as reg_p2p.
    expect(await outboxOfLine(t.db, line.id)).toEqual([{ event: 'created', system: 2 }]);
    expect((await logsOfLine(t.db, line.id))[0]?.type).toBe('reg_p2p');
  });

  it('sets the expiry to 23:59 when asked', async () => {
    const { token } = await createSignedInAccount(t.app);
    const response = await t.as(token).post('/api/users', { package_id: 17, expire_at_2359: true });
    const exp = response.json().line.exp_date;
    expect(exp).toBe(expiryAt2359(exp));
    expect(Math.abs(exp - expiryAt2359(addPanelMonths(now(), 1)))).toBeLessThan(5);
  });

  it('creates hybrid lines only with a MAC and a full name, in one call with their system', async () => {
    const { token } = await createSignedInAccount(t.app);
    const missing = await t.as(token).post('/api/users', { package_id: 17, system: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(LINE_MESSAGES.required);
    const badMac = await t.as(token).post('/api/users', {
      package_id: 17,
      system: 3,
      full_name: 'João',
      macaddr: '00:11:22:33:44',
    });
    expect(badMac.json()).toMatchObject({ status: 400, field: 'macaddr', message: LINE_MESSAGES.macInvalid });
    const created = await t.as(token).post('/api/users', {
      package_id: 17,
      system: 3,
      full_name: 'João',
      macaddr: 'AA-BB-CC-00-11-22',
    });
    expect(created.statusCode).toBe(201);
    const { line } = created.json();
    expect(line).toMatchObject({ system: 3, macaddr: 'aa:bb:cc:00:11:22', full_name: 'João' });
    expect(await outboxOfLine(t.db, line.id)).toEqual([{ event: 'created', system: 3 }]);
  });

  it('refuses a package the service does not sell (422) and changes nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (const body of [{ package_id: 47, system: 2 }, { package_id: 61 }, { package_id: 9999 }]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post('/api/users', body),
        {
          status: 422,
          code: 'validation_failed',
          field: 'package_id',
          message: LINE_MESSAGES.packageInvalid,
        },
        { accounts: [account.id] },
        JSON.stringify(body),
      );
    }
  });

  it('answers 409 on a taken username or MAC and changes nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const taken = await createLine(t.app, account, {
      username: 'ocupado1',
      macaddr: '10:20:30:40:50:60',
    });
    const watched = { accounts: [account.id], lines: [taken.id] };
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t
          .as(token)
          .post('/api/users', { username: taken.username, password: 'senha@forte9', package_id: 17 }),
      { status: 409, code: 'conflict', field: 'username', message: LINE_MESSAGES.usernameTaken },
      watched,
    );
    await expectRefusedAndUnchanged(
      t.db,
      () =>
        t.as(token).post('/api/users', {
          package_id: 17,
          system: 3,
          full_name: 'Ana',
          macaddr: '10:20:30:40:50:60',
        }),
      { status: 409, code: 'conflict', field: 'macaddr', message: LINE_MESSAGES.macTaken },
      watched,
    );
  });

  it('refuses a line the balance cannot pay (409 Créditos insuficientes.) and creates nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '2.50' });
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(token).post('/api/users', { package_id: 53 }),
      { status: 409, code: 'insufficient_credits', message: LEDGER_MESSAGES.insufficientCredits },
      { accounts: [account.id] },
    );
  });

  it('validates credentials with the spec’s messages', async () => {
    const { token } = await createSignedInAccount(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'Maiuscula1', password: 'senha@forte9' }, 'username', LINE_MESSAGES.usernameCharset],
      [{ username: 'curto', password: 'senha@forte9' }, 'username', LINE_MESSAGES.min6],
      [{ username: 'valido123', password: '97531@' }, 'password', LINE_MESSAGES.passwordNeedsLetter],
      [{ username: 'valido123', password: 'abc@x9' }, 'password', LINE_MESSAGES.noSequences],
      [{ username: 'valido123', password: 'senha forte' }, 'password', LINE_MESSAGES.passwordCharset],
    ];
    for (const [body, field, message] of cases) {
      const response = await t.as(token).post('/api/users', { package_id: 17, ...body });
      expect(response.json(), JSON.stringify(body)).toMatchObject({ status: 400, field, message });
    }
    const noPackage = await t.as(token).post('/api/users', {});
    expect(noPackage.json()).toMatchObject({ field: 'package_id', message: LINE_MESSAGES.packageRequired });
  });
});

describe('owners and roles', () => {
  it('lets a master create a line for its sub-reseller and pay for it; elsewhere is 404', async () => {
    const master = await createSignedInAccount(t.app, { credits: '20' });
    const sub = await createSignedInAccount(t.app, { credits: '5', parent: master.account });
    const stranger = await createSignedInAccount(t.app);
    const response = await t.as(master.token).post('/api/users', {
      package_id: 17,
      reseller_id: sub.account.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().line).toMatchObject({
      reseller_id: sub.account.id,
      master_username: sub.account.username,
    });
    expect(await balanceOf(t.db, master.account.id)).toBe('19.00');
    expect(await balanceOf(t.db, sub.account.id)).toBe('5.00');
    const [log] = await logsOfLine(t.db, response.json().line.id);
    expect(log).toMatchObject({ actorId: master.account.id, targetAccountId: sub.account.id });
    for (const reseller_id of [master.account.id, stranger.account.id, 987654]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(sub).post('/api/users', { package_id: 17, reseller_id }),
        NOT_FOUND,
        { accounts: [sub.account.id, master.account.id] },
        String(reseller_id),
      );
    }
  });

  it('refuses publishers as owners (422) and as callers (403)', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const asOwner = await t.as(t.adminToken).post('/api/users', {
      package_id: 17,
      reseller_id: publisher.account.id,
    });
    expect(asOwner.json()).toMatchObject({
      status: 422,
      field: 'reseller_id',
      message: LINE_MESSAGES.ownerInvalid,
    });
    const asCaller = await t.as(publisher.token).post('/api/users', { package_id: 17 });
    expect(asCaller.statusCode).toBe(403);
  });

  it('lets an admin create for free: no ledger row, the log still written', async () => {
    const { account } = await createSignedInAccount(t.app, { credits: '3' });
    const response = await t.as(t.adminToken).post('/api/users', {
      package_id: 57,
      reseller_id: account.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ charged: '0.00', balance: '0.00' });
    const { line } = response.json();
    expect(await ledgerRowsOf(t.db, TEST_ADMIN.id)).toEqual([]);
    expect((await ledgerRowsOf(t.db, account.id)).filter((row) => row.lineId === line.id)).toEqual([]);
    const [log] = await logsOfLine(t.db, line.id);
    expect(log).toMatchObject({ action: 'user_created', actorId: TEST_ADMIN.id, value: null });
    expect(log?.details).toMatchObject({ price: '12.00' });
  });
});

describe('POST /api/users/trial_users', () => {
  it('creates a free trial on package 61 that lasts the package’s hours', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '1' });
    const before = await balanceOf(t.db, account.id);
    const response = await t.as(token).post('/api/users/trial_users', { system: 2, expire_at_2359: true });
    expect(response.statusCode).toBe(201);
    const { line, charged } = response.json();
    expect(charged).toBe('0.00');
    expect(line).toMatchObject({ is_trial: 1, package_id: 61, system: 2 });
    expect(Math.abs(line.exp_date - (now() + 4 * 3600))).toBeLessThan(5);
    expect(await balanceOf(t.db, account.id)).toBe(before);
    expect((await ledgerRowsOf(t.db, account.id)).some((row) => row.lineId === line.id)).toBe(false);
    expect((await logsOfLine(t.db, line.id))[0]).toMatchObject({
      action: 'user_created',
      type: 'test_users',
    });
  });

  it('refuses trials while trial_user_create_enabled is not true (403) and creates nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    await t.db.update(settings).set({ value: 'false' }).where(eq(settings.key, 'trial_user_create_enabled'));
    try {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post('/api/users/trial_users', {}),
        { status: 403, code: 'forbidden', message: LINE_MESSAGES.trialsDisabled },
        { accounts: [account.id] },
      );
    } finally {
      await t.db.update(settings).set({ value: 'true' }).where(eq(settings.key, 'trial_user_create_enabled'));
    }
  });

  it('creates a trial for an account of the caller’s tree; outside it (or above) is 404', async () => {
    const master = await createSignedInAccount(t.app, { credits: '5' });
    const sub = await createSignedInAccount(t.app, { credits: '5', parent: master.account });
    const stranger = await createSignedInAccount(t.app);
    const forSub = await t.as(master.token).post('/api/users/trial_users', {
      reseller_id: sub.account.id,
    });
    expect(forSub.statusCode).toBe(201);
    expect(forSub.json().line).toMatchObject({ is_trial: 1, reseller_id: sub.account.id });
    const byAdmin = await t.as(t.adminToken).post('/api/users/trial_users', {
      reseller_id: master.account.id,
    });
    expect(byAdmin.json().line).toMatchObject({ is_trial: 1, reseller_id: master.account.id });
    for (const reseller_id of [master.account.id, stranger.account.id, 987654]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(sub).post('/api/users/trial_users', { reseller_id }),
        NOT_FOUND,
        { accounts: [sub.account.id, master.account.id] },
        String(reseller_id),
      );
    }
  });

  it('keeps the ledger invariant', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    expect(await lineRow(t.db, 987654)).toBeUndefined();
  });
});

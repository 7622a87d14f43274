import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import {
  addPanelMonths,
  calendarWindow,
  expiryAt2359,
  panelDate,
  panelTime,
} from '@panel/shared/lines/panel-calendar';
import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine, daysFromNow } from '../../../test/factories';
import { balanceOf, ledgerRowsOf, logsOfLine, outboxOfLine } from '../../../test/reads';
import { expectRefusedAndUnchanged } from '../../../test/refusals';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { useTestApp } from '../../../test/test-app';
import type { LineRow } from '../../db/schema';
import type { Refusal } from '../../../test/refusals';
import { expSeconds } from './line-view';
import { nowSeconds as now } from '@panel/shared/time/unix-seconds';

const t = useTestApp();

async function reseller(credits = '50') {
  return createSignedInAccount(t.app, { credits });
}

/** A paid action on `line` refused with `refusal`, charging nothing and changing nothing. */
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

describe('renew one month', () => {
  it('costs one credit per screen and extends a running line from its expiry', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, {
      maxConnections: 3,
      expDate: daysFromNow(10),
      extraDays: 2,
    });
    const response = await t.as(token).post(`/api/users/${line.id}/renew`, { months: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ charged: '3.00', balance: '47.00' });
    expect(response.json().line.exp_date).toBe(addPanelMonths(expSeconds(line), 1));
    expect(response.json().line.extra_days).toBe(0);
    expect(await balanceOf(t.db, account.id)).toBe('47.00');
    expect((await ledgerRowsOf(t.db, account.id)).at(-1)).toMatchObject({
      kind: 'spend',
      action: 'renewed',
      amount: '-3.00',
      lineId: line.id,
    });
    // A spend is a debit of the one who paid: its log reads negative (decision 0026).
    expect((await logsOfLine(t.db, line.id))[0]).toMatchObject({
      action: 'renewed',
      type: 'users',
      value: '-3.00',
    });
  });

  it('extends an expired line from now, and turns a trial into a normal line only when asked to', async () => {
    const { account, token } = await reseller();
    const expired = await createLine(t.app, account, { expDate: daysFromNow(-20) });
    const renewed = await t.as(token).post(`/api/users/${expired.id}/renew`, {});
    expect(Math.abs(renewed.json().line.exp_date - addPanelMonths(now(), 1))).toBeLessThan(5);
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61, system: 2 });
    const conversion: Refusal = {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.trialConversionRequired,
      field: 'convert_trial',
    };
    await expectRefused(token, account.id, trial, 'renew', { months: 1 }, conversion);
    await expectRefused(token, account.id, trial, 'renew', { months: 1, convert_trial: false }, conversion);
    const converted = await t.as(token).post(`/api/users/${trial.id}/renew`, {
      months: 1,
      convert_trial: true,
    });
    expect(converted.json().line).toMatchObject({ is_trial: 0, package_id: 17 });
    expect(await outboxOfLine(t.db, trial.id)).toEqual([{ event: 'renewed', system: 2 }]);
    expect(await balanceOf(t.db, account.id)).toBe('48.00');
  });

  it('refuses without enough credits and changes nothing', async () => {
    const { account, token } = await reseller('1.50');
    const line = await createLine(t.app, account, { maxConnections: 2 });
    await expectRefused(
      token,
      account.id,
      line,
      'renew',
      { months: 1 },
      { status: 409, code: 'insufficient_credits', message: LEDGER_MESSAGES.insufficientCredits },
    );
    const other = await t.as(token).post(`/api/users/${line.id}/renew`, { months: 2 });
    expect(other.statusCode).toBe(400);
  });

  it('is free for an admin, and still logged', async () => {
    const { account } = await reseller('5');
    const line = await createLine(t.app, account, { maxConnections: 2 });
    const response = await t.as(t.adminToken).post(`/api/users/${line.id}/renew`, { months: 1 });
    expect(response.json()).toMatchObject({ charged: '0.00' });
    expect(await balanceOf(t.db, account.id)).toBe('5.00');
    expect(await ledgerRowsOf(t.db, 1)).toEqual([]);
    const [log] = await logsOfLine(t.db, line.id);
    expect(log).toMatchObject({ action: 'renewed', actorId: 1, value: null, targetAccountId: account.id });
    expect(log?.details).toMatchObject({ price: '2.00' });
  });
});

describe('renew by package', () => {
  it('costs the package’s credits × screens and adds its months', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { maxConnections: 2, expDate: daysFromNow(3) });
    const response = await t.as(token).post(`/api/users/${line.id}/renew-package`, { package_id: 53 });
    expect(response.json()).toMatchObject({ charged: '6.00', balance: '44.00' });
    expect(response.json().line).toMatchObject({ package_id: 53, packages: [53] });
    expect(response.json().line.exp_date).toBe(addPanelMonths(expSeconds(line), 3));
    expect((await ledgerRowsOf(t.db, account.id)).at(-1)).toMatchObject({
      amount: '-6.00',
      action: 'renewed',
    });
  });

  it('converts a trial only when the caller confirms it', async () => {
    const { account, token } = await reseller();
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61 });
    await expectRefused(
      token,
      account.id,
      trial,
      'renew-package',
      { package_id: 53 },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.trialConversionRequired,
        field: 'convert_trial',
      },
    );
    const converted = await t.as(token).post(`/api/users/${trial.id}/renew-package`, {
      package_id: 53,
      convert_trial: true,
    });
    expect(converted.json()).toMatchObject({ charged: '3.00', balance: '47.00' });
    expect(converted.json().line).toMatchObject({ is_trial: 0, package_id: 53 });
  });

  it('refuses trial packages, unknown ones and non-P2P packages on P2P lines', async () => {
    const { account, token } = await reseller();
    const iptv = await createLine(t.app, account);
    const p2p = await createLine(t.app, account, { system: 2 });
    const refusal: Refusal = {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.packageInvalid,
      field: 'package_id',
    };
    await expectRefused(token, account.id, iptv, 'renew-package', { package_id: 61 }, refusal);
    await expectRefused(token, account.id, iptv, 'renew-package', { package_id: 4242 }, refusal);
    await expectRefused(token, account.id, p2p, 'renew-package', { package_id: 47 }, refusal);
    await expectRefused(
      token,
      account.id,
      p2p,
      'renew-package',
      {},
      {
        status: 400,
        code: 'validation_failed',
        message: LINE_MESSAGES.packageRequired,
        field: 'package_id',
      },
    );
  });
});

describe('renew by calendar', () => {
  it('charges days / 30 × screens and sets the chosen day at 23:59:59 (Brasília)', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { maxConnections: 2, expDate: daysFromNow(5) });
    const base = calendarWindow(expSeconds(line), now()).base;
    const selected = panelDate(panelTime(base, 12, 0) + 10 * 86_400);
    const response = await t.as(token).post(`/api/users/${line.id}/renew-by-calendar`, {
      selected_date: selected,
    });
    expect(response.statusCode, response.body).toBe(200);
    // 10 days × 2 screens / 30 = 0.666… → 0.67
    expect(response.json()).toMatchObject({ charged: '0.67', balance: '49.33' });
    expect(response.json().line.exp_date).toBe(panelTime(selected, 23, 59, 59));
    expect((await logsOfLine(t.db, line.id))[0]).toMatchObject({
      action: 'renewed_calendar',
      value: '-0.67',
      valueInt: 10,
    });
  });

  it('rounds up to the cent: one day costs 0.04 per screen, so 30 of them never sell a month for less', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { expDate: daysFromNow(5) });
    const { min } = calendarWindow(expSeconds(line), now());
    const response = await t.as(token).post(`/api/users/${line.id}/renew-by-calendar`, {
      selected_date: min,
    });
    expect(response.json()).toMatchObject({ charged: '0.04', balance: '49.96' });
  });

  it('refuses trials and inactive (blocked or expired) lines with the spec’s messages', async () => {
    const { account, token } = await reseller();
    const date = { selected_date: panelDate(now() + 40 * 86_400) };
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61 });
    await expectRefused(token, account.id, trial, 'renew-by-calendar', date, {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.notForTrials,
    });
    const blocked = await createLine(t.app, account, { enabled: 0 });
    await expectRefused(token, account.id, blocked, 'renew-by-calendar', date, {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.onlyActive,
    });
    const expired = await createLine(t.app, account, { expDate: daysFromNow(-1) });
    await expectRefused(token, account.id, expired, 'renew-by-calendar', date, {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.onlyActive,
    });
  });

  it('refuses dates outside the window, the same date, and a missing date', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { expDate: daysFromNow(5) });
    const window = calendarWindow(expSeconds(line), now());
    const after = (date: string, days: number) => panelDate(panelTime(date, 12, 0) + days * 86_400);
    await expectRefused(
      token,
      account.id,
      line,
      'renew-by-calendar',
      { selected_date: after(window.max, 1) },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.dateOutOfWindow,
        field: 'selected_date',
      },
    );
    await expectRefused(
      token,
      account.id,
      line,
      'renew-by-calendar',
      { selected_date: window.base },
      {
        status: 422,
        code: 'validation_failed',
        message: LINE_MESSAGES.dateNotAfterExpiry,
        field: 'selected_date',
      },
    );
    await expectRefused(
      token,
      account.id,
      line,
      'renew-by-calendar',
      {},
      {
        status: 400,
        code: 'validation_failed',
        message: LINE_MESSAGES.dateRequired,
        field: 'selected_date',
      },
    );
  });
});

describe('add days (P2P extension)', () => {
  it('costs days / 30, sets extra_days, and opens again only after a renewal', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { system: 2, expDate: daysFromNow(2) });
    const response = await t.as(token).post(`/api/users/${line.id}/add-days`, { days: 3 });
    expect(response.json()).toMatchObject({ charged: '0.10', balance: '49.90' });
    expect(response.json().line).toMatchObject({ extra_days: 3, exp_date: expSeconds(line) + 3 * 86_400 });
    // Its own log code (decision 0026), not 'renewed'; a debit reads negative.
    expect((await logsOfLine(t.db, line.id))[0]).toMatchObject({
      action: 'add_days',
      value: '-0.10',
      valueInt: 3,
    });
    expect((await ledgerRowsOf(t.db, account.id)).at(-1)).toMatchObject({
      action: 'add_days',
      amount: '-0.10',
    });
    const again: Refusal = {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.addDaysNotAllowed,
    };
    await expectRefused(token, account.id, line, 'add-days', { days: 1 }, again);
    await t.as(token).post(`/api/users/${line.id}/renew`, { months: 1 });
    const reopened = await t.as(token).post(`/api/users/${line.id}/add-days`, { days: 1 });
    // 1 day / 30 = 0.0333… rounded up to the cent.
    expect(reopened.json()).toMatchObject({ charged: '0.04' });
    expect(await balanceOf(t.db, account.id)).toBe('48.86');
  });

  it('is refused for IPTV, hybrid, trial and disabled lines, and beyond 1–3 days', async () => {
    const { account, token } = await reseller();
    const refusal: Refusal = {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.addDaysNotAllowed,
    };
    for (const overrides of [
      { system: 1 },
      { system: 3 },
      { system: 2, isTrial: 1 },
      { system: 2, extraDaysEnabled: 0 },
    ]) {
      const line = await createLine(t.app, account, overrides);
      await expectRefused(token, account.id, line, 'add-days', { days: 1 }, refusal);
    }
    const p2p = await createLine(t.app, account, { system: 2 });
    for (const days of [0, 4, 1.5]) {
      await expectRefused(
        token,
        account.id,
        p2p,
        'add-days',
        { days },
        { status: 400, code: 'validation_failed', message: LINE_MESSAGES.addDaysRange, field: 'days' },
      );
    }
  });
});

describe('expiry at 23:59', () => {
  it('moves the expiry to 23:59 of its day for free; refused for trials', async () => {
    const { account, token } = await reseller();
    const line = await createLine(t.app, account, { expDate: daysFromNow(4) });
    const response = await t.as(token).post(`/api/users/${line.id}/set-expiry-time`);
    expect(response.statusCode).toBe(200);
    expect(response.json().exp_date).toBe(expiryAt2359(expSeconds(line)));
    expect(await balanceOf(t.db, account.id)).toBe('50.00');
    expect((await logsOfLine(t.db, line.id)).map((log) => [log.action, log.value])).toEqual([
      ['expiry_2359', null],
    ]);
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61 });
    await expectRefused(token, account.id, trial, 'set-expiry-time', undefined, {
      status: 422,
      code: 'validation_failed',
      message: LINE_MESSAGES.notForTrials,
    });
  });

  it('keeps the ledger invariant', async () => {
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

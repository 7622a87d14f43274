import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, paymentAccounts, resellerNotifications, resellerWebhookOutbox } from '../../db/schema';
import { createLine, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, lineRow, logsOfLine } from '../../../test/reads';
import { expectRefusal, expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { useTestApp, TEST_ADMIN } from '../../../test/test-app';
import { expSeconds } from '../lines/line-view';

/**
 * PIX payments with a static PIX key (decisions 0160–0164): 'Recebimentos', prices, a charge for a line,
 * the reseller's confirmation renewing once, a renewal waiting for credits, the 'Pagamentos' list.
 */
const t = useTestApp({ PAYMENTS_POLL_MS: '200' });

const STATIC = {
  provider: 'static_pix',
  pix_key: '529.982.247-25',
  merchant_name: 'João Revendas',
  merchant_city: 'São Paulo',
};

async function sellerWithPix(credits = '10') {
  const seller = await createSignedInAccount(t.app, { credits });
  expect((await t.as(seller.token).put('/api/payments/settings', STATIC)).statusCode).toBe(200);
  const prices = await t.as(seller.token).put('/api/payments/prices', {
    prices: [
      { package_id: 17, price: '25.90' },
      { package_id: 53, price: '70' },
    ],
  });
  expect(prices.statusCode).toBe(200);
  return seller;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (done(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Recebimentos: the payment account and the prices', () => {
  it('starts with none, saves a static PIX in the BR Code’s form, keeps Mercado Pago’s secrets sealed', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const first = await t.as(token).get('/api/payments/settings');
    expect(first.json()).toMatchObject({
      provider: 'none',
      pix_key: null,
      notification_url: `http://localhost:80/api/payments/mercadopago/notifications/${account.id}`,
    });
    expectRefusal(await t.as(token).put('/api/payments/settings', { ...STATIC, pix_key: '123' }), {
      status: 400,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.pixKeyInvalid,
      field: 'pix_key',
    });
    const saved = await t.as(token).put('/api/payments/settings', STATIC);
    expect(saved.json()).toMatchObject({
      provider: 'static_pix',
      pix_key: '52998224725',
      merchant_name: 'Joao Revendas',
      merchant_city: 'Sao Paulo',
    });
    expectRefusal(await t.as(token).put('/api/payments/settings', { provider: 'mercadopago' }), {
      status: 422,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.accessTokenRequired,
      field: 'mercadopago_access_token',
    });
    const mercadoPago = await t.as(token).put('/api/payments/settings', {
      provider: 'mercadopago',
      mercadopago_access_token: 'APP_USR-secret-token-9876',
      mercadopago_webhook_secret: 'segredo-das-notificacoes',
    });
    expect(mercadoPago.json()).toMatchObject({
      provider: 'mercadopago',
      // The static key stays for a switch back.
      pix_key: '52998224725',
      mercadopago_token_hint: '9876',
      mercadopago_webhook_secret_set: true,
    });
    expect(mercadoPago.body).not.toContain('secret-token');
    const [stored] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.accountId, account.id));
    expect(stored?.mercadopagoAccessToken).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('secret-token');
    expect(JSON.stringify(stored)).not.toContain('segredo');
  });

  it('prices: only packages a renewal sells, each once, in reais', async () => {
    const { token } = await createSignedInAccount(t.app);
    const list = await t.as(token).get('/api/payments/prices');
    const ids = list.json<{ data: { package_id: number }[] }>().data.map((entry) => entry.package_id);
    expect(ids).toContain(17);
    expect(ids).not.toContain(61);
    expectRefusal(
      await t.as(token).put('/api/payments/prices', { prices: [{ package_id: 61, price: '5' }] }),
      {
        status: 422,
        code: 'validation_failed',
        message: PAYMENT_MESSAGES.packageNotForSale,
        field: 'prices',
      },
    );
    const saved = await t.as(token).put('/api/payments/prices', {
      prices: [
        { package_id: 17, price: '25.9' },
        { package_id: 42, price: null },
      ],
    });
    const byId = new Map(
      saved
        .json<{ data: { package_id: number; price: string | null }[] }>()
        .data.map((e) => [e.package_id, e.price]),
    );
    expect(byId.get(17)).toBe('25.90');
    expect(byId.get(42)).toBeNull();
  });
});

describe('a static PIX charge', () => {
  it('is refused for a foreign line, a sub-reseller’s line, an unpriced package, without an account', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const otherLine = await createLine(t.app, other.account);
    const subLine = await createLine(t.app, sub.account);
    const ownLine = await createLine(t.app, master.account);
    const charge = (token: string, body: object) => t.as(token).post('/api/payments/charges', body);
    await expectRefusedAndUnchanged(
      t.db,
      () => charge(master.token, { line_id: ownLine.id, package_id: 17 }),
      { status: 422, code: 'validation_failed', message: PAYMENT_MESSAGES.notConfigured },
    );
    await t.as(master.token).put('/api/payments/settings', STATIC);
    await t.as(master.token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '20' }] });
    expectRefusal(await charge(master.token, { line_id: otherLine.id, package_id: 17 }), NOT_FOUND);
    expectRefusal(await charge(master.token, { line_id: subLine.id, package_id: 17 }), {
      status: 422,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.notOwnLine,
      field: 'line_id',
    });
    expectRefusal(await charge(master.token, { line_id: ownLine.id, package_id: 42 }), {
      status: 422,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.noPriceForPackage,
      field: 'package_id',
    });
    expect(await t.db.select().from(payments).where(eq(payments.accountId, master.account.id))).toEqual([]);
  });

  it('carries the BR Code; the reseller’s confirmation renews the line once, charged and logged', async () => {
    const seller = await sellerWithPix('10');
    // The reseller has a webhook (decision 0170): the payment is told to it once.
    await t.db
      .insert(resellerNotifications)
      .values({ accountId: seller.account.id, webhookUrl: 'https://revenda.example/webhook' });
    const line = await createLine(t.app, seller.account, { maxConnections: 2 });
    const created = await t
      .as(seller.token)
      .post('/api/payments/charges', { line_id: line.id, package_id: 53 });
    expect(created.statusCode).toBe(201);
    const payment = created.json();
    expect(payment).toMatchObject({
      provider: 'static_pix',
      purpose: 'line_renewal',
      state: 'pending',
      amount: '70.00',
      line_username: line.username,
      package_name: 'Completo 3 meses',
      months: 3,
    });
    expect(payment.pix_code).toMatch(/^000201/);
    expect(payment.pix_code).toContain('52998224725');
    expect(payment.pix_code).toContain('540570.00');
    expect(payment.pix_code).toContain(payment.reference);

    const outsider = await createSignedInAccount(t.app);
    expectRefusal(await t.as(outsider.token).post(`/api/payments/${payment.id}/confirm`), NOT_FOUND);

    const confirmed = await t.as(seller.token).post(`/api/payments/${payment.id}/confirm`);
    expect(confirmed.json()).toMatchObject({ state: 'paid', pix_code: null });
    expect(confirmed.json().renewed_at).not.toBeNull();
    const again = await t.as(seller.token).post(`/api/payments/${payment.id}/confirm`);
    expect(again.json().state).toBe('paid');

    // 3 months, 3 credits a screen for 2 screens: once, whatever the number of confirmations.
    expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 3));
    expect(await balanceOf(t.db, seller.account.id)).toBe('4.00');
    const spends = (await ledgerRowsOf(t.db, seller.account.id)).filter((row) => row.kind === 'spend');
    expect(spends).toEqual([
      expect.objectContaining({ action: 'renewed_pix', amount: '-6.00', lineId: line.id }),
    ]);
    const logs = await logsOfLine(t.db, line.id);
    expect(logs).toEqual([
      expect.objectContaining({
        action: 'renewed_pix',
        actorId: seller.account.id,
        value: '-6.00',
        valueInt: 3,
        details: expect.objectContaining({ payment: payment.reference, package_id: 53 }),
      }),
    ]);
    const events = await t.db
      .select()
      .from(resellerWebhookOutbox)
      .where(eq(resellerWebhookOutbox.accountId, seller.account.id));
    expect(events.map((event) => [event.event, event.dedupeKey])).toEqual([
      ['payment.received', `payment:${payment.reference}`],
    ]);
    expect(events[0]?.payload).toMatchObject({
      payment: { id: payment.reference, amount: '70.00', credits: null, line_id: line.id, method: 'PIX' },
    });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('without credits it is paid with the renewal pending, told by the alerts, and renews when credits arrive', async () => {
    const seller = await sellerWithPix('0.50');
    const line = await createLine(t.app, seller.account);
    const { id } = (
      await t.as(seller.token).post('/api/payments/charges', { line_id: line.id, package_id: 17 })
    ).json();
    const confirmed = await t.as(seller.token).post(`/api/payments/${id}/confirm`);
    expect(confirmed.json()).toMatchObject({
      state: 'renewal_pending',
      renewal_pending_reason: 'insufficient_credits',
      renewed_at: null,
    });
    expect(await balanceOf(t.db, seller.account.id)).toBe('0.50');
    expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(expSeconds(line));
    expect((await t.as(seller.token).get('/api/payments/alerts')).json()).toEqual({ renewal_pending: 1 });

    // The admin gives credits: the payments' worker renews within its next pass.
    const given = await t.as(t.adminToken).post(`/api/resellers/${seller.account.id}/credits`, { value: 10 });
    expect(given.statusCode).toBe(200);
    const after = await waitFor(
      async () => (await t.as(seller.token).get(`/api/payments/${id}`)).json(),
      (payment) => payment.state === 'paid',
    );
    expect(after).toMatchObject({ state: 'paid', renewal_pending_reason: null });
    expect(await balanceOf(t.db, seller.account.id)).toBe('9.50');
    expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 1));
    expect((await t.as(seller.token).get('/api/payments/alerts')).json()).toEqual({ renewal_pending: 0 });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('Pagamentos lists the caller’s own payments with the period’s totals', async () => {
    const seller = await sellerWithPix('10');
    const line = await createLine(t.app, seller.account);
    const charge = async (packageId: number) =>
      (
        await t.as(seller.token).post('/api/payments/charges', { line_id: line.id, package_id: packageId })
      ).json();
    const paid = await charge(17);
    await charge(53);
    await t.as(seller.token).post(`/api/payments/${paid.id}/confirm`);
    const list = await t.as(seller.token).get('/api/payments');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      meta: { total: 2 },
      totals: { received: '25.90', received_count: 1, pending: '70.00', pending_count: 1, refunded: '0.00' },
    });
    const pending = await t.as(seller.token).get('/api/payments?state=pending&order_by=amount,asc');
    expect(pending.json().data.map((payment: { amount: string }) => payment.amount)).toEqual(['70.00']);
    const past = await t.as(seller.token).get('/api/payments?dates=2020-01-01,2020-01-31');
    expect(past.json()).toMatchObject({ meta: { total: 0 }, totals: { received: '0.00' } });
    expectRefusal(await t.as(seller.token).get('/api/payments?state=pago'), {
      status: 400,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.invalidState,
      field: 'state',
    });
    // 'Exportar CSV': every payment the filters match, as Brazilian Excel opens it (decision 0155).
    const csv = await t.as(seller.token).get('/api/payments/export?state=paid');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="pagamentos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csvLines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csvLines[0]).toBe(
      '"Data";"Usuário";"Pacote";"Valor (R$)";"Forma";"Situação";"Pago em";"Renovado em";"Pendência";"Referência"',
    );
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(`"${line.username}";"Completo 1 mês";"25,90";"PIX estático";"Pago"`);
    // The admin sees its own payments too, not the resellers'.
    const admin = await t.as(t.adminToken).get('/api/payments');
    expect(admin.json().data.some((payment: { id: number }) => payment.id === paid.id)).toBe(false);
    expect(TEST_ADMIN.id).toBe(1);
  });
});

import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import {
  freePort,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from '../../../test/payments/fake-mercadopago';
import { balanceOf, lineRow } from '../../../test/reads';
import { expectRefusal } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { expSeconds } from '../lines/line-view';

/**
 * PIX payments through a reseller's own Mercado Pago account (decisions 0165, 0166), against a local server
 * that behaves like Mercado Pago's API. The app listens, so the fake posts its notifications over HTTP.
 */
const ACCESS_TOKEN = 'APP_USR-revenda-1234';
const WEBHOOK_SECRET = 'segredo-do-webhook-da-revenda';

let fake: FakeMercadoPago;
let port: number;
beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  port = await freePort();
});
const t = useTestApp(() => ({
  MERCADOPAGO_API_URL: fake.url,
  MERCADOPAGO_TIMEOUT_MS: '1000',
  PAYMENT_NOTIFICATION_BASE_URL: `http://127.0.0.1:${port}`,
  // The worker stays out of the way: these tests drive every step themselves.
  PAYMENTS_POLL_MS: '3600000',
}));
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(() => fake.close());

async function sellerWithMercadoPago(credits = '10') {
  const seller = await createSignedInAccount(t.app, { credits });
  const saved = await t.as(seller.token).put('/api/payments/settings', {
    provider: 'mercadopago',
    mercadopago_access_token: ACCESS_TOKEN,
    mercadopago_webhook_secret: WEBHOOK_SECRET,
  });
  expect(saved.statusCode).toBe(200);
  await t.as(seller.token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '30' }] });
  const line = await createLine(t.app, seller.account);
  return { ...seller, line };
}

const charge = (token: string, lineId: number) =>
  t.as(token).post('/api/payments/charges', { line_id: lineId, package_id: 17 });

describe('a Mercado Pago PIX charge', () => {
  it('creates the payment there and shows its code; one paid notification renews once, twice sent', async () => {
    fake.behaviour = { kind: 'normal' };
    const { account, token, line } = await sellerWithMercadoPago();
    const created = await charge(token, line.id);
    expect(created.statusCode).toBe(201);
    const payment = created.json();
    const [providerId] = [...fake.payments.values()]
      .filter((entry) => entry.external_reference === payment.reference)
      .map((entry) => entry.id);
    expect(payment).toMatchObject({ provider: 'mercadopago', state: 'pending', amount: '30.00' });
    expect(payment.pix_code).toContain(`fake-mp-${providerId}`);
    expect(payment.ticket_url).toContain(`/payments/${providerId}/ticket`);
    const create = fake.calls.find(
      (call) => call.method === 'POST' && call.idempotencyKey === payment.reference,
    );
    expect(create).toMatchObject({
      authorization: `Bearer ${ACCESS_TOKEN}`,
      body: {
        transaction_amount: 30,
        payment_method_id: 'pix',
        external_reference: payment.reference,
        notification_url: `http://127.0.0.1:${port}/api/payments/mercadopago/notifications/${account.id}`,
        payer: { email: 'cliente@example.com' },
      },
    });

    // Still pending there: a notification changes nothing.
    expect(await fake.notify(providerId!)).toEqual([200]);
    expect((await t.as(token).get(`/api/payments/${payment.id}`)).json().state).toBe('pending');

    fake.setStatus(providerId!, 'approved', 'accredited');
    expect(await fake.notify(providerId!)).toEqual([200]);
    expect(await fake.notify(providerId!)).toEqual([200]);
    expect((await t.as(token).get(`/api/payments/${payment.id}`)).json()).toMatchObject({
      state: 'paid',
      pix_code: null,
    });
    expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 1));
    expect(await balanceOf(t.db, account.id)).toBe('9.00');

    // Refunded there later: the payment says so; the renewal done stays.
    fake.setStatus(providerId!, 'refunded');
    await fake.notify(providerId!);
    expect((await t.as(token).get(`/api/payments/${payment.id}`)).json().state).toBe('refunded');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('a notification that arrives before the create’s answer renews the line', async () => {
    fake.behaviour = { kind: 'normal' };
    fake.notifyBeforeAnswer = true;
    try {
      const { account, token, line } = await sellerWithMercadoPago();
      const created = await charge(token, line.id);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ state: 'paid', pix_code: null });
      expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 1));
      expect(await balanceOf(t.db, account.id)).toBe('9.00');
    } finally {
      fake.notifyBeforeAnswer = false;
    }
  });

  it('refuses a forged notification and changes nothing', async () => {
    fake.behaviour = { kind: 'normal' };
    const { account, token, line } = await sellerWithMercadoPago();
    const payment = (await charge(token, line.id)).json();
    const providerId = [...fake.payments.values()].find(
      (entry) => entry.external_reference === payment.reference,
    )!.id;
    fake.setStatus(providerId, 'approved', 'accredited');
    expect(await fake.notify(providerId, { secret: 'not-the-secret' })).toEqual([403]);
    // Unsigned, and for an account without Mercado Pago.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mercadopago/notifications/${account.id}?data.id=${providerId}&type=payment`,
      payload: { type: 'payment', data: { id: providerId } },
    });
    expectRefusal(unsigned, {
      status: 403,
      code: 'forbidden',
      message: PAYMENT_MESSAGES.notificationRefused,
    });
    const stranger = await createSignedInAccount(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/payments/mercadopago/notifications/${stranger.account.id}?data.id=${providerId}`,
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await t.as(token).get(`/api/payments/${payment.id}`)).json().state).toBe('pending');
    expect(expSeconds((await lineRow(t.db, line.id))!)).toBe(expSeconds(line));
    expect(await balanceOf(t.db, account.id)).toBe('10.00');
  });

  it('an outage: the charge answers 503 and stays unpaid; a notification is asked again later', async () => {
    const { account, token, line } = await sellerWithMercadoPago();
    for (const behaviour of [{ kind: 'status', status: 503 }, { kind: 'hang' }] as const) {
      fake.behaviour = behaviour;
      expectRefusal(await charge(token, line.id), {
        status: 503,
        code: 'service_unavailable',
        message: PAYMENT_MESSAGES.providerUnavailable,
      });
    }
    fake.behaviour = { kind: 'normal' };
    const list = (await t.as(token).get('/api/payments')).json();
    expect(list.data.map((payment: { state: string }) => payment.state)).toEqual(['cancelled', 'cancelled']);

    const payment = (await charge(token, line.id)).json();
    const providerId = [...fake.payments.values()].find(
      (entry) => entry.external_reference === payment.reference,
    )!.id;
    fake.setStatus(providerId, 'approved', 'accredited');
    fake.behaviour = { kind: 'status', status: 500 };
    // Mercado Pago cannot be asked: 503, so it sends the notification again; nothing changed meanwhile.
    expect(await fake.notify(providerId)).toEqual([503]);
    expect(await balanceOf(t.db, account.id)).toBe('10.00');
    fake.behaviour = { kind: 'normal' };
    const refreshed = await t.as(token).post(`/api/payments/${payment.id}/refresh`);
    expect(refreshed.json().state).toBe('paid');
    expect(await balanceOf(t.db, account.id)).toBe('9.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

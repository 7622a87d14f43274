import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../../test/api';
import { createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import {
  freePort,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from '../../../test/payments/fake-mercadopago';
import { balanceOf, ledgerRowsOf } from '../../../test/reads';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * A paid credit purchase moves the credits once however often it is told (decision 0185): an approval
 * notified three times at once, a static PIX confirmed twice at once. Real concurrency needs real
 * connections, so this file only runs against PostgreSQL (`node scripts/test-pg.mjs <this file>`).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ACCESS_TOKEN = 'APP_USR-venda-creditos';
const WEBHOOK_SECRET = 'segredo-venda-creditos';

let testApp: TestApp;
let fake: FakeMercadoPago;
beforeAll(async () => {
  if (!onPostgres) return;
  fake = await startFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  const port = await freePort();
  testApp = await startTestApp({
    MERCADOPAGO_API_URL: fake.url,
    PAYMENT_NOTIFICATION_BASE_URL: `http://127.0.0.1:${port}`,
    PAYMENTS_POLL_MS: '3600000',
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  if (!onPostgres) return;
  await testApp.close();
  await fake.close();
});
const as = apiOf(() => testApp.app);

describe('credit purchases under concurrency', () => {
  it.runIf(onPostgres)(
    'a sub-reseller buys 100 credits: three approvals at once, or two confirmations at once, move them once',
    async () => {
      const db = testApp.app.database.db;
      const master = await createSignedInAccount(testApp.app, { credits: '300' });
      const sub = await createSignedInAccount(testApp.app, { credits: '0', parent: master.account });
      await as(master.token).put('/api/payments/credit-sale', {
        enabled: true,
        unit_price: '0.45',
        packs: [],
      });
      await as(master.token).put('/api/payments/settings', {
        provider: 'mercadopago',
        mercadopago_access_token: ACCESS_TOKEN,
        mercadopago_webhook_secret: WEBHOOK_SECRET,
      });
      const purchase = (await as(sub.token).post('/api/credit-purchases', { credits: 100 })).json();
      expect(purchase).toMatchObject({ provider: 'mercadopago', amount: '45.00', state: 'pending' });
      const providerId = [...fake.payments.values()].find(
        (entry) => entry.external_reference === purchase.reference,
      )?.id;
      if (!providerId) throw new Error('Mercado Pago has no payment');
      fake.setStatus(providerId, 'approved', 'accredited');
      expect(await fake.notify(providerId, { times: 3 })).toEqual([200, 200, 200]);
      expect((await as(sub.token).get(`/api/credit-purchases/${purchase.id}`)).json().state).toBe('paid');
      expect(await balanceOf(db, master.account.id)).toBe('200.00');
      expect(await balanceOf(db, sub.account.id)).toBe('100.00');

      await as(master.token).put('/api/payments/settings', {
        provider: 'static_pix',
        pix_key: 'master@exemplo.com',
        merchant_name: 'Master',
        merchant_city: 'Recife',
      });
      const staticPurchase = (await as(sub.token).post('/api/credit-purchases', { credits: 100 })).json();
      const confirmations = await Promise.all(
        Array.from({ length: 2 }, () => as(master.token).post(`/api/payments/${staticPurchase.id}/confirm`)),
      );
      expect(confirmations.map((response) => response.json().state)).toEqual(['paid', 'paid']);

      expect(await balanceOf(db, master.account.id)).toBe('100.00');
      expect(await balanceOf(db, sub.account.id)).toBe('200.00');
      const moves = (await ledgerRowsOf(db, sub.account.id)).filter(
        (row) => row.action === 'credits_bought_pix',
      );
      expect(moves).toEqual([
        expect.objectContaining({ kind: 'transfer', amount: '100.00', balanceAfter: '100.00' }),
        expect.objectContaining({ kind: 'transfer', amount: '100.00', balanceAfter: '200.00' }),
      ]);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
  );
});

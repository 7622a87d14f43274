import { CUSTOMER_API_PATHS, type CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { apiOf } from '../../../test/api';
import { addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import {
  freePort,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from '../../../test/payments/fake-mercadopago';
import { balanceOf, ledgerRowsOf, lineRow } from '../../../test/reads';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { expSeconds } from '../lines/line-view';

/**
 * A customer's renewal on its reseller's domain, paid through Mercado Pago, renews once however often the
 * approval is told (decisions 0164, 0179). Real concurrency needs real connections: this file runs only on
 * PostgreSQL (`node scripts/test-pg.mjs <this file>`).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ACCESS_TOKEN = 'APP_USR-pagina-do-cliente';
const WEBHOOK_SECRET = 'segredo-pagina-do-cliente';

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
    SHORT_LINK_HOST_CACHE_MS: '0',
  });
  await testApp.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  if (!onPostgres) return;
  await testApp.close();
  await fake.close();
});
const as = apiOf(() => testApp.app);

describe('a customer’s renewal by Mercado Pago', () => {
  it.runIf(onPostgres)(
    'signed in on the domain, paid, notified three times at once: renewed and charged once; a forgery changes nothing',
    async () => {
      const { app } = testApp;
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '10' });
      await as(token).put('/api/payments/settings', {
        provider: 'mercadopago',
        mercadopago_access_token: ACCESS_TOKEN,
        mercadopago_webhook_secret: WEBHOOK_SECRET,
      });
      await as(token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '30' }] });
      const host = uniqueHost('pg');
      await addVerifiedDomain(db, account.id, host);
      const line = await createLine(app, account);

      const customer = (method: 'GET' | 'POST', url: string, cookie?: string, body?: object) =>
        app.inject({ method, url, headers: { host, ...(cookie ? { cookie } : {}) }, payload: body });
      const signedIn = await customer('POST', CUSTOMER_API_PATHS.session, undefined, {
        username: line.username,
        password: line.password,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
      const started = await customer('POST', CUSTOMER_API_PATHS.renewals, cookie, { package_id: 17 });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json()).toMatchObject({ state: 'pending', manual_confirmation: false });
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, started.json<{ id: number }>().id));
      expect(row).toMatchObject({ accountId: account.id, createdBy: null, provider: 'mercadopago' });
      const providerId = [...fake.payments.values()].find(
        (entry) => entry.external_reference === row?.reference,
      )?.id;
      if (!providerId) throw new Error('Mercado Pago has no payment');

      fake.setStatus(providerId, 'approved', 'accredited');
      expect(await fake.notify(providerId, { secret: 'não-é-o-segredo' })).toEqual([403]);
      expect((await lineRow(db, line.id))?.expDate).toEqual(line.expDate);
      expect(await balanceOf(db, account.id)).toBe('10.00');

      expect(await fake.notify(providerId, { times: 3 })).toEqual([200, 200, 200]);
      const renewedTo = addPanelMonths(expSeconds(line), 1);
      expect(expSeconds((await lineRow(db, line.id))!)).toBe(renewedTo);
      expect(await balanceOf(db, account.id)).toBe('9.00');
      expect((await ledgerRowsOf(db, account.id)).filter((entry) => entry.kind === 'spend')).toHaveLength(1);
      expect(await findLedgerMismatches(db)).toEqual([]);

      const overview = (await customer('GET', CUSTOMER_API_PATHS.me, cookie)).json<CustomerOverview>();
      expect(overview.line.exp_date).toBe(new Date(renewedTo * 1000).toISOString());
      expect(overview.renewal.current).toBeNull();
    },
  );
});

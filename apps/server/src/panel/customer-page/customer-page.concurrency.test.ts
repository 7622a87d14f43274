import { type CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_API_PATHS } from '@panel/shared/customer-page/customer-page-paths';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { apiOf } from '../../../test/api';
import { addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { onPostgres, useMercadoPagoApp } from '../../../test/payments/mercadopago-pg-app';
import { balanceOf, ledgerRowsOf, lineRow } from '../../../test/reads';
import { expSeconds } from '../lines/line-view';

/**
 * A customer's renewal on its reseller's domain, paid through Mercado Pago, renews once however often the
 * approval is told (decisions 0164, 0179). Real concurrency needs real connections: this file runs only on
 * PostgreSQL (`node scripts/test-pg.mjs <this file>`).
 */
const mercadoPago = useMercadoPagoApp('pagina-do-cliente', { SHORT_LINK_HOST_CACHE_MS: '0' });
const as = apiOf(mercadoPago.app);

describe('a customer’s renewal by Mercado Pago', () => {
  it.runIf(onPostgres)(
    'signed in on the domain, paid, notified three times at once: renewed and charged once; a forgery changes nothing',
    async () => {
      const app = mercadoPago.app();
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '10' });
      await mercadoPago.connect(as(token));
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
      const providerId = mercadoPago.providerIdOf(row?.reference ?? '');

      mercadoPago.fake().setStatus(providerId, 'approved', 'accredited');
      expect(await mercadoPago.fake().notify(providerId, { secret: 'não-é-o-segredo' })).toEqual([403]);
      expect((await lineRow(db, line.id))?.expDate).toEqual(line.expDate);
      expect(await balanceOf(db, account.id)).toBe('10.00');

      expect(await mercadoPago.fake().notify(providerId, { times: 3 })).toEqual([200, 200, 200]);
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

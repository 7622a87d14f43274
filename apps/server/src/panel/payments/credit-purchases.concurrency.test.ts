import { describe, expect, it } from 'vitest';
import { apiOf } from '../../../test/api';
import { createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { onPostgres, useMercadoPagoApp } from '../../../test/payments/mercadopago-pg-app';
import { balanceOf, ledgerRowsOf } from '../../../test/reads';

/**
 * A paid credit purchase moves the credits once however often it is told (decision 0185): an approval
 * notified three times at once, a static PIX confirmed twice at once. Real concurrency needs real
 * connections, so this file only runs against PostgreSQL (`node scripts/test-pg.mjs <this file>`).
 */
const mercadoPago = useMercadoPagoApp('venda-creditos');
const as = apiOf(mercadoPago.app);

describe('credit purchases under concurrency', () => {
  it.runIf(onPostgres)(
    'a sub-reseller buys 100 credits: three approvals at once, or two confirmations at once, move them once',
    async () => {
      const db = mercadoPago.app().database.db;
      const master = await createSignedInAccount(mercadoPago.app(), { credits: '300' });
      const sub = await createSignedInAccount(mercadoPago.app(), { credits: '0', parent: master.account });
      await as(master.token).put('/api/payments/credit-sale', {
        enabled: true,
        unit_price: '0.45',
        packs: [],
      });
      await mercadoPago.connect(as(master.token));
      const purchase = (await as(sub.token).post('/api/credit-purchases', { credits: 100 })).json();
      expect(purchase).toMatchObject({ provider: 'mercadopago', amount: '45.00', state: 'pending' });
      const providerId = mercadoPago.providerIdOf(purchase.reference);
      mercadoPago.fake().setStatus(providerId, 'approved', 'accredited');
      expect(await mercadoPago.fake().notify(providerId, { times: 3 })).toEqual([200, 200, 200]);
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

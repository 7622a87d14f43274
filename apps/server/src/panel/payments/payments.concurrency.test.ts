import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { describe, expect, it } from 'vitest';
import { apiOf } from '../../../test/api';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { onPostgres, useMercadoPagoApp } from '../../../test/payments/mercadopago-pg-app';
import { balanceOf, ledgerRowsOf, lineRow, logsOfLine } from '../../../test/reads';
import { expSeconds } from '../lines/line-view';

/**
 * A paid payment renews once however often it is told (decision 0164). Real concurrency needs real
 * connections: PGlite runs one statement at a time, so this file only runs against PostgreSQL
 * (`node scripts/test-pg.mjs <this file>`).
 */
const mercadoPago = useMercadoPagoApp('concorrencia');
const as = apiOf(mercadoPago.app);

describe('payments under concurrency', () => {
  it.runIf(onPostgres)(
    'an approval notified three times at once, and a static PIX confirmed three times at once, renew once each',
    async () => {
      const app = mercadoPago.app();
      const db = app.database.db;
      const { account, token } = await createSignedInAccount(app, { credits: '10' });
      await as(token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '30' }] });
      const charge = async (lineId: number) =>
        (await as(token).post('/api/payments/charges', { line_id: lineId, package_id: 17 })).json();

      await mercadoPago.connect(as(token));
      const notified = await createLine(app, account);
      const payment = await charge(notified.id);
      const providerId = mercadoPago.providerIdOf(payment.reference);
      mercadoPago.fake().setStatus(providerId, 'approved', 'accredited');
      expect(await mercadoPago.fake().notify(providerId, { times: 3 })).toEqual([200, 200, 200]);

      await as(token).put('/api/payments/settings', {
        provider: 'static_pix',
        pix_key: 'revenda@exemplo.com',
        merchant_name: 'Revenda',
        merchant_city: 'Recife',
      });
      const confirmedLine = await createLine(app, account);
      const staticPayment = await charge(confirmedLine.id);
      const confirmations = await Promise.all(
        Array.from({ length: 3 }, () => as(token).post(`/api/payments/${staticPayment.id}/confirm`)),
      );
      expect(confirmations.map((response) => response.json().state)).toEqual(['paid', 'paid', 'paid']);

      for (const line of [notified, confirmedLine]) {
        expect(expSeconds((await lineRow(db, line.id))!)).toBe(addPanelMonths(expSeconds(line), 1));
        expect((await logsOfLine(db, line.id)).map((log) => log.action)).toEqual(['renewed_pix']);
      }
      expect(await balanceOf(db, account.id)).toBe('8.00');
      expect((await ledgerRowsOf(db, account.id)).filter((row) => row.kind === 'spend')).toHaveLength(2);
      expect(await findLedgerMismatches(db)).toEqual([]);
    },
  );
});

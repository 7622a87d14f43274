import { CREDIT_SALE_MESSAGES, PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { describe, expect, it } from 'vitest';
import { createResellerTree, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, logsAboutAccount } from '../../../test/reads';
import { expectRefusal, expectRefusedAndUnchanged, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

/**
 * Credits sold by PIX (decisions 0183–0186): the seller's price settings, a reseller buying from its own
 * parent only at the server's total, the seller's confirmation moving the credits once, a sale waiting for
 * the seller's credits and sent by the worker once they arrive, the admin selling to a master.
 */
const t = useTestApp({ PAYMENTS_POLL_MS: '200' });

const STATIC = {
  provider: 'static_pix',
  pix_key: 'master@exemplo.com',
  merchant_name: 'Master Revendas',
  merchant_city: 'Recife',
};
const SALE = { enabled: true, unit_price: '0.50', packs: [{ credits: 10, price: '4' }] };
const invalid = (message: string, field: string) =>
  ({ status: 400, code: 'validation_failed', message, field }) as const;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await read();
    if (done(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Venda de créditos: the seller’s price', () => {
  it('refuses a bad price, a sale without price, repeated or too many packs; saves in reais', async () => {
    const { token } = await createSignedInAccount(t.app);
    expect((await t.as(token).get('/api/payments/credit-sale')).json()).toEqual({
      enabled: false,
      unit_price: null,
      packs: [],
      payment_account_ready: false,
    });
    const put = (body: object) => t.as(token).put('/api/payments/credit-sale', body);
    expectRefusal(
      await put({ ...SALE, unit_price: '0,5' }),
      invalid(PAYMENT_MESSAGES.priceInvalid, 'unit_price'),
    );
    expectRefusal(
      await put({ ...SALE, unit_price: null }),
      invalid(PAYMENT_MESSAGES.priceInvalid, 'unit_price'),
    );
    expectRefusal(
      await put({ ...SALE, unit_price: '100000' }),
      invalid(PAYMENT_MESSAGES.priceTooHigh, 'unit_price'),
    );
    expectRefusal(
      await put({ ...SALE, packs: [{ credits: 0, price: '1' }] }),
      invalid(CREDIT_SALE_MESSAGES.packCreditsInvalid, 'packs.0.credits'),
    );
    expectRefusal(
      await put({
        ...SALE,
        packs: [
          { credits: 10, price: '4' },
          { credits: 10, price: '3' },
        ],
      }),
      invalid(CREDIT_SALE_MESSAGES.duplicatePack, 'packs'),
    );
    const seven = Array.from({ length: 7 }, (_, index) => ({ credits: index + 1, price: '1' }));
    expectRefusal(await put({ ...SALE, packs: seven }), invalid(CREDIT_SALE_MESSAGES.tooManyPacks, 'packs'));
    await t.as(token).put('/api/payments/settings', STATIC);
    const saved = await put({
      enabled: true,
      unit_price: '0.5',
      packs: [
        { credits: 500, price: '200' },
        { credits: 100, price: '45.5' },
      ],
    });
    expect(saved.json()).toEqual({
      enabled: true,
      unit_price: '0.50',
      packs: [
        { credits: 100, price: '45.50' },
        { credits: 500, price: '200.00' },
      ],
      payment_account_ready: true,
    });
  });
});

describe('Comprar créditos', () => {
  it('buys from its own parent only, at the server’s total; the seller’s confirmation moves the credits once', async () => {
    const { master, sub, other, otherSub } = await createResellerTree(t.app);
    const buy = (token: string, body: object) => t.as(token).post('/api/credit-purchases', body);
    // The master does not sell yet.
    expect((await t.as(sub.token).get('/api/credit-purchases/offer')).json()).toMatchObject({
      available: false,
      reason: CREDIT_SALE_MESSAGES.notSelling,
    });
    await expectRefusedAndUnchanged(t.db, () => buy(sub.token, { credits: 100 }), {
      status: 422,
      code: 'validation_failed',
      message: CREDIT_SALE_MESSAGES.notSelling,
    });
    await t.as(master.token).put('/api/payments/credit-sale', SALE);
    expect((await t.as(sub.token).get('/api/credit-purchases/offer')).json()).toMatchObject({
      available: false,
      reason: CREDIT_SALE_MESSAGES.sellerNotConfigured,
    });
    await t.as(master.token).put('/api/payments/settings', STATIC);
    expect((await t.as(sub.token).get('/api/credit-purchases/offer')).json()).toEqual({
      available: true,
      reason: null,
      seller_username: master.account.username,
      unit_price: '0.50',
      packs: [{ credits: 10, price: '4.00' }],
      min: 1,
      max: 10_000,
    });
    expectRefusal(
      await buy(sub.token, { credits: 0 }),
      invalid(CREDIT_SALE_MESSAGES.creditsInvalid, 'credits'),
    );
    expectRefusal(
      await buy(sub.token, { credits: 1.5 }),
      invalid(CREDIT_SALE_MESSAGES.creditsInvalid, 'credits'),
    );
    // Another master's sub-reseller buys from its own parent, which does not sell: never from this master.
    expectRefusal(await buy(otherSub.token, { credits: 100 }), {
      status: 422,
      code: 'validation_failed',
      message: CREDIT_SALE_MESSAGES.notSelling,
    });
    expectRefusal(await t.as(t.adminToken).post('/api/credit-purchases', { credits: 100 }), FORBIDDEN);

    // A total sent by the panel is ignored: 100 × R$ 0,50; the pack of 10 costs R$ 4,00.
    const created = await buy(sub.token, { credits: 100, amount: '1.00' });
    expect(created.statusCode).toBe(201);
    const purchase = created.json();
    expect(purchase).toMatchObject({
      purpose: 'credit_purchase',
      provider: 'static_pix',
      state: 'pending',
      amount: '50.00',
      credits: 100,
      buyer_account_id: sub.account.id,
      buyer_username: sub.account.username,
      line_id: null,
    });
    expect(purchase.pix_code).toContain('540550.00');
    expect((await buy(sub.token, { credits: 10 })).json().amount).toBe('4.00');

    // Only the buyer reads it here, only the seller in 'Pagamentos'; anyone else gets 404.
    expect((await t.as(sub.token).get(`/api/credit-purchases/${purchase.id}`)).json().id).toBe(purchase.id);
    for (const token of [master.token, other.token, otherSub.token]) {
      expectRefusal(await t.as(token).get(`/api/credit-purchases/${purchase.id}`), NOT_FOUND);
    }
    expectRefusal(await t.as(sub.token).get(`/api/payments/${purchase.id}`), NOT_FOUND);
    expectRefusal(await t.as(sub.token).post(`/api/payments/${purchase.id}/confirm`), NOT_FOUND);
    expectRefusal(await t.as(other.token).post(`/api/payments/${purchase.id}/confirm`), NOT_FOUND);
    const sales = (await t.as(master.token).get('/api/payments')).json().data;
    expect(sales).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: purchase.id, buyer_username: sub.account.username }),
      ]),
    );

    const confirmations = [
      await t.as(master.token).post(`/api/payments/${purchase.id}/confirm`),
      await t.as(master.token).post(`/api/payments/${purchase.id}/confirm`),
    ];
    expect(confirmations.map((response) => response.json().state)).toEqual(['paid', 'paid']);
    expect(await balanceOf(t.db, master.account.id)).toBe('0.00');
    expect(await balanceOf(t.db, sub.account.id)).toBe('120.00');
    const moves = (await ledgerRowsOf(t.db, sub.account.id)).filter(
      (row) => row.action === 'credits_bought_pix',
    );
    expect(moves).toEqual([expect.objectContaining({ kind: 'transfer', amount: '100.00' })]);
    const logs = (await logsAboutAccount(t.db, sub.account.id)).filter(
      (row) => row.action === 'credits_bought_pix',
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorId: master.account.id,
      valueInt: 100,
      details: { payment: purchase.reference },
    });
    const history = (await t.as(sub.token).get('/api/credit-purchases')).json().data;
    expect(history.map((row: { id: number; state: string }) => [row.id, row.state])).toContainEqual([
      purchase.id,
      'paid',
    ]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('waits for the seller’s credits and sends them once they arrive; the admin sells to a master by minting', async () => {
    const admin = await createSignedInAccount(t.app, { role: 'admin' });
    const master = await createSignedInAccount(t.app, { credits: '20', parent: admin.account });
    const sub = await createSignedInAccount(t.app, { credits: '0', parent: master.account });
    for (const seller of [admin, master]) {
      await t.as(seller.token).put('/api/payments/settings', STATIC);
      await t.as(seller.token).put('/api/payments/credit-sale', SALE);
    }
    const purchase = (await t.as(sub.token).post('/api/credit-purchases', { credits: 100 })).json();
    const pending = await t.as(master.token).post(`/api/payments/${purchase.id}/confirm`);
    expect(pending.json()).toMatchObject({
      state: 'renewal_pending',
      renewal_pending_reason: 'insufficient_credits',
    });
    expect(await balanceOf(t.db, master.account.id)).toBe('20.00');
    expect((await t.as(master.token).get('/api/payments/alerts')).json()).toEqual({ renewal_pending: 1 });

    // The master buys 100 from the admin (a mint: the admin's balance never moves), then the worker sends.
    const bought = (await t.as(master.token).post('/api/credit-purchases', { credits: 100 })).json();
    expect(bought.amount).toBe('50.00');
    expect((await t.as(admin.token).post(`/api/payments/${bought.id}/confirm`)).json().state).toBe('paid');
    expect(await balanceOf(t.db, master.account.id)).toBe('120.00');
    const delivered = await waitFor(
      () => t.as(sub.token).get(`/api/credit-purchases/${purchase.id}`),
      (response) => response.json().state === 'paid',
    );
    expect(delivered.json()).toMatchObject({ state: 'paid', renewal_pending_reason: null });
    expect(await balanceOf(t.db, master.account.id)).toBe('20.00');
    expect(await balanceOf(t.db, sub.account.id)).toBe('100.00');
    expect(
      (await ledgerRowsOf(t.db, master.account.id)).filter((row) => row.action === 'credits_bought_pix'),
    ).toEqual([
      expect.objectContaining({ kind: 'mint', amount: '100.00' }),
      expect.objectContaining({ kind: 'transfer', amount: '-100.00' }),
    ]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

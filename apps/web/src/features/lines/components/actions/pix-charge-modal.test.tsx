import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { PixChargeModal } from './pix-charge-modal';

afterEach(cleanNotifications);

const PRICES = {
  data: [
    {
      package_id: 17,
      package_name: 'Completo 1 mês',
      months: 1,
      official_credits: '1.00',
      p2p: true,
      price: '25.90',
    },
    {
      package_id: 20,
      package_name: 'Trimestral',
      months: 3,
      official_credits: '2.50',
      p2p: false,
      price: '70.00',
    },
    {
      package_id: 42,
      package_name: 'Completo 2 meses',
      months: 2,
      official_credits: '2.00',
      p2p: true,
      price: null,
    },
  ],
};

const payment = (state: 'pending' | 'paid') => ({
  id: 8,
  reference: 'K7M2Q9X4ABCDEF234567',
  purpose: 'line_renewal',
  provider: 'static_pix',
  state,
  renewal_pending_reason: null,
  amount: '70.00',
  line_id: 31,
  line_username: 'cliente01',
  package_id: 20,
  package_name: 'Trimestral',
  months: 3,
  buyer_account_id: null,
  buyer_username: null,
  credits: null,
  pix_code: state === 'pending' ? '00020126360014br.gov.bcb.pix0114529982247256304ABCD' : null,
  ticket_url: null,
  created_at: '2026-11-20T12:30:00.000Z',
  expires_at: '2026-11-21T12:30:00.000Z',
  paid_at: state === 'paid' ? '2026-11-20T12:35:00.000Z' : null,
  renewed_at: state === 'paid' ? '2026-11-20T12:35:00.000Z' : null,
});

describe("'Cobrar por PIX' (decision 0160)", () => {
  it('offers the priced packages, shows the PIX code, and the confirmed receipt renews and refreshes', async () => {
    const calls = mockApi({
      'GET /payments/prices': { body: PRICES },
      'POST /payments/charges': { status: 201, body: payment('pending') },
      'POST /payments/8/confirm': { body: payment('paid') },
    });
    // The profile of the kit is account 7: the line is its own.
    const view = renderActionModal(PixChargeModal, buildModalLine({ reseller_id: 7, max_connections: 2 }));
    const select = await screen.findByTestId('pix-charge-package');
    expect((select as HTMLInputElement).value).toBe('Completo 1 mês - R$ 25,90');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Trimestral - R$ 70,00', hidden: true }));
    expect(screen.queryByRole('option', { name: /Completo 2 meses/, hidden: true })).toBeNull();
    // 2,50 a screen for 2 screens: what the renewal costs the reseller.
    expect(screen.getByText(/Seus créditos na renovação: 5,00/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('pix-charge-start'));
    expect((await screen.findByTestId('pix-charge-code')).textContent).toContain('br.gov.bcb.pix');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ line_id: 31, package_id: 20 });
    fireEvent.click(screen.getByTestId('pix-charge-confirm'));
    expect(await screen.findByText('Pagamento confirmado: usuário renovado.')).toBeInTheDocument();
    expect(screen.getByTestId('pix-charge-state').textContent).toBe('Pago');
    await waitFor(() => expect(view.listInvalidated() && view.balanceRefreshed()).toBe(true));
  });

  it('says so for a line of another account, without asking anything', async () => {
    const calls = mockApi({});
    renderActionModal(PixChargeModal, buildModalLine({ reseller_id: 99 }));
    expect((await screen.findByTestId('pix-charge-not-own')).textContent).toBe(PAYMENT_MESSAGES.notOwnLine);
    expect(calls).toHaveLength(0);
  });
});

import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment, PaymentList } from '@panel/shared/payments/payments-api';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { PaymentsPage } from './payments-page';

afterEach(cleanNotifications);

function buildPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 3,
    reference: 'K7M2Q9X4ABCDEF234567',
    purpose: 'line_renewal',
    provider: 'static_pix',
    state: 'pending',
    renewal_pending_reason: null,
    amount: '25.90',
    line_id: 101,
    line_username: 'cliente01',
    package_id: 17,
    package_name: 'Completo 1 mês',
    months: 1,
    buyer_account_id: null,
    buyer_username: null,
    credits: null,
    pix_code: '000201…',
    ticket_url: null,
    created_at: '2026-11-20T12:30:00.000Z',
    expires_at: '2026-11-21T12:30:00.000Z',
    paid_at: null,
    renewed_at: null,
    ...overrides,
  };
}

function listOf(payments: Payment[], renewalPending = 0): PaymentList {
  return {
    data: payments,
    meta: { page: 1, pages: 1, per: 10, total: payments.length },
    totals: {
      received: '1234.50',
      received_count: 4,
      pending: '25.90',
      pending_count: 1,
      refunded: '0.00',
      refunded_count: 0,
      renewal_pending_count: renewalPending,
    },
    period: { from: '2026-10-21T03:00:00.000Z', to: '2026-11-21T03:00:00.000Z' },
  };
}

function renderPage(tab: 'payments' | 'settings' = 'payments') {
  return renderWithProviders(
    <>
      <Notifications />
      <PaymentsPage profile={buildProfile()} tab={tab} />
    </>,
  );
}

describe("'Pagamentos' (decision 0160)", () => {
  it('shows the period’s totals and the payments; a static PIX is confirmed from its row', async () => {
    let state: Payment['state'] = 'pending';
    const calls = mockApi({
      'GET /payments': () => ({
        body: listOf([buildPayment({ state })], state === 'renewal_pending' ? 1 : 0),
      }),
      'POST /payments/3/confirm': () => {
        state = 'renewal_pending';
        return {
          body: buildPayment({ state, renewal_pending_reason: 'insufficient_credits', pix_code: null }),
        };
      },
    });
    renderPage();
    expect((await screen.findByTestId('payments-total-received-amount')).textContent).toBe('R$ 1.234,50');
    expect(screen.getByTestId('payments-total-pending-amount').textContent).toBe('R$ 25,90');
    const row = (await screen.findAllByTestId('payments-table-row'))[0]!;
    expect(within(row).getByTestId('payment-state').textContent).toBe('Aguardando pagamento');
    expect(calls[0]?.query.get('dates')).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z,\d{4}-\d{2}-\d{2}T.*Z$/);
    fireEvent.click(within(row).getByTestId('payment-confirm'));
    expect(await screen.findByText(PAYMENT_MESSAGES.pendingInsufficientCredits)).toBeInTheDocument();
    expect(await screen.findByTestId('payments-renewal-pending')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('payments-table-row')[0]!).getByTestId('payment-state').textContent,
      ).toBe('Pago, renovação pendente'),
    );
  });

  it("'Recebimentos' checks the PIX key with the shared rule, then saves the account and the prices", async () => {
    const calls = mockApi({
      'GET /payments/settings': {
        body: {
          provider: 'none',
          pix_key: null,
          merchant_name: null,
          merchant_city: null,
          mercadopago_token_hint: null,
          mercadopago_webhook_secret_set: false,
          notification_url: 'http://localhost/api/payments/mercadopago/notifications/7',
        },
      },
      'PUT /payments/settings': (call) => ({
        body: {
          ...(call.body as object),
          pix_key: '52998224725',
          mercadopago_token_hint: null,
          mercadopago_webhook_secret_set: false,
          notification_url: 'x',
        },
      }),
      'GET /payments/prices': {
        body: {
          data: [
            {
              package_id: 17,
              package_name: 'Completo 1 mês',
              months: 1,
              official_credits: '1.00',
              p2p: true,
              price: null,
            },
          ],
        },
      },
      'PUT /payments/prices': {
        body: {
          data: [
            {
              package_id: 17,
              package_name: 'Completo 1 mês',
              months: 1,
              official_credits: '1.00',
              p2p: true,
              price: '25.90',
            },
          ],
        },
      },
    });
    renderPage('settings');
    const account = await screen.findByTestId('payment-account-card');
    fireEvent.click(within(account).getByTestId('payment-provider'));
    fireEvent.click(await screen.findByRole('option', { name: /PIX estático/, hidden: true }));
    fireEvent.change(within(account).getByTestId('payment-pix-key'), { target: { value: '123' } });
    fireEvent.click(within(account).getByTestId('payment-account-save'));
    expect(await within(account).findByText(PAYMENT_MESSAGES.pixKeyInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(within(account).getByTestId('payment-pix-key'), { target: { value: '529.982.247-25' } });
    fireEvent.change(within(account).getByTestId('payment-merchant-name'), { target: { value: 'Revenda' } });
    fireEvent.change(within(account).getByTestId('payment-merchant-city'), { target: { value: 'Recife' } });
    fireEvent.click(within(account).getByTestId('payment-account-save'));
    await waitFor(() =>
      expect((within(account).getByTestId('payment-pix-key') as HTMLInputElement).value).toBe('52998224725'),
    );

    const prices = screen.getByTestId('payment-prices-card');
    fireEvent.change(within(prices).getByTestId('payment-price-17'), { target: { value: '25,90' } });
    fireEvent.click(within(prices).getByTestId('payment-prices-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.path === '/payments/prices')?.body).toEqual({
        prices: [{ package_id: 17, price: '25.90' }],
      }),
    );
  });
});

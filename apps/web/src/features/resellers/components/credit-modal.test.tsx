import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { buildProfile } from '@test/fixtures/profile';
import { mockApi } from '@test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { buildReseller } from '@test/fixtures/reseller';
import { CreditModal, previewTotal } from './credit-modal';

function renderModal(credits = '100.00', onClose = vi.fn()) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile());
  renderWithProviders(<CreditModal reseller={buildReseller({ credits })} onClose={onClose} />, {
    queryClient,
  });
  /** The profile, which holds the top bar's balance, is stale and will be asked again. */
  const balanceRefreshed = () =>
    queryClient.getQueryState(profileQueryOptions().queryKey)?.isInvalidated === true;
  return { onClose, balanceRefreshed };
}

const typeValue = async (value: string) =>
  fireEvent.change(await screen.findByTestId('credit-value'), { target: { value } });

describe('CreditModal (docs/product/rules.md#credit-management)', () => {
  it('previews the new total as the value is typed', async () => {
    renderModal('100.00');
    expect((await screen.findByTestId('credit-current')).textContent).toBe('100,00');
    expect(screen.getByTestId('credit-new-total').textContent).toBe('100,00');
    await typeValue('15');
    expect(screen.getByTestId('credit-new-total').textContent).toBe('115,00');
    await typeValue('-40');
    expect(screen.getByTestId('credit-new-total').textContent).toBe('60,00');
  });

  it('floors the new total at 0', async () => {
    renderModal('5.50');
    await typeValue('-10');
    expect(screen.getByTestId('credit-new-total').textContent).toBe('0,00');
    expect(previewTotal('5.50', '-1000')).toBe('0,00');
    expect(previewTotal('1234.50', 'abc')).toBe('1.234,50');
  });

  it.each(['9', '-9', '0', ''])('refuses %j with "É necessário um mínimo de 10 creditos"', async (value) => {
    const calls = mockApi({});
    renderModal();
    await typeValue(value);
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.creditChangeMin)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('refuses decimals with "Insira somente números"', async () => {
    renderModal();
    await typeValue('10,5');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.creditsNumeric)).toHaveLength(1);
  });

  it('sends the whole number, closes and refreshes the top-bar balance', async () => {
    const calls = mockApi({
      'POST /resellers/21/credits': {
        body: { reseller: buildReseller({ credits: '85.00' }), caller_credits: '915.00' },
      },
    });
    const { onClose, balanceRefreshed } = renderModal();
    await typeValue('-15');
    fireEvent.click(screen.getByTestId('credit-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/resellers/21/credits', body: { value: -15 } });
    expect(balanceRefreshed()).toBe(true);
  });

  it('shows the server refusal under the input it names', async () => {
    mockApi({
      'POST /resellers/21/credits': {
        status: 409,
        body: {
          status: 409,
          code: 'insufficient_credits',
          message: 'Créditos insuficientes.',
          field: 'value',
        },
      },
    });
    const { onClose } = renderModal();
    await typeValue('5000');
    fireEvent.click(screen.getByTestId('credit-submit'));
    expect(await screen.findAllByText('Créditos insuficientes.')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists the reseller ledger in the second tab', async () => {
    mockApi({
      'GET /resellers/21/ledger': {
        body: {
          data: [
            {
              id: 5,
              created_at: '2026-11-21T15:00:00.000Z',
              kind: 'transfer',
              action: 'add',
              type: 'credits',
              amount: '15.00',
              balance_before: '10.00',
              balance_after: '25.00',
              actor_id: 7,
              actor_username: 'revenda01',
              counterparty_id: 7,
              counterparty_username: 'revenda01',
              target_account_id: 21,
              line_id: null,
            },
          ],
          meta: { page: 1, pages: 1, per: 5, total: 1 },
        },
      },
    });
    renderModal();
    fireEvent.click(await screen.findByTestId('credit-tab-ledger'));
    expect((await screen.findByTestId('ledger-amount')).textContent).toBe('+15,00');
    expect(screen.getAllByText('10,00 → 25,00')).toHaveLength(1);
    expect(screen.getAllByText('21/11/2026 12:00')).toHaveLength(1);
    expect(screen.getByTestId('ledger-table-footer').textContent).toBe('Página 1 a 1 - Quantidade 1');
  });
});

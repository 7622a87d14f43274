import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivationCode, Batch } from '@panel/shared/activation-codes/activation-codes-api';
import { buildComplements } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ActivationBatchPage } from './activation-batch-page';
import { ActivationBatchesPage } from './activation-batches-page';

afterEach(cleanNotifications);

const BATCH: Batch = {
  id: 4,
  created_at: '2026-11-20T13:00:00.000Z',
  owner_id: 9,
  owner_username: 'revenda01',
  package_id: 17,
  package_name: 'Completo 1 mês',
  system: 1,
  screens: 1,
  is_trial: false,
  months: 1,
  trial_hours: null,
  quantity: 2,
  note: 'Loja Centro',
  unit_price: '1.00',
  total_price: '2.00',
  in_stock: 1,
  used: 1,
  cancelled: 0,
};

const STOCK: ActivationCode = {
  id: 11,
  batch_id: 4,
  code: '482109375562',
  state: 'stock',
  line_id: 70,
  activated_at: null,
  expires_at: null,
  cancelled_at: null,
};
const USED: ActivationCode = {
  ...STOCK,
  id: 12,
  code: '573829104456',
  state: 'active',
  line_id: 71,
  activated_at: '2026-11-21T15:30:00.000Z',
  expires_at: '2026-12-21T15:30:00.000Z',
};

const page = (data: ActivationCode[]) => ({
  body: { data, meta: { page: 1, pages: 1, per: 50, total: data.length } },
});

describe('activation codes screens (docs/product/screens.md#activation-codes)', () => {
  it('shows each code in groups with its state and cancels an unused one after asking', async () => {
    const calls = mockApi({
      'GET /activation-batches/4': { body: BATCH },
      'GET /activation-codes': page([STOCK, USED]),
      'POST /activation-codes/11/cancel': {
        body: { code: { ...STOCK, state: 'cancelled' }, refunded: '1.00', balance: '9.00' },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <Notifications />
        <ActivationBatchPage batchId={4} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('batch-title')).toHaveTextContent('Lote #4');
    expect(await screen.findByTestId('code-11-code')).toHaveTextContent('4821 0937 5562');
    expect(screen.getByTestId('code-11-state')).toHaveTextContent('Em estoque');
    expect(screen.getByTestId('code-12-state')).toHaveTextContent('Ativado');
    expect(screen.getByTestId('code-12-state')).toHaveTextContent('ativado em 21/11/2026 12:30');
    expect(screen.getByTestId('code-12-state')).toHaveTextContent('expira em 21/12/2026');
    expect(screen.queryByTestId('code-12-cancel')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/activation-codes')?.query.get('batch')).toBe('4');

    fireEvent.click(screen.getByTestId('code-11-cancel'));
    const dialog = await screen.findByTestId('code-cancel');
    expect(dialog).toHaveTextContent('4821 0937 5562');
    expect(dialog).toHaveTextContent('1,00 créditos voltam');
    fireEvent.click(within(dialog).getByTestId('code-cancel-confirm'));
    expect(await screen.findByText('Código cancelado: 1,00 créditos devolvidos.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/activation-codes/11/cancel')).toBe(
      true,
    );
  });

  it('buys a batch with the price the server charges: the package, plus extra screens × months', async () => {
    const calls = mockApi({
      'GET /activation-batches': { body: { data: [], meta: { page: 1, pages: 1, per: 20, total: 0 } } },
      'GET /complements': { body: buildComplements() },
      'POST /activation-batches': { status: 201, body: { batch: BATCH, charged: '2.00', balance: '8.00' } },
      'GET /activation-batches/4': { body: BATCH },
      'GET /activation-codes': page([]),
    });
    renderWithProviders(
      <MemoryRouter>
        <Notifications />
        <ActivationBatchesPage profile={buildProfile({ type: 'reseller' })} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('batches-empty')).toHaveTextContent('Nenhum lote de códigos');
    fireEvent.click(screen.getByTestId('codes-buy-open'));
    const dialog = await screen.findByTestId('codes-buy');
    fireEvent.click(within(dialog).getByTestId('codes-buy-package'));
    fireEvent.click(await screen.findByRole('option', { name: 'Trimestral', hidden: true }));
    fireEvent.change(within(dialog).getByTestId('codes-buy-screens'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByTestId('codes-buy-quantity'), { target: { value: '2' } });
    // 2,50 + 1 extra screen × 3 months = 5,50 a code; 2 codes.
    await waitFor(() =>
      expect(within(dialog).getByTestId('codes-buy-cost')).toHaveTextContent(
        'Custo: 11,00 créditos (5,50 por código)',
      ),
    );
    fireEvent.click(within(dialog).getByTestId('codes-buy-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      trial: false,
      system: 1,
      package_id: 33,
      screens: 2,
      quantity: 2,
    });
  });
});

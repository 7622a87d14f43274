import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkProgress } from '@panel/shared/line-bulk/bulk-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { BulkActionDialog } from './bulk-action-dialog';
import { BulkToolbar } from './bulk-toolbar';
import { useLineSelection } from './use-line-selection';

afterEach(() => vi.restoreAllMocks());

function Toolbar({ onAction }: { onAction: () => void }) {
  const selection = useLineSelection('filters');
  return <BulkToolbar selection={selection} pageIds={[1, 2]} total={30} totalExact onAction={onAction} />;
}

const progress = (over: Partial<BulkProgress>): BulkProgress => ({
  id: 7,
  kind: 'renew_month',
  created_at: '2026-11-28T10:00:00.000Z',
  total: 2,
  done: 0,
  refused: 0,
  cancelled: 0,
  pending: 2,
  charged: '0.00',
  finished: false,
  ...over,
});

describe('bulk actions on /users (docs/product/screens.md#users-bulk-actions)', () => {
  it('ticks the page, then widens to every line matching the filters', () => {
    const onAction = vi.fn();
    renderWithProviders(<Toolbar onAction={onAction} />);
    expect(screen.getByTestId('bulk-actions-button')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Selecionar todos desta página'));
    expect(screen.getByTestId('bulk-selected-count').textContent).toBe('2 selecionados');
    fireEvent.click(screen.getByTestId('bulk-select-matching'));
    expect(screen.getByTestId('bulk-selected-count').textContent).toBe(
      'Todos os 30 que correspondem aos filtros',
    );
    fireEvent.click(screen.getByTestId('bulk-clear'));
    expect(screen.queryByTestId('bulk-selected-count')).toBeNull();
  });

  it('shows the total and the balance before confirming, runs the action and lists what was refused and why', async () => {
    const calls = mockApi({
      'POST /users/bulk/preview': {
        body: {
          line_ids: [11, 12],
          count: 2,
          capped: false,
          missing: 0,
          paid: true,
          free: false,
          cost: '3.00',
          balance: '10.00',
          refusals: [{ reason: LINE_MESSAGES.trialConversionRequired, count: 1 }],
        },
      },
      'POST /users/bulk': { status: 201, body: progress({}) },
      'POST /users/bulk/7/run': {
        body: progress({ done: 1, refused: 1, pending: 0, charged: '3.00', finished: true }),
      },
      'GET /users/bulk/7': {
        body: {
          ...progress({ done: 1, refused: 1, pending: 0, charged: '3.00', finished: true }),
          lines: [
            {
              line_id: 11,
              username: 'cliente11',
              outcome: 'done',
              reason: null,
              charged: '3.00',
              link: null,
              phone: null,
            },
            {
              line_id: 12,
              username: 'teste12',
              outcome: 'refused',
              reason: LINE_MESSAGES.trialConversionRequired,
              charged: null,
              link: null,
              phone: null,
            },
          ],
        },
      },
    });
    renderWithProviders(
      <BulkActionDialog
        kind="renew_month"
        selection={{ by: 'ids', ids: new Set([11, 12]) }}
        filters={{}}
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('bulk-preview-total')).textContent).toBe('3,00');
    expect(screen.getByTestId('bulk-preview-balance').textContent).toBe('10,00');
    expect(screen.getByTestId('bulk-preview-refusals').textContent).toContain(
      '1 usuário: Este usuário é um teste.',
    );
    expect(calls.find((call) => call.path === '/users/bulk/preview')?.body).toEqual({
      action: { kind: 'renew_month', convert_trial: false },
      selection: { by: 'ids', ids: [11, 12] },
    });

    fireEvent.click(screen.getByTestId('bulk-confirm'));
    const result = await screen.findByTestId('bulk-result');
    expect(calls.find((call) => call.path === '/users/bulk')?.body).toEqual({
      action: { kind: 'renew_month', convert_trial: false },
      line_ids: [11, 12],
    });
    expect(within(result).getByTestId('bulk-result-done').textContent).toBe('1');
    expect(within(result).getByTestId('bulk-result-charged').textContent).toBe('3,00');
    // The refused line comes first, with the single renewal's own message.
    const [first] = within(result).getAllByTestId('bulk-result-line');
    expect(first?.textContent).toContain('teste12');
    expect(first?.textContent).toContain(LINE_MESSAGES.trialConversionRequired);
  });
});

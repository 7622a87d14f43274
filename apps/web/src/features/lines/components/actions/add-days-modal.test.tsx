import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { AddDaysModal } from './add-days-modal';
import {
  INSUFFICIENT_CREDITS,
  actionResult,
  buildModalLine,
  cleanNotifications,
  renderActionModal,
} from '@test/line-action-kit';

afterEach(cleanNotifications);

const p2pLine = (overrides = {}) =>
  buildModalLine({ system: 2, extra_days_enabled: 1, extra_days: 0, ...overrides });
const daysSelect = () => screen.getByRole<HTMLSelectElement>('combobox', { name: /Dias/ });
const confirm = () => screen.getByRole('button', { name: 'Confirmar' });

describe('AddDaysModal (docs/product/rules.md#extension, docs/product/contradictions.md#add-days-range, docs/product/costs.md#extension)', () => {
  it('offers 1 to 3 days, labelled up to 3 days', () => {
    renderActionModal(AddDaysModal, p2pLine());
    expect(Array.from(daysSelect().options).map((option) => option.textContent)).toEqual([
      '1 dia',
      '2 dias',
      '3 dias',
    ]);
    expect(screen.getAllByText('Dias (até 3 dias)')).toHaveLength(1);
  });

  it('shows the price days / 30 credits, rounded up to the cent (the server charges the same)', async () => {
    const user = userEvent.setup();
    renderActionModal(AddDaysModal, p2pLine());
    expect(screen.getByTestId('add-days-price').textContent).toBe('Custo: 0,04 créditos');
    await user.selectOptions(daysSelect(), '2');
    expect(screen.getByTestId('add-days-price').textContent).toBe('Custo: 0,07 créditos');
    await user.selectOptions(daysSelect(), '3');
    expect(screen.getByTestId('add-days-price').textContent).toBe('Custo: 0,10 créditos');
  });

  it("shows 'Grátis (admin)' to an admin", () => {
    renderActionModal(AddDaysModal, p2pLine(), { type: 'admin' });
    expect(screen.getByTestId('add-days-price').textContent).toBe('Grátis (admin)');
  });

  it.each([
    ['an IPTV line', { system: 1 as const }],
    ['a trial', { is_trial: 1 as const }],
    ['a line already extended', { extra_days: 2 }],
    ['extensions switched off', { extra_days_enabled: 0 as const }],
  ])('is refused for %s', (_case, overrides) => {
    renderActionModal(AddDaysModal, p2pLine(overrides));
    expect(screen.getByTestId('add-days-refused').textContent).toBe(LINE_MESSAGES.addDaysNotAllowed);
    expect(screen.queryByTestId('add-days-submit')).not.toBeInTheDocument();
  });

  it("adds the days: 'Dias adicionados com sucesso', balance and list refreshed", async () => {
    const line = p2pLine();
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /users/31/add-days': { body: actionResult(line, '0.10') } });
    const { onClose, balanceRefreshed, listInvalidated } = renderActionModal(AddDaysModal, line);
    await user.selectOptions(daysSelect(), '3');
    await user.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ days: 3 });
    expect(await screen.findAllByText('Dias adicionados com sucesso')).toHaveLength(1);
    expect(balanceRefreshed()).toBe(true);
    expect(listInvalidated()).toBe(true);
  });

  it("shows 'Créditos insuficientes.' under the form", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /users/31/add-days': INSUFFICIENT_CREDITS });
    const { onClose } = renderActionModal(AddDaysModal, p2pLine());
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Créditos insuficientes\.$/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Cobrado: X créditos' when the charge differs from the preview", async () => {
    const line = p2pLine();
    const user = userEvent.setup();
    mockApi({ 'POST /users/31/add-days': { body: actionResult(line, '0.05') } });
    renderActionModal(AddDaysModal, line);
    await user.click(confirm());
    expect(await screen.findByTestId('add-days-charged')).toHaveTextContent('Cobrado: 0,05 créditos');
  });
});

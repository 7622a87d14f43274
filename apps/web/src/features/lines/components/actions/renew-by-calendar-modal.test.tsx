import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { panelTime } from '@panel/shared/lines/panel-calendar';
import { mockApi } from '@test/mock-api';
import { RenewByCalendarModal, calendarRefusal } from './renew-by-calendar-modal';
import {
  INSUFFICIENT_CREDITS,
  actionResult,
  buildModalLine,
  cleanNotifications,
  renderActionModal,
} from '@test/line-action-kit';

// 21/11/2026 12:00 in Brasília; the line expires 25/11/2026 at 12:00.
const NOW = panelTime('2026-11-21', 12, 0);
const EXP = panelTime('2026-11-25', 12, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
  cleanNotifications();
});

const dateInput = () => screen.getByTestId('renew-calendar-date') as HTMLInputElement;
const pick = (date: string) => fireEvent.change(dateInput(), { target: { value: date } });

describe('RenewByCalendarModal (docs/product/rules.md#renewals, docs/product/rules.md#calendar-window, docs/product/rules.md#line-actions)', () => {
  it('limits the date input to the window: the day after expiry up to one month later', async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }));
    expect(dateInput().min).toBe('2026-11-26');
    expect(dateInput().max).toBe('2026-12-25');
  });

  it("asks for a date: 'Por favor, selecione uma data'", async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }));
    await user.click(screen.getByTestId('renew-calendar-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.dateRequired)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('refuses the current expiry day and anything before it', async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }));
    pick('2026-11-25');
    expect(await screen.findAllByText(LINE_MESSAGES.dateNotAfterExpiry)).toHaveLength(1);
    pick('2026-11-22');
    expect(await screen.findAllByText(LINE_MESSAGES.dateNotAfterExpiry)).toHaveLength(1);
    expect(screen.queryByTestId('renew-calendar-price')).not.toBeInTheDocument();
  });

  it('refuses a date more than one month ahead', async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }));
    pick('2026-12-26');
    expect(await screen.findAllByText(LINE_MESSAGES.dateOutOfWindow)).toHaveLength(1);
  });

  it('shows the days and the price days / 30 × screens, rounded up to the cent', async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP, max_connections: 2 }));
    pick('2026-12-05');
    expect((await screen.findByTestId('renew-calendar-days')).textContent).toBe(
      '10 dias · Novo vencimento: 05/12/2026 23:59',
    );
    expect(screen.getByTestId('renew-calendar-price').textContent).toBe('Custo: 0,67 créditos');
    pick('2026-12-25');
    expect(await screen.findAllByText(/^30 dias/)).toHaveLength(1);
    expect(screen.getByTestId('renew-calendar-price').textContent).toBe('Custo: 2,00 créditos');
  });

  it('prices one day at 0,04 per screen: thirty of them never sell a month for less', async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP, max_connections: 1 }));
    pick('2026-11-26');
    await waitFor(() =>
      expect(screen.getByTestId('renew-calendar-price').textContent).toBe('Custo: 0,04 créditos'),
    );
  });

  it("shows 'Grátis (admin)' to an admin", async () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }), { type: 'admin' });
    pick('2026-12-05');
    expect((await screen.findByTestId('renew-calendar-price')).textContent).toBe('Grátis (admin)');
  });

  it("is refused for trials: 'Não permitido' instead of the form", () => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP, is_trial: 1 }));
    const refused = screen.getByTestId('renew-calendar-refused');
    expect(refused).toHaveTextContent(LINE_MESSAGES.notAllowedTitle);
    expect(refused).toHaveTextContent(LINE_MESSAGES.notForTrials);
    expect(screen.queryByTestId('renew-calendar-date')).not.toBeInTheDocument();
  });

  it.each([
    ['blocked', { enabled: 0 as const }],
    ['expired', { exp_date: NOW - 60 }],
  ])("is refused for an inactive (%s) line: 'Usuário inativo'", (_case, overrides) => {
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP, ...overrides }));
    const refused = screen.getByTestId('renew-calendar-refused');
    expect(refused).toHaveTextContent(LINE_MESSAGES.inactiveTitle);
    expect(refused).toHaveTextContent(LINE_MESSAGES.onlyActive);
    expect(screen.queryByTestId('renew-calendar-submit')).not.toBeInTheDocument();
  });

  it('checks trial before activity, like the server', () => {
    expect(calendarRefusal(buildModalLine({ is_trial: 1, enabled: 0 }), NOW)?.title).toBe('Não permitido');
    expect(calendarRefusal(buildModalLine({ exp_date: EXP }), NOW)).toBeNull();
  });

  it('sends only the date, toasts, refreshes the balance and the list, and closes', async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ exp_date: EXP, max_connections: 2 });
    const calls = mockApi({ 'POST /users/31/renew-by-calendar': { body: actionResult(line, '0.67') } });
    const { onClose, balanceRefreshed, listInvalidated } = renderActionModal(RenewByCalendarModal, line);
    pick('2026-12-05');
    await screen.findByTestId('renew-calendar-price');
    await user.click(screen.getByTestId('renew-calendar-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ selected_date: '2026-12-05' });
    expect(await screen.findAllByText('Usuário renovado com sucesso')).toHaveLength(1);
    expect(balanceRefreshed()).toBe(true);
    expect(listInvalidated()).toBe(true);
  });

  it("says 'Cobrado: X créditos' when the server's charge differs", async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ exp_date: EXP, max_connections: 2 });
    mockApi({ 'POST /users/31/renew-by-calendar': { body: actionResult(line, '0.73') } });
    const { onClose } = renderActionModal(RenewByCalendarModal, line);
    pick('2026-12-05');
    await screen.findByTestId('renew-calendar-price');
    await user.click(screen.getByTestId('renew-calendar-submit'));
    expect(await screen.findByTestId('renew-calendar-charged')).toHaveTextContent('Cobrado: 0,73 créditos');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows 'Créditos insuficientes.' under the form", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /users/31/renew-by-calendar': INSUFFICIENT_CREDITS });
    renderActionModal(RenewByCalendarModal, buildModalLine({ exp_date: EXP }));
    pick('2026-12-05');
    await screen.findByTestId('renew-calendar-price');
    await user.click(screen.getByTestId('renew-calendar-submit'));
    expect((await screen.findByTestId('renew-calendar-error')).textContent).toBe('Créditos insuficientes.');
  });
});

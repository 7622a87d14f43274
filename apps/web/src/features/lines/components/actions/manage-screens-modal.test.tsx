import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCREENS_POLICY_TEXTS } from '@panel/shared/online/screens-policy';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, expiryAt2359 } from '@panel/shared/lines/panel-calendar';
import { mockApi } from '@test/mock-api';
import { ManageScreensModal, screensChange } from './manage-screens-modal';
import {
  INSUFFICIENT_CREDITS,
  actionResult,
  buildModalLine,
  cleanNotifications,
  renderActionModal,
} from '@test/line-action-kit';

const NOW = 1_800_000_000;
const DAY = 86_400;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  vi.useRealTimers();
  cleanNotifications();
});

const typeChange = (value: string) =>
  fireEvent.change(screen.getByTestId('screens-change'), { target: { value } });

describe('ManageScreensModal (docs/product/rules.md#screens, docs/product/costs.md#screens)', () => {
  it('shows the current screens', () => {
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 3 }));
    expect(screen.getByTestId('screens-current').textContent).toBe('3');
  });

  it('prices added screens × months left (a partial month counts, at least 1)', () => {
    // 45 days left: more than one calendar month, so 2 months.
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 1, exp_date: NOW + 45 * DAY }));
    typeChange('2');
    expect(screen.getByTestId('screens-total').textContent).toBe('3');
    expect(screen.getByTestId('screens-price').textContent).toBe('Custo: 4,00 créditos');
  });

  it('prices a line sold for N months N per added screen, as the renewal calendar counts them', () => {
    // Created now as 'Completo 1 mês' with 'Expira às 23:59': 30 days and some hours, one month.
    const oneMonthAt2359 = expiryAt2359(addPanelMonths(NOW, 1));
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 1, exp_date: oneMonthAt2359 }));
    typeChange('1');
    expect(screen.getByTestId('screens-price').textContent).toBe('Custo: 1,00 créditos');
  });

  it('prices a fresh 3-month line three months per added screen', () => {
    renderActionModal(
      ManageScreensModal,
      buildModalLine({ max_connections: 1, exp_date: addPanelMonths(NOW, 3) }),
    );
    typeChange('1');
    expect(screen.getByTestId('screens-price').textContent).toBe('Custo: 3,00 créditos');
  });

  it('charges an expired line one month per added screen', () => {
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 1, exp_date: NOW - DAY }));
    typeChange('1');
    expect(screen.getByTestId('screens-price').textContent).toBe('Custo: 1,00 créditos');
  });

  it("removes for free: 'sem custo'", () => {
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 3 }));
    typeChange('-2');
    expect(screen.getByTestId('screens-total').textContent).toBe('1');
    expect(screen.getByTestId('screens-price').textContent).toBe('sem custo');
  });

  it("shows 'Grátis (admin)' to an admin for additions", () => {
    renderActionModal(ManageScreensModal, buildModalLine(), { type: 'admin' });
    typeChange('1');
    expect(screen.getByTestId('screens-price').textContent).toBe('Grátis (admin)');
  });

  it('never goes below 1 screen nor above 100', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(ManageScreensModal, buildModalLine({ max_connections: 2 }));
    typeChange('-2');
    expect(screen.queryByTestId('screens-price')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('screens-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.screensMinimum)).toHaveLength(1);
    typeChange('99');
    expect(await screen.findAllByText(LINE_MESSAGES.screensMaximum)).toHaveLength(1);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    expect(screensChange(2, -1)).toBe(-1);
    expect(screensChange(2, -2)).toBeNull();
    expect(screensChange(2, 98)).toBe(98);
  });

  it('tells how screens are counted and freed, as the server applies them (decision 0062)', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 503,
      body: { message: 'Serviço indisponível.' },
    };
    mockApi({ 'GET /users/screens-policy': () => answer });
    renderActionModal(ManageScreensModal, buildModalLine());
    await screen.findByTestId('screens-policy-error');
    answer = { status: 200, body: { grace_seconds: 30, hold_seconds: 90, ends_oldest: false } };
    await user.click(screen.getByTestId('screens-policy-error-retry'));
    const policy = await screen.findByTestId('screens-policy');
    expect(policy).toHaveTextContent(SCREENS_POLICY_TEXTS.title);
    expect(policy).toHaveTextContent(
      'Quando o aparelho para de assistir, a tela fica livre em até 30 segundos (em até 90 segundos quando o conteúdo vem direto do servidor de streaming).',
    );
    expect(policy).toHaveTextContent(SCREENS_POLICY_TEXTS.refused);
  });

  it("accepts only whole numbers: 'Informe somente números'", async () => {
    const user = userEvent.setup();
    renderActionModal(ManageScreensModal, buildModalLine());
    typeChange('1,5');
    await user.click(screen.getByTestId('screens-submit'));
    expect(await screen.findAllByText('Informe somente números')).toHaveLength(1);
  });

  it.each([
    ['a trial', { is_trial: 1 as const }],
    ['a P2P line', { system: 2 as const }],
    ['a hybrid line', { system: 3 as const }],
  ])('is refused for %s', (_case, overrides) => {
    renderActionModal(ManageScreensModal, buildModalLine(overrides));
    expect(screen.getByTestId('screens-refused').textContent).toBe(LINE_MESSAGES.screensNotAllowed);
  });

  it("sends the signed change: 'Telas atualizadas com sucesso'", async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ max_connections: 3 });
    const calls = mockApi({ 'POST /users/31/screens': { body: actionResult(line, '0.00') } });
    const { onClose, balanceRefreshed, listInvalidated } = renderActionModal(ManageScreensModal, line);
    typeChange('-1');
    await user.click(screen.getByTestId('screens-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ screens: -1 });
    expect(await screen.findAllByText('Telas atualizadas com sucesso')).toHaveLength(1);
    expect(balanceRefreshed()).toBe(true);
    expect(listInvalidated()).toBe(true);
  });

  it("shows 'Créditos insuficientes.' under the form", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /users/31/screens': INSUFFICIENT_CREDITS });
    renderActionModal(ManageScreensModal, buildModalLine());
    typeChange('5');
    await user.click(screen.getByTestId('screens-submit'));
    expect((await screen.findByTestId('screens-error')).textContent).toBe('Créditos insuficientes.');
  });

  it("says 'Cobrado: X créditos' when the server charged something else", async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ max_connections: 1, exp_date: NOW + 10 * DAY });
    mockApi({ 'POST /users/31/screens': { body: actionResult(line, '2.00') } });
    renderActionModal(ManageScreensModal, line);
    typeChange('1');
    await user.click(screen.getByTestId('screens-submit'));
    expect(await screen.findByTestId('screens-charged')).toHaveTextContent('Cobrado: 2,00 créditos');
  });
});

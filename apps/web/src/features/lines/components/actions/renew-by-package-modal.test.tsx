import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { RenewByPackageModal } from './renew-by-package-modal';
import {
  INSUFFICIENT_CREDITS,
  actionResult,
  buildModalLine,
  cleanNotifications,
  renderActionModal,
} from '@test/line-action-kit';

afterEach(cleanNotifications);

const select = () => screen.getByTestId('renew-package-select') as HTMLSelectElement;
const optionLabels = () => Array.from(select().options).map((option) => option.textContent);
const choose = (id: number) => fireEvent.change(select(), { target: { value: String(id) } });

describe('RenewByPackageModal (docs/product/rules.md#renewals, docs/product/costs.md#renewals)', () => {
  it.each([1, 3] as const)('offers the IPTV list to a line of system %i', async (system) => {
    renderActionModal(RenewByPackageModal, buildModalLine({ system }));
    await screen.findByTestId('renew-package-select');
    expect(optionLabels()).toEqual(['Selecione…', 'Mensal', 'Trimestral IPTV', 'P2P Trimestral']);
  });

  it('offers a P2P line only the P2P packages', async () => {
    renderActionModal(RenewByPackageModal, buildModalLine({ system: 2 }));
    await screen.findByTestId('renew-package-select');
    expect(optionLabels()).toEqual(['Selecione…', 'Mensal', 'P2P Trimestral']);
  });

  it('shows the price, official credits × screens, before confirming', async () => {
    renderActionModal(RenewByPackageModal, buildModalLine({ max_connections: 3 }));
    await screen.findByTestId('renew-package-select');
    expect(screen.queryByTestId('renew-package-price')).not.toBeInTheDocument();
    choose(20);
    expect(screen.getByTestId('renew-package-price').textContent).toBe('Custo: 7,50 créditos');
    choose(17);
    expect(screen.getByTestId('renew-package-price').textContent).toBe('Custo: 3,00 créditos');
  });

  it("shows 'Grátis (admin)' to an admin", async () => {
    renderActionModal(RenewByPackageModal, buildModalLine(), { type: 'admin' });
    await screen.findByTestId('renew-package-select');
    choose(20);
    expect(screen.getByTestId('renew-package-price').textContent).toBe('Grátis (admin)');
  });

  it("refuses to send without a package: 'Selecione um pacote'", async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(RenewByPackageModal, buildModalLine());
    await user.click(await screen.findByTestId('renew-package-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.packageRequired)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('renews, toasts, refreshes the balance, invalidates the list and closes', async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ max_connections: 2 });
    const calls = mockApi({ 'POST /users/31/renew-package': { body: actionResult(line, '5.00') } });
    const { onClose, balanceRefreshed, listInvalidated } = renderActionModal(RenewByPackageModal, line);
    await screen.findByTestId('renew-package-select');
    choose(20);
    await user.click(screen.getByTestId('renew-package-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { package_id: 20 } });
    expect(await screen.findAllByText('Usuário renovado com sucesso')).toHaveLength(1);
    expect(screen.getAllByText('Sucesso')).toHaveLength(1);
    expect(balanceRefreshed()).toBe(true);
    expect(listInvalidated()).toBe(true);
  });

  it('asks a trial explicitly for its conversion into a paid line, and sends that confirmation', async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ is_trial: 1, package_id: 61 });
    const calls = mockApi({ 'POST /users/31/renew-package': { body: actionResult(line, '5.00') } });
    const { onClose } = renderActionModal(RenewByPackageModal, line);
    await screen.findByTestId('renew-package-select');
    expect(screen.getByTestId('renew-package-trial-conversion')).toHaveTextContent(
      'Renovar o converte em usuário pago',
    );
    expect(screen.getByTestId('renew-package-submit').textContent).toBe('Converter e renovar');
    choose(20);
    await user.click(screen.getByTestId('renew-package-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ package_id: 20, convert_trial: true });
  });

  it('never sends a conversion for a line that is not a trial', async () => {
    const user = userEvent.setup();
    const line = buildModalLine();
    const calls = mockApi({ 'POST /users/31/renew-package': { body: actionResult(line, '5.00') } });
    const { onClose } = renderActionModal(RenewByPackageModal, line);
    await screen.findByTestId('renew-package-select');
    expect(screen.queryByTestId('renew-package-trial-conversion')).not.toBeInTheDocument();
    choose(20);
    await user.click(screen.getByTestId('renew-package-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ package_id: 20 });
  });

  it("says 'Cobrado: X créditos' when the server charged something else than the preview", async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ max_connections: 2 });
    mockApi({ 'POST /users/31/renew-package': { body: actionResult(line, '7.50', '42.50') } });
    const { onClose } = renderActionModal(RenewByPackageModal, line);
    await screen.findByTestId('renew-package-select');
    choose(20);
    await user.click(screen.getByTestId('renew-package-submit'));
    const notice = await screen.findByTestId('renew-package-charged');
    expect(within(notice).getAllByText('Cobrado: 7,50 créditos')).toHaveLength(1);
    expect(screen.getAllByText('Saldo atual: 42,50 créditos')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('renew-package-charged-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Créditos insuficientes.' under the form and stays open", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /users/31/renew-package': INSUFFICIENT_CREDITS });
    const { onClose, balanceRefreshed } = renderActionModal(RenewByPackageModal, buildModalLine());
    await screen.findByTestId('renew-package-select');
    choose(17);
    await user.click(screen.getByTestId('renew-package-submit'));
    expect((await screen.findByTestId('renew-package-error')).textContent).toBe('Créditos insuficientes.');
    expect(onClose).not.toHaveBeenCalled();
    expect(balanceRefreshed()).toBe(false);
  });

  it('puts a refusal about the package under the select', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /users/31/renew-package': {
        status: 422,
        body: {
          status: 422,
          code: 'validation_failed',
          message: LINE_MESSAGES.packageInvalid,
          field: 'package_id',
        },
      },
    });
    renderActionModal(RenewByPackageModal, buildModalLine());
    await screen.findByTestId('renew-package-select');
    choose(42);
    await user.click(screen.getByTestId('renew-package-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.packageInvalid)).toHaveLength(1);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { HybridTransferModal } from './hybrid-transfer-modal';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';

const writeText = vi.fn(() => Promise.resolve());
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanNotifications);

const macInput = () => screen.getByTestId('hybrid-transfer-mac') as HTMLInputElement;
const typeMac = (value: string) => fireEvent.change(macInput(), { target: { value } });
const submit = () => screen.getByTestId('hybrid-transfer-submit') as HTMLButtonElement;
const MAC_TAKEN = {
  status: 409,
  body: { status: 409, code: 'conflict', message: LINE_MESSAGES.macTaken, field: 'macaddr' },
};

describe('HybridTransferModal (docs/product/rules.md#hybrid-transfer, docs/product/rules.md#mac-address)', () => {
  it("is titled 'Transferência para sistema Híbrido' and warns it is irreversible", () => {
    renderActionModal(HybridTransferModal, buildModalLine());
    expect(screen.getAllByText('Transferência para sistema Híbrido')).toHaveLength(1);
    const warning = screen.getByTestId('hybrid-transfer-warning').textContent ?? '';
    expect(warning).toContain('irreversível');
    expect(warning).toContain('o usuário e a senha do cliente serão trocados');
  });

  it('lowercases, strips non-hex and groups the MAC while typing, at most 17 characters', () => {
    mockApi({});
    renderActionModal(HybridTransferModal, buildModalLine());
    typeMac('AA-BB-zz-CC');
    expect(macInput().value).toBe('aa:bb:cc');
    expect(macInput().maxLength).toBe(17);
    typeMac('AABBCCDDEEFF1122');
    expect(macInput().value).toBe('aa:bb:cc:dd:ee:ff');
  });

  it('keeps confirm disabled until the MAC is complete and free', async () => {
    const calls = mockApi({ 'POST /users/checkmac': { body: { available: true } } });
    renderActionModal(HybridTransferModal, buildModalLine());
    expect(submit()).toBeDisabled();
    typeMac('aabbccddee');
    expect(submit()).toBeDisabled();
    expect(calls).toHaveLength(0);
    typeMac('aabbccddeeff');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(calls[0]?.body).toEqual({ macaddr: 'aa:bb:cc:dd:ee:ff', user_id: 31 });
  });

  it("says 'Este MAC address já está em uso.' and keeps confirm disabled", async () => {
    mockApi({ 'POST /users/checkmac': MAC_TAKEN });
    renderActionModal(HybridTransferModal, buildModalLine());
    typeMac('aabbccddeeff');
    expect(await screen.findAllByText(LINE_MESSAGES.macTaken)).toHaveLength(1);
    expect(submit()).toBeDisabled();
  });

  it('transfers, then shows the new username and password with copy buttons', async () => {
    const user = userEvent.setup();
    const transferred = buildModalLine({
      system: 3,
      username: 'k7pqr2mx',
      password: 'x9wv4tzq',
      macaddr: 'aa:bb:cc:dd:ee:ff',
    });
    const calls = mockApi({
      'POST /users/checkmac': { body: { available: true } },
      'POST /users/31/hybrid-transfer': { body: transferred },
    });
    const { onClose, listInvalidated } = renderActionModal(
      HybridTransferModal,
      buildModalLine({ full_name: null }),
    );
    typeMac('aabbccddeeff');
    fireEvent.change(screen.getByTestId('hybrid-transfer-full-name'), { target: { value: 'João' } });
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect((await screen.findByTestId('hybrid-transfer-username')).textContent).toBe('k7pqr2mx');
    expect(screen.getByTestId('hybrid-transfer-password').textContent).toBe('x9wv4tzq');
    expect(calls.at(-1)?.body).toEqual({ macaddr: 'aa:bb:cc:dd:ee:ff', full_name: 'João' });
    expect(await screen.findAllByText('Serviço alterado com sucesso')).toHaveLength(1);
    expect(listInvalidated()).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('hybrid-transfer-password-copy'));
    // userEvent.setup() puts its own clipboard in place of the stub above: read what was copied from it.
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('x9wv4tzq'));
    expect(await screen.findAllByText('Copiado para a área de transferência!')).toHaveLength(1);
    await user.click(screen.getByTestId('hybrid-transfer-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves the name out when none is typed', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'POST /users/checkmac': { body: { available: true } },
      'POST /users/31/hybrid-transfer': { body: buildModalLine({ system: 3 }) },
    });
    renderActionModal(HybridTransferModal, buildModalLine({ full_name: null }));
    typeMac('aabbccddeeff');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await screen.findByTestId('hybrid-transfer-credentials');
    expect(calls.at(-1)?.body).toEqual({ macaddr: 'aa:bb:cc:dd:ee:ff' });
  });

  it('puts a MAC taken meanwhile under the input', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /users/checkmac': { body: { available: true } },
      'POST /users/31/hybrid-transfer': MAC_TAKEN,
    });
    renderActionModal(HybridTransferModal, buildModalLine());
    typeMac('aabbccddeeff');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findAllByText(LINE_MESSAGES.macTaken)).toHaveLength(1);
  });

  it('refuses a line that is already hybrid', () => {
    renderActionModal(HybridTransferModal, buildModalLine({ system: 3 }));
    expect(screen.getByTestId('hybrid-transfer-refused').textContent).toBe(LINE_MESSAGES.alreadyHybrid);
  });
});

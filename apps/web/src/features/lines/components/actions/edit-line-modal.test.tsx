import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { EditLineModal } from './edit-line-modal';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';

afterEach(cleanNotifications);

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const MAC_TAKEN = {
  status: 409,
  body: { status: 409, code: 'conflict', message: LINE_MESSAGES.macTaken, field: 'macaddr' },
};

describe('EditLineModal (docs/product/rules.md#edit-line)', () => {
  it('starts from the line and sends only what the API needs (unchanged credentials are kept)', async () => {
    const user = userEvent.setup();
    const line = buildModalLine();
    const calls = mockApi({ 'PUT /users/31': { body: line } });
    const { onClose, listInvalidated } = renderActionModal(EditLineModal, line);
    expect(input('edit-line-username').value).toBe('cliente01');
    expect(input('edit-line-password').value).toBe('senha@19');
    expect(input('edit-line-full-name').value).toBe('Maria Souza');
    type('edit-line-notes', 'Cliente antigo');
    type('edit-line-phone', '+55 11 91234-5678');
    await user.click(screen.getByTestId('edit-line-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/users/31' });
    expect(calls[0]?.body).toEqual({
      bouquet: [1, 2],
      full_name: 'Maria Souza',
      reseller_notes: 'Cliente antigo',
      as_number: '+55 11 91234-5678',
    });
    expect(await screen.findAllByText('Usuário editado com sucesso')).toHaveLength(1);
    expect(listInvalidated()).toBe(true);
  });

  it('sends a changed username and password', async () => {
    const user = userEvent.setup();
    const line = buildModalLine();
    const calls = mockApi({ 'PUT /users/31': { body: line } });
    const { onClose } = renderActionModal(EditLineModal, line);
    type('edit-line-username', 'cliente02');
    type('edit-line-password', 'nova@senha9');
    await user.click(screen.getByTestId('edit-line-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ username: 'cliente02', password: 'nova@senha9' });
  });

  it("needs at least one bouquet: 'Selecione pelo menos um item.'", async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(EditLineModal, buildModalLine({ bouquet: [] }));
    await user.click(screen.getByTestId('edit-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.bouquetRequired)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('adds a bouquet from the multi-select', async () => {
    const line = buildModalLine({ bouquet: [1] });
    const calls = mockApi({ 'PUT /users/31': { body: line } });
    const { onClose } = renderActionModal(EditLineModal, line);
    const bouquets = input('edit-line-bouquets');
    fireEvent.focus(bouquets);
    fireEvent.click(bouquets);
    const listbox = await waitFor(() => {
      const found = document.querySelector(`[role="listbox"][aria-labelledby="${bouquets.id}-label"]`);
      expect(found).toBeInTheDocument();
      return found as HTMLElement;
    });
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Séries', hidden: true }));
    fireEvent.click(screen.getByTestId('edit-line-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ bouquet: [1, 3] });
  });

  it.each([
    ['a space in the username', 'edit-line-username', 'cliente 01', LINE_MESSAGES.usernameCharset],
    [
      'a special character in the username',
      'edit-line-username',
      'cliente#01',
      LINE_MESSAGES.usernameCharset,
    ],
    ['a space in the password', 'edit-line-password', 'senha 19x', LINE_MESSAGES.passwordCharset],
    ['a special character in the password', 'edit-line-password', 'senha$19x', LINE_MESSAGES.passwordCharset],
  ])('blocks submit on %s', async (_case, testId, value, message) => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(EditLineModal, buildModalLine());
    type(testId, value);
    await user.click(screen.getByTestId('edit-line-submit'));
    expect(await screen.findAllByText(message)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('formats the MAC while typing and checks it once complete, with the line id', async () => {
    const calls = mockApi({ 'POST /users/checkmac': { body: { available: true } } });
    renderActionModal(EditLineModal, buildModalLine());
    type('edit-line-mac', 'AA-BB-CC-DD-E');
    expect(input('edit-line-mac').value).toBe('aa:bb:cc:dd:e');
    expect(calls).toHaveLength(0);
    type('edit-line-mac', 'AA-BB-CC-DD-EE-FF-00');
    expect(input('edit-line-mac').value).toBe('aa:bb:cc:dd:ee:ff');
    expect(await screen.findAllByTestId('edit-line-mac-free')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ macaddr: 'aa:bb:cc:dd:ee:ff', user_id: 31 });
  });

  it("says 'Este MAC address já está em uso.' and blocks submit for a taken MAC", async () => {
    mockApi({ 'POST /users/checkmac': MAC_TAKEN });
    renderActionModal(EditLineModal, buildModalLine());
    type('edit-line-mac', 'aabbccddeeff');
    expect(await screen.findAllByText(LINE_MESSAGES.macTaken)).toHaveLength(1);
    expect(screen.getByTestId('edit-line-submit')).toBeDisabled();
  });

  it('refuses an incomplete MAC', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderActionModal(EditLineModal, buildModalLine());
    type('edit-line-mac', 'aabbcc');
    await user.click(screen.getByTestId('edit-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.macInvalid)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('edits a hybrid line: only bouquet, full name, MAC and notes', async () => {
    const user = userEvent.setup();
    const line = buildModalLine({ system: 3, macaddr: 'aa:bb:cc:dd:ee:ff', as_number: '11912345678' });
    const calls = mockApi({ 'PUT /users/31': { body: line } });
    const { onClose } = renderActionModal(EditLineModal, line);
    expect(screen.getByTestId('edit-line-hybrid-note').textContent).toBe(LINE_MESSAGES.hybridEditOnly);
    expect(screen.queryByTestId('edit-line-username')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-line-password')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-line-phone')).not.toBeInTheDocument();
    type('edit-line-full-name', 'Maria S.');
    await user.click(screen.getByTestId('edit-line-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The line's own MAC is not asked about again.
    expect(calls.map((call) => call.path)).toEqual(['/users/31']);
    expect(calls[0]?.body).toEqual({
      bouquet: [1, 2],
      full_name: 'Maria S.',
      macaddr: 'aa:bb:cc:dd:ee:ff',
      reseller_notes: null,
    });
  });

  it('puts a taken username under its input', async () => {
    const user = userEvent.setup();
    mockApi({
      'PUT /users/31': {
        status: 409,
        body: { status: 409, code: 'conflict', message: LINE_MESSAGES.usernameTaken, field: 'username' },
      },
    });
    const { onClose } = renderActionModal(EditLineModal, buildModalLine());
    type('edit-line-username', 'cliente02');
    await user.click(screen.getByTestId('edit-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.usernameTaken)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { mockApi } from '@test/mock-api';
import { ChangeServiceModal } from './change-service-modal';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';

afterEach(cleanNotifications);

const select = () => screen.getByTestId('change-service-select') as HTMLSelectElement;
const choose = (system: number) => fireEvent.change(select(), { target: { value: String(system) } });
const submit = () => screen.getByTestId('change-service-submit') as HTMLButtonElement;

describe('ChangeServiceModal (docs/product/rules.md#services)', () => {
  it('offers IPTV, P2P and Híbrido, starting from the current one', () => {
    renderActionModal(ChangeServiceModal, buildModalLine({ system: 1 }));
    expect(Array.from(select().options).map((option) => option.textContent)).toEqual([
      'IPTV',
      'P2P',
      'Híbrido',
    ]);
    expect(select().value).toBe('1');
    expect(submit()).toBeDisabled();
  });

  it("changes IPTV to P2P: 'Serviço alterado com sucesso'", async () => {
    const line = buildModalLine({ system: 1 });
    const calls = mockApi({ 'POST /users/31/change_system': { body: { ...line, system: 2 } } });
    const { onClose, listInvalidated } = renderActionModal(ChangeServiceModal, line);
    choose(2);
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ system_id: 2 });
    expect(await screen.findAllByText('Serviço alterado com sucesso')).toHaveLength(1);
    expect(listInvalidated()).toBe(true);
  });

  it("warns 'Usuário híbrido sem MAC Address' and offers the hybrid transfer", async () => {
    const calls = mockApi({});
    renderActionModal(ChangeServiceModal, buildModalLine({ system: 1, macaddr: null }));
    choose(3);
    expect(screen.getByTestId('change-service-no-mac').textContent).toContain(LINE_MESSAGES.hybridWithoutMac);
    expect(submit()).toBeDisabled();
    fireEvent.click(screen.getByTestId('change-service-transfer'));
    expect(await screen.findAllByTestId('hybrid-transfer-modal')).toHaveLength(1);
    expect(screen.getAllByTestId('hybrid-transfer-mac')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('moves a line with a MAC to hybrid after the warning and shows the new credentials', async () => {
    const line = buildModalLine({ system: 2, macaddr: 'aa:bb:cc:dd:ee:ff' });
    mockApi({
      'POST /users/31/change_system': {
        body: { ...line, system: 3, username: 'n3wuser8', password: 'p4ssw0rdx' },
      },
    });
    const { onClose } = renderActionModal(ChangeServiceModal, line);
    choose(3);
    expect(screen.getByTestId('change-service-warning').textContent).toContain('irreversível');
    fireEvent.click(submit());
    expect((await screen.findByTestId('change-service-username')).textContent).toBe('n3wuser8');
    expect(screen.getByTestId('change-service-password').textContent).toBe('p4ssw0rdx');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("turns the server's 'Usuário híbrido sem MAC Address' into the transfer suggestion", async () => {
    mockApi({
      'POST /users/31/change_system': {
        status: 422,
        body: {
          status: 422,
          code: 'validation_failed',
          message: LINE_MESSAGES.hybridWithoutMac,
          field: 'macaddr',
        },
      },
    });
    // The row was stale: the list said it had a MAC.
    renderActionModal(ChangeServiceModal, buildModalLine({ system: 1, macaddr: 'aa:bb:cc:dd:ee:ff' }));
    choose(3);
    fireEvent.click(submit());
    expect(await screen.findAllByTestId('change-service-transfer')).toHaveLength(1);
  });

  it('does not offer to leave hybrid (irreversible)', () => {
    renderActionModal(ChangeServiceModal, buildModalLine({ system: 3, macaddr: 'aa:bb:cc:dd:ee:ff' }));
    expect(screen.getByTestId('change-service-refused').textContent).toBe(LINE_MESSAGES.hybridIrreversible);
    expect(screen.queryByTestId('change-service-select')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { buildReseller } from '@test/fixtures/reseller';
import { TransferPage, transferWarning } from './transfer-page';

const OPTIONS = [
  { label: 'master01', value: 3 },
  { label: 'revenda02', value: 7 },
];

/** Opens one searchable select and clicks an option of its own list box. */
async function choose(testId: string, label: string) {
  const input = screen.getByTestId(testId);
  fireEvent.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls', expect.stringMatching(/./)));
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(listbox).findByRole('option', { name: label, hidden: true }));
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(label));
}

describe('TransferPage (docs/product/screens.md#reseller-transfer, docs/product/rules.md#transfer-form)', () => {
  it('asks for both accounts', async () => {
    mockApi({ 'POST /resellers/select_search': { body: OPTIONS } });
    renderWithProviders(<TransferPage />);
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.resellerRequired)).toHaveLength(1);
    expect(screen.getAllByText(RESELLER_MESSAGES.masterRequired)).toHaveLength(1);
    expect(screen.queryByText(RESELLER_MESSAGES.transferConfirm)).toBeNull();
  });

  it('picks the submit warning of the first missing account', () => {
    expect(transferWarning({ resellerId: { type: 'custom' } })).toBe(
      RESELLER_MESSAGES.resellerMissingOnSubmit,
    );
    expect(transferWarning({ masterId: { type: 'custom', message: RESELLER_MESSAGES.masterRequired } })).toBe(
      RESELLER_MESSAGES.masterMissingOnSubmit,
    );
    expect(transferWarning({})).toBeUndefined();
  });

  it('confirms first; Cancelar sends nothing, Transferir sends the ids as integers', async () => {
    const calls = mockApi({
      'POST /resellers/select_search': { body: OPTIONS },
      'POST /resellers/transfer': { body: buildReseller({ id: 7, username: 'revenda02', master_id: 3 }) },
    });
    renderWithProviders(<TransferPage />);
    await choose('transfer-reseller', 'revenda02');
    await choose('transfer-master', 'master01');

    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.transferConfirm)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText(RESELLER_MESSAGES.transferConfirm)).toBeNull());
    expect(calls.some((call) => call.path === '/resellers/transfer')).toBe(false);

    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByText(RESELLER_MESSAGES.transferConfirm);
    fireEvent.click(screen.getByTestId('transfer-confirm-confirm'));
    await waitFor(() => expect(calls.some((call) => call.path === '/resellers/transfer')).toBe(true));
    expect(calls.find((call) => call.path === '/resellers/transfer')?.body).toEqual({
      resellerId: 7,
      masterId: 3,
    });
  });

  it('shows a refusal about the master under the master input', async () => {
    mockApi({
      'POST /resellers/select_search': { body: OPTIONS },
      'POST /resellers/transfer': {
        status: 422,
        body: {
          status: 422,
          code: 'validation_failed',
          message: RESELLER_MESSAGES.transferIntoOwnTree,
          field: 'masterId',
        },
      },
    });
    renderWithProviders(<TransferPage />);
    await choose('transfer-reseller', 'revenda02');
    await choose('transfer-master', 'master01');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    fireEvent.click(await screen.findByTestId('transfer-confirm-confirm'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.transferIntoOwnTree)).toHaveLength(1);
  });
});

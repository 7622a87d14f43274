import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { buildReseller } from '@test/fixtures/reseller';
import { EditResellerModal } from './edit-reseller-modal';

function renderModal(username = 'subrevenda') {
  const onClose = vi.fn();
  renderWithProviders(<EditResellerModal reseller={buildReseller({ username })} onClose={onClose} />);
  return onClose;
}

const answer = (username: string) => ({ body: buildReseller({ username, notes: 'paga em dia' }) });

describe('EditResellerModal (docs/product/rules.md#edit-reseller)', () => {
  it('refuses ! in a new username under the input, and sends nothing', async () => {
    const calls = mockApi({});
    renderModal();
    fireEvent.change(await screen.findByTestId('edit-reseller-username'), { target: { value: 'sub!rev02' } });
    fireEvent.click(screen.getByTestId('edit-reseller-submit'));
    expect(await screen.findAllByText(RESELLER_MESSAGES.usernameCharset)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('keeps an unchanged username created with ! out of the request, so the notes can be saved', async () => {
    const calls = mockApi({ 'PUT /resellers/21': answer('sub!rev03') });
    const onClose = renderModal('sub!rev03');
    fireEvent.change(await screen.findByTestId('edit-reseller-notes'), { target: { value: 'paga em dia' } });
    fireEvent.click(screen.getByTestId('edit-reseller-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/resellers/21' });
    expect(calls[0]?.body).toEqual({ notes: 'paga em dia' });
  });

  it('sends a changed username that follows the rule', async () => {
    const calls = mockApi({ 'PUT /resellers/21': answer('sub@rev03') });
    const onClose = renderModal();
    fireEvent.change(await screen.findByTestId('edit-reseller-username'), { target: { value: 'sub@rev03' } });
    fireEvent.click(screen.getByTestId('edit-reseller-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ username: 'sub@rev03', notes: '' });
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@panel/shared/auth/messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The error text Mantine shows under the input labelled `label`. */
const errorUnder = (label: string) =>
  field(label).closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')
    ?.textContent;

function fill(current: string, password: string, confirmation = password) {
  fireEvent.change(field('Senha atual'), { target: { value: current } });
  fireEvent.change(field('Nova senha'), { target: { value: password } });
  fireEvent.change(field('Confirme a nova senha'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

describe('ChangePasswordPage (docs/product/contradictions.md#change-password-asks-current: the current password too)', () => {
  it('asks for the current password before sending anything', async () => {
    const calls = mockApi({});
    renderWithProviders(<ChangePasswordPage />);
    fill('', 'nova@senha9');
    await screen.findByText(AUTH_MESSAGES.required);
    expect(errorUnder('Senha atual')).toBe(AUTH_MESSAGES.required);
    expect(errorUnder('Nova senha')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('sends the current password with the new one', async () => {
    const calls = mockApi({ 'PUT /profile/password': { status: 204 } });
    renderWithProviders(<ChangePasswordPage />);
    fill('Senha@atual7', 'nova@senha9');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      current_password: 'Senha@atual7',
      password: 'nova@senha9',
      password_confirmation: 'nova@senha9',
      // The other sessions end unless unticked (decision 0133).
      end_other_sessions: true,
    });
  });

  it("shows the server's refusal of the current password under its field", async () => {
    mockApi({
      'PUT /profile/password': {
        status: 400,
        body: {
          status: 400,
          code: 'validation_failed',
          field: 'current_password',
          message: AUTH_MESSAGES.currentPasswordWrong,
        },
      },
    });
    renderWithProviders(<ChangePasswordPage />);
    fill('Senha@errada9', 'nova@senha9');
    await screen.findByText('Senha atual incorreta.');
    expect(errorUnder('Senha atual')).toBe('Senha atual incorreta.');
  });
});

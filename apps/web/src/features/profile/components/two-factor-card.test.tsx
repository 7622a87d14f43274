import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { TwoFactorCard } from './two-factor-card';

afterEach(() => vi.restoreAllMocks());

const OFF = { enabled: false, required: false, enabled_at: null, recovery_codes_left: 0 };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Painel%20Revenda:revenda?secret=JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

describe('Profile → two-factor sign-in (decision 0130)', () => {
  it('shows the QR code and the key, confirms one code and then shows the recovery codes once', async () => {
    const calls = mockApi({
      'GET /profile/two-factor': { body: OFF },
      'POST /profile/two-factor/setup': { body: SETUP },
      'POST /profile/two-factor/confirm': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { recovery_codes: CODES } }
          : {
              status: 400,
              body: {
                status: 400,
                code: 'validation_failed',
                message: TWO_FACTOR_MESSAGES.codeInvalid,
                field: 'code',
              },
            },
    });
    renderWithProviders(<TwoFactorCard />);
    fireEvent.click(await screen.findByTestId('two-factor-enable'));
    const dialog = await screen.findByTestId('two-factor-enable-dialog');
    expect(await within(dialog).findByTestId('two-factor-secret')).toHaveTextContent(SETUP.secret);
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', SETUP.qr_code);
    // The other sessions end unless unticked (decision 0133).
    expect(within(dialog).getByRole('checkbox')).toBeChecked();

    fireEvent.change(within(dialog).getByTestId('two-factor-password'), {
      target: { value: 'Senha@forte9' },
    });
    fireEvent.change(within(dialog).getByTestId('two-factor-code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar verificação' }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeInvalid)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('two-factor-code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar verificação' }));
    const shown = await within(dialog).findByTestId('two-factor-recovery-codes');
    for (const code of CODES) expect(shown).toHaveTextContent(code);
    const confirms = calls.filter((call) => call.path === '/profile/two-factor/confirm');
    expect(confirms.at(-1)?.body).toEqual({
      password: 'Senha@forte9',
      code: '123456',
      end_other_sessions: false,
    });
    expect(calls.filter((call) => call.path === '/profile/two-factor/setup')).toHaveLength(1);
  });

  it('offers no way off while the admin requires it', async () => {
    mockApi({
      'GET /profile/two-factor': {
        body: {
          enabled: true,
          required: true,
          enabled_at: '2026-11-20T10:00:00.000Z',
          recovery_codes_left: 9,
        },
      },
    });
    renderWithProviders(<TwoFactorCard />);
    expect(await screen.findByTestId('two-factor-disable')).toBeDisabled();
    expect(screen.getByTestId('two-factor-status')).toHaveTextContent('9 códigos de recuperação restantes.');
  });

  it('turns off with the password and a code, showing a wrong code under its field', async () => {
    const calls = mockApi({
      'GET /profile/two-factor': {
        body: {
          enabled: true,
          required: false,
          enabled_at: '2026-11-20T10:00:00.000Z',
          recovery_codes_left: 10,
        },
      },
      'POST /profile/two-factor/disable': {
        status: 400,
        body: {
          status: 400,
          code: 'validation_failed',
          message: TWO_FACTOR_MESSAGES.codeInvalid,
          field: 'code',
        },
      },
    });
    renderWithProviders(<TwoFactorCard />);
    fireEvent.click(await screen.findByTestId('two-factor-disable'));
    const dialog = await screen.findByTestId('two-factor-disable-dialog');
    fireEvent.change(within(dialog).getByLabelText('Senha'), { target: { value: 'Senha@forte9' } });
    fireEvent.change(within(dialog).getByLabelText('Código do aplicativo ou de recuperação'), {
      target: { value: '000000' },
    });
    fireEvent.click(within(dialog).getByTestId('two-factor-disable-confirm'));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeInvalid)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/profile/two-factor/disable')?.body).toEqual({
        password: 'Senha@forte9',
        code: '000000',
      }),
    );
  });
});

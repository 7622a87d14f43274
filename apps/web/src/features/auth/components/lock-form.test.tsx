import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnlockInput } from '@panel/shared/auth/sign-in-schema';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@test/render';
import { LockForm, unlockFailureText } from './lock-form';

const refusal = (status: number, code: string) =>
  new ApiError({ status, body: { status, code, message: 'server text' }, message: 'server text' });

afterEach(() => vi.useRealTimers());

describe('LockForm', () => {
  it('asks for a 6-character password and the captcha', async () => {
    const onSubmit = vi.fn<(values: UnlockInput) => Promise<void>>();
    renderWithProviders(<LockForm captcha={{ provider: 'recaptcha', siteKey: 'k' }} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findAllByText('Mínimo de 6 caracteres')).toHaveLength(1);
    expect(screen.getAllByText('Por favor, complete o reCAPTCHA')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a refused unlock shows the unlock error and resets the captcha 10 s later', async () => {
    const onSubmit = vi
      .fn<(values: UnlockInput) => Promise<void>>()
      .mockRejectedValue(refusal(401, 'invalid_credentials'));
    renderWithProviders(
      <LockForm
        captcha={{ provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' }}
        onSubmit={onSubmit}
      />,
    );
    const widget = await screen.findByTestId('altcha-widget', {}, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const captchaValue = () =>
      (document.querySelector('input[type="hidden"][name="g-recaptcha-response"]') as HTMLInputElement).value;

    vi.useFakeTimers();
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'pow' } }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'senha1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    await act(() => vi.advanceTimersByTimeAsync(10));

    expect(onSubmit).toHaveBeenCalledWith({ password: 'senha1', 'g-recaptcha-response': 'pow' });
    expect(screen.getByTestId('unlock-error').textContent).toBe('Erro no desbloqueio. Tente novamente.');
    expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(9_900));
    expect(captchaValue()).toBe('pow');
    // The widget is reset: it reports itself unverified and the spent payload is dropped.
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(captchaValue()).toBe('');
  });

  it('maps refusals to the spec texts', () => {
    expect(unlockFailureText(refusal(401, 'invalid_credentials'))).toBe(
      'Erro no desbloqueio. Tente novamente.',
    );
    expect(unlockFailureText(refusal(422, 'captcha_failed'))).toBe(
      'Erro no reCAPTCHA, por favor tente novamente',
    );
    expect(unlockFailureText(refusal(429, 'rate_limited'))).toBe('server text');
    expect(unlockFailureText(new ApiError({ network: true, message: 'offline' }))).toBe(
      'Erro no desbloqueio. Tente novamente.',
    );
  });
});

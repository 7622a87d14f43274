import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CaptchaConfig, SignInInput } from '@panel/shared/auth/sign-in-schema';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@test/render';
import { LoginForm } from './login-form';

function renderForm(captcha: CaptchaConfig, onSubmit = vi.fn<(values: SignInInput) => Promise<void>>()) {
  renderWithProviders(<LoginForm captcha={captcha} onSubmit={onSubmit} />);
  return onSubmit;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginForm', () => {
  it('shows the shared messages on an empty submit and does not sign in', async () => {
    const onSubmit = renderForm({ provider: 'recaptcha', siteKey: 'site-key' });
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));

    expect(await screen.findAllByText('Preencha corretamente o nome do usuário')).toHaveLength(1);
    expect(screen.getAllByText('Mínimo de 5 caracteres')).toHaveLength(1);
    expect(screen.getAllByText('Por favor, complete o reCAPTCHA')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("without a captcha sends 'none' and no captcha message appears", async () => {
    const onSubmit = renderForm({ provider: 'none' });
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findAllByText('Preencha corretamente o nome do usuário')).toHaveLength(1);
    expect(screen.queryByText('Por favor, complete o reCAPTCHA')).toBeNull();

    fill('Usuário', '  revenda01 ');
    fill('Senha', 'segredo');
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        username: 'revenda01',
        password: 'segredo',
        'g-recaptcha-response': 'none',
      }),
    );
  });

  it('is usable before the captcha settings arrive: the captcha place shows a loader', async () => {
    const onSubmit = vi.fn<(values: SignInInput) => Promise<void>>();
    const { rerender } = renderWithProviders(<LoginForm captcha={undefined} onSubmit={onSubmit} />);
    expect(screen.getAllByLabelText('Carregando captcha')).toHaveLength(1);
    fill('Usuário', 'revenda01');
    fill('Senha', 'segredo');
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findAllByText('Por favor, complete o reCAPTCHA')).toHaveLength(1);

    // The settings arrive (no captcha): its token is set and, after a submit, its message goes.
    rerender(<LoginForm captcha={{ provider: 'none' }} onSubmit={onSubmit} />);
    await waitFor(() => expect(screen.queryByText('Por favor, complete o reCAPTCHA')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        username: 'revenda01',
        password: 'segredo',
        'g-recaptcha-response': 'none',
      }),
    );
  });

  it('after a submit, a message follows its input; the first invalid input gets the focus', async () => {
    renderForm({ provider: 'none' });
    fill('Usuário', 'revenda01');
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findAllByText('Mínimo de 5 caracteres')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Senha'));

    fill('Senha', 'segredo');
    await waitFor(() => expect(screen.queryByText('Mínimo de 5 caracteres')).toBeNull());
    fill('Usuário', ' ');
    expect(await screen.findAllByText('Preencha corretamente o nome do usuário')).toHaveLength(1);
  });

  it("shows the server's message when sign-in is refused", async () => {
    const noCredits = 'Para logar no Painel é necessário possuir créditos, contacte seu revenda master.';
    const onSubmit = vi.fn<(values: SignInInput) => Promise<void>>().mockRejectedValue(
      new ApiError({
        status: 403,
        body: { status: 403, code: 'no_credits', message: noCredits },
        message: noCredits,
      }),
    );
    renderForm({ provider: 'none' }, onSubmit);
    fill('Usuário', 'revenda01');
    fill('Senha', 'segredo');
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));

    expect((await screen.findByTestId('login-error')).textContent).toBe(noCredits);
  });

  it('takes the altcha payload once verified and shows the expiry message when it expires', async () => {
    const onSubmit = renderForm({ provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' });
    const widget = await screen.findByTestId('altcha-widget', {}, { timeout: 5000 });
    expect(widget.getAttribute('challenge') ?? (widget as unknown as { challenge?: string }).challenge).toBe(
      '/api/auth/captcha/challenge',
    );

    // Let the widget finish mounting (its own first state change) before it "solves" the challenge.
    await new Promise((resolve) => setTimeout(resolve, 50));

    fill('Usuário', 'revenda01');
    fill('Senha', 'segredo');
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload: 'pow-payload' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        username: 'revenda01',
        password: 'segredo',
        'g-recaptcha-response': 'pow-payload',
      }),
    );

    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'expired' } }));
    expect(await screen.findAllByText('reCAPTCHA expirou, por favor complete novamente')).toHaveLength(1);
  });
});

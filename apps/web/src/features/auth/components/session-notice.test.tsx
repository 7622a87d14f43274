import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '@panel/shared/auth/session-messages';
import { writeStoredAuth } from '@/lib/auth-storage';
import { writeSessionNotice } from '@/lib/session-notice';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { LockPage } from './lock-page';
import { LoginPage } from './login-page';

function renderAt(page: 'login' | 'lock') {
  mockApi({ 'GET /auth/captcha': { body: { provider: 'none' } } });
  renderWithProviders(<MemoryRouter>{page === 'login' ? <LoginPage /> : <LockPage />}</MemoryRouter>);
}

describe('the reason the panel sent the visitor to /login or /lock (decision 0029)', () => {
  it('/login says the session was ended, with the server’s reason', () => {
    writeSessionNotice({ kind: 'gone', message: SESSION_MESSAGES.accountBlocked });
    renderAt('login');
    expect(screen.getByTestId('session-notice').textContent).toBe(SESSION_MESSAGES.accountBlocked);
  });

  it('/lock says the spec 401 text; the other screen’s notice is not shown', () => {
    writeStoredAuth({ token: 't', user: { id: 1, username: 'ana' } });
    writeSessionNotice({
      kind: 'locked',
      message: 'Sessão expirada ou credenciais inválidas. Faça login novamente.',
    });
    renderAt('lock');
    expect(screen.getByTestId('session-notice').textContent).toBe(
      'Sessão expirada ou credenciais inválidas. Faça login novamente.',
    );
    renderAt('login');
    expect(screen.getAllByTestId('session-notice')).toHaveLength(1);
  });

  it('a visit of its own shows no notice', () => {
    renderAt('login');
    expect(screen.queryByTestId('session-notice')).toBeNull();
  });
});

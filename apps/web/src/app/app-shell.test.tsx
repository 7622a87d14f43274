import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { newsQueryOptions } from '@/features/news/api/get-news';
import { paymentAlertsQueryOptions } from '@/features/payments/api/get-payment-alerts';
import { complementsQueryOptions } from '@/lib/queries/complements-query';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { writeStoredAuth } from '@/lib/auth-storage';
import { changeLanguage } from '@/lib/i18n';
import { buildComplements } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { routes } from './route-table';

function renderApp(path: string, type: AccountType = 'reseller', settings: Record<string, string> = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(complementsQueryOptions().queryKey, buildComplements({ settings }));
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ type, credits: '1234.5' }));
  queryClient.setQueryData(newsQueryOptions().queryKey, { message: '', show_modal_message: false });
  queryClient.setQueryData(paymentAlertsQueryOptions().queryKey, { renewal_pending: 0 });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return router;
}

afterEach(() => changeLanguage('pt-BR'));

describe('authenticated shell', () => {
  it('shows the user, the built menu, the balance and the top bar controls', async () => {
    writeStoredAuth({ token: 'token', user: { id: 7, username: 'revenda01' } });
    renderApp('/dashboard', 'admin');

    expect(await screen.findByTestId('sidebar-username', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'revenda01',
    );
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Códigos de ativação',
      'Lembretes',
      'Domínios',
      'Pagamentos',
      'Logs',
      'Remoções de Conteúdo',
      'Transferir revenda',
    ]);
    // The resellers group (collapsed) is there too.
    expect(within(nav).getAllByText('Revendedores')).toHaveLength(1);
    expect(screen.getByTestId('credit-balance').textContent).toBe('1.234,50');
    expect(screen.getAllByRole('switch', { name: 'Alternar tema' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Configurações' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Alterar senha',
      'Configurações',
      'Bloquear painel',
      'Sair',
    ]);

    // The dashboard page itself (its chunk loads next to the ones the shell fetches after painting).
    expect(await screen.findByTestId('profile-type', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Administrador',
    );
    expect(screen.getByTestId('profile-credits').textContent).toBe('1.234,50');
    // The avatar is remembered for the lock screen.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.auth) ?? '{}').user.avatar).toBe('avatar3');
  });

  it("offers a reseller 'Migrar cliente' only while user_migration_list is 'true'; it opens the migration dialog", async () => {
    writeStoredAuth({ token: 'token', user: { id: 7, username: 'revenda01' } });
    renderApp('/dashboard', 'reseller', { user_migration_list: 'true' });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Migrar cliente' }));
    expect(await screen.findByTestId('migration-url', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("hides 'Migrar cliente' from a reseller while user_migration_list is 'false'", async () => {
    writeStoredAuth({ token: 'token', user: { id: 7, username: 'revenda01' } });
    renderApp('/dashboard', 'reseller', { user_migration_list: 'false' });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 5000 });
    await within(nav).findByText('Dashboard');
    expect(within(nav).queryByRole('button', { name: 'Migrar cliente' })).toBeNull();
  });

  it('the language switch translates the top bar and is remembered', async () => {
    writeStoredAuth({ token: 'token', user: { id: 7, username: 'revenda01' } });
    renderApp('/dashboard');
    await screen.findByTestId('credit-balance', {}, { timeout: 5000 });
    expect(screen.getAllByText('Créditos:')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Idioma' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findAllByText('Credits:')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('without a stored login a protected route goes to /login and is remembered', async () => {
    const router = renderApp('/profile/change-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectPath)).toBe('/profile/change-password');
    expect(await screen.findAllByText('Bem vindo de volta!', {}, { timeout: 5000 })).toHaveLength(1);
  });

  it('the root and unbuilt screens land on the dashboard', async () => {
    writeStoredAuth({ token: 'token', user: { id: 7, username: 'revenda01' } });
    const router = renderApp('/catalog/garbage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

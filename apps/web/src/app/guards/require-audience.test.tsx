import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import type { Audience } from '@/config/menu-types';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { buildProfile } from '@test/fixtures/profile';
import { mockApi } from '@test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { RequireAudience } from './require-audience';

function renderGuarded(audiences: readonly Audience[], type: AccountType) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ type }));
  return renderWithProviders(
    <MemoryRouter initialEntries={['/guarded']}>
      <Routes>
        <Route
          path="/guarded"
          element={
            <RequireAudience audiences={audiences}>
              <p>página protegida</p>
            </RequireAudience>
          }
        />
        <Route path="/dashboard" element={<p>página dashboard</p>} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RequireAudience', () => {
  it('shows an admin-only page to an admin', () => {
    renderGuarded(['admin'], 'admin');
    expect(screen.getAllByText('página protegida')).toHaveLength(1);
    expect(screen.queryByText('página dashboard')).toBeNull();
  });

  it.each<AccountType>(['reseller', 'publisher'])('sends a %s away from an admin-only page', async (type) => {
    renderGuarded(['admin'], type);
    expect(await screen.findAllByText('página dashboard')).toHaveLength(1);
    expect(screen.queryByText('página protegida')).toBeNull();
  });

  it('sends a publisher away from the screens of lines and resellers, and a reseller from analytics', async () => {
    renderGuarded(['adminOrReseller'], 'publisher');
    expect(await screen.findAllByText('página dashboard')).toHaveLength(1);
    renderGuarded(['adminOrPublisher'], 'reseller');
    expect(await screen.findAllByText('página dashboard')).toHaveLength(2);
  });

  it('asks every audience: a group for admins and publishers, an item for admins', async () => {
    renderGuarded(['adminOrPublisher', 'admin'], 'publisher');
    expect(await screen.findAllByText('página dashboard')).toHaveLength(1);
  });

  it('waits for the profile before deciding', () => {
    const queryClient = createTestQueryClient();
    // A profile request that never answers.
    queryClient.setQueryDefaults(profileQueryOptions().queryKey, { queryFn: () => new Promise(() => {}) });
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/news']}>
        <Routes>
          <Route
            path="/admin/news"
            element={<RequireAudience audiences={['admin']}>página de administração</RequireAudience>}
          />
          <Route path="/dashboard" element={<p>página dashboard</p>} />
        </Routes>
      </MemoryRouter>,
      { queryClient },
    );
    expect(screen.getAllByRole('status', { name: 'Carregando' })).toHaveLength(1);
    expect(screen.queryByText('página dashboard')).toBeNull();
    expect(screen.queryByText('página de administração')).toBeNull();
  });

  it('stays put while a locked session goes to /lock, so unlocking returns to this page', async () => {
    const calls = mockApi({
      'GET /profile': { status: 401, body: { status: 401, code: 'session_locked', message: 'x' } },
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/users']}>
        <Routes>
          <Route
            path="/users"
            element={<RequireAudience audiences={['adminOrReseller']}>usuários</RequireAudience>}
          />
          <Route path="/dashboard" element={<p>página dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole('status', { name: 'Carregando' })).toHaveLength(1);
    expect(screen.queryByText('página dashboard')).toBeNull();
  });

  it('says why when the profile could not be read, and asks again', async () => {
    mockApi({ 'GET /profile': { status: 500, body: { status: 500, code: 'internal_error', message: 'x' } } });
    renderWithProviders(
      <MemoryRouter initialEntries={['/users']}>
        <Routes>
          <Route
            path="/users"
            element={<RequireAudience audiences={['adminOrReseller']}>usuários</RequireAudience>}
          />
          <Route path="/dashboard" element={<p>página dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('profile-error-retry')).toBeInTheDocument();
    expect(screen.queryByText('página dashboard')).toBeNull();
  });
});

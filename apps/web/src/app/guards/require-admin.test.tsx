import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { RequireAdmin } from './require-admin';

function renderAdminPage(type: AccountType) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ type }));
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin/settings']}>
      <Routes>
        <Route
          path="/admin/settings"
          element={
            <RequireAdmin>
              <p>página de administração</p>
            </RequireAdmin>
          }
        />
        <Route path="/dashboard" element={<p>página dashboard</p>} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
}

describe('RequireAdmin', () => {
  it('shows the page to an admin', () => {
    renderAdminPage('admin');
    expect(screen.getAllByText('página de administração')).toHaveLength(1);
    expect(screen.queryByText('página dashboard')).toBeNull();
  });

  it.each<AccountType>(['reseller', 'publisher'])('sends a %s to /dashboard', async (type) => {
    renderAdminPage(type);
    expect(await screen.findAllByText('página dashboard')).toHaveLength(1);
    expect(screen.queryByText('página de administração')).toBeNull();
  });

  it('waits for the profile before deciding', () => {
    const queryClient = createTestQueryClient();
    // A profile request that never answers.
    queryClient.setQueryDefaults(profileQueryOptions().queryKey, { queryFn: () => new Promise(() => {}) });
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/news']}>
        <Routes>
          <Route path="/admin/news" element={<RequireAdmin>página de administração</RequireAdmin>} />
          <Route path="/dashboard" element={<p>página dashboard</p>} />
        </Routes>
      </MemoryRouter>,
      { queryClient },
    );
    expect(screen.getAllByRole('status', { name: 'Carregando' })).toHaveLength(1);
    expect(screen.queryByText('página dashboard')).toBeNull();
    expect(screen.queryByText('página de administração')).toBeNull();
  });
});

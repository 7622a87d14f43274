import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import { MIGRATION_MESSAGES, type MigrationCheckResult } from '@panel/shared/migration/migration-api';
import { mockApi } from '@test/mock-api';
import { buildLine } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { MigrationMenuDialog } from './migration-menu-dialog';

afterEach(() => notifications.clean());

const URL_TEXT = 'http://outro.provedor:8080/get.php?username=Cliente_Velho&password=Senha.Velha';
const CHECK: MigrationCheckResult = {
  server_dns: 'http://outro.provedor:8080',
  username: 'Cliente_Velho',
  formatted_exp_date: '05/12/2026',
  total_days: 10,
  max_connections: 2,
  credits_to_deduct: '0.67',
  suggested_username: 'clientevelho',
  suggested_password: null,
};

const LINKS = playlistLinks('http://tv.exemplo.com', 'clientevelho', 'SenhaVelha');

function renderMenuDialog() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ credits: '10.00' }));
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Notifications />
      <Routes>
        <Route path="*" element={<MigrationMenuDialog opened onClose={onClose} />} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
  return { onClose };
}

describe("the menu's 'Migrar cliente' (decision 0067)", () => {
  it('after the migration, the success modal shows the new credentials and links and says the customer needs them', async () => {
    const line = buildLine({ id: 92, username: 'clientevelho', password: 'SenhaVelha' });
    mockApi({
      'POST /migration/check': { body: CHECK },
      'POST /migration/migrate': { status: 201, body: { line, charged: '0.67', balance: '9.33' } },
      'GET /users/92/links': { body: { links: LINKS } },
      'GET /users/92/setup-messages': { body: { data: [], phone: null } },
    });
    const { onClose } = renderMenuDialog();
    fireEvent.change(screen.getByTestId('migration-url'), { target: { value: URL_TEXT } });
    fireEvent.click(screen.getByTestId('migration-verify'));
    fireEvent.change(await screen.findByTestId('migration-service'), { target: { value: 'iptv' } });
    fireEvent.click(screen.getByTestId('migration-submit'));

    await screen.findByTestId('line-created-modal');
    expect(screen.queryByTestId('migration-dialog')).toBeNull();
    expect(screen.queryByText(MIGRATION_MESSAGES.migratedTitle)).toBeInTheDocument();
    expect(screen.getByTestId('line-created-notice').textContent).toBe(
      MIGRATION_MESSAGES.migratedWithNewCredentials,
    );
    expect(screen.getByTestId('line-created-username').textContent).toBe('clientevelho');
    expect(screen.getByTestId('line-created-password').textContent).toBe('SenhaVelha');
    expect(((await screen.findByTestId('line-created-links-m3uPlus')) as HTMLInputElement).value).toBe(
      LINKS.m3uPlus,
    );
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('line-created-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

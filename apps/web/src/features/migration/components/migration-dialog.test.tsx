import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIGRATION_MESSAGES, type MigrationCheckResult } from '@panel/shared/migration/migration-api';
import { mockApi } from '@test/mock-api';
import { buildLine } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { MigrationDialog } from './migration-dialog';

afterEach(() => notifications.clean());

const URL_TEXT = 'http://outro.provedor:8080/get.php?username=cliente77&password=Senha77z&type=m3u_plus';
const CHECK: MigrationCheckResult = {
  server_dns: 'http://outro.provedor:8080',
  username: 'cliente77',
  formatted_exp_date: '05/12/2026',
  total_days: 10,
  max_connections: 2,
  credits_to_deduct: '0.67',
};

function renderDialog({ credits = '10.00', type = 'reseller' as const } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ credits, type }));
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Notifications />
      <Routes>
        <Route path="/dashboard" element={<MigrationDialog opened onClose={onClose} />} />
        <Route path="/users" element={<p>lista de usuários</p>} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
  return { onClose };
}

async function verify(url = URL_TEXT) {
  fireEvent.change(screen.getByTestId('migration-url'), { target: { value: url } });
  fireEvent.click(screen.getByTestId('migration-verify'));
}

describe('MigrationDialog (docs/product/screens.md#migration-dialog, docs/product/rules.md#migration-form)', () => {
  it("requires the playlist: 'O campo é obrigatório', nothing sent", async () => {
    const calls = mockApi({});
    renderDialog();
    fireEvent.click(screen.getByTestId('migration-verify'));
    expect(await screen.findByText(MIGRATION_MESSAGES.required)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("'Verificar' shows the check's fields; the service is required with its message; 'Migrar' migrates and goes to /users", async () => {
    const calls = mockApi({
      'POST /migration/check': { body: CHECK },
      'POST /migration/migrate': {
        status: 201,
        body: { line: buildLine({ id: 90, username: 'cliente77' }), charged: '0.67', balance: '9.33' },
      },
    });
    const { onClose } = renderDialog();
    await verify();
    expect((await screen.findByTestId('migration-server_dns')).textContent).toBe(
      'http://outro.provedor:8080',
    );
    expect(screen.getByTestId('migration-username').textContent).toBe('cliente77');
    expect(screen.getByTestId('migration-formatted_exp_date').textContent).toBe('05/12/2026');
    expect(screen.getByTestId('migration-total_days').textContent).toBe('10');
    expect(screen.getByTestId('migration-max_connections').textContent).toBe('2');
    expect(screen.getByTestId('migration-credits_to_deduct').textContent).toBe('0,67');
    expect(screen.getByText(MIGRATION_MESSAGES.serviceHint)).toBeTruthy();
    expect(screen.getByTestId('migration-balance').textContent).toBe('Seu saldo: 10,00 créditos');
    expect(calls[0]?.body).toEqual({ url: URL_TEXT });

    fireEvent.click(screen.getByTestId('migration-submit'));
    expect(await screen.findByText(MIGRATION_MESSAGES.serviceRequired)).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByTestId('migration-service'), { target: { value: 'p2p' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[1]?.body).toEqual({ url: URL_TEXT, service: 'p2p' });
    expect(await screen.findByText(MIGRATION_MESSAGES.migrated)).toBeTruthy();
    expect(await screen.findByText('lista de usuários')).toBeTruthy();
  });

  it("disables 'Migrar' when the balance minus credits_to_deduct is below 0", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '10.01' } } });
    renderDialog({ credits: '10.00' });
    await verify();
    expect(((await screen.findByTestId('migration-submit')) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('migration-not-enough')).toBeTruthy();
  });

  it("keeps 'Migrar' enabled when the balance covers exactly the price", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '10.00' } } });
    renderDialog({ credits: '10.00' });
    await verify();
    expect(((await screen.findByTestId('migration-submit')) as HTMLButtonElement).disabled).toBe(false);
  });

  it("an admin sees 'Grátis (admin)'", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '999.00' } } });
    renderDialog({ credits: '0.00', type: 'admin' as 'reseller' });
    await verify();
    expect((await screen.findByTestId('migration-price')).textContent).toBe('Grátis (admin)');
    expect((screen.getByTestId('migration-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the provider's refusal under the URL, in Portuguese", async () => {
    mockApi({
      'POST /migration/check': {
        status: 422,
        body: { status: 422, code: 'validation_failed', message: MIGRATION_MESSAGES.refused, field: 'url' },
      },
    });
    renderDialog();
    await verify();
    expect(await screen.findByText(MIGRATION_MESSAGES.refused)).toBeTruthy();
    expect(screen.queryByTestId('migration-check')).toBeNull();
  });

  it("shows a refusal of the migration (username taken) in the dialog, and 'Voltar' resets to the URL step", async () => {
    mockApi({
      'POST /migration/check': { body: CHECK },
      'POST /migration/migrate': {
        status: 409,
        body: { status: 409, code: 'conflict', message: MIGRATION_MESSAGES.usernameTaken, field: 'url' },
      },
    });
    renderDialog();
    await verify();
    fireEvent.change(await screen.findByTestId('migration-service'), { target: { value: 'iptv' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    expect((await screen.findByTestId('migration-error')).textContent).toBe(MIGRATION_MESSAGES.usernameTaken);
    fireEvent.click(screen.getByTestId('migration-back'));
    expect(((await screen.findByTestId('migration-url')) as HTMLInputElement).value).toBe(URL_TEXT);
    expect(screen.queryByTestId('migration-check')).toBeNull();
  });
});

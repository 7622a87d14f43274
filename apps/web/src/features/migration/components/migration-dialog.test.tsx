import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { MIGRATION_MESSAGES, type MigrationCheckResult } from '@panel/shared/migration/migration-api';
import { FIELD_MESSAGES } from '@panel/shared/validation/field-messages';
import { mockApi } from '@test/mock-api';
import { buildLine } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { MigrationDialog, type MigrationOutcome } from './migration-dialog';

afterEach(() => notifications.clean());

const URL_TEXT = 'http://outro.provedor:8080/get.php?username=cliente77&password=Senha77z&type=m3u_plus';
const CHECK: MigrationCheckResult = {
  server_dns: 'http://outro.provedor:8080',
  username: 'cliente77',
  formatted_exp_date: '05/12/2026',
  total_days: 10,
  max_connections: 2,
  credits_to_deduct: '0.67',
  suggested_username: null,
  suggested_password: null,
};

/** A login this panel's rules refuse: the check suggests new credentials (decision 0067). */
const FOREIGN_URL = 'http://outro.provedor:8080/get.php?username=Cliente_Velho&password=Senha.Velha';
const FOREIGN_CHECK: MigrationCheckResult = {
  ...CHECK,
  username: 'Cliente_Velho',
  suggested_username: 'clientevelho',
  suggested_password: 'SenhaVelha',
};

function renderDialog({
  credits = '10.00',
  type = 'reseller' as const,
  onMigrated = undefined as undefined | ((outcome: MigrationOutcome) => void),
} = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryOptions().queryKey, buildProfile({ credits, type }));
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Notifications />
      <Routes>
        <Route
          path="/dashboard"
          element={<MigrationDialog opened onClose={onClose} onMigrated={onMigrated} />}
        />
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
    expect(await screen.findByText(MIGRATION_MESSAGES.required)).toBeInTheDocument();
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
    expect(screen.getByText(MIGRATION_MESSAGES.serviceHint)).toBeInTheDocument();
    expect(screen.getByTestId('migration-balance').textContent).toBe('Seu saldo: 10,00 créditos');
    expect(calls[0]?.body).toEqual({ url: URL_TEXT });

    fireEvent.click(screen.getByTestId('migration-submit'));
    expect(await screen.findByText(MIGRATION_MESSAGES.serviceRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByTestId('migration-service'), { target: { value: 'p2p' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[1]?.body).toEqual({ url: URL_TEXT, service: 'p2p' });
    expect(await screen.findByText(MIGRATION_MESSAGES.migrated)).toBeInTheDocument();
    expect(await screen.findByText('lista de usuários')).toBeInTheDocument();
  });

  it("disables 'Migrar' when the balance minus credits_to_deduct is below 0", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '10.01' } } });
    renderDialog({ credits: '10.00' });
    await verify();
    expect(await screen.findByTestId('migration-submit')).toBeDisabled();
    expect(screen.getByTestId('migration-not-enough')).toBeInTheDocument();
  });

  it("keeps 'Migrar' enabled when the balance covers exactly the price", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '10.00' } } });
    renderDialog({ credits: '10.00' });
    await verify();
    expect(await screen.findByTestId('migration-submit')).toBeEnabled();
  });

  it("an admin sees 'Grátis (admin)'", async () => {
    mockApi({ 'POST /migration/check': { body: { ...CHECK, credits_to_deduct: '999.00' } } });
    renderDialog({ credits: '0.00', type: 'admin' as 'reseller' });
    await verify();
    expect((await screen.findByTestId('migration-price')).textContent).toBe('Grátis (admin)');
    expect(screen.getByTestId('migration-submit')).toBeEnabled();
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
    expect(await screen.findByText(MIGRATION_MESSAGES.refused)).toBeInTheDocument();
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

  it('a login outside the rules: says so, offers the suggested username and password, sends what is typed', async () => {
    const line = buildLine({ id: 91, username: 'clientevelho2', password: 'SenhaVelha' });
    const calls = mockApi({
      'POST /migration/check': { body: FOREIGN_CHECK },
      'POST /migration/migrate': ({ body }) =>
        (body as { username: string }).username === 'clientevelho'
          ? {
              status: 409,
              body: {
                status: 409,
                code: 'conflict',
                message: LINE_MESSAGES.usernameTaken,
                field: 'username',
              },
            }
          : { status: 201, body: { line, charged: '0.67', balance: '9.33' } },
    });
    const onMigrated = vi.fn();
    const { onClose } = renderDialog({ onMigrated });
    await verify(FOREIGN_URL);
    expect((await screen.findByTestId('migration-new-credentials')).textContent).toBe(
      MIGRATION_MESSAGES.usernameOutsideRules +
        MIGRATION_MESSAGES.passwordOutsideRules +
        MIGRATION_MESSAGES.tellCustomer,
    );
    expect(screen.getByTestId('migration-username').textContent).toBe('Cliente_Velho');
    const username = screen.getByTestId('migration-new-username') as HTMLInputElement;
    const password = screen.getByTestId('migration-new-password') as HTMLInputElement;
    expect(username.value).toBe('clientevelho');
    expect(password.value).toBe('SenhaVelha');
    fireEvent.change(screen.getByTestId('migration-service'), { target: { value: 'iptv' } });

    // The panel's rules, in Portuguese, before anything is sent.
    fireEvent.change(username, { target: { value: 'Cliente_Novo' } });
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    expect(await screen.findByText(FIELD_MESSAGES.usernameCharset)).toBeInTheDocument();
    expect(screen.queryByText(FIELD_MESSAGES.min6)).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    // A name taken meanwhile: the server's 409 under the field.
    fireEvent.change(username, { target: { value: 'clientevelho' } });
    fireEvent.change(password, { target: { value: 'SenhaVelha' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    expect(await screen.findByText(LINE_MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(calls[1]?.body).toEqual({
      url: FOREIGN_URL,
      service: 'iptv',
      username: 'clientevelho',
      password: 'SenhaVelha',
    });

    fireEvent.change(username, { target: { value: 'clientevelho2' } });
    fireEvent.click(screen.getByTestId('migration-submit'));
    await waitFor(() => expect(onMigrated).toHaveBeenCalledTimes(1));
    expect(onMigrated).toHaveBeenCalledWith({
      result: { line, charged: '0.67', balance: '9.33' },
      newCredentials: true,
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByText('lista de usuários')).toBeInTheDocument();
  });

  it('a login that fits shows no new credentials and sends none', async () => {
    const calls = mockApi({ 'POST /migration/check': { body: CHECK } });
    renderDialog();
    await verify();
    await screen.findByTestId('migration-check');
    expect(screen.queryByTestId('migration-new-credentials')).toBeNull();
    expect(screen.queryByTestId('migration-new-username')).toBeNull();
    expect(screen.queryByTestId('migration-new-password')).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

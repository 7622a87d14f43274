import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTERNAL_PANEL_MESSAGES, type ExternalPanelStatus } from '@panel/shared/settings/external-panel';
import { PANEL_SETTING_DEFAULTS } from '@panel/shared/settings/panel-settings';
import { PANEL_SETTINGS_MESSAGES, type PanelSettings } from '@panel/shared/settings/panel-settings-api';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { PanelSettingsPage } from './panel-settings-page';

afterEach(cleanNotifications);

const SETTINGS = 'GET /admin/panel';
const SAVE = 'PUT /admin/panel';
const EXTERNAL = 'GET /admin/external-panel';
const notConfigured: ExternalPanelStatus = {
  configured: false,
  host: null,
  message: EXTERNAL_PANEL_MESSAGES.notConfigured,
  pending: 0,
  failed: 0,
  last_delivered_at: null,
  last_error: null,
};
const switchOf = (key: string) => screen.getByTestId(`panel-setting-${key}`) as HTMLInputElement;

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <PanelSettingsPage />
    </>,
  );
}

describe('/admin/settings (decision 0060)', () => {
  it('shows the three switches and the other settings with their current values', async () => {
    mockApi({
      [SETTINGS]: {
        body: { ...PANEL_SETTING_DEFAULTS, five_admin_users_migration: 'true', main_domain: 'painel.tv' },
      },
      [EXTERNAL]: { body: notConfigured },
    });
    renderPage();
    await screen.findByTestId('panel-settings-admin');
    expect(switchOf('trial_user_create_enabled').checked).toBe(true);
    expect(switchOf('five_admin_resellers_migration').checked).toBe(false);
    expect(switchOf('five_admin_users_migration').checked).toBe(true);
    expect(switchOf('show_modal_message').checked).toBe(false);
    expect(switchOf('user_migration_list').checked).toBe(false);
    expect(switchOf('main_domain').value).toBe('painel.tv');
    expect(screen.getByText('Criação de testes')).toBeInTheDocument();
    expect((await screen.findByTestId('external-panel-status')).textContent).toContain(
      EXTERNAL_PANEL_MESSAGES.notConfigured,
    );
  });

  it('saves a switch at once and says so', async () => {
    let stored: PanelSettings = { ...PANEL_SETTING_DEFAULTS };
    const calls = mockApi({
      [SETTINGS]: () => ({ body: stored }),
      [SAVE]: (call) => {
        stored = { ...stored, ...(call.body as Partial<PanelSettings>) };
        return { body: stored };
      },
      [EXTERNAL]: {
        body: { ...notConfigured, configured: true, host: 'externo.tv', message: null, pending: 2 },
      },
    });
    renderPage();
    await screen.findByTestId('panel-settings-admin');
    fireEvent.click(switchOf('trial_user_create_enabled'));
    expect(await screen.findByText(PANEL_SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ trial_user_create_enabled: 'false' });
    await waitFor(() => expect(switchOf('trial_user_create_enabled').checked).toBe(false));
    expect(screen.getByTestId('external-panel-counts').textContent).toContain('Pendentes: 2');
  });

  it('puts a refused switch back and shows the server’s message', async () => {
    mockApi({
      [SETTINGS]: { body: PANEL_SETTING_DEFAULTS },
      [SAVE]: { status: 403, body: { status: 403, code: 'forbidden', message: 'Sem permissão agora' } },
      [EXTERNAL]: { body: notConfigured },
    });
    renderPage();
    await screen.findByTestId('panel-settings-admin');
    fireEvent.click(switchOf('five_admin_resellers_migration'));
    expect(await screen.findByText('Sem permissão agora')).toBeInTheDocument();
    await waitFor(() => expect(switchOf('five_admin_resellers_migration').checked).toBe(false));
  });

  it('refuses a main domain that is not a host name before asking the server', async () => {
    const calls = mockApi({
      [SETTINGS]: { body: PANEL_SETTING_DEFAULTS },
      [EXTERNAL]: { body: notConfigured },
    });
    renderPage();
    await screen.findByTestId('panel-settings-other');
    fireEvent.change(switchOf('main_domain'), { target: { value: 'não é domínio' } });
    fireEvent.click(screen.getByTestId('panel-setting-main_domain-save'));
    expect(await screen.findByText(PANEL_SETTINGS_MESSAGES.hostInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('sends the failed changes again on request and reads the counts again (decision 0061)', async () => {
    let status: ExternalPanelStatus = {
      ...notConfigured,
      configured: true,
      host: 'externo.tv',
      message: null,
      pending: 1,
      failed: 3,
      last_error: 'HTTP 500: erro',
    };
    const calls = mockApi({
      [SETTINGS]: { body: PANEL_SETTING_DEFAULTS },
      [EXTERNAL]: () => ({ body: status }),
      'POST /admin/external-panel/retry': () => {
        status = { ...status, pending: 4, failed: 0 };
        return { body: { retried: 3 } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('external-panel-retry'));
    expect(await screen.findByText(EXTERNAL_PANEL_MESSAGES.retried(3))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('external-panel-counts').textContent).toContain('Falharam: 0'),
    );
    expect(screen.queryByTestId('external-panel-retry')).toBeNull();
  });

  it('offers no retry while nothing failed', async () => {
    mockApi({
      [SETTINGS]: { body: PANEL_SETTING_DEFAULTS },
      [EXTERNAL]: { body: { ...notConfigured, configured: true, host: 'externo.tv', message: null } },
    });
    renderPage();
    await screen.findByTestId('external-panel-counts');
    expect(screen.queryByTestId('external-panel-retry')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockApi({
      [SETTINGS]: () =>
        fail
          ? { status: 500, body: { status: 500, code: 'internal', message: 'x' } }
          : { body: PANEL_SETTING_DEFAULTS },
      [EXTERNAL]: { body: notConfigured },
    });
    renderPage();
    const retry = await screen.findByTestId('panel-settings-error-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('panel-settings-admin')).toBeInTheDocument();
  });
});

import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETUP_TEMPLATES } from '@panel/shared/setup-messages/default-templates';
import { SETUP_APPS, type SetupApp } from '@panel/shared/setup-messages/setup-apps';
import {
  SETUP_MESSAGES,
  SETUP_TEMPLATE_MAX,
  type SetupTemplate,
} from '@panel/shared/setup-messages/setup-messages-api';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { SetupTemplatesPage } from './setup-templates-page';

afterEach(cleanNotifications);

const template = (app: SetupApp, body?: string): SetupTemplate => ({
  app,
  body: body ?? DEFAULT_SETUP_TEMPLATES[app],
  edited: body !== undefined,
  default_body: DEFAULT_SETUP_TEMPLATES[app],
  updated_at: body === undefined ? null : '2026-11-24T12:00:00.000Z',
});

const LIST = 'GET /admin/setup-messages';
const body = () => (screen.getByTestId('setup-template-body') as HTMLTextAreaElement).value;

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <SetupTemplatesPage />
    </>,
  );
}

describe('/admin/setup-messages (decision 0050)', () => {
  it('shows the first app’s default text, its status and the placeholder list', async () => {
    mockApi({ [LIST]: { body: { data: SETUP_APPS.map((app) => template(app)) } } });
    renderPage();
    await screen.findByTestId('setup-template-editor');
    expect(body()).toBe(DEFAULT_SETUP_TEMPLATES.DUPLEX);
    expect(screen.getByTestId('setup-template-status').textContent).toBe('Padrão');
    expect(screen.getByTestId('setup-template-restore')).toBeDisabled();
    const placeholders = screen.getByTestId('setup-template-placeholders');
    expect(within(placeholders).getByText('{usuario}')).toBeInTheDocument();
    expect(within(placeholders).getByText('{link_curto}')).toBeInTheDocument();
  });

  it('saves the edited text of the chosen app and says so', async () => {
    let saved: SetupTemplate[] = SETUP_APPS.map((app) => template(app));
    const calls = mockApi({
      [LIST]: () => ({ body: { data: saved } }),
      'PUT /admin/setup-messages/ROKU': (call) => {
        const next = template('ROKU', (call.body as { body: string }).body);
        saved = saved.map((row) => (row.app === 'ROKU' ? next : row));
        return { body: next };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('setup-template-app'));
    fireEvent.click(await screen.findByRole('option', { name: 'Roku', hidden: true }));
    await waitFor(() => expect(body()).toBe(DEFAULT_SETUP_TEMPLATES.ROKU));
    fireEvent.change(screen.getByTestId('setup-template-body'), { target: { value: 'Roku {usuario}' } });
    fireEvent.click(screen.getByTestId('setup-template-save'));
    expect(await screen.findByText(SETUP_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ body: 'Roku {usuario}' });
    await waitFor(() => expect(screen.getByTestId('setup-template-status').textContent).toBe('Editada'));
    expect(body()).toBe('Roku {usuario}');
  });

  it('refuses an empty or too long text before asking the server', async () => {
    const calls = mockApi({ [LIST]: { body: { data: [template('P2P')] } } });
    renderPage();
    await screen.findByTestId('setup-template-editor');
    fireEvent.change(screen.getByTestId('setup-template-body'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('setup-template-save'));
    expect(await screen.findByText(SETUP_MESSAGES.required)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('setup-template-body'), {
      target: { value: 'x'.repeat(SETUP_TEMPLATE_MAX + 1) },
    });
    fireEvent.click(screen.getByTestId('setup-template-save'));
    expect(await screen.findByText(SETUP_MESSAGES.bodyMax)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("restores the default after a confirmation ('Restaurar padrão')", async () => {
    let row = template('HYBRID', 'Editado {mac}');
    const calls = mockApi({
      [LIST]: () => ({ body: { data: [row] } }),
      'DELETE /admin/setup-messages/HYBRID': () => {
        row = template('HYBRID');
        return { body: row };
      },
    });
    renderPage();
    await screen.findByTestId('setup-template-editor');
    expect(body()).toBe('Editado {mac}');
    fireEvent.click(screen.getByTestId('setup-template-restore'));
    const dialog = await screen.findByTestId('setup-template-restore-confirm');
    expect(within(dialog).getByText(/Restaurar a mensagem padrão de Híbrido\?/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId('setup-template-restore-confirm-confirm'));
    expect(await screen.findByText(SETUP_MESSAGES.restored)).toBeInTheDocument();
    await waitFor(() => expect(body()).toBe(DEFAULT_SETUP_TEMPLATES.HYBRID));
    expect(calls.map((call) => call.method)).toContain('DELETE');
  });
});

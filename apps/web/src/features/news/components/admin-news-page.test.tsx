import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEWS_MESSAGES, type AdminNews } from '@panel/shared/news/news-schema';
import { DEFAULT_PANEL_TEXTS } from '@panel/shared/panel-texts/default-panel-texts';
import {
  PANEL_TEXT_KEYS,
  PANEL_TEXTS_MESSAGES,
  type PanelText,
} from '@panel/shared/panel-texts/panel-texts-api';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { AdminNewsPage } from './admin-news-page';

afterEach(cleanNotifications);

const NEWS: AdminNews = {
  message: '<p><strong>Manutenção</strong> no <em>domingo</em></p>',
  show_modal_message: false,
  updated_at: '2026-11-24T12:00:00.000Z',
};
const text = (key: PanelText['key'], body?: string): PanelText => ({
  key,
  body: body ?? DEFAULT_PANEL_TEXTS[key],
  edited: body !== undefined,
  updated_at: body === undefined ? null : '2026-11-24T12:00:00.000Z',
});
const TEXTS = { body: { data: PANEL_TEXT_KEYS.map((key) => text(key)) } };

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <AdminNewsPage />
    </>,
  );
}

describe('/admin/news (docs/product/screens.md#global-message)', () => {
  it('shows the stored message formatted in the editor and in the preview titled "Aviso!"', async () => {
    mockApi({ 'GET /admin/news': { body: NEWS }, 'GET /panel-texts': TEXTS });
    renderPage();
    const editor = await screen.findByTestId('admin-news-editor');
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('Manutenção'));
    const preview = screen.getByTestId('admin-news-preview');
    expect(within(preview).getByText('Aviso!')).toBeInTheDocument();
    expect(preview.querySelector('strong')?.textContent).toBe('Manutenção');
    expect(preview.querySelector('em')?.textContent).toBe('domingo');
    expect((screen.getByTestId('admin-news-switch') as HTMLInputElement).checked).toBe(false);
  });

  it('saves the message and the switch in one request and says "Mensagem alterada com sucesso"', async () => {
    let stored = NEWS;
    const calls = mockApi({
      'GET /admin/news': () => ({ body: stored }),
      'PUT /admin/news': (call) => {
        stored = { ...(call.body as AdminNews), updated_at: '2026-11-24T13:00:00.000Z' };
        return { body: stored };
      },
      'GET /panel-texts': TEXTS,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('admin-news-switch'));
    fireEvent.click(screen.getByTestId('admin-news-save'));
    expect(await screen.findByText(NEWS_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      message: NEWS.message,
      show_modal_message: true,
    });
    // The admin saw the message in the preview: its own pop-up is not shown on top of the page.
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBe('true');
  });

  it('refuses to switch on an empty message before asking the server', async () => {
    const calls = mockApi({
      'GET /admin/news': { body: { ...NEWS, message: '' } },
      'GET /panel-texts': TEXTS,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('admin-news-switch'));
    fireEvent.click(screen.getByTestId('admin-news-save'));
    expect(await screen.findByText(NEWS_MESSAGES.requiredWhenOn)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows a failed load with "Tentar novamente"', async () => {
    mockApi({ 'GET /admin/news': { status: 500, body: {} }, 'GET /panel-texts': TEXTS });
    renderPage();
    expect(await screen.findByTestId('admin-news-error')).toBeInTheDocument();
  });

  it('edits a menu dialog text: choose it, save, restore the default', async () => {
    let rows = PANEL_TEXT_KEYS.map((key) => text(key));
    const calls = mockApi({
      'GET /admin/news': { body: NEWS },
      'GET /panel-texts': () => ({ body: { data: rows } }),
      'DELETE /admin/panel-texts/server_rules': () => {
        rows = rows.map((row) => (row.key === 'server_rules' ? text('server_rules') : row));
        return { body: text('server_rules') };
      },
      'PUT /admin/panel-texts/server_rules': (call) => {
        const next = text('server_rules', (call.body as { body: string }).body);
        rows = rows.map((row) => (row.key === 'server_rules' ? next : row));
        return { body: next };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('panel-text-key'));
    fireEvent.click(await screen.findByRole('option', { name: 'Regras do servidor', hidden: true }));
    const editor = await screen.findByTestId('panel-text-editor');
    await waitFor(() => expect(editor.textContent).toContain('Você responde pelos testes que criar.'));
    expect(screen.getByTestId('panel-text-status').textContent).toBe('Padrão');

    fireEvent.click(screen.getByTestId('panel-text-save'));
    expect(await screen.findByText(PANEL_TEXTS_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      body: DEFAULT_PANEL_TEXTS.server_rules,
    });
    await waitFor(() => expect(screen.getByTestId('panel-text-status').textContent).toBe('Editado'));

    fireEvent.click(screen.getByTestId('panel-text-restore'));
    const dialog = await screen.findByTestId('panel-text-restore-confirm');
    fireEvent.click(within(dialog).getByTestId('panel-text-restore-confirm-confirm'));
    expect(await screen.findByText(PANEL_TEXTS_MESSAGES.restored)).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toContain('DELETE');
  });
});

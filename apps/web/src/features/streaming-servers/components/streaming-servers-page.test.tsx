import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STREAMING_SERVER_MESSAGES,
  type StreamingServer,
} from '@panel/shared/streaming-servers/streaming-servers-api';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { StreamingServersPage } from './streaming-servers-page';

afterEach(cleanNotifications);

function buildServer(overrides: Partial<StreamingServer> = {}): StreamingServer {
  return {
    id: 3,
    name: 'Edge São Paulo',
    token_hint: 'x9Qa',
    control_url: 'https://edge-sp.exemplo.com/control',
    created_at: '2026-11-20T12:30:00.000Z',
    last_seen_at: '2026-11-24T06:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

const list = (...servers: StreamingServer[]): MockAnswer => ({ body: { data: servers } });
const SERVER_DOWN = {
  status: 503,
  body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
};

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <StreamingServersPage />
    </>,
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('streaming servers list (decision 0045)', () => {
  it("loads, then an empty list says 'Nenhum servidor cadastrado'", async () => {
    mockApi({ 'GET /admin/streaming-servers': list() });
    renderPage();
    expect(screen.getAllByTestId('streaming-servers-loading')).toHaveLength(1);
    expect((await screen.findByTestId('streaming-servers-empty')).textContent).toContain(
      'Nenhum servidor cadastrado',
    );
  });

  it("a failed list says why and 'Tentar novamente' asks again", async () => {
    let answer: MockAnswer = SERVER_DOWN;
    const calls = mockApi({ 'GET /admin/streaming-servers': () => answer });
    renderPage();
    expect((await screen.findByTestId('streaming-servers-error-message')).textContent).toBe(
      'Serviço indisponível.',
    );
    answer = list(buildServer());
    fireEvent.click(screen.getByTestId('streaming-servers-error-retry'));
    expect(await screen.findAllByTestId('streaming-server')).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('shows name, token hint, control URL, created, last seen and status', async () => {
    mockApi({
      'GET /admin/streaming-servers': list(
        buildServer(),
        buildServer({
          id: 4,
          name: 'Serviço P2P',
          token_hint: 'Zz-1',
          control_url: null,
          last_seen_at: null,
          revoked_at: '2026-11-23T10:00:00.000Z',
        }),
      ),
    });
    renderPage();
    expect(await screen.findAllByTestId('streaming-server')).toHaveLength(2);
    expect(text('streaming-server-3-name')).toBe('Edge São Paulo');
    expect(text('streaming-server-3-hint')).toBe('…x9Qa');
    expect(text('streaming-server-3-control-url')).toBe('https://edge-sp.exemplo.com/control');
    expect(text('streaming-server-3-created')).toMatch(/^20\/11\/2026 \d{2}:\d{2}$/);
    expect(text('streaming-server-3-last-seen')).toMatch(/^24\/11\/2026 \d{2}:\d{2}$/);
    expect(text('streaming-server-3-status')).toBe('Ativo');
    expect(screen.getAllByTestId('streaming-server-3-revoke')).toHaveLength(1);
    expect(text('streaming-server-4-control-url')).toBe('—');
    expect(text('streaming-server-4-last-seen')).toBe('Nunca');
    expect(text('streaming-server-4-status')).toBe('Revogado');
    expect(screen.queryAllByTestId('streaming-server-4-revoke')).toHaveLength(0);
  });
});

describe('creating and revoking', () => {
  it('checks the form with the shared rules, creates the server and shows its token once with a copy button', async () => {
    const token = 'tok_3Jk9mWq2Zx8vLr5Tn1Yp7Ab4Cd6Ef0GhIjKlMnOpQrS';
    const calls = mockApi({
      'GET /admin/streaming-servers': list(),
      'POST /admin/streaming-servers': {
        status: 201,
        body: { server: buildServer({ id: 9, name: 'Edge RJ', token_hint: 'pQrS' }), token },
      },
    });
    renderPage();
    await screen.findByTestId('streaming-servers-empty');
    fireEvent.click(screen.getByTestId('streaming-server-new'));
    const form = await screen.findByTestId('streaming-server-form');
    type('streaming-server-control-url', 'ftp://errado');
    fireEvent.click(within(form).getByTestId('streaming-server-submit'));
    expect(await within(form).findAllByText(STREAMING_SERVER_MESSAGES.required)).toHaveLength(1);
    expect(within(form).getAllByText(STREAMING_SERVER_MESSAGES.urlInvalid)).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type('streaming-server-name', 'Edge RJ');
    type('streaming-server-control-url', '');
    fireEvent.click(within(form).getByTestId('streaming-server-submit'));
    expect((await screen.findByTestId('streaming-server-token-value')).textContent).toBe(token);
    expect(screen.getByTestId('streaming-server-token').textContent).toContain(
      STREAMING_SERVER_MESSAGES.created,
    );
    expect(screen.getAllByTestId('streaming-server-token-copy')).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Edge RJ', control_url: '' });
    fireEvent.click(screen.getByTestId('streaming-server-token-done'));
    await waitFor(() => expect(screen.queryAllByTestId('streaming-server-form')).toHaveLength(0));
    expect(screen.queryAllByText(token)).toHaveLength(0);
  });

  it('edits the name and the control URL of a server', async () => {
    const calls = mockApi({
      'GET /admin/streaming-servers': list(buildServer()),
      'PATCH /admin/streaming-servers/3': { body: buildServer({ name: 'Edge SP 2', control_url: null }) },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('streaming-server-3-edit'));
    const form = await screen.findByTestId('streaming-server-form');
    expect((screen.getByTestId('streaming-server-name') as HTMLInputElement).value).toBe('Edge São Paulo');
    type('streaming-server-name', 'Edge SP 2');
    type('streaming-server-control-url', '');
    fireEvent.click(within(form).getByTestId('streaming-server-submit'));
    expect(await screen.findAllByText(STREAMING_SERVER_MESSAGES.saved)).toHaveLength(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Edge SP 2',
      control_url: '',
    });
    expect(screen.queryAllByTestId('streaming-server-token')).toHaveLength(0);
  });

  it('revokes a token after a confirmation', async () => {
    let servers = [buildServer()];
    const calls = mockApi({
      'GET /admin/streaming-servers': () => list(...servers),
      'POST /admin/streaming-servers/3/revoke': () => {
        servers = [buildServer({ revoked_at: '2026-11-24T07:00:00.000Z' })];
        return { body: servers[0] };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('streaming-server-3-revoke'));
    const dialog = await screen.findByTestId('streaming-server-revoke');
    expect(dialog.textContent).toContain('Edge São Paulo');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('streaming-server-revoke-confirm'));
    expect(await screen.findAllByText(STREAMING_SERVER_MESSAGES.revoked)).toHaveLength(1);
    await waitFor(() => expect(text('streaming-server-3-status')).toBe('Revogado'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

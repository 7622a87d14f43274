import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { P2pOnlineSession } from '@panel/shared/online/online-api';
import { buildProfile } from '@test/fixtures/profile';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { P2pOnlinePage } from './p2p-online-page';

function session(overrides: Partial<P2pOnlineSession>): P2pOnlineSession {
  return {
    username: 'cliente1',
    channel_name: 'Globo SP',
    duration: 3725,
    external_ip: '198.51.100.4',
    app_name: 'XCloud',
    app_version: '2.4',
    ...overrides,
  };
}

const renderPage = () => renderWithProviders(<P2pOnlinePage profile={buildProfile()} />);

describe('/users/p2p/connections (docs/product/screens.md#online-users)', () => {
  it('shows the duration as HH:MM:SS and cuts a long player text at 15 with the whole in a tooltip', async () => {
    mockApi({
      'GET /p2p-users/online': {
        body: {
          data: [
            session({}),
            session({
              username: 'joana',
              channel_name: 'ESPN Brasil',
              duration: 59,
              external_ip: null,
              app_name: 'XCloud P2P Player Pro',
              app_version: '10.2.33',
            }),
          ],
        },
      },
    });
    renderPage();
    const rows = await screen.findAllByTestId('online-p2p-table-row');
    expect(within(rows[0]!).getByTestId('duration').textContent).toContain('01:02:05');
    expect(within(rows[0]!).getByTestId('player-text').textContent).toContain('XCloud 2.4');
    expect(within(rows[1]!).getByTestId('duration').textContent).toContain('00:00:59');
    const long = within(rows[1]!).getByTestId('player-text');
    expect(long.textContent).toMatch(/^XCloud P2P Play\.\.\.$/);
    expect(long.dataset.full).toBe('XCloud P2P Player Pro 10.2.33');
    fireEvent.mouseEnter(long);
    expect((await screen.findByRole('tooltip')).textContent).toContain('XCloud P2P Player Pro 10.2.33');
  });

  it("filters in the browser with 'Busca...', and says 'Nenhum Resultado' when nothing matches", async () => {
    const calls = mockApi({
      'GET /p2p-users/online': {
        body: { data: [session({}), session({ username: 'joana', channel_name: 'ESPN Brasil' })] },
      },
    });
    renderPage();
    await screen.findAllByTestId('online-p2p-table-row');
    fireEvent.change(screen.getByPlaceholderText('Busca...'), { target: { value: 'espn' } });
    expect(screen.getAllByTestId('online-p2p-table-row')).toHaveLength(1);
    expect(screen.getByTestId('online-p2p-table-row').textContent).toContain('joana');
    fireEvent.change(screen.getByPlaceholderText('Busca...'), { target: { value: 'ninguém' } });
    expect(screen.getByTestId('online-p2p-table-empty').textContent).toContain('Nenhum Resultado');
    expect(calls).toHaveLength(1);
  });
});

import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GeoIpSource, OnlineConnection } from '@panel/shared/online/online-api';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { OnlineIptvPage } from './online-iptv-page';

afterEach(cleanNotifications);

function connection(id: number, overrides: Partial<OnlineConnection> = {}): OnlineConnection {
  return {
    id,
    user_id: 100 + id,
    username: `cliente${id}`,
    master_username: 'revenda1',
    divergence: 0,
    is_trial: 0,
    geoip_country_code: 'BR',
    geoip_missing: null,
    user_agent: 'VLC/3.0.20 LibVLC/3.0.20',
    watching: 'Canal Teste HD',
    server_time: '2026-11-24T12:00:00.000Z',
    date_start: '2026-11-24T11:30:00.000Z',
    ...overrides,
  };
}

function page(
  rows: OnlineConnection[],
  meta: Partial<{ page: number; pages: number; total: number; geoip_source: GeoIpSource }> = {},
) {
  return {
    body: {
      data: rows,
      meta: {
        page: 1,
        pages: 1,
        per: 10,
        total: rows.length,
        total_exact: true,
        geoip_source: 'dbip_lite',
        ...meta,
      },
    },
  } satisfies MockAnswer;
}

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <OnlineIptvPage profile={buildProfile()} />
    </>,
  );
}

describe('/users/iptv/connections (docs/product/screens.md#online-users)', () => {
  it('shows user, master, divergence colours, trial flag, country, agent, watching and start time', async () => {
    const calls = mockApi({
      'GET /users/connections': page([
        connection(1, { divergence: 5 }),
        connection(2, { divergence: 30, is_trial: 1, geoip_country_code: null, geoip_missing: 'not_found' }),
        connection(3, { divergence: 80, user_agent: '' }),
      ]),
    });
    renderPage();
    const rows = await screen.findAllByTestId('online-iptv-table-row');
    expect(rows).toHaveLength(3);
    expect(calls[0]?.query.get('per')).toBe('10');
    expect(calls[0]?.query.get('page')).toBe('1');
    const levels = screen.getAllByTestId('divergence-badge').map((badge) => badge.dataset.level);
    expect(levels).toEqual(['success', 'warning', 'danger']);
    // What the first row shows, cell by cell (11:30 UTC is 08:30 in Brasília, the panel's time zone).
    const cells = [...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent?.trim());
    expect(cells).toEqual(
      expect.arrayContaining([
        'cliente1',
        'revenda1',
        'BR',
        'VLC/3.0.20 LibVLC/3.0.20',
        'Canal Teste HD',
        '24/11/2026 08:30',
        'Não',
      ]),
    );
    expect(within(rows[1]!).getByTestId('trial-flag').textContent).toContain('Sim');
  });

  it("'País' says why a connection has no country: 'Rede local' or '-', each explained on hover (decision 0074)", async () => {
    mockApi({
      'GET /users/connections': page([
        connection(1, { geoip_country_code: 'US' }),
        connection(2, { geoip_country_code: null, geoip_missing: 'local_network' }),
        connection(3, { geoip_country_code: null, geoip_missing: 'not_found' }),
      ]),
    });
    renderPage();
    await screen.findAllByTestId('online-iptv-table-row');
    const cells = screen.getAllByTestId('country');
    expect(cells.map((cell) => [cell.textContent, cell.dataset.reason ?? null])).toEqual([
      ['US', null],
      ['Rede local', 'local_network'],
      ['-', 'not_found'],
    ]);
    fireEvent.mouseEnter(cells[1]!);
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      'Endereço IP de rede local (privado, loopback, CGNAT ou link-local): não tem país.',
    );
    fireEvent.mouseLeave(cells[1]!);
    fireEvent.focus(cells[2]!);
    expect(
      await screen.findByText('País não encontrado: a base de geolocalização não conhece este endereço IP.'),
    ).toBeInTheDocument();
    // The shipped data's licence (CC BY 4.0): the page credits DB-IP with a link.
    const credit = screen.getByTestId('geoip-attribution');
    expect(credit.textContent).toBe('Geolocalização de IP por DB-IP');
    expect(credit.getAttribute('href')).toBe('https://db-ip.com');
  });

  it("credits no one when the admin's own CSV gives the countries", async () => {
    mockApi({ 'GET /users/connections': page([connection(1)], { geoip_source: 'csv_file' }) });
    renderPage();
    await screen.findAllByTestId('online-iptv-table-row');
    expect(screen.queryByTestId('geoip-attribution')).toBeNull();
  });

  it("says 'Nenhum Resultado' when nobody is watching", async () => {
    mockApi({ 'GET /users/connections': page([]) });
    renderPage();
    expect((await screen.findByTestId('online-iptv-table-empty')).textContent).toContain('Nenhum Resultado');
  });

  it('disconnecting removes the row at once and toasts; an emptied page is asked again', async () => {
    let listed = 0;
    let remaining = [connection(1), connection(2)];
    const calls = mockApi({
      'GET /users/connections': () => {
        listed++;
        return page(remaining);
      },
      'POST /users/connections/1/disconnect': { status: 204 },
      'POST /users/connections/2/disconnect': { status: 204 },
    });
    renderPage();
    await screen.findAllByTestId('online-iptv-table-row');
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar cliente1' }));
    await waitFor(() => expect(screen.getAllByTestId('online-iptv-table-row')).toHaveLength(1));
    expect(await screen.findByText('Usuário desconectado')).toBeInTheDocument();
    expect(listed).toBe(1);
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/users/connections/1/disconnect'),
    ).toBe(true);

    remaining = [];
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar cliente2' }));
    await waitFor(() => expect(listed).toBe(2));
    expect(await screen.findByTestId('online-iptv-table-empty')).toBeInTheDocument();
  });

  it('a last page emptied by a disconnect goes back to the page before it', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => connection(index + 1));
    let lastPage = [connection(11)];
    const calls = mockApi({
      'GET /users/connections': (call) =>
        call.query.get('page') === '2'
          ? page(lastPage, { page: 2, pages: lastPage.length > 0 ? 2 : 1, total: 10 + lastPage.length })
          : page(firstPage, { pages: lastPage.length > 0 ? 2 : 1, total: 10 + lastPage.length }),
      'POST /users/connections/11/disconnect': { status: 204 },
    });
    renderPage();
    await screen.findAllByTestId('online-iptv-table-row');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('cliente11')).toBeInTheDocument();
    lastPage = [];
    fireEvent.click(screen.getByRole('button', { name: 'Desconectar cliente11' }));
    await waitFor(() => expect(screen.getAllByTestId('online-iptv-table-row')).toHaveLength(10));
    expect(screen.queryByText('cliente11')).toBeNull();
    expect(screen.getAllByTestId('online-iptv-table-row')[0]?.textContent).toContain('cliente1');
    const pages = calls.filter((call) => call.method === 'GET').map((call) => call.query.get('page'));
    expect(pages).toEqual(['1', '2', '2', '1']);
  });

  it('a failed load says why and retries', async () => {
    let fail = true;
    mockApi({
      'GET /users/connections': () =>
        fail
          ? {
              status: 503,
              body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
            }
          : page([connection(7)]),
    });
    renderPage();
    const retry = await screen.findByTestId('online-iptv-table-error-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('cliente7')).toBeInTheDocument();
  });
});

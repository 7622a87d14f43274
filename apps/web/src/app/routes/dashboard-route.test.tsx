import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Line } from '@panel/shared/lines/line-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { buildComplements, buildLine, buildPackage } from '@test/fixtures/line';
import { mockApi, type MockAnswer, type RecordedCall } from '@test/mock-api';
import { buildProfile } from '@test/fixtures/profile';
import { renderWithProviders } from '@test/render';
import { DashboardRoute } from './dashboard-route';

// Noon, local time: "in 2 days" is the same calendar distance whatever the machine's zone.
const NOW = new Date(2026, 10, 20, 12, 0, 0);
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;

beforeEach(() => {
  // Only Date is faked: timers stay real for React Query and waitFor.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

/** A line of 'Próximos vencimentos': id 5, two screens, expiring in 2 days. */
const expiringLine = (overrides: Partial<Line> = {}) =>
  buildLine({ id: 5, exp_date: nowSeconds + 2 * DAY, ...overrides });

const COMPLEMENTS = buildComplements({
  packages: {
    iptv: [
      buildPackage(),
      buildPackage({ id: 30, package_name: 'Trimestral', official_duration: 3, official_credits: '2.75' }),
    ],
    trial: [],
    p2p: [
      buildPackage({ id: 42, package_name: 'P2P Semestral', official_duration: 6, official_credits: '5.50' }),
    ],
  },
});

const renewed = (line: Line, charged: string) => ({
  body: { line: { ...line, exp_date: line.exp_date + 31 * DAY }, charged, balance: '98.00' },
});

type Handlers = Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>;

/**
 * The dashboard as app/ composes it: the /users renewal dialogs in 'Próximos vencimentos', the app's
 * query client (its global handler toasts unsilenced failures), and a /users list page in the cache.
 */
function renderDashboard(
  lines: Line[],
  { type = 'reseller', handlers = {} }: { type?: AccountType; handlers?: Handlers } = {},
) {
  let expiringLoads = 0;
  const calls = mockApi({
    'GET /profile': { body: buildProfile({ type, credits: '100.00' }) },
    'GET /dashboard/stats': {
      body: { resellers: 1, users: 2, users_active: 2, users_new: 0, users_online: 1, conections_online: 2 },
    },
    // After a renewal the server no longer lists the line (a month ahead, out of the 7 days).
    'GET /dashboard/expiring': () => ({ body: { data: expiringLoads++ === 0 ? lines : lines.slice(1) } }),
    'GET /complements': { body: COMPLEMENTS },
    ...handlers,
  });
  const queryClient = createQueryClient({ onSessionFailure: vi.fn() });
  const usersList = [...QUERY_ROOTS.lines, 'list', { page: 1, per: 10 }];
  queryClient.setQueryData(usersList, { data: lines, meta: { page: 1, pages: 1, per: 10, total: 1 } });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardRoute /> }], {
    initialEntries: ['/dashboard'],
  });
  renderWithProviders(
    <>
      <Notifications />
      <RouterProvider router={router} />
    </>,
    { queryClient },
  );
  const count = (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length;
  const usersListInvalidated = () => queryClient.getQueryState(usersList)?.isInvalidated === true;
  return { calls, count, usersListInvalidated };
}

const rows = () => screen.queryAllByTestId('expiring-table-row');

describe("Dashboard 'Próximos vencimentos': the /users renewals (decision 0030)", () => {
  it('renews one month with the /users confirmation; one refresh: both lists, counters and balance', async () => {
    const line = expiringLine();
    const { calls, count, usersListInvalidated } = renderDashboard([line], {
      handlers: { 'POST /users/5/renew': renewed(line, '2.00') },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(count('/profile')).toBe(1));
    fireEvent.click(screen.getByTestId('expiring-renew-month'));
    const dialog = await screen.findByTestId('line-confirm-renew-month');
    expect(within(dialog).getByTestId('line-confirm-price').textContent).toBe('Custo: 2,00 créditos');
    expect(within(dialog).getByTestId('line-confirm-new-expiry').textContent).toMatch(/^Novo vencimento: /);

    fireEvent.click(within(dialog).getByTestId('line-confirm-renew-month-confirm'));
    expect((await screen.findByText('Usuário renovado com sucesso')).textContent).toBe(
      'Usuário renovado com sucesso',
    );
    expect(calls.find((call) => call.path === '/users/5/renew')).toMatchObject({
      method: 'POST',
      body: { months: 1 },
    });
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(screen.queryByTestId('line-confirm-renew-month')).toBeNull();
    expect(count('/dashboard/expiring')).toBe(2);
    expect(count('/dashboard/stats')).toBe(2);
    expect(count('/profile')).toBe(2);
    expect(usersListInvalidated()).toBe(true);
  });

  it('an admin renews for free', async () => {
    renderDashboard([expiringLine()], { type: 'admin' });
    fireEvent.click(await screen.findByTestId('expiring-renew-month'));
    await waitFor(() => expect(screen.getByTestId('line-confirm-price').textContent).toBe('Grátis (admin)'));
  });

  it('a refused renewal says why, like on /users, and the row stays', async () => {
    const { count } = renderDashboard([expiringLine()], {
      handlers: {
        'POST /users/5/renew': {
          status: 409,
          body: { status: 409, code: 'insufficient_credits', message: 'Créditos insuficientes.' },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('expiring-renew-month'));
    fireEvent.click(await screen.findByTestId('line-confirm-renew-month-confirm'));
    expect((await screen.findByText('Créditos insuficientes.')).textContent).toBe('Créditos insuficientes.');
    expect(screen.queryByText('Usuário renovado com sucesso')).toBeNull();
    expect(rows()).toHaveLength(1);
    expect(count('/profile')).toBe(1);
  });

  it('renews by package with the /users modal: P2P packages for a P2P line, official credits × screens', async () => {
    const line = expiringLine({ system: 2, max_connections: 2 });
    const { calls, count } = renderDashboard([line], {
      handlers: { 'POST /users/5/renew-package': renewed(line, '11.00') },
    });
    fireEvent.click(await screen.findByTestId('expiring-renew-package'));
    const modal = await screen.findByTestId('renew-package-modal');
    const select = (await within(modal).findByTestId('renew-package-select')) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Selecione…',
      'P2P Semestral',
    ]);
    fireEvent.change(select, { target: { value: '42' } });
    expect(within(modal).getByTestId('renew-package-price').textContent).toBe('Custo: 11,00 créditos');

    fireEvent.click(within(modal).getByTestId('renew-package-submit'));
    expect((await screen.findByText('Usuário renovado com sucesso')).textContent).toBe(
      'Usuário renovado com sucesso',
    );
    expect(calls.find((call) => call.path === '/users/5/renew-package')?.body).toEqual({ package_id: 42 });
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(count('/profile')).toBe(2);
  });
});

describe('a publisher’s dashboard (decision 0068)', () => {
  const WORK = {
    statuses: [
      { status: 0, total: 1, mine: 0 },
      { status: 2, total: 1234, mine: 2 },
      { status: 3, total: 3, mine: 3 },
      { status: 1, total: 40, mine: 7 },
    ],
    queue: [
      {
        id: 9,
        tmdb_id: 603,
        media_title: 'Matrix',
        media_image: null,
        media_type: 'movie',
        media_release_date: '1999-03-31',
        status: 2,
        publisher_id: null,
        publisher_username: null,
        total_requests: null,
        created_at: '2026-11-18T12:00:00.000Z',
        updated_at: '2026-11-18T12:00:00.000Z',
        assigned_to_me: true,
      },
      {
        id: 10,
        tmdb_id: 1396,
        media_title: 'Breaking Bad',
        media_image: null,
        media_type: 'tv',
        media_release_date: null,
        status: 2,
        publisher_id: null,
        publisher_username: null,
        total_requests: null,
        created_at: '2026-11-19T12:00:00.000Z',
        updated_at: '2026-11-19T12:00:00.000Z',
        assigned_to_me: false,
      },
    ],
    queue_total: 1233,
  };

  it('shows the requests by status and the queue, and asks nothing of lines', async () => {
    const { count } = renderDashboard([], {
      type: 'publisher',
      handlers: {
        'GET /dashboard/catalog': { body: WORK },
        'GET /dashboard/top-viewed': { body: { period: 7, movies: [], series: [] } },
      },
    });
    expect((await screen.findByTestId('catalog-status-2-total')).textContent).toBe('1.234');
    expect(screen.getByTestId('catalog-status-2-mine').textContent).toBe('Atribuídas a você: 2');
    expect(screen.getByTestId('catalog-status-1-total').textContent).toBe('40');
    expect(screen.getAllByTestId('catalog-queue-title').map((cell) => cell.textContent)).toEqual([
      'Matrix',
      'Breaking Bad',
    ]);
    expect(screen.getAllByTestId('catalog-queue-mine')).toHaveLength(1);
    expect(screen.getAllByTestId('catalog-queue-unassigned')).toHaveLength(1);
    expect(screen.getByTestId('catalog-queue-shown').textContent).toBe('2 de 1.233 na fila');
    expect(screen.getByTestId('catalog-queue-see-all').getAttribute('href')).toBe('/requests/catalog');
    // No line counters, no expirations, no tree totals: a publisher has no lines.
    expect(screen.queryByTestId('counter-users')).toBeNull();
    expect(screen.queryByTestId('expiring-card')).toBeNull();
    expect(screen.queryByTestId('profile-tree-users')).toBeNull();
    expect(count('/dashboard/stats')).toBe(0);
    expect(count('/dashboard/expiring')).toBe(0);
  });

  it('a failed load says why once, with "Tentar novamente", and loads when asked again', async () => {
    let loads = 0;
    renderDashboard([], {
      type: 'publisher',
      handlers: {
        'GET /dashboard/catalog': () =>
          loads++ === 0
            ? { status: 403, body: { status: 403, code: 'forbidden', message: 'Sem permissão.' } }
            : { body: WORK },
        'GET /dashboard/top-viewed': { body: { period: 7, movies: [], series: [] } },
      },
    });
    const retry = await screen.findByTestId('catalog-queue-error-retry');
    expect(screen.getAllByText('Sem permissão.')).toHaveLength(1);
    fireEvent.click(retry);
    expect((await screen.findByTestId('catalog-status-2-total')).textContent).toBe('1.234');
    expect(screen.queryByTestId('catalog-queue-error')).toBeNull();
  });
});

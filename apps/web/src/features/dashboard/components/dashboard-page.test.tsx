import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import type { Line } from '@panel/shared/lines/line-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { formatPanelDateTime } from '@/lib/format-date';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, type MockAnswer, type RecordedCall } from '@test/mock-api';
import { buildLine } from '@test/fixtures/line';
import { buildProfile } from '@test/fixtures/profile';
import { renderWithProviders } from '@test/render';
import { DashboardPage } from './dashboard-page';
import type { LineDialog, RenewalDialogs } from './renewal-dialogs';

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
  // The notifications store outlives a test's DOM.
  notifications.clean();
});

/** A line of the list: id 5, two screens, expiring in 2 days. */
const expiringLine = (overrides: Partial<Line> = {}) =>
  buildLine({ id: 5, exp_date: nowSeconds + 2 * DAY, ...overrides });

const STATS: DashboardStats = {
  resellers: 1234,
  users: 1_234_567,
  users_active: 999,
  users_new: 12_000,
  users_online: 4321,
  conections_online: 5678,
};

interface Setup {
  type?: AccountType;
  lines?: Line[];
  /** What the list answers after the first load (a renewed line is gone). */
  linesAfter?: Line[];
  stats?: DashboardStats;
  extra?: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>;
  /** The app's query client, whose global handler toasts failures unless they are marked silent. */
  appQueryClient?: boolean;
}

/** GET /api/complements as the server answers it: trials on unless a test switches them off. */
function complements(trials: 'true' | 'false' = 'true') {
  return {
    groups: [],
    packages: { iptv: [], trial: [], p2p: [] },
    bouquets: [],
    settings: [{ key: 'trial_user_create_enabled', value: trials }],
    server_time: 1_800_000_000,
  };
}

function renderDashboard({
  type = 'reseller',
  lines = [],
  linesAfter,
  stats = STATS,
  extra = {},
  appQueryClient = false,
}: Setup = {}) {
  let expiringLoads = 0;
  const calls = mockApi({
    'GET /dashboard/stats': { body: stats },
    'GET /dashboard/expiring': () => {
      expiringLoads += 1;
      return { body: { data: expiringLoads > 1 && linesAfter ? linesAfter : lines } };
    },
    'GET /dashboard/top-viewed': { body: { period: 7, movies: [], series: [] } },
    'GET /complements': { body: complements() },
    ...extra,
  });
  const profile = buildProfile({ type, credits: '100.00' });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage profile={profile} renewalDialogs={STUB_DIALOGS} /> },
      { path: '/users', element: <UsersStub /> },
      { path: '/resellers', element: <p>resellers page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(
    <>
      <Notifications />
      <RouterProvider router={router} />
    </>,
    appQueryClient ? { queryClient: createQueryClient({ onSessionFailure: vi.fn() }) } : {},
  );
  return { calls, router };
}

/** Stands for the lines feature's dialogs, which app/ wires in (app/routes/dashboard-route.test.tsx). */
const stubDialog =
  (kind: string): LineDialog =>
  ({ line, onClose }) => (
    <div>
      <p data-testid="renewal-dialog">{`${kind}: ${line.username}`}</p>
      <button type="button" onClick={onClose}>
        Fechar
      </button>
    </div>
  );
const STUB_DIALOGS: RenewalDialogs = { month: stubDialog('month'), package: stubDialog('package') };

function UsersStub() {
  const { state } = useLocation();
  return <p data-testid="users-state">{JSON.stringify(state)}</p>;
}

const counterValue = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const rows = () => screen.queryAllByTestId('expiring-table-row');

describe('DashboardPage: counters (docs/product/screens.md#dashboard)', () => {
  it('hides every number until the eye is clicked, then shows thousands with dots', async () => {
    const { calls } = renderDashboard();
    const toggle = await screen.findByRole('button', { name: 'Mostrar números' });
    await waitFor(() => expect(calls.some((call) => call.path === '/dashboard/stats')).toBe(true));
    for (const id of [
      'counter-resellers',
      'counter-users',
      'counter-users-active',
      'counter-users-new',
      'counter-users-online',
      'counter-connections-online',
    ]) {
      expect(counterValue(id)).toBe('••••');
    }
    expect(screen.getByTestId('profile-tree-users').textContent).toBe('••••');
    expect(screen.queryByText('1.234.567')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(counterValue('counter-users')).toBe('1.234.567'));
    expect(counterValue('counter-resellers')).toBe('1.234');
    expect(counterValue('counter-users-active')).toBe('999');
    expect(counterValue('counter-users-new')).toBe('12.000');
    expect(counterValue('counter-users-online')).toBe('4.321');
    expect(counterValue('counter-connections-online')).toBe('5.678');
    expect(screen.getByTestId('profile-tree-users').textContent).toBe('1.234.567');
    expect(screen.getByTestId('profile-tree-resellers').textContent).toBe('1.234');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultar números' }));
    expect(counterValue('counter-users')).toBe('••••');
    expect(screen.getAllByRole('button', { name: 'Mostrar números' })).toHaveLength(1);
  });

  it('shows the six counters of the API, the online two included', async () => {
    renderDashboard();
    expect(await screen.findAllByText('Revendas')).toHaveLength(1);
    expect(screen.getAllByText('Usuários')).toHaveLength(1);
    expect(screen.getAllByText('Usuários Ativos')).toHaveLength(1);
    expect(screen.getAllByText('Novos Usuários Últimos 7 dias')).toHaveLength(1);
    expect(screen.getAllByText('Usuários Online')).toHaveLength(1);
    expect(screen.getAllByText('Conexões Realtime')).toHaveLength(1);
  });
});

describe('DashboardPage: profile card', () => {
  it('shows the user, the balance and the quick links of a reseller', async () => {
    renderDashboard();
    expect((await screen.findByTestId('profile-username')).textContent).toBe('revenda01');
    expect(screen.getByTestId('profile-type').textContent).toBe('Revendedor');
    expect(screen.getByTestId('profile-credits').textContent).toBe('100,00');
    expect(screen.getByTestId('quick-link-users').getAttribute('href')).toBe('/users');
    expect(screen.getByTestId('quick-link-resellers').getAttribute('href')).toBe('/resellers');
    expect(screen.getByTestId('quick-link-quick-test').textContent).toBe('Criar teste rápido');
  });

  it('the links follow the menu: a publisher (no lines, no resellers) gets none', async () => {
    renderDashboard({ type: 'publisher' });
    await screen.findByTestId('profile-username');
    expect(screen.queryByTestId('quick-link-users')).toBeNull();
    expect(screen.queryByTestId('quick-link-resellers')).toBeNull();
    expect(screen.queryByTestId('quick-link-quick-test')).toBeNull();
  });

  it('an admin gets every link', async () => {
    renderDashboard({ type: 'admin' });
    expect(await screen.findAllByTestId('quick-link-users')).toHaveLength(1);
    expect(screen.getAllByTestId('quick-link-resellers')).toHaveLength(1);
    expect(screen.getAllByTestId('quick-link-quick-test')).toHaveLength(1);
  });

  it('"Criar teste rápido" is disabled and says why while trials are switched off', async () => {
    const { router } = renderDashboard({
      extra: { 'GET /complements': { body: complements('false') } },
    });
    expect((await screen.findByTestId('quick-link-quick-test-off')).textContent).toBe(
      LINE_MESSAGES.trialsDisabled,
    );
    const button = screen.getByTestId('quick-link-quick-test');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('"Criar teste rápido" opens /users with the quick-test flag', async () => {
    const { router } = renderDashboard();
    fireEvent.click(await screen.findByTestId('quick-link-quick-test'));
    expect((await screen.findByTestId('users-state')).textContent).toBe('{"quickTest":true}');
    expect(router.state.location.pathname).toBe('/users');
  });
});

describe('DashboardPage: Próximos vencimentos (docs/product/screens.md#dashboard, docs/product/messages.md#silent-failures)', () => {
  it('says "Não há vencimentos próximos" when nothing expires within 7 days', async () => {
    renderDashboard({ lines: [] });
    expect((await screen.findByTestId('expiring-table-empty')).textContent).toBe(
      'Não há vencimentos próximos',
    );
  });

  it('a failed load says why with "Tentar novamente" (decision 0028), not "no expirations", and no toast', async () => {
    let failures = 1;
    renderDashboard({
      appQueryClient: true,
      extra: {
        'GET /dashboard/expiring': () =>
          failures-- > 0
            ? { status: 403, body: { status: 403, code: 'forbidden' } }
            : { body: { data: [expiringLine()] } },
      },
    });
    const failure = await screen.findByTestId('expiring-table-error');
    expect(screen.getByTestId('expiring-table-error-message').textContent).toBe(
      'Você não tem permissão para realizar esta ação.',
    );
    expect(screen.queryByTestId('expiring-table-empty')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    fireEvent.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('expiring-table-error')).toBeNull();
  });

  it('lists user, the coloured expiry with its tooltip, and the screens', async () => {
    renderDashboard({
      lines: [
        expiringLine(),
        expiringLine({ id: 6, username: 'cliente02', exp_date: nowSeconds + 6 * DAY, max_connections: 3 }),
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(within(first!).getByTestId('expiring-username').textContent).toBe('cliente01');
    expect(within(first!).getByTestId('expiring-expiry').textContent).toBe(
      formatPanelDateTime(nowSeconds + 2 * DAY),
    );
    expect(within(first!).getByTestId('expiring-expiry').dataset).toMatchObject({
      color: 'warning',
      tooltip: 'Expira em 2 dias',
    });
    expect(within(second!).getByTestId('expiring-expiry').dataset.color).toBe('info');
    expect(within(second!).getByTestId('expiring-screens').textContent).toBe('3');
    const headers = within(screen.getByTestId('expiring-table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Usuário', 'Expira em', 'Telas', 'Ações']);
  });

  it("each row opens the renewal dialog app/ hands in, for that row's line, and closes it", async () => {
    renderDashboard({ lines: [expiringLine(), expiringLine({ id: 6, username: 'cliente02' })] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByTestId('expiring-renew-package'));
    expect((await screen.findByTestId('renewal-dialog')).textContent).toBe('package: cliente02');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('renewal-dialog')).toBeNull();
    fireEvent.click(within(rows()[0]!).getByTestId('expiring-renew-month'));
    expect((await screen.findByTestId('renewal-dialog')).textContent).toBe('month: cliente01');
  });
});

import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import type { Line } from '@panel/shared/lines/line-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { BalanceRefreshProvider } from '@/lib/balance-refresh';
import { formatPanelDateTime } from '@/lib/format-date';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, type MockAnswer, type RecordedCall } from '@/test/mock-api';
import { buildLine, buildPackage } from '@/test/line-fixture';
import { buildProfile } from '@/test/profile-fixture';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './dashboard-page';

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

const COMPLEMENTS = {
  groups: [],
  settings: [],
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
  bouquets: [],
  server_time: nowSeconds,
};

const STATS: DashboardStats = { resellers: 1234, users: 1_234_567, users_active: 999, users_new: 12_000 };

const renewed = (line: Line) => ({
  body: { line: { ...line, exp_date: line.exp_date + 31 * DAY }, charged: '2.00', balance: '98.00' },
});

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
    'GET /complements': { body: COMPLEMENTS },
    ...extra,
  });
  const refreshBalance = vi.fn();
  const profile = buildProfile({ type, credits: '100.00' });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage profile={profile} /> },
      { path: '/users', element: <UsersStub /> },
      { path: '/resellers', element: <p>resellers page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(
    <BalanceRefreshProvider value={refreshBalance}>
      <Notifications />
      <RouterProvider router={router} />
    </BalanceRefreshProvider>,
    appQueryClient ? { queryClient: createQueryClient({ onSessionFailure: vi.fn() }) } : {},
  );
  return { calls, refreshBalance, router };
}

function UsersStub() {
  const { state } = useLocation();
  return <p data-testid="users-state">{JSON.stringify(state)}</p>;
}

const counterValue = (testId: string) => screen.getByTestId(`${testId}-value`).textContent;
const rows = () => screen.queryAllByTestId('expiring-table-row');

describe('DashboardPage: counters (spec §2)', () => {
  it('hides every number until the eye is clicked, then shows thousands with dots', async () => {
    const { calls } = renderDashboard();
    const toggle = await screen.findByRole('button', { name: 'Mostrar números' });
    await waitFor(() => expect(calls.some((call) => call.path === '/dashboard/stats')).toBe(true));
    for (const id of ['counter-resellers', 'counter-users', 'counter-users-active', 'counter-users-new']) {
      expect(counterValue(id)).toBe('••••');
    }
    expect(screen.getByTestId('profile-tree-users').textContent).toBe('••••');
    expect(screen.queryByText('1.234.567')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(counterValue('counter-users')).toBe('1.234.567'));
    expect(counterValue('counter-resellers')).toBe('1.234');
    expect(counterValue('counter-users-active')).toBe('999');
    expect(counterValue('counter-users-new')).toBe('12.000');
    expect(screen.getByTestId('profile-tree-users').textContent).toBe('1.234.567');
    expect(screen.getByTestId('profile-tree-resellers').textContent).toBe('1.234');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultar números' }));
    expect(counterValue('counter-users')).toBe('••••');
    expect(screen.getByRole('button', { name: 'Mostrar números' })).toBeTruthy();
  });

  it('shows the four counters of the API and no online counters yet', async () => {
    renderDashboard();
    expect(await screen.findByText('Revendas')).toBeTruthy();
    expect(screen.getByText('Usuários')).toBeTruthy();
    expect(screen.getByText('Usuários Ativos')).toBeTruthy();
    expect(screen.getByText('Novos Usuários Últimos 7 dias')).toBeTruthy();
    expect(screen.queryByText('Usuários Online')).toBeNull();
    expect(screen.queryByText('Conexões Realtime')).toBeNull();
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
    expect(await screen.findByTestId('quick-link-users')).toBeTruthy();
    expect(screen.getByTestId('quick-link-resellers')).toBeTruthy();
    expect(screen.getByTestId('quick-link-quick-test')).toBeTruthy();
  });

  it('"Criar teste rápido" opens /users with the quick-test flag', async () => {
    const { router } = renderDashboard();
    fireEvent.click(await screen.findByTestId('quick-link-quick-test'));
    expect((await screen.findByTestId('users-state')).textContent).toBe('{"quickTest":true}');
    expect(router.state.location.pathname).toBe('/users');
  });
});

describe('DashboardPage: Próximos vencimentos (spec §2, §8)', () => {
  it('says "Não há vencimentos próximos" when nothing expires within 7 days', async () => {
    renderDashboard({ lines: [] });
    expect((await screen.findByTestId('expiring-table-empty')).textContent).toBe(
      'Não há vencimentos próximos',
    );
  });

  it('a failed load says why with "Tentar novamente" (issue 10 #4), not "no expirations", and no toast', async () => {
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

  it('renews by one month after confirming the price (one credit per screen); the row leaves', async () => {
    const line = expiringLine();
    const { calls, refreshBalance } = renderDashboard({
      lines: [line],
      linesAfter: [],
      extra: { 'POST /users/5/renew': renewed(line) },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('expiring-renew-month'));
    const dialog = await screen.findByTestId('renew-month-dialog');
    expect(within(dialog).getByTestId('renew-month-price').textContent).toBe('2,00 créditos');
    expect(within(dialog).getByText('cliente01')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('renew-month-dialog-confirm'));
    expect(await screen.findByText('Usuário renovado com sucesso')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/5/renew')).toMatchObject({
      method: 'POST',
      body: { months: 1 },
    });
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(await screen.findByTestId('expiring-table-empty')).toBeTruthy();
    expect(refreshBalance).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('renew-month-dialog')).toBeNull());
    // The list and the counters are asked again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/dashboard/expiring').length).toBeGreaterThan(1),
    );
    expect(calls.filter((call) => call.path === '/dashboard/stats').length).toBeGreaterThan(1);
  });

  it('an admin renews for free', async () => {
    renderDashboard({ type: 'admin', lines: [expiringLine()] });
    fireEvent.click(await screen.findByTestId('expiring-renew-month'));
    expect((await screen.findByTestId('renew-month-price')).textContent).toBe('Grátis (admin)');
  });

  it('a refused renewal is silent (spec §8): no error toast, nothing stuck, the row stays', async () => {
    const { refreshBalance } = renderDashboard({
      appQueryClient: true,
      lines: [expiringLine()],
      extra: {
        'POST /users/5/renew': {
          status: 409,
          body: { status: 409, code: 'insufficient_credits', message: 'Créditos insuficientes.' },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('expiring-renew-month'));
    fireEvent.click(await screen.findByTestId('renew-month-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('renew-month-dialog')).toBeNull());
    expect(screen.queryByText('Créditos insuficientes.')).toBeNull();
    expect(screen.queryByText('Usuário renovado com sucesso')).toBeNull();
    expect(refreshBalance).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(1);
    // Nothing is left loading: the row's buttons work again.
    fireEvent.click(screen.getByTestId('expiring-renew-month'));
    const confirm = await screen.findByTestId('renew-month-dialog-confirm');
    expect(confirm.hasAttribute('data-loading')).toBe(false);
  });
});

/** Opens the package select and clicks one option of its own list box. */
async function choosePackage(label: string) {
  const input = await screen.findByTestId('renew-package-select');
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(listbox).findByRole('option', { name: label, hidden: true }));
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(label));
}

describe('DashboardPage: renew by package', () => {
  it('previews official credits × screens, sends the package and the row leaves', async () => {
    const line = expiringLine({ max_connections: 2 });
    const { calls, refreshBalance } = renderDashboard({
      lines: [line],
      linesAfter: [],
      extra: { 'POST /users/5/renew-package': renewed(line) },
    });
    fireEvent.click(await screen.findByTestId('expiring-renew-package'));
    const modal = await screen.findByTestId('renew-package-modal');
    expect(within(modal).getByTestId('renew-package-price').textContent).toBe('-');
    await choosePackage('Trimestral');
    expect(within(modal).getByTestId('renew-package-price').textContent).toBe('5,50 créditos');
    expect(within(modal).getByTestId('renew-package-duration').textContent).toBe('3 meses');

    fireEvent.click(within(modal).getByTestId('renew-package-submit'));
    expect(await screen.findByText('Usuário renovado com sucesso')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/5/renew-package')).toMatchObject({
      method: 'POST',
      body: { package_id: 30 },
    });
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(refreshBalance).toHaveBeenCalled();
  });

  it('asks for a package before sending anything', async () => {
    const { calls } = renderDashboard({ lines: [expiringLine()] });
    fireEvent.click(await screen.findByTestId('expiring-renew-package'));
    const submit = await screen.findByTestId('renew-package-submit');
    await waitFor(() =>
      expect((screen.getByTestId('renew-package-select') as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(submit);
    expect(await screen.findByText('Selecione um pacote')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/renew-package'))).toBe(false);
  });

  it('a P2P line is offered only the P2P packages; an admin sees "Grátis (admin)"', async () => {
    renderDashboard({ type: 'admin', lines: [expiringLine({ system: 2 })] });
    fireEvent.click(await screen.findByTestId('expiring-renew-package'));
    const input = await screen.findByTestId('renew-package-select');
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(input);
    await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['P2P Semestral']);
    fireEvent.click(options[0]!);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('P2P Semestral'));
    expect(screen.getByTestId('renew-package-price').textContent).toBe('Grátis (admin)');
  });
});

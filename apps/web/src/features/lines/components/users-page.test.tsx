import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { buildComplements, buildLine } from '@test/fixtures/line';
import { mockApi, type MockAnswer, type RecordedCall } from '@test/mock-api';
import { buildProfile } from '@test/fixtures/profile';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { UsersPage, type UsersNavigationState } from './users-page';
import { prefetchUsersList } from './users-list-request';

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const page = (rows: Line[], meta: Partial<{ total: number; pages: number; total_exact: boolean }> = {}) => ({
  body: {
    data: rows,
    meta: { page: 1, pages: 1, per: 10, total: rows.length, total_exact: true, ...meta },
  },
});

type Handlers = Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}|${JSON.stringify(location.state)}`}</output>;
}

function renderPage({
  type = 'reseller',
  rows = [buildLine()],
  meta,
  handlers = {},
  state,
  createOnOpen = false,
  mobileTableMode = 0,
  queryClient,
}: {
  type?: 'admin' | 'reseller';
  rows?: Line[];
  meta?: Partial<{ total: number; pages: number; total_exact: boolean }>;
  handlers?: Handlers;
  state?: UsersNavigationState;
  createOnOpen?: boolean;
  mobileTableMode?: 0 | 1;
  /** A client the test already used (the prefetch of decision 0110). */
  queryClient?: ReturnType<typeof createTestQueryClient>;
} = {}) {
  const profile = buildProfile({ type, id: 7, username: 'revenda01', mobile_table_mode: mobileTableMode });
  const calls = mockApi({
    'GET /users': page(rows, meta),
    'GET /complements': { body: buildComplements() },
    'POST /resellers/select_search': { body: [{ label: 'revenda01', value: 7 }] },
    'GET /profile': { body: profile },
    ...handlers,
  });
  renderWithProviders(
    <>
      <Notifications />
      <MemoryRouter initialEntries={[{ pathname: createOnOpen ? '/users/create' : '/users', state }]}>
        <Routes>
          <Route path="/users" element={<UsersPage profile={profile} />} />
          <Route path="/users/create" element={<UsersPage profile={profile} createOnOpen />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </>,
    { queryClient },
  );
  return { calls };
}

/** The text of the small toast (docs/product/messages.md#toasts: compact, with a progress bar). */
const smallToast = () => document.querySelector('[data-small-toast]')?.textContent;

/** GET /api/profile: asked again after a paid action, so the top-bar balance follows. */
const profileCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/profile').length;

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/users');
const headers = () =>
  within(screen.getByTestId('users-table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('UsersPage (docs/product/screens.md#users)', () => {
  it('a reseller: title, columns without Revenda, own account preset in the reseller filter', async () => {
    const { calls } = renderPage();
    expect(await screen.findAllByRole('heading', { name: 'Usuários' })).toHaveLength(1);
    await screen.findAllByTestId('users-table-row');
    // Every column of docs/product/screens.md#users-columns; three pairs share a header so the list fits a
    // 1366×768 laptop (decision 0073). First the bulk selection's checkbox (decision 0151).
    expect(headers()).toEqual([
      '',
      'Status',
      'Usuário / Senha',
      'Cliente / Mac',
      'Expira em',
      'Nota',
      'Plano / Telas',
      'Serviço',
      'Ações',
    ]);
    expect(screen.getByTestId('line-screens').textContent).toBe('2 telas');
    expect(listCalls(calls)[0]?.query.get('reseller')).toBe('7');
    expect((screen.getByTestId('filter-reseller') as HTMLInputElement).value).toBe('revenda01');
    expect(screen.getByTestId('line-status').textContent).toBe('ATIVO');
    expect(screen.getByTestId('line-package').textContent).toBe('Completo 1 mês');
    expect(screen.getByTestId('line-system').textContent).toBe('IPTV');
  });

  it('an admin sees the Revenda column and starts on "Todos"', async () => {
    const { calls } = renderPage({ type: 'admin' });
    await screen.findAllByTestId('users-table-row');
    expect(headers()[2]).toBe('Revenda');
    expect(screen.getByTestId('line-reseller').textContent).toBe('revenda01');
    expect(listCalls(calls)[0]?.query.has('reseller')).toBe(false);
  });

  it('says "mais de 10.000" when the total is capped', async () => {
    renderPage({ meta: { total: 10_000, pages: 1000, total_exact: false } });
    await waitFor(() =>
      expect(screen.getByTestId('users-table-footer').textContent).toBe(
        'Página 1 a 1000 - Quantidade mais de 10.000',
      ),
    );
  });

  it('an exact total stays a number; an empty list says "Nenhum Resultado"', async () => {
    renderPage({ rows: [] });
    expect((await screen.findByTestId('users-table-empty')).textContent).toBe('Nenhum Resultado');
    expect(screen.getByTestId('users-table-footer').textContent).toBe('Página 1 a 1 - Quantidade 0');
  });

  it('cuts notes to 11 characters plus "..."', async () => {
    renderPage({
      rows: [
        buildLine({ id: 1, reseller_notes: 'cliente do bairro novo' }),
        buildLine({ id: 2, reseller_notes: 'curta' }),
      ],
    });
    const notes = await screen.findAllByTestId('line-notes');
    expect(notes.map((note) => note.textContent)).toEqual(['cliente do ...', 'curta']);
  });

  it('warns about a hybrid line without a MAC and shows the MAC otherwise', async () => {
    renderPage({
      rows: [
        buildLine({ id: 1, system: 3, macaddr: null }),
        buildLine({ id: 2, system: 3, macaddr: 'aa:bb:cc:dd:ee:ff' }),
      ],
    });
    expect((await screen.findByTestId('line-hybrid-no-mac')).textContent).toBe(
      LINE_MESSAGES.hybridWithoutMac,
    );
    expect(screen.getByTestId('line-mac').textContent).toBe('aa:bb:cc:dd:ee:ff');
  });

  it('status and expiry badges follow the clock (docs/product/screens.md#expiry-badge)', async () => {
    const now = nowSeconds();
    renderPage({
      rows: [
        buildLine({ id: 1, exp_date: now - HOUR }),
        buildLine({ id: 2, exp_date: now + 2 * 86_400 }),
        buildLine({ id: 3, enabled: 0 }),
      ],
    });
    await screen.findAllByTestId('users-table-row');
    expect(screen.getAllByTestId('line-status').map((badge) => badge.textContent)).toEqual([
      'EXPIRADO',
      'ATIVO',
      'BLOQUEADO',
    ]);
    const expiry = screen.getAllByTestId('line-expiry');
    expect(expiry.map((badge) => badge.dataset.color)).toEqual(['danger', 'warning', 'success']);
    expect(expiry[0]?.getAttribute('aria-label')).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d \(Expirado\)$/);
    expect(expiry[1]?.getAttribute('aria-label')).toContain('(Expira em 2 dias)');
  });

  it('filters by status and expiry at once, by text on Enter, and remembers them', async () => {
    const { calls } = renderPage();
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('filter-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Expirado', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('status')).toBe('3'));
    fireEvent.click(screen.getByTestId('filter-expiry'));
    fireEvent.click(await screen.findByRole('option', { name: '7 dias', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('expirationInterval')).toBe('7days'));
    fireEvent.change(screen.getByTestId('filter-search'), { target: { value: 'maria' } });
    fireEvent.keyDown(screen.getByTestId('filter-search'), { key: 'Enter' });
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('maria'));
    const stored = JSON.parse(localStorage.getItem('list-state:users:7') ?? '{}');
    expect(stored.filters).toMatchObject({
      status: '3',
      expirationInterval: '7days',
      search: 'maria',
      reseller: '7',
    });
  });

  it('the header sort cycles none → asc → desc → none', async () => {
    const { calls } = renderPage();
    await screen.findAllByTestId('users-table-row');
    const header = screen.getByTestId('sort-exp_date');
    fireEvent.click(header);
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('order_by')).toBe('exp_date,asc'));
    fireEvent.click(header);
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('order_by')).toBe('exp_date,desc'));
    fireEvent.click(header);
    // Back to the server's default order: the first page (already cached) without order_by.
    await waitFor(() => expect(header.dataset.sort).toBe('none'));
    expect(listCalls(calls)[0]?.query.has('order_by')).toBe(false);
    expect(screen.queryByTestId('sort-password')).toBeNull();
  });

  it('block asks nothing and says so; renew shows the price (screens credits) before confirming', async () => {
    const line = buildLine({ max_connections: 3 });
    const { calls } = renderPage({
      rows: [line],
      handlers: {
        'POST /users/101/block': { body: { ...line, enabled: 0 } },
        'POST /users/101/renew': { body: { line, charged: '3.00', balance: '7.00' } },
      },
    });
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-block'));
    expect(await screen.findAllByText('Usuário bloqueado com sucesso')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/users/101/block')?.body).toBeUndefined();

    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-renew-month'));
    const dialog = await screen.findByTestId('line-confirm-renew-month');
    expect(within(dialog).getByTestId('line-confirm-price').textContent).toBe('Custo: 3,00 créditos');
    const profileAskedBefore = profileCalls(calls);
    fireEvent.click(within(dialog).getByTestId('line-confirm-renew-month-confirm'));
    expect(await screen.findAllByText('Usuário renovado com sucesso')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/users/101/renew')?.body).toEqual({ months: 1 });
    await waitFor(() => expect(profileCalls(calls)).toBeGreaterThan(profileAskedBefore));
  });

  it('renewing a trial by one month is a confirmed conversion into a paid line', async () => {
    const trial = buildLine({ is_trial: 1, package_id: 61, username: 'teste77' });
    const { calls } = renderPage({
      rows: [trial],
      handlers: {
        'POST /users/101/renew': {
          body: { line: { ...trial, is_trial: 0 }, charged: '2.00', balance: '8.00' },
        },
      },
    });
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-renew-month'));
    const dialog = await screen.findByTestId('line-confirm-renew-month');
    expect(within(dialog).getAllByText('Converter teste em usuário pago')).toHaveLength(1);
    expect(within(dialog).getByTestId('line-confirm-trial-conversion').textContent).toBe(
      'O usuário teste77 é um teste. Renovar por 1 mês o converte em usuário pago, no pacote Completo 1 mês.',
    );
    const confirm = within(dialog).getByTestId('line-confirm-renew-month-confirm');
    expect(confirm.textContent).toBe('Converter e renovar');
    expect(calls.some((call) => call.path === '/users/101/renew')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findAllByText('Usuário renovado com sucesso')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/users/101/renew')?.body).toEqual({
      months: 1,
      convert_trial: true,
    });
  });

  it('remove asks first; 23:59 shows the new expiry, free', async () => {
    const line = buildLine();
    const { calls } = renderPage({
      rows: [line],
      handlers: {
        'DELETE /users/101': { status: 204 },
        'POST /users/101/set-expiry-time': { body: line },
      },
    });
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-expiry-2359'));
    const dialog = await screen.findByTestId('line-confirm-expiry-2359');
    expect(within(dialog).getByTestId('line-confirm-new-expiry').textContent).toMatch(/23:59$/);
    expect(within(dialog).getByTestId('line-confirm-price').textContent).toBe('Grátis');
    fireEvent.click(within(dialog).getByTestId('line-confirm-expiry-2359-confirm'));
    expect(await screen.findAllByText('Vencimento alterado')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-remove'));
    const remove = await screen.findByTestId('line-confirm-remove');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(remove).getByTestId('line-confirm-remove-confirm'));
    expect(await screen.findAllByText('Usuário removido com sucesso')).toHaveLength(1);
  });

  it('a resync answering 503 shows the server’s plain sentence', async () => {
    const message = 'Serviço P2P não configurado neste servidor: nenhuma alteração foi enviada.';
    renderPage({
      rows: [buildLine({ system: 2 })],
      handlers: {
        'POST /users/101/resync_p2p': {
          status: 503,
          body: { status: 503, code: 'service_unavailable', message },
        },
      },
    });
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-resync-p2p'));
    expect(await screen.findAllByText(message)).toHaveLength(1);
  });

  it('a row action of the modals opens that modal', async () => {
    renderPage();
    await screen.findAllByTestId('users-table-row');
    fireEvent.click(screen.getByTestId('line-actions'));
    fireEvent.click(await screen.findByTestId('line-action-renew-package'));
    expect(await screen.findAllByTestId('renew-package-modal')).toHaveLength(1);
  });

  it('the quick-test navigation state opens the create dialog on trial with random credentials, once', async () => {
    renderPage({ state: { quickTest: true } });
    const modal = await screen.findByTestId('create-line-modal');
    expect((within(modal).getByTestId('create-line-trial') as HTMLInputElement).checked).toBe(true);
    expect((within(modal).getByTestId('create-line-random') as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/users|null'));
  });

  it('{ openCreate: true } opens it on a normal line; /users/create too, and closing goes to /users', async () => {
    renderPage({ createOnOpen: true });
    const modal = await screen.findByTestId('create-line-modal');
    expect((within(modal).getByTestId('create-line-trial') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/users\|/));
  });

  it('creating shows the credentials and the small toast; P2P without a service warns', async () => {
    const created = buildLine({ id: 202, username: 'p2pcliente', password: 'senha9x', system: 2 });
    const notConfigured = 'Serviço P2P não configurado neste servidor: nenhuma alteração foi enviada.';
    renderPage({
      state: { openCreate: true },
      handlers: {
        'POST /users': { status: 201, body: { line: created, charged: '1.00', balance: '9.00' } },
        'GET /users/202/provisioning': {
          body: {
            provisioning: {
              system: 2,
              configured: false,
              message: notConfigured,
              pending: 1,
              failed: 0,
              last_delivered_at: null,
              last_error: null,
            },
          },
        },
      },
    });
    const modal = await screen.findByTestId('create-line-modal');
    fireEvent.click(within(modal).getByRole('radio', { name: 'P2P' }));
    fireEvent.click(within(modal).getByTestId('create-line-random'));
    await within(modal).findByRole('option', { name: /Completo/ });
    fireEvent.change(within(modal).getByTestId('create-line-package'), { target: { value: '17' } });
    fireEvent.click(within(modal).getByTestId('create-line-submit'));
    const success = await screen.findByTestId('line-created-modal');
    expect(within(success).getByTestId('line-created-username').textContent).toBe('p2pcliente');
    expect(within(success).getByTestId('line-created-password').textContent).toBe('senha9x');
    expect(within(success).getByTestId('line-created-system').textContent).toBe('P2P');
    expect(smallToast()).toBe('Novo usuário criado');
    expect((await within(success).findByTestId('line-created-provisioning-warning')).textContent).toBe(
      notConfigured,
    );
  });

  it('copying a credential says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage({
      state: { quickTest: true },
      handlers: {
        'POST /users/trial_users': {
          status: 201,
          body: { line: buildLine({ is_trial: 1, username: 'teste01' }), charged: '0.00', balance: '10.00' },
        },
      },
    });
    // The quick test starts with random credentials: one click creates it.
    const modal = await screen.findByTestId('create-line-modal');
    fireEvent.click(within(modal).getByTestId('create-line-submit'));
    const success = await screen.findByTestId('line-created-modal');
    expect(smallToast()).toBe('Teste criado');
    await act(async () => fireEvent.click(within(success).getByTestId('line-created-username-copy')));
    expect(writeText).toHaveBeenCalledWith('teste01');
    expect(await screen.findAllByText('Copiado para a área de transferência!')).toHaveLength(1);
  });

  it('on a phone with vertical tables: one column of cards grouped by expiry date', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    // 10:00 and 20:00 of 10/03/2030, 10:00 of 11/03/2030 (Brasília, UTC−3).
    const day = Date.UTC(2030, 2, 10, 13) / 1000;
    const { calls } = renderPage({
      mobileTableMode: 1,
      rows: [
        buildLine({ id: 1, username: 'primeiro', exp_date: day }),
        buildLine({ id: 2, username: 'segundo', exp_date: day + 86_400 }),
        buildLine({ id: 3, username: 'terceiro', exp_date: day + 10 * HOUR }),
      ],
    });
    const headings = await screen.findAllByTestId('users-table-group-heading');
    expect(headings.map((heading) => heading.textContent)).toEqual(['10/03/2030', '11/03/2030']);
    const groups = screen.getAllByTestId('users-table-group');
    expect(
      within(groups[0] as HTMLElement)
        .getAllByTestId('line-username')
        .map((n) => n.textContent),
    ).toEqual(['primeiro', 'terceiro']);
    expect(screen.queryByTestId('users-table')).toBeNull();
    // Decision 0028: with no sort of its own the phone asks by expiry, so the date groups come in order.
    expect(listCalls(calls).map((call) => call.query.get('order_by'))).toEqual(['exp_date,asc']);
  });

  it('on a phone a sort chosen on the list is kept (the groups follow it)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    localStorage.setItem(
      'list-state:users:7',
      JSON.stringify({ filters: {}, per: 10, sort: { field: 'exp_date', direction: 'desc' } }),
    );
    const { calls } = renderPage({ mobileTableMode: 1 });
    await screen.findAllByTestId('users-table-group-heading');
    expect(listCalls(calls).map((call) => call.query.get('order_by'))).toEqual(['exp_date,desc']);
  });

  it('a failed list says why with "Tentar novamente", which asks again (decision 0028)', async () => {
    let failures = 1;
    const { calls } = renderPage({
      handlers: {
        'GET /users': () =>
          failures-- > 0
            ? { status: 503, body: { status: 503, code: 'service_unavailable' } }
            : page([buildLine({ username: 'voltou' })]),
      },
    });
    const failure = await screen.findByTestId('users-table-error');
    expect(screen.getByTestId('users-table-error-message').textContent).toBe(
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
    );
    fireEvent.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByTestId('line-username')).textContent).toBe('voltou');
    expect(screen.queryByTestId('users-table-error')).toBeNull();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it.each([
    {
      device: 'a desktop',
      phone: false,
      orderBy: 'exp_date,desc',
      sort: { field: 'exp_date', direction: 'desc' },
    },
    // Cards on a phone are asked by expiry when the list has no sort of its own (decision 0028).
    { device: 'a phone with vertical tables', phone: true, orderBy: 'exp_date,asc', sort: null },
  ])(
    "on $device, finds its first page already asked for by the screen's prefetch: one list request (decision 0110)",
    async ({ phone, orderBy, sort }) => {
      if (phone)
        vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
      localStorage.setItem('list-state:users:7', JSON.stringify({ filters: { status: '1' }, per: 50, sort }));
      const queryClient = createTestQueryClient();
      const calls = mockApi({
        'GET /users': page([buildLine({ username: 'prefetched01' })]),
        'GET /profile': {
          body: buildProfile({
            type: 'reseller',
            id: 7,
            username: 'revenda01',
            mobile_table_mode: phone ? 1 : 0,
          }),
        },
      });
      prefetchUsersList(queryClient);
      await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
      expect(Object.fromEntries(listCalls(calls)[0]?.query ?? [])).toEqual({
        page: '1',
        per: '50',
        order_by: orderBy,
        status: '1',
        reseller: '7',
      });

      const rendered = renderPage({ queryClient, mobileTableMode: phone ? 1 : 0 });
      expect(await screen.findByText('prefetched01')).toBeInTheDocument();
      // The page asked for its own first page and found it in the cache: no list request of its own.
      expect(listCalls(rendered.calls)).toHaveLength(0);
    },
  );

  it('asks for no list when the route would not open for the profile (a publisher on /users)', async () => {
    const queryClient = createTestQueryClient();
    const calls = mockApi({
      'GET /users': page([]),
      'GET /profile': { body: buildProfile({ type: 'publisher', id: 9, username: 'editor01' }) },
    });
    const asked: string[] = [];
    prefetchUsersList(queryClient, (profile) => {
      asked.push(profile.type);
      return profile.type !== 'publisher';
    });
    await waitFor(() => expect(asked).toEqual(['publisher']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(calls)).toHaveLength(0);
  });
});

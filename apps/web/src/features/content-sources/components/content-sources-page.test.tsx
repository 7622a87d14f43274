import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  type ContentCategory,
  type ContentSource,
  type SyncProgress,
} from '@panel/shared/content-sources/content-sources-api';
import { complementsQueryOptions } from '@/lib/queries/complements-query';
import { buildComplements } from '@test/fixtures/line';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { ContentSourcesPage } from './content-sources-page';

afterEach(cleanNotifications);

function buildSource(overrides: Partial<ContentSource> = {}): ContentSource {
  return {
    id: 4,
    kind: 'xtream',
    name: 'Servidor principal',
    url: 'http://origem.exemplo.com:8080',
    username: 'linha01',
    has_password: true,
    xmltv_url: null,
    delivery_mode: 'proxy',
    sync_interval_minutes: 360,
    guide_offset_minutes: 0,
    sync_status: 'ok',
    sync_started_at: 1_763_700_000,
    sync_finished_at: 1_763_700_090,
    sync_progress: null,
    sync_summary: {
      categories: { added: 3, updated: 0, retired: 0 },
      live: { added: 12, updated: 1, retired: 2 },
      movies: { added: 5, updated: 0, retired: 0 },
      series: { added: 2, updated: 0, retired: 0 },
      episodes: { added: 20, updated: 0, retired: 1 },
      epgProgrammes: 340,
      seconds: 89.6,
    },
    sync_error: null,
    ...overrides,
  };
}

const list = (...sources: ContentSource[]): MockAnswer => ({ body: { data: sources } });
const SERVER_DOWN = {
  status: 503,
  body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
};

function renderPage() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    complementsQueryOptions().queryKey,
    buildComplements({
      bouquets: [
        { id: 1, name: 'Canais', sort_order: 1, is_adult: false },
        { id: 2, name: 'Filmes', sort_order: 2, is_adult: false },
        { id: 9, name: 'Adultos', sort_order: 9, is_adult: true },
      ],
    }),
  );
  return renderWithProviders(
    <>
      <Notifications />
      <ContentSourcesPage />
    </>,
    { queryClient },
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('content sources list (docs/product/screens.md#content-sources)', () => {
  it("an empty library says 'Nenhuma fonte cadastrada'", async () => {
    mockApi({ 'GET /admin/content/sources': list() });
    renderPage();
    expect(screen.getAllByTestId('content-sources-loading')).toHaveLength(1);
    expect((await screen.findByTestId('content-sources-empty')).textContent).toContain(
      'Nenhuma fonte cadastrada',
    );
  });

  it("a failed list says why and 'Tentar novamente' asks again", async () => {
    let answer: MockAnswer = SERVER_DOWN;
    const calls = mockApi({ 'GET /admin/content/sources': () => answer });
    renderPage();
    expect((await screen.findByTestId('content-sources-error-message')).textContent).toBe(
      'Serviço indisponível.',
    );
    answer = list(buildSource());
    fireEvent.click(screen.getByTestId('content-sources-error-retry'));
    expect(await screen.findAllByTestId('content-source')).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('shows each source: name, kind, URL, delivery, interval, last sync, status and the last summary', async () => {
    mockApi({
      'GET /admin/content/sources': list(
        buildSource(),
        buildSource({
          id: 5,
          kind: 'm3u',
          name: 'Lista local',
          url: '/srv/listas/canais.m3u',
          username: null,
          has_password: false,
          delivery_mode: 'redirect',
          sync_interval_minutes: null,
          sync_status: 'failed',
          sync_summary: null,
          sync_error: 'Arquivo não encontrado no servidor: /srv/listas/canais.m3u',
        }),
        buildSource({ id: 6, name: 'Nova', sync_status: 'idle', sync_finished_at: null, sync_summary: null }),
      ),
    });
    renderPage();
    expect(await screen.findAllByTestId('content-source')).toHaveLength(3);
    const text = (testId: string) => screen.getByTestId(testId).textContent;
    expect(text('content-source-4-name')).toBe('Servidor principal');
    expect(text('content-source-4-kind')).toBe('Xtream');
    expect(text('content-source-4-url')).toBe('http://origem.exemplo.com:8080');
    expect(text('content-source-4-delivery')).toBe('Proxy');
    expect(text('content-source-4-interval')).toBe('A cada 6 h');
    expect(text('content-source-4-last-sync')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(text('content-source-4-status')).toBe('Sincronizada');
    expect(text('content-source-4-summary-live')).toBe('Canais: 12 novos · 1 atualizados · 2 retirados');
    expect(text('content-source-4-summary')).toContain('340 programas no guia');

    expect(text('content-source-5-kind')).toBe('M3U');
    expect(text('content-source-5-delivery')).toBe('Redirecionamento');
    expect(text('content-source-5-interval')).toBe('Manual');
    expect(text('content-source-5-status')).toBe('Falhou');
    expect(text('content-source-5-error')).toBe('Arquivo não encontrado no servidor: /srv/listas/canais.m3u');

    expect(text('content-source-6-status')).toBe('Nunca sincronizada');
    expect(text('content-source-6-last-sync')).toBe('Nunca');
  });
});

describe('the source form', () => {
  it('checks a new Xtream source with the shared rules, then posts it (proxy by default)', async () => {
    const calls = mockApi({
      'GET /admin/content/sources': list(),
      'POST /admin/content/sources': { status: 201, body: buildSource({ id: 7 }) },
    });
    renderPage();
    await screen.findByTestId('content-sources-empty');
    fireEvent.click(screen.getByTestId('content-source-new'));
    const form = await screen.findByTestId('content-source-form');
    type('content-source-url', 'ftp://errado');
    type('content-source-interval', '2');
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await within(form).findAllByText(CONTENT_MESSAGES.required)).toHaveLength(1);
    expect(within(form).getAllByText(CONTENT_MESSAGES.urlInvalid)).toHaveLength(1);
    expect(within(form).getAllByText(CONTENT_MESSAGES.credentialsRequired)).toHaveLength(2);
    expect(within(form).getAllByText(CONTENT_MESSAGES.intervalInvalid)).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    type('content-source-name', 'Servidor principal');
    type('content-source-url', 'http://origem.exemplo.com:8080');
    type('content-source-username', 'linha01');
    type('content-source-password', 'segredo9');
    type('content-source-interval', '');
    expect((screen.getByTestId('content-source-delivery') as HTMLSelectElement).value).toBe('proxy');
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.sourceSaved)).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'xtream',
      name: 'Servidor principal',
      url: 'http://origem.exemplo.com:8080',
      username: 'linha01',
      password: 'segredo9',
      delivery_mode: 'proxy',
      sync_interval_minutes: null,
      guide_offset_minutes: 0,
    });
    await waitFor(() => expect(screen.queryAllByTestId('content-source-form')).toHaveLength(0));
  });

  it('an M3U source takes a server path and a guide, redirected by default', async () => {
    const calls = mockApi({
      'GET /admin/content/sources': list(),
      'POST /admin/content/sources': { status: 201, body: buildSource({ id: 8, kind: 'm3u' }) },
    });
    renderPage();
    await screen.findByTestId('content-sources-empty');
    fireEvent.click(screen.getByTestId('content-source-new'));
    const form = await screen.findByTestId('content-source-form');
    fireEvent.click(within(form).getByText('M3U'));
    expect(within(form).queryAllByTestId('content-source-username')).toHaveLength(0);
    expect((screen.getByTestId('content-source-delivery') as HTMLSelectElement).value).toBe('redirect');
    type('content-source-name', 'Lista local');
    type('content-source-url', '/srv/listas/canais.m3u');
    type('content-source-xmltv', 'http://guia.exemplo.com/epg.xml');
    type('content-source-interval', '60');
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'm3u',
      name: 'Lista local',
      url: '/srv/listas/canais.m3u',
      xmltv_url: 'http://guia.exemplo.com/epg.xml',
      delivery_mode: 'redirect',
      sync_interval_minutes: 60,
      guide_offset_minutes: 0,
    });
  });

  it('editing keeps the stored password when left blank; a refusal naming a field goes under it', async () => {
    let patchAnswer: MockAnswer = {
      status: 422,
      body: { status: 422, code: 'validation_failed', message: CONTENT_MESSAGES.urlInvalid, field: 'url' },
    };
    const calls = mockApi({
      'GET /admin/content/sources': list(buildSource()),
      'PATCH /admin/content/sources/4': () => patchAnswer,
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('content-source-4-edit'));
    const form = await screen.findByTestId('content-source-form');
    expect(input('content-source-name').value).toBe('Servidor principal');
    expect(input('content-source-password').value).toBe('');
    expect(input('content-source-interval').value).toBe('360');
    type('content-source-name', 'Servidor novo');
    fireEvent.change(screen.getByTestId('content-source-delivery'), { target: { value: 'redirect' } });
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await within(form).findAllByText(CONTENT_MESSAGES.urlInvalid)).toHaveLength(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Servidor novo',
      url: 'http://origem.exemplo.com:8080',
      username: 'linha01',
      delivery_mode: 'redirect',
      sync_interval_minutes: 360,
      guide_offset_minutes: 0,
    });
    patchAnswer = { body: buildSource({ name: 'Servidor novo' }) };
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.sourceSaved)).toHaveLength(1);
  });

  it('shows the guide offset on the card and edits it; a refusal of the offset goes under it', async () => {
    let patchAnswer: MockAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'validation_failed',
        message: CONTENT_MESSAGES.guideOffsetInvalid,
        field: 'guide_offset_minutes',
      },
    };
    const calls = mockApi({
      'GET /admin/content/sources': list(buildSource({ guide_offset_minutes: 180 }), buildSource({ id: 5 })),
      'PATCH /admin/content/sources/4': () => patchAnswer,
    });
    renderPage();
    expect((await screen.findByTestId('content-source-4-guide-offset')).textContent).toBe('+03:00');
    expect(screen.getByTestId('content-source-5-guide-offset').textContent).toBe('Sem ajuste');
    fireEvent.click(screen.getByTestId('content-source-4-edit'));
    const form = await screen.findByTestId('content-source-form');
    const select = screen.getByTestId('content-source-guide-offset') as HTMLSelectElement;
    expect(select.value).toBe('180');
    const options = [...select.options].map((option) => option.text);
    expect(options[0]).toBe('-12:00');
    expect(options.at(-1)).toBe('+14:00');
    expect(options).toContain('+05:45');
    expect(options).toContain('Sem ajuste');
    fireEvent.change(select, { target: { value: '-330' } });
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await within(form).findAllByText(CONTENT_MESSAGES.guideOffsetInvalid)).toHaveLength(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ guide_offset_minutes: -330 });
    patchAnswer = { body: buildSource({ guide_offset_minutes: -330 }) };
    fireEvent.click(within(form).getByTestId('content-source-submit'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.sourceSaved)).toHaveLength(1);
  });

  it('removing asks first, then deletes', async () => {
    const calls = mockApi({
      'GET /admin/content/sources': list(buildSource()),
      'DELETE /admin/content/sources/4': { status: 204 },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('content-source-4-remove'));
    const dialog = await screen.findByTestId('content-source-remove');
    expect(dialog.textContent).toContain('Deseja realmente remover a fonte "Servidor principal"?');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('content-source-remove-confirm'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.sourceRemoved)).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/admin/content/sources/4',
    ]);
  });
});

describe("'Sincronizar'", () => {
  it('posts the sync, then follows GET /sources/:id every second with the phase and a progress bar', async () => {
    const running = (progress: SyncProgress) =>
      buildSource({ sync_status: 'running', sync_progress: progress, sync_summary: null });
    const ticks: ContentSource[] = [
      running({ phase: 'movies', done: 3, total: 10 }),
      running({ phase: 'epg', done: 120, total: null }),
      buildSource({
        sync_status: 'ok',
        sync_finished_at: 1_763_800_000,
        sync_summary: { ...buildSource().sync_summary!, live: { added: 1, updated: 0, retired: 0 } },
      }),
    ];
    const calls = mockApi({
      'GET /admin/content/sources': list(buildSource()),
      'POST /admin/content/sources/4/sync': {
        status: 202,
        body: running({ phase: 'categories', done: 0, total: 4 }),
      },
      'GET /admin/content/sources/4': () => ({ body: ticks.shift() ?? buildSource() }),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('content-source-4-sync'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.syncStarted)).toHaveLength(1);
    const phase = () => screen.getByTestId('content-source-4-progress-phase').textContent;
    const count = () => screen.getByTestId('content-source-4-progress-count').textContent;
    await waitFor(() => expect(phase()).toBe('Filmes'));
    expect(count()).toBe('3 / 10');
    expect(screen.getByTestId('content-source-4-status').textContent).toBe('Sincronizando');
    expect(screen.getByTestId('content-source-4-sync')).toBeDisabled();
    // No total yet: an animated striped bar and the count so far.
    await waitFor(() => expect(phase()).toBe('Guia (EPG)'));
    expect(count()).toBe('120 itens');
    expect(screen.getByTestId('content-source-4-progress-bar').getAttribute('data-indeterminate')).toBe(
      'true',
    );
    await waitFor(() =>
      expect(screen.getByTestId('content-source-4-summary-live').textContent).toBe(
        'Canais: 1 novos · 0 atualizados · 0 retirados',
      ),
    );
    expect(screen.queryAllByTestId('content-source-4-progress')).toHaveLength(0);
    expect(screen.getByTestId('content-source-4-status').textContent).toBe('Sincronizada');
    const polls = calls.filter((call) => call.path === '/admin/content/sources/4' && call.method === 'GET');
    expect(polls).toHaveLength(3);
    // Nothing more is asked once the sync ended.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls.filter((call) => call.path === '/admin/content/sources/4')).toHaveLength(3);
  }, 15_000);

  it('a sync already running answers 409 and says so', async () => {
    mockApi({
      'GET /admin/content/sources': list(buildSource()),
      'POST /admin/content/sources/4/sync': {
        status: 409,
        body: { status: 409, code: 'conflict', message: CONTENT_MESSAGES.syncRunning },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('content-source-4-sync'));
    expect(await screen.findAllByText(CONTENT_MESSAGES.syncRunning)).toHaveLength(1);
  });
});

describe('categories', () => {
  const category = (overrides: Partial<ContentCategory>): ContentCategory => ({
    id: 1,
    kind: 'live',
    name: 'Esportes',
    is_adult: false,
    source_id: 4,
    items: 12,
    bouquet_ids: [1],
    ...overrides,
  });

  it('lists the categories of a kind with their bouquets and moves one between bouquets', async () => {
    let live = [category({}), category({ id: 2, name: 'Notícias', bouquet_ids: [] })];
    const calls = mockApi({
      'GET /admin/content/sources': list(),
      'GET /admin/content/categories': (call) =>
        call.query.get('kind') === 'movie'
          ? { body: { data: [category({ id: 3, kind: 'movie', name: 'Ação', bouquet_ids: [2] })] } }
          : { body: { data: live } },
      'PUT /admin/content/categories/2/bouquets': () => {
        live = [live[0]!, { ...live[1]!, bouquet_ids: [1, 9] }];
        return { status: 204 };
      },
    });
    renderPage();
    fireEvent.click(screen.getByTestId('content-tab-categories'));
    expect(await screen.findAllByTestId('content-category')).toHaveLength(2);
    const rows = () => screen.getAllByTestId('content-category');
    expect(within(rows()[0]!).getByTestId('content-category-bouquets').textContent).toBe('Canais');
    expect(within(rows()[0]!).getByTestId('content-category-items').textContent).toBe('12 itens');
    expect(within(rows()[1]!).getByTestId('content-category-bouquets').textContent).toBe('Nenhum bouquet');

    fireEvent.click(within(rows()[1]!).getByTestId('content-category-edit'));
    const dialog = await screen.findByTestId('category-bouquets');
    fireEvent.click(within(dialog).getByLabelText('Canais'));
    fireEvent.click(within(dialog).getByLabelText('Adultos (Adulto)'));
    fireEvent.click(within(dialog).getByTestId('category-bouquets-submit'));
    await waitFor(() =>
      expect(within(rows()[1]!).getByTestId('content-category-bouquets').textContent).toBe('CanaisAdultos'),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bouquet_ids: [1, 9] });

    fireEvent.click(within(screen.getByTestId('content-categories-kind')).getByText('Filmes'));
    await waitFor(() =>
      expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Ação')]),
    );
    expect(
      calls.filter((call) => call.path === '/admin/content/categories').map((c) => c.query.get('kind')),
    ).toEqual(['live', 'live', 'movie']);
  });

  it('says the route’s refusals in the shared words: about the bouquets in the dialog, others as a toast', async () => {
    let answer: MockAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'validation_failed',
        message: CONTENT_MESSAGES.bouquetUnknown,
        field: 'bouquet_ids',
      },
    };
    mockApi({
      'GET /admin/content/sources': list(),
      'GET /admin/content/categories': { body: { data: [category({})] } },
      'PUT /admin/content/categories/1/bouquets': () => answer,
    });
    renderPage();
    fireEvent.click(screen.getByTestId('content-tab-categories'));
    fireEvent.click(
      within((await screen.findAllByTestId('content-category'))[0]!).getByTestId('content-category-edit'),
    );
    const dialog = await screen.findByTestId('category-bouquets');
    fireEvent.click(within(dialog).getByTestId('category-bouquets-submit'));
    // A bouquet removed meanwhile: said under the list, the dialog stays open.
    expect((await within(dialog).findByTestId('category-bouquets-refused')).textContent).toBe(
      CONTENT_MESSAGES.bouquetUnknown,
    );
    // The category removed meanwhile: the catalogue's sentence as a toast.
    answer = {
      status: 404,
      body: { status: 404, code: 'not_found', message: CONTENT_MESSAGES.categoryNotFound },
    };
    fireEvent.click(within(dialog).getByTestId('category-bouquets-submit'));
    expect(await screen.findByText(CONTENT_MESSAGES.categoryNotFound)).toBeInTheDocument();
  });

  it("says 'Nenhuma categoria importada' when the library has none", async () => {
    mockApi({
      'GET /admin/content/sources': list(),
      'GET /admin/content/categories': { body: { data: [] } },
    });
    renderPage();
    fireEvent.click(screen.getByTestId('content-tab-categories'));
    expect((await screen.findByTestId('content-categories-empty')).textContent).toBe(
      'Nenhuma categoria importada',
    );
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { startFakeTmdb, type FakeTmdb } from '../../apps/server/test/metadata/fake-tmdb';
import type { PanelApi, SeededReseller } from '../fixtures/api';
import { LAPTOP, PHONE } from '../fixtures/devices';
import { FAKE_KEYS, FAKE_PORTS } from '../fixtures/fake-ports';
import { addM3uSource } from '../fixtures/library';
import { uniqueUsername } from '../fixtures/resellers';
import { ADMIN, solveCaptcha } from '../fixtures/session';
import { expect, RESELLER_PASSWORD as PASSWORD, test } from '../fixtures/test';
import { playerList, reportViews } from '../steps/content-removal';
import { englishIn, layoutProblems, openScreen, pageTexts, settle } from '../steps/screen-walk';
import { shot } from '../fixtures/shot';

// Decision 0073: every screen each role may open, walked once per role in one signed-in browser context.
// At 1366×768 nothing scrolls sideways (the page, or a table inside its own scroll container) and no
// header cell sits under the sticky 'Ações' column; no screen shows English
// (docs/product/contradictions.md#toast-titles). Screenshots of each screen at 1366×768 and of each list at
// 390×844 go to artifacts/screenshots/walk/.
const fileName = (path: string) => path.slice(1).replaceAll('/', '-') || 'root';

/** Screens outside the sidebar: the settings menu's pages. */
const SETTINGS_SCREENS = ['/profile', '/profile/change-password'];
/** The lists each role must meet on its walk (docs/product/roles.md); the walk visits every menu item. */
const RESELLER_LISTS = [
  '/users',
  '/users/iptv/connections',
  '/users/p2p/connections',
  '/resellers',
  '/resellers/logs',
  '/domains',
  '/payments',
  '/logs',
  '/requests/catalog',
];
const ANALYTICS = ['streams', 'series', 'channels', 'lives'].map((type) => `/admin/analytics/${type}`);
const LISTS_OF = {
  admin: [...RESELLER_LISTS, '/catalog/garbage', ...ANALYTICS],
  master: RESELLER_LISTS,
  sub: RESELLER_LISTS,
  publisher: ['/requests/catalog', ...ANALYTICS],
};
type Role = keyof typeof LISTS_OF;

let tmdb: FakeTmdb | undefined;
test.beforeAll(async () => {
  // The title search's fake on its fixed port: catalog requests need it to exist. A run of another
  // journey beside this one (several worktrees on one machine) may already answer there with the same fake.
  const taken = await fetch(`http://127.0.0.1:${FAKE_PORTS.metadata}/`).then(
    () => true,
    () => false,
  );
  if (!taken) tmdb = await startFakeTmdb(FAKE_KEYS.metadata, FAKE_PORTS.metadata);
});
test.afterAll(async () => {
  await tmdb?.close();
});

test.use({ viewport: LAPTOP });

interface Accounts {
  master: SeededReseller;
  sub: SeededReseller;
  publisher: SeededReseller;
}

/**
 * The accounts of the walk and rows on every list, as wide as real ones: long names and notes, every
 * service, a trial, a long user agent, a catalog request with a publisher, a title in the removal queue.
 * Seeded once per worker through the admin's API; each role adds what only it can (its domain, its
 * catalog request) when it signs in.
 */
let seeded: Promise<Accounts> | undefined;

async function seed(adminApi: PanelApi, request: APIRequestContext): Promise<Accounts> {
  const tag = uniqueUsername('').slice(-6);
  const account = (prefix: string, credits: number) =>
    adminApi.createReseller({ username: uniqueUsername(prefix), password: PASSWORD, credits });
  const master = await account('walkmaster', 200);
  const sub = await account('walksubrevenda', 50);
  await adminApi.call('POST', '/resellers/transfer', { resellerId: sub.id, masterId: master.id });
  const publisher = await account('walkpublicador', 10);
  await adminApi.call('PUT', `/resellers/${publisher.id}/publisher`, { is_publisher: true });

  // A library: a film, a series and a channel, with views, the film in the removal queue.
  const stream = `http://127.0.0.1:9/walk-${tag}`;
  await addM3uSource(adminApi, `walk-${tag}`, [
    {
      title: `O Senhor dos Anéis: A Sociedade do Anel ${tag}`,
      url: `${stream}/m.mp4`,
      group: `Filmes ${tag}`,
    },
    { title: `A Casa de Papel ${tag} S01 E01`, url: `${stream}/s.mp4`, group: `Séries ${tag}` },
    { title: `Canal Esportes Premium HD ${tag}`, url: `${stream}/c.ts`, group: `Canais ${tag}` },
  ]);

  const lines: { username: string; owner: SeededReseller; system: number }[] = [];
  for (const owner of [master, sub]) {
    const newLine = async (system: number, body: Record<string, unknown>) => {
      const username = uniqueUsername(`cliente${system}sala`);
      await adminApi.call('POST', '/users', {
        username,
        password: 'Tv7Km3Qp',
        reseller_id: owner.id,
        system,
        full_name: 'Maria Aparecida dos Santos Oliveira',
        reseller_notes: 'cliente indicado pela vizinha do terceiro andar',
        ...body,
      });
      lines.push({ username, owner, system });
    };
    await newLine(1, { package_id: 57 });
    await newLine(2, { package_id: 55 });
    const macByte = () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0');
    const mac = ['a4', '5e', '60', macByte(), macByte(), macByte()].join(':');
    await newLine(3, { package_id: 53, macaddr: mac });
    await adminApi.call('POST', '/users/trial_users', { reseller_id: owner.id });
  }

  // Views of the film and the removal queue.
  const iptv = lines.find((line) => line.system === 1);
  const viewer = { username: iptv?.username ?? '', password: 'Tv7Km3Qp' };
  const movie = (await playerList(request, viewer, 'get_vod_streams')).find((item) =>
    item.name.endsWith(tag),
  );
  const movieId = movie?.stream_id ?? 0;
  expect(movieId).toBeGreaterThan(0);
  await reportViews(request, adminApi, `walk-${tag}`, [{ streamId: movieId, count: 12_345 }]);
  await adminApi.call('POST', '/catalog/garbage', { media_type: 2, media_id: movieId });

  // Online: an IPTV player on the channel (a long user agent), and P2P sessions.
  const channel = (await playerList(request, viewer, 'get_live_streams')).find((item) =>
    item.name.endsWith(tag),
  );
  for (const line of lines.filter((each) => each.system === 1)) {
    const response = await request.get(`/live/${line.username}/Tv7Km3Qp/${channel?.stream_id}.ts`, {
      maxRedirects: 0,
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 11; SHIELD Android TV Build/RQ1A.210105.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 IPTVSmartersPro/3.1.5',
      },
    });
    expect(response.status(), await response.text()).toBeLessThan(400);
  }
  const server = await adminApi.call<{ token: string }>('POST', '/admin/streaming-servers', {
    name: `Walk ${tag}`,
  });
  const p2p = await request.post('/api/ingest/v1/p2p-sessions', {
    headers: { authorization: `Bearer ${server.token}` },
    data: {
      batch_id: `walk-p2p-${tag}`,
      sessions: lines
        .filter((line) => line.system === 2)
        .map((line, index) => ({
          session_id: `walk-${tag}-${index}`,
          username: line.username,
          channel_name: 'Premiere Futebol Clube HD',
          duration: 7_384,
          external_ip: '2001:db8:85a3::8a2e:370:7334',
          app_name: 'XCloud P2P Player Pro',
          app_version: '10.2.33',
        })),
    },
  });
  expect(p2p.status(), await p2p.text()).toBe(200);

  // A catalog request of the admin's, in processing by the publisher.
  const { request: requested } = await adminApi.call<{ request: { id: number } }>('POST', '/catalog', {
    tmdb_id: 1396,
    media_type: 'tv',
  });
  await adminApi.call('PUT', `/catalog/${requested.id}`, { status: 3, publisher_id: publisher.id });
  return { master, sub, publisher };
}

/** The seeded accounts; a failed seeding is not kept, the next test tries again. */
function accounts(adminApi: PanelApi, request: APIRequestContext): Promise<Accounts> {
  seeded ??= seed(adminApi, request);
  seeded.catch(() => (seeded = undefined));
  return seeded;
}

/** Signs in on `page` through the login screen, reading it on the way (the first role only). */
async function signInReading(page: Page, user: { username: string; password: string }, read: boolean) {
  await page.goto('/login');
  await expect(page.getByText('Bem vindo de volta!')).toBeVisible();
  await page.getByLabel('Usuário').fill(user.username);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await solveCaptcha(page);
  const texts = read ? await pageTexts(page) : [];
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return texts;
}

/** The sidebar's screens (every built item the role is shown), then the settings menu's. */
async function menuScreens(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link').first()).toBeAttached();
  // A group's items are mounted once it is opened.
  const closed = menu.locator('a:not([href]):not([data-expanded])');
  for (let left = await closed.count(); left > 0; left--) await closed.first().click();
  const links = await menu
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
  return [...new Set([...links, ...SETTINGS_SCREENS])];
}

interface Walk {
  role: Role;
  problems: string[];
  english: string[];
}

/** What the open screen shows that a walk fails on. */
async function checkScreen(page: Page, walk: Walk, where: string): Promise<void> {
  for (const problem of await layoutProblems(page)) walk.problems.push(`${where}: ${problem}`);
  for (const word of englishIn(await pageTexts(page))) walk.english.push(`${where}: ${word}`);
}

/** Opens a menu, drawer or dialog with `open`, reads it, and closes it with Escape. */
async function readOpened(page: Page, walk: Walk, where: string, open: () => Promise<void>) {
  await open();
  await expect(page.locator('[role="dialog"], [role="menu"]').first()).toBeVisible();
  await settle(page);
  await checkScreen(page, walk, where);
  await page.keyboard.press('Escape');
  await expect(page.locator('[role="dialog"], [role="menu"]')).toHaveCount(0);
}

async function walkScreens(page: Page, walk: Walk): Promise<void> {
  const screens = await menuScreens(page);
  for (const path of LISTS_OF[walk.role]) expect(screens, `${walk.role} reaches ${path}`).toContain(path);

  // The top bar's menus and the sidebar's dialogs (manual, rules, migration): an admin's and a
  // reseller's (a sub-reseller's and a publisher's are the reseller's).
  if (walk.role === 'admin' || walk.role === 'master') {
    await readOpened(page, walk, 'settings menu', () =>
      page.getByRole('button', { name: 'Configurações' }).click(),
    );
    await readOpened(page, walk, 'content updates', () =>
      page.getByRole('button', { name: 'Novidades' }).click(),
    );
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const name of await menu.locator('button').allInnerTexts()) {
      await readOpened(page, walk, `dialog '${name}'`, () => menu.getByRole('button', { name }).click());
    }
  }

  for (const path of screens) {
    await openScreen(page, path);
    await settle(page);
    await checkScreen(page, walk, path);
    const name = `${walk.role}-${fileName(path)}`;
    await shot(page, `${name}-1366`, { folder: 'walk' });
    // A row's menu, where the list has one.
    const rowMenu = page.locator('[data-testid="line-actions"], [data-testid="reseller-actions"]').first();
    if ((path === '/users' || path === '/resellers') && (await rowMenu.count()) > 0) {
      await readOpened(page, walk, `${path} row menu`, () => rowMenu.click());
    }
    // A list on a phone (cards where the profile asks for them): the sub-reseller's lists are the
    // master's, and a dialog's route shows the list already taken.
    const isList = (await page.locator('table, [data-testid$="-cards"]').count()) > 0;
    if (!isList || walk.role === 'sub' || path.endsWith('/create')) continue;
    await page.setViewportSize(PHONE);
    await settle(page);
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if ((width[0] ?? 0) > (width[1] ?? 0) + 1) walk.problems.push(`${path} at 390 px: ${width[0]} px wide`);
    await shot(page, `${name}-390`, { folder: 'walk' });
    await page.setViewportSize(LAPTOP);
  }
}

async function walkAs(
  page: Page,
  role: Role,
  user: { username: string; password: string },
  prepare?: () => Promise<void>,
): Promise<Walk> {
  const walk: Walk = { role, problems: [], english: [] };
  const loginTexts = await signInReading(page, user, role === 'admin');
  for (const word of englishIn(loginTexts)) walk.english.push(`/login: ${word}`);
  await prepare?.();
  await settle(page);
  await walkScreens(page, walk);
  return walk;
}

/** The walk's verdict: every problem and every English word of every screen at once. */
function expectClean(walk: Walk): void {
  expect.soft(walk.problems, `${walk.role}: sideways scrolling or covered headers`).toEqual([]);
  expect.soft(walk.english, `${walk.role}: English on screen`).toEqual([]);
}

test('the word list: English UI words are found, the specification’s own and data are not', () => {
  for (const text of ['Toggle password visibility', 'Rows per page: 10', 'Invalid Date', 'NaN créditos'])
    expect(englishIn([text]), text).not.toEqual([]);
  expect(
    englishIn([
      'Dashboard',
      'Status',
      'Publisher / Views',
      'Usuários online IPTV',
      'http://painel.tv/get.php?username=ana&password=x1',
      'Senha: {password}',
    ]),
  ).toEqual([]);
});

test('admin: every screen fits 1366×768 and speaks Portuguese', async ({ page, adminApi, request }) => {
  test.setTimeout(180_000);
  await accounts(adminApi, request);
  expectClean(await walkAs(page, 'admin', ADMIN));
});

for (const role of ['master', 'sub', 'publisher'] as const) {
  test(`${role}: every screen fits 1366×768 and speaks Portuguese`, async ({
    page,
    adminApi,
    request,
    api,
  }) => {
    test.setTimeout(180_000);
    const account = (await accounts(adminApi, request))[role];
    const walk = await walkAs(page, role, account, async () => {
      // Cards on a phone (docs/product/screens.md#profile-settings), and what only the account can add.
      await api.call('POST', '/profile', { mobile_table_mode: 1 });
      await api.call('POST', '/domains', { domain: `${account.username}-tv.com.br` });
      if (role !== 'publisher') await api.call('POST', '/catalog', { tmdb_id: 603, media_type: 'movie' });
    });
    if (role === 'publisher') {
      // The screens outside the frame: lock (the session's own) and maintenance.
      await page.getByRole('button', { name: 'Configurações' }).click();
      await page.getByRole('menuitem', { name: 'Bloquear painel' }).click();
      await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
      for (const word of englishIn(await pageTexts(page))) walk.english.push(`/lock: ${word}`);
      await shot(page, 'publisher-lock-1366', { folder: 'walk' });
      await page.goto('/maintenance');
      await expect(page.getByText('Plataforma em manutenção')).toBeVisible();
      for (const word of englishIn(await pageTexts(page))) walk.english.push(`/maintenance: ${word}`);
    }
    expectClean(walk);
  });
}

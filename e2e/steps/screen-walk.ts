import type { Page } from '@playwright/test';

/**
 * The walk over every screen (decision 0073): what must hold on each one at 1366×768, and the English a
 * user must never read. The checks run inside the page, on what Chromium laid out.
 */

/**
 * English words and phrases a Portuguese panel must not show (lower case, matched whole and in any case):
 * the usual texts of UI kits and their fallbacks, JavaScript's printouts of missing values, and English
 * month and day names of date pickers. A curated list, not a dictionary: it catches the slips a translated
 * UI makes, without flagging the Portuguese words English shares.
 */
const ENGLISH_WORDS = [
  // Buttons, menus and titles of UI kits.
  'success',
  'error',
  'warning',
  'loading',
  'submit',
  'cancel',
  'save',
  'delete',
  'edit',
  'search',
  'close',
  'next',
  'previous',
  'back',
  'confirm',
  'yes',
  'add',
  'create',
  'update',
  'remove',
  'refresh',
  'retry',
  'copy',
  'copied',
  'clear',
  'select',
  'open',
  'show',
  'hide',
  'more',
  'home',
  'settings',
  'logout',
  'log out',
  'sign in',
  'sign out',
  'password',
  'username',
  'user',
  'users',
  'reseller',
  'resellers',
  'actions',
  'page',
  'rows per page',
  'of',
  'no data',
  'no results',
  'nothing found',
  'not found',
  'required',
  'invalid',
  'unknown',
  'today',
  'yesterday',
  'days',
  'expired',
  'active',
  'blocked',
  'trial',
  // What JavaScript prints for a value that is missing or wrong.
  'undefined',
  'null',
  'nan',
  'invalid date',
  'object object',
  'true',
  'false',
  // English month and day names (date pickers without the pt-BR locale).
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  // English, but the specification's own Portuguese UI uses them: allowed below (SPEC_WORDS).
  'dashboard',
  'publisher',
  'publishers',
  'status',
  'login',
  'player',
  'online',
  'email',
  'logs',
  'poster',
  'release',
  'views',
  'admin',
  'realtime',
  'master',
  'analytics',
] as const;

/**
 * English words the specification itself puts in its Portuguese UI, as docs/product (the repository's
 * account of it, decision 0035) records them: the walk accepts them. Each with where it is used.
 */
const SPEC_WORDS: Readonly<Record<string, string>> = {
  dashboard: 'the screen /dashboard and its menu item (docs/product/screens.md#dashboard)',
  publisher: "catalog requests column 'Publisher' (docs/product/screens.md#catalog-requests)",
  publishers: "the admin's publisher summary 'Publishers' (docs/product/screens.md#catalog-requests)",
  status: "columns 'Status' of users and catalog requests (docs/product/screens.md#users-columns)",
  login: 'the sign-in screen /login (docs/product/screens.md#login)',
  player: "online P2P: the player text (docs/product/screens.md#online-users), column 'Player'",
  online: "'Usuários online IPTV', 'Usuários Online' (docs/product/screens.md#online-users)",
  email: "the account's email (docs/product/entities.md#reseller)",
  logs: '/logs and /resellers/logs (docs/product/screens.md#logs)',
  poster: "columns 'Poster' of catalog requests and analytics (docs/product/screens.md#analytics)",
  release: "catalog requests column 'Release' (docs/product/screens.md#catalog-requests)",
  views: "analytics column 'Views' (docs/product/screens.md#analytics)",
  admin: "the 'Admin' menu (docs/product/screens.md#menu)",
  realtime: "dashboard card 'Conexões Realtime' (docs/product/screens.md#dashboard)",
  master: "logs column 'Revenda Master' (docs/product/screens.md#logs)",
  analytics: "the analytics screens, 'Analytics - Filmes' (docs/product/screens.md#analytics)",
};

/** The forbidden words: the curated English list minus what the specification uses. */
const FORBIDDEN_WORDS = ENGLISH_WORDS.filter((word) => !(word in SPEC_WORDS));

const forbidden = FORBIDDEN_WORDS.map((word) => ({
  word,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}_])${word.replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}_])`, 'iu'),
}));

/**
 * Addresses, e-mail addresses, file names and template placeholders are data, not UI text: their
 * `username=`, `password=` or `{password}` are what a player or a template needs.
 */
function withoutData(text: string): string {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\{[^{}\s]*\}/g, ' ')
    .replace(/\S*[/=?&_]\S*/g, ' ')
    .replace(/\S+\.(php|m3u8?|ts|xml|txt)\b/gi, ' ');
}

/** The forbidden words in `texts`, each with the text it was found in (cut around it). */
export function englishIn(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const clean = withoutData(text);
    for (const { word, pattern } of forbidden) {
      const match = pattern.exec(clean);
      if (!match) continue;
      const from = Math.max(0, match.index - 30);
      found.add(`'${word}' in "…${clean.slice(from, match.index + word.length + 30).replace(/\s+/g, ' ')}…"`);
    }
  }
  return [...found];
}

/**
 * What a user reads on the page as it is now: the rendered text (`innerText`: nothing hidden), the tab's
 * title, and the placeholders, titles, accessible names and image descriptions of the elements shown.
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll<HTMLElement>(
      '[placeholder], [title], [aria-label], img[alt]',
    )) {
      if (element.closest('[aria-hidden="true"]') || element.getClientRects().length === 0) continue;
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * Whether the page scrolls sideways anywhere, and which header cells the sticky actions column covers:
 * the document, and every element that scrolls on its own (tables' scroll containers) must hold its
 * content (scrollWidth ≤ clientWidth + 1); a header cell must end where a sticky one starts.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const nameOf = (element: Element) => {
      const named = element.closest('[data-testid]') ?? element.querySelector('[data-testid]');
      const table = element.querySelector('table');
      return (
        table?.getAttribute('data-testid') ??
        table?.getAttribute('aria-label') ??
        named?.getAttribute('data-testid') ??
        element.tagName.toLowerCase()
      );
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.matches('input, textarea, select')) continue;
      problems.push(
        `${nameOf(element)} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth} px`,
      );
    }
    for (const table of document.querySelectorAll('table')) {
      const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th'));
      const sticky = headers.filter((th) => getComputedStyle(th).position === 'sticky');
      for (const stuck of sticky) {
        const edge = stuck.getBoundingClientRect();
        for (const header of headers) {
          if (header === stuck) continue;
          const box = header.getBoundingClientRect();
          if (box.right > edge.left + 1 && box.left < edge.right - 1)
            problems.push(
              `${nameOf(table.parentElement ?? table)}: '${header.innerText}' is under the sticky '${stuck.innerText}'`,
            );
        }
      }
    }
    return problems;
  });
}

/** Waits until the screen has drawn its data: no skeleton, no loader, no lazy dialog still arriving. */
export async function settle(page: Page): Promise<void> {
  // Checked on every frame: expect's polling (100, 250, 500, 1000 ms) would idle most of a walk away.
  await page.waitForFunction(
    () =>
      document.querySelector('main') !== null &&
      document.querySelector(
        '[aria-busy="true"], [role="status"][aria-label^="Carregando"], .mantine-Skeleton-root, .mantine-LoadingOverlay-root',
      ) === null,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  // Images (posters) and web fonts change widths once they arrive.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  // Transitions (the sidebar leaving a phone's screen, a dialog opening) end before anything is measured.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/**
 * Opens `path` from the sidebar as a click on its item does, inside the running panel: no reload (the
 * walk is of screens; sign-in and first downloads have their own journeys). The item turns active in the
 * render that shows the new screen. A screen outside the sidebar is loaded.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const item = `nav[aria-label="Menu principal"] a[href="${path}"]`;
  if ((await page.locator(item).count()) === 0) {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.hasAttribute('data-active'),
    item,
    {
      polling: 'raf',
      timeout: 30_000,
    },
  );
}

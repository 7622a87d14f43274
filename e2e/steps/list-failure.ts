import { expect, type Page } from '@playwright/test';

/** The catalogue's words for a 500 and for no answer (docs/product/messages.md#error-catalogue). */
export const SERVER_ERROR_TITLE = 'Erro no Servidor';
export const SERVER_ERROR_TEXT = 'Erro no servidor. Por favor, tente novamente mais tarde.';
export const NETWORK_TEXT = 'Erro de conexão. Verifique sua internet e tente novamente.';

/** A list of a screen and how to tell that it failed or loaded. */
export interface ListScreen {
  /** The address opened. */
  path: string;
  /** The API path of the list's request (exact). */
  api: string;
  /** The failure notice's test id (`<table>-error` of DataTable, `<body>-error` of QueryBody). */
  error: string;
  /** What shows once the list has loaded: either test id (a row, or the empty text). */
  loaded: readonly [string, string];
}

/** A DataTable list: `<id>-error`, `<id>-row`, `<id>-empty`. */
export const tableList = (id: string, api: string, path: string): ListScreen => ({
  path,
  api,
  error: `${id}-error`,
  loaded: [`${id}-row`, `${id}-empty`],
});

/**
 * The panel asks again twice after a failure that may pass (decision 0030), 1 s and 2 s later: the page's
 * clock (`page.clock.install()` first) jumps those waits instead of the test sitting through them.
 */
async function untilShown(page: Page, shown: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await shown())) {
    if (Date.now() > deadline) throw new Error(`${what}: the failure was not shown`);
    await page.clock.fastForward(2_000);
    await page.waitForTimeout(50);
  }
}

/**
 * One list (decisions 0014, 0028, 0068): the server fails it (500), then the connection drops while
 * asking again, then it answers. Each failure shows the catalogue's words once, where the list is, with
 * 'Tentar novamente' (no toast repeats them); the last 'Tentar novamente' brings the list.
 */
export async function failAndRecover(page: Page, list: ListScreen): Promise<void> {
  const matches = (url: URL) => url.pathname === list.api;
  const failure = page.getByTestId(list.error);
  const message = page.getByTestId(`${list.error}-message`);
  const retry = failure.getByRole('button', { name: 'Tentar novamente' });
  const where = `${list.path} (${list.api})`;

  await page.route(matches, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 500, code: 'internal_error', message: SERVER_ERROR_TEXT }),
    }),
  );
  await page.goto(list.path);
  await untilShown(page, () => failure.isVisible(), `${where}: 500`);
  await expect(failure).toContainText(SERVER_ERROR_TITLE);
  await expect(message).toHaveText(SERVER_ERROR_TEXT);
  await expect(page.getByText(SERVER_ERROR_TEXT), `${where}: said once`).toHaveCount(1);

  // The connection drops: asking again says so.
  await page.unroute(matches);
  await page.route(matches, (route) => route.abort('internetdisconnected'));
  await retry.click();
  await untilShown(
    page,
    async () => (await message.isVisible()) && (await message.textContent()) === NETWORK_TEXT,
    `${where}: network`,
  );
  await expect(page.getByText(NETWORK_TEXT), `${where}: said once`).toHaveCount(1);

  // The server answers again: 'Tentar novamente' brings the list.
  await page.unroute(matches);
  await retry.click();
  await expect(failure, `${where}: recovered`).toBeHidden();
  await expect(page.getByTestId(list.loaded[0]).or(page.getByTestId(list.loaded[1])).first()).toBeVisible();
}

import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { ADMIN } from '../fixtures/session';
import { shot } from '../fixtures/shot';

test('the CSP guard sees a refused inline script, which does not run', async ({ page, csp }) => {
  await page.goto('/login');
  await expect(page.getByText('Bem vindo de volta!')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => csp.take().join('\n')).toContain('script-src');
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('every screen and dialog of the admin renders under the CSP', async ({ adminPage: page }) => {
  test.slow(); // ten screens, each a fresh page load
  for (const path of [
    '/dashboard',
    '/profile',
    '/profile/change-password',
    '/resellers',
    '/resellers/logs',
    '/users',
    '/logs',
    '/admin/transfer',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 30_000 });
  }
  for (const path of ['/resellers/create', '/users/create']) {
    await page.goto(path);
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
  }
  // The menu's avatar is a generated data: image; it must have been drawn, not refused.
  const avatar = page.getByRole('img', { name: ADMIN.username }).first();
  await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
});

/** How many tags the API's OpenAPI document groups its operations in (untagged ones under 'default'). */
async function openApiTagCount(page: Page): Promise<number> {
  const document = (await (await page.request.get('/api/docs/json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  return new Set(operations.map((operation) => operation.tags?.[0] ?? 'default')).size;
}

test('the API documentation renders under its own CSP', async ({ page }) => {
  const response = await page.goto('/api/docs/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  // Swagger UI's bundle is large; on this shared machine it may take longer than the default 10 s.
  await expect(page.getByRole('heading', { name: /Painel de Revendas API/ })).toBeVisible({
    timeout: 30_000,
  });
  // Every tag is listed, collapsed; a tag and then an operation open, drawn by Swagger UI's scripts and styles.
  await expect(page.locator('.opblock-tag')).toHaveCount(await openApiTagCount(page));
  await page.getByRole('link', { name: 'auth', exact: true }).click();
  await page.getByText('/api/auth/sign-in', { exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  await shot(page, 'api-docs', { fullPage: true });
});

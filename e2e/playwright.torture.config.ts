import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { panelWebServer } from './panel-server';

/**
 * The stored-XSS torture test (`npm run test:torture`, docs/benchmarks.md). Its server runs on the
 * PostgreSQL database prepared by apps/server/torture/xss-prepare.ts (global message with payloads),
 * whose URL the runner (scripts/torture.mjs) passes as TORTURE_XSS_DATABASE_URL.
 */
const port = Number(process.env.TORTURE_XSS_PORT ?? 3110);
const databaseUrl = process.env.TORTURE_XSS_DATABASE_URL;
if (!databaseUrl) throw new Error('TORTURE_XSS_DATABASE_URL is not set: run it with npm run test:torture');

export const XSS_ADMIN = { username: 'admin', password: 'Adm1n@xss9' };

export default defineConfig({
  testDir: './torture',
  outputDir: './artifacts/torture-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    locale: 'pt-BR',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: panelWebServer(port, {
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: XSS_ADMIN.password,
    // The payloads are stored through the API; the captcha is not what this test is about.
    CAPTCHA_PROVIDER: 'none',
  }),
});

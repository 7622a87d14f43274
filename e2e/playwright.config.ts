import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { ADMIN } from './fixtures/admin';
import { fakeServiceEnv } from './fixtures/fake-ports';
import { panelPort } from './fixtures/panel-port';
import { panelWebServer } from './panel-server';

const port = panelPort();
// A fresh embedded database per run, so journeys never depend on an earlier run's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'panel-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'pt-BR',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: panelWebServer(port, {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    CAPTCHA_PROVIDER: 'altcha',
    // The journeys sign the admin in several times within a minute; the limit itself is covered by the
    // server tests (the default of 5 would refuse the later journeys with 429).
    SIGN_IN_ATTEMPTS_PER_MINUTE: '60',
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '600',
    // Outside services of the handover journey (handover.spec.ts), each faked by the spec that needs it on these
    // fixed local ports (e2e/fixtures/fake-ports.ts): the DNS that verifies domains, DreamTV, connect TV.
    ...fakeServiceEnv(port),
  }),
});

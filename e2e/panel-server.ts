import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * Playwright's `webServer` for a suite: the production server bundle on `port`, started fresh for the
 * suite and ready (database reachable and migrated) before the first test. `env` says which database and settings the suite needs.
 */
export function panelWebServer(port: number, env: Record<string, string>) {
  return {
    command: 'node apps/server/dist/server.mjs',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  };
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type ConfigInput } from '../src/config';
import type { Database } from '../src/db/database';
import { apiOf, type Caller, type CallerApi } from './api';
import { createSession } from './factories';
import { openTestDatabase } from './test-database';

/** The admin every test database starts with (the first account, so its id is 1). */
export const TEST_ADMIN = { id: 1, username: 'admin', password: 'Adm1n@pass' } as const;

type TestEnv = Partial<Record<keyof ConfigInput, string>>;

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real server on a fresh database, without captcha unless a test asks for one. */
export async function startTestApp(
  env: TestEnv = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const config = loadConfig({
    CAPTCHA_PROVIDER: 'none',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Every injected request comes from one address; the per-address limit has its own tests.
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '10000',
    // Tests send wrong line passwords from that one address; the flood protection has its own tests (0063).
    LINE_AUTH_FAILURES_PER_ADDRESS: '10000',
    LINE_AUTH_FAILURES_PER_USERNAME: '10000',
    ...env,
  });
  const database = await openTestDatabase({
    panel: config.DATABASE_POOL_PANEL,
    delivery: config.DATABASE_POOL_DELIVERY,
  });
  const app = await buildApp(config, {
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
  });
  return {
    app,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** What a test file works with: the app, its database, an admin session and `as(caller)`. */
export interface TestContext {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** A session of TEST_ADMIN, opened when the app starts. */
  readonly adminToken: string;
  /** The API as `caller` sees it: `as(reseller).post('/api/users', body)`. */
  as(caller: Caller): CallerApi;
}

/**
 * Starts the test app before the file's tests and closes it after them (vitest hooks), so a file
 * declares `const t = useTestApp();` instead of repeating the hooks and a `call` helper. `env` may be a
 * function, read when the app starts, for values an earlier `beforeAll` of the file makes (vitest runs
 * hooks in the order they were declared).
 */
export function useTestApp(env: TestEnv | (() => TestEnv) = {}): TestContext {
  let started: { testApp: TestApp; adminToken: string } | undefined;
  const current = () => {
    if (!started) throw new Error('the test app is used before beforeAll started it');
    return started;
  };
  beforeAll(async () => {
    const testApp = await startTestApp(typeof env === 'function' ? env() : env);
    started = { testApp, adminToken: await createSession(testApp.app, TEST_ADMIN.id) };
  });
  afterAll(() => started?.testApp.close());
  const as = apiOf(() => current().testApp.app);
  return {
    get app() {
      return current().testApp.app;
    },
    get db() {
      return current().testApp.app.database.db;
    },
    get adminToken() {
      return current().adminToken;
    },
    as,
  };
}

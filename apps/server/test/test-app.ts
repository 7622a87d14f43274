import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type ConfigInput } from '../src/config';
import { openTestDatabase } from './test-database';

export const TEST_ADMIN = { username: 'admin', password: 'Adm1n@pass' };

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real server on a fresh database, without captcha unless a test asks for one. */
export async function startTestApp(
  env: Partial<Record<keyof ConfigInput, string>> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    CAPTCHA_PROVIDER: 'none',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Every injected request comes from one address; the per-address limit has its own tests.
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '10000',
    ...env,
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

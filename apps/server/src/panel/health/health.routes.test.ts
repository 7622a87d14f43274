import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { readMigrationJournal } from './migration-journal';
import { checkReadiness } from './readiness.service';

const NOT_READY = {
  status: 503,
  code: 'service_unavailable',
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
};

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('liveness and readiness', () => {
  it('answers /api/health and /api/ready on a migrated database', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('is not ready (503, catalogue message) while a migration of the journal is missing', async () => {
    const db = testApp.app.database.db;
    const last = readMigrationJournal().at(-1)!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(NOT_READY);
      // Liveness does not depend on the database: the process itself is fine.
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const readiness = await checkReadiness(db, readMigrationJournal());
      expect(readiness).toEqual({ ready: false, reason: `migrations not applied: ${last.tag}` });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored-by-test', ${last.when})`,
      );
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer, and says so in time', async () => {
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Parameters<
      typeof checkReadiness
    >[0];
    const started = Date.now();
    expect(await checkReadiness(hanging, readMigrationJournal(), 50)).toEqual({
      ready: false,
      reason: 'database did not answer in 50 ms',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    const failing = {
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as Parameters<typeof checkReadiness>[0];
    expect(await checkReadiness(failing, readMigrationJournal())).toEqual({
      ready: false,
      reason: 'database unreachable: connection refused',
    });
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../../../scripts/bench/bench-env';
import { apiOf } from '../../../test/api';
import { createAccount, createSession } from '../../../test/factories';
import { startAuthorisationEvents, type StartEventsContext } from '../../../test/start-authorisation-events';
import { TEST_ADMIN } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createStartAuthorisationCache } from './start-authorisation-cache';

/**
 * The stream starts' authorisation cache across processes on PostgreSQL (decision 0105): a panel process
 * and a delivery process, two apps on one database with nothing shared but it, as the server roles run
 * them (decision 0076). Every change the panel (or a content change) makes reaches the delivery process's
 * next start within 2 s, through the notices the database's triggers send (`NOTIFY panel_delivery`).
 * `npm run test:pg` runs it; `npm test` on PGlite skips it.
 */
const pgServer = process.env.TEST_DATABASE_URL;
const REACHES_WITHIN_MS = 2000;

let databaseName = '';
let panel: FastifyInstance | undefined;
let delivery: FastifyInstance | undefined;
let context: StartEventsContext | undefined;

async function serverApp(url: string, roles: string): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: url,
    SERVER_ROLES: roles,
    CAPTCHA_PROVIDER: 'none',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    PLAYER_CACHE_DIR: 'off',
    LINE_AUTH_FAILURES_PER_ADDRESS: '10000',
    LINE_AUTH_FAILURES_PER_USERNAME: '10000',
  });
  return buildApp(config, { logger: false });
}

beforeAll(async () => {
  if (!pgServer) return;
  databaseName = `panel_starts_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(pgServer, databaseName, { fresh: true });
  panel = await serverApp(url, 'panel,workers');
  delivery = await serverApp(url, 'delivery');
  const owner = await createAccount(panel);
  const app = panel;
  context = {
    delivery,
    panel,
    admin: apiOf(app)(await createSession(app, TEST_ADMIN.id)),
    owner,
    cache: createStartAuthorisationCache(delivery.database.db, delivery.deliveryNotices),
    withinMs: REACHES_WITHIN_MS,
  };
}, 120_000);

afterAll(async () => {
  if (!pgServer) return;
  await delivery?.close();
  await panel?.close();
  await dropDatabase(pgServer, databaseName);
}, 60_000);

describe.skipIf(!pgServer)('stream starts’ authorisation cache, panel and delivery processes', () => {
  it('the delivery process hears the database (its cache keeps lines)', () => {
    expect(delivery?.deliveryNotices.hearing).toBe(true);
  });

  startAuthorisationEvents(() => {
    if (!context) throw new Error('no context');
    return context;
  });
});

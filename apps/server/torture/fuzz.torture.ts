/**
 * Bad input, generated (torture "bad input", docs/product/api.md#bad-input): at least 10,000 requests (2,000 in
 * CI) built with fast-check from the server's own OpenAPI document — every operation, every role (admin,
 * master, sub-reseller, publisher, anonymous) — with bodies, queries and path parameters that are valid,
 * almost valid or hostile: wrong types, huge and unicode strings, negative and enormous numbers, NaN-like
 * strings, SQL and HTML meta characters, prototype-pollution keys, malformed JSON, wrong content types.
 *
 * Every answer must be below 500; every refusal one of 400/401/403/404/409/422/429 with a Portuguese
 * `message` (no English words such as "invalid", "expected", "required"). The run is reproducible:
 * FUZZ_SEED (printed) replays it; FUZZ_RUNS sets the number of requests.
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/execute-rows';
import { accounts, lines, streamingServers } from '../src/db/schema/index';
import { createAccount, createSession, createLine } from '../test/factories';
import { startFakeTmdb, type FakeTmdb } from '../test/metadata/fake-tmdb';
import { startFakeConnectTv, type FakeConnectTv } from '../test/tv-apps/fake-connect-tv';
import { startFakeDreamTv, type FakeDreamTv } from '../test/tv-apps/fake-dreamtv';
import { startProvisioningReceiver, type ProvisioningReceiver } from '../test/provisioning-receiver';
import { createStreamingServer, type TestStreamingServer } from '../test/streaming-servers';
import { startTestApp, type TestApp } from '../test/test-app';
import { operationsOf, requestArbitrary } from './openapi-requests';
import { PG_SERVER, scaled } from './support';

/** Requests per engine: the 10,000 of the issue on PostgreSQL, and a second run on the embedded PGlite. */
const RUNS = {
  postgres: Number(process.env.FUZZ_RUNS ?? scaled(10_000, 1_000)),
  pglite: Number(process.env.FUZZ_RUNS ?? scaled(2_000, 1_000)),
};
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ALLOWED = new Set([400, 401, 403, 404, 409, 422, 429]);
/** English that must never reach a person: zod's, Fastify's or PostgreSQL's own texts. */
const ENGLISH =
  /\b(the|invalid|expected|must|required|received|should|unexpected|error|failed|not found|too (big|small|long|short)|undefined|null|object|array|string|number|body|querystring|params)\b/i;
const PROVISIONING_SECRET = 'torture-provisioning-secret-0001';
const SERVICE_KEY = 'torture-service-key-0001';

// 'edge': a streaming server's token, the only caller the ingest API takes (decision 0045).
type Role = 'admin' | 'master' | 'sub' | 'publisher' | 'edge' | 'anonymous';
const ROLES: Role[] = ['admin', 'master', 'sub', 'publisher', 'edge', 'anonymous'];

let testApp: TestApp;
let receiver: ProvisioningReceiver;
let tmdb: FakeTmdb;
let dreamTv: FakeDreamTv;
let connectTv: FakeConnectTv;
const accountOf: Record<Exclude<Role, 'anonymous' | 'edge'>, number> = {
  admin: 1,
  master: 0,
  sub: 0,
  publisher: 0,
};
let knownIds: number[] = [1];
let edgeServer: TestStreamingServer | undefined;

/** The actors exist, are active and own a few lines (the fuzz may block, delete or clean them up). */
async function repairWorld(): Promise<void> {
  const db = testApp.app.database.db;
  await db
    .update(accounts)
    .set({ status: 1 })
    .where(sql`${accounts.isDeletedBucket} = false`);
  const alive = async (id: number) => (await db.select().from(accounts).where(eq(accounts.id, id)))[0];
  let master = await alive(accountOf.master);
  if (!master || master.role !== 'reseller') {
    master = await createAccount(testApp.app, { credits: '5000.00' });
    accountOf.master = master.id;
  }
  let sub = await alive(accountOf.sub);
  if (!sub || !sub.path.startsWith(master.path)) {
    sub = await createAccount(testApp.app, { parent: master, credits: '500.00' });
    accountOf.sub = sub.id;
  }
  if (!(await alive(accountOf.publisher))) {
    accountOf.publisher = (await createAccount(testApp.app, { role: 'publisher' })).id;
  }
  const lineCount = async (owner: number) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(lines)
        .where(eq(lines.resellerId, owner))
    )[0]?.n ?? 0;
  for (const owner of [master, sub]) {
    if ((await lineCount(owner.id)) < 3) {
      await createLine(testApp.app, owner);
      await createLine(testApp.app, owner, { system: 2, macaddr: null });
      await createLine(testApp.app, owner, { system: 1, isTrial: 1, packageId: 61 });
    }
  }
  // The fuzz may revoke the edge's token through the admin routes; it gets it back.
  if (!edgeServer) edgeServer = await createStreamingServer(testApp.app, { name: 'fuzz edge' });
  await db.update(streamingServers).set({ revokedAt: null }).where(eq(streamingServers.id, edgeServer.id));
  const ids = await executeRows<{ id: number }>(
    db,
    sql`select id from ${lines} union select id from ${accounts}`,
  );
  knownIds = ids.map((row) => Number(row.id));
}

async function startWorld(engine: 'postgres' | 'pglite'): Promise<void> {
  receiver = await startProvisioningReceiver(PROVISIONING_SECRET);
  // The title search, new requests and the TV apps call outside services: configured ones (the tests'
  // local fakes), so the fuzz reaches past "not configured" (503) into their code.
  tmdb = await startFakeTmdb(SERVICE_KEY);
  dreamTv = await startFakeDreamTv(SERVICE_KEY);
  connectTv = await startFakeConnectTv(SERVICE_KEY);
  // startTestApp opens PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.
  const saved = process.env.TEST_DATABASE_URL;
  if (engine === 'postgres') process.env.TEST_DATABASE_URL = PG_SERVER;
  else delete process.env.TEST_DATABASE_URL;
  try {
    testApp = await startTestApp({
      P2P_PROVISIONING_URL: `${receiver.url}/p2p`,
      HYBRID_PROVISIONING_URL: `${receiver.url}/hybrid`,
      PROVISIONING_SECRET,
      PROVISIONING_POLL_MS: '3600000',
      TMDB_API_URL: tmdb.url,
      TMDB_API_KEY: SERVICE_KEY,
      TMDB_IMAGE_BASE_URL: tmdb.imageBaseUrl,
      DREAMTV_API_URL: dreamTv.url,
      DREAMTV_API_KEY: SERVICE_KEY,
      TV_CONNECT_API_URL: connectTv.url,
      TV_CONNECT_API_KEY: SERVICE_KEY,
    });
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  accountOf.master = 0;
  accountOf.sub = 0;
  edgeServer = undefined;
  accountOf.publisher = 0;
  await repairWorld();
}

async function stopWorld(): Promise<void> {
  await testApp?.close();
  await receiver?.close();
  await tmdb?.close();
  await dreamTv?.close();
  await connectTv?.close();
}

/** A fresh session per request (logout, lock and password changes end the one they are given). */
async function sessionFor(role: Exclude<Role, 'anonymous'>): Promise<string> {
  if (role === 'edge') {
    if (!edgeServer) await repairWorld();
    return edgeServer!.token;
  }
  try {
    return await createSession(testApp.app, accountOf[role]);
  } catch {
    // The fuzz deleted this actor since the last repair.
    await repairWorld();
    return createSession(testApp.app, accountOf[role]);
  }
}

// ---------- generators ----------

describe.each(['postgres', 'pglite'] as const)('bad input torture on %s', (engine) => {
  beforeAll(() => startWorld(engine));
  afterAll(() => stopWorld());

  it(`answers ${RUNS[engine]} generated requests without a 5xx, refusing in Portuguese`, async () => {
    const runs = RUNS[engine];
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const perOperation = Math.ceil(runs / operations.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    console.log(
      `fuzz ${engine}: ${operations.length} operations × ${perOperation} requests, FUZZ_SEED=${SEED}`,
    );
    for (const [index, operation] of operations.entries()) {
      const samples = fc.sample(requestArbitrary(operation, ROLES, knownIds), {
        numRuns: perOperation,
        seed: SEED + index,
      });
      for (const sample of samples) {
        if (sent % 200 === 0) await repairWorld();
        let url = operation.path;
        operation.pathParams.forEach((name, i) => {
          url = url.replace(`{${name}}`, String(sample.params[i]));
        });
        const search = new URLSearchParams(sample.query as Record<string, string>).toString();
        if (search) url += `?${search}`;
        const token = sample.role === 'anonymous' ? undefined : await sessionFor(sample.role);
        const body = sample.body as { text: string; type: string } | undefined;
        const response = await testApp.app.inject({
          method: operation.method as 'GET',
          url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': body.type } : {}),
          },
          ...(body ? { payload: body.text } : {}),
        });
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const label = `${sample.role} ${operation.method} ${url.slice(0, 160)} ${body ? body.text.slice(0, 160) : ''}`;
        if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} ← ${label} → ${response.body.slice(0, 300)}`);
          continue;
        }
        if (response.statusCode < 400) continue;
        if (!ALLOWED.has(response.statusCode)) {
          failures.push(`status ${response.statusCode} ← ${label} → ${response.body.slice(0, 200)}`);
          continue;
        }
        let message: unknown;
        try {
          message = (response.json() as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || message.trim() === '' || ENGLISH.test(message)) {
          failures.push(`message ${JSON.stringify(message)} (${response.statusCode}) ← ${label}`);
        }
      }
    }
    console.log(
      `fuzz ${engine}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    const unique = [...new Set(failures.map((failure) => failure.slice(0, 400)))];
    expect(unique.slice(0, 40), `${unique.length} distinct failures, FUZZ_SEED=${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(runs);
  });

  it('answers oversized URLs and headers with the catalogue’s 400 in the API shape', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = operationsOf(document).map((operation) => operation.path.replace(/\{[^}]+\}/g, '1'));
    const samples = fc.sample(
      fc.record({
        path: fc.constantFrom(...paths),
        size: fc.integer({ min: 16_500, max: 200_000 }),
        where: fc.constantFrom('query', 'path', 'header', 'many headers'),
      }),
      { numRuns: scaled(200, 40), seed: SEED },
    );
    const token = await sessionFor('master');
    for (const { path, size, where } of samples) {
      const filler = 'x'.repeat(size);
      const url =
        where === 'query' ? `${path}?search=${filler}` : where === 'path' ? `${path}/${filler}` : path;
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (where === 'header') headers['x-filler'] = filler;
      if (where === 'many headers') {
        for (let index = 0; index < Math.ceil(size / 1000); index++)
          headers[`x-filler-${index}`] = 'y'.repeat(1000);
      }
      const response = await fetch(`${address}${url}`, { headers });
      expect(response.status, `${where} ${size} ${path}`).toBe(400);
      expect(await response.json()).toEqual({
        status: 400,
        code: 'bad_request',
        message: 'Dados inválidos. Verifique as informações e tente novamente.',
      });
    }
  });
});

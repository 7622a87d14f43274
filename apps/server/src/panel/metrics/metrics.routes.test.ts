import { count, eq, sql } from 'drizzle-orm';
import { executeRows } from '../../db/execute-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { creditLedger, provisioningOutbox } from '../../db/schema';
import { createAccount } from '../../../test/factories';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app';
import { createLedgerTotals } from './ledger-totals';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

describe('/metrics without METRICS_TOKEN', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('does not exist (404 in the usual shape), even with a bearer', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Recurso não encontrado.' });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let testApp: TestApp;
  const scrape = async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(response.body);
  };

  beforeAll(async () => {
    testApp = await startTestApp({ METRICS_TOKEN: TOKEN, SIGN_IN_ATTEMPTS_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers 401 without the right bearer', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    }
  });

  it('counts requests and their latency by method, route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const counted = valueOf(before, 'http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i++) await testApp.app.inject({ method: 'GET', url: '/api/health' });
    await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing-4711' });
    await testApp.app.inject({
      method: 'GET',
      url: '/api/users/987654',
      headers: { authorization: 'Bearer x' },
    });

    const after = await scrape();
    expect(valueOf(after, 'http_requests_total', labels)).toBe(counted + 3);
    expect(valueOf(after, 'http_request_duration_seconds_count', labels)).toBe(counted + 3);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      counted + 3,
    );
    expect(valueOf(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(valueOf(after, 'http_requests_total', { route: '/api/users/:id', status: '404' })).toBe(1);
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    expect([...routes].filter((route) => /4711|987654/.test(route ?? ''))).toEqual([]);
  });

  it('counts failed sign-ins (401/403 of sign-in and unlock) and every 429 by route', async () => {
    const account = await createAccount(testApp.app, { status: 0 });
    const signIn = (username: string, password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { username, password, 'g-recaptcha-response': 'x' },
      });
    expect((await signIn(account.username, account.password)).statusCode).toBe(403);
    expect((await signIn(TEST_ADMIN.username, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(TEST_ADMIN.username, 'wrong-password')).statusCode).toBe(401);
    // SIGN_IN_ATTEMPTS_PER_MINUTE=2 for this app: the third attempt for this user and address is refused.
    expect((await signIn(TEST_ADMIN.username, 'wrong-password')).statusCode).toBe(429);

    const samples = await scrape();
    const route = '/api/auth/sign-in';
    expect(valueOf(samples, 'panel_sign_in_failures_total', { route, status: '401' })).toBe(2);
    expect(valueOf(samples, 'panel_sign_in_failures_total', { route, status: '403' })).toBe(1);
    expect(valueOf(samples, 'panel_rate_limited_total', { method: 'POST', route })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'POST', route, status: '429' })).toBe(1);
  });

  it('keeps credit moves exact across scrapes, settled rows folded once and recent ones read afresh', async () => {
    const db = testApp.app.database.db;
    const totals = createLedgerTotals(db);
    const expected = () =>
      executeRows<{ kind: string; rows: number; credits: number }>(
        db,
        sql`select kind, count(*)::int as rows, sum(abs(amount))::float8 as credits from credit_ledger group by kind order by kind`,
      );
    const sorted = (list: { kind: string }[]) => [...list].sort((a, b) => a.kind.localeCompare(b.kind));
    const insert = (kind: 'mint' | 'burn', amount: string, createdAt: Date) =>
      db.execute(sql`insert into credit_ledger
          (account_id, counterparty_id, actor_id, kind, action, type, amount, balance_before, balance_after, created_at)
        values (999999, 1, 1, ${kind}, 'bonus', 'credits', ${amount}::numeric, 100, 100 + ${amount}::numeric, ${createdAt})`);
    const hourAgo = new Date(Date.now() - 3_600_000);

    await insert('mint', '5.00', hourAgo);
    await createAccount(testApp.app, { credits: '7.00' });
    expect(sorted(await totals())).toEqual(await expected());
    // A settled row after the fold, then a recent one: both counted once, nothing counted twice.
    await insert('burn', '-3.50', hourAgo);
    expect(sorted(await totals())).toEqual(await expected());
    await insert('mint', '2.25', new Date());
    expect(sorted(await totals())).toEqual(await expected());
    // Scrapes at the same moment (two Prometheus servers) fold the prefix once between them.
    await insert('burn', '-1.00', hourAgo);
    const together = await Promise.all([totals(), totals(), totals()]);
    for (const result of together) expect(sorted(result)).toEqual(await expected());
    expect(sorted(await totals())).toEqual(await expected());
  });

  it('reports credit moves and the provisioning outbox from the database, and the pool', async () => {
    await createAccount(testApp.app, { credits: '12.34' });
    const db = testApp.app.database.db;
    // A change still being tried (P2P) and one that used every attempt (hybrid).
    await db.insert(provisioningOutbox).values({ lineId: 1, system: 2, event: 'line.updated', payload: {} });
    await db.insert(provisioningOutbox).values({
      lineId: 2,
      system: 3,
      event: 'line.updated',
      payload: {},
      attempts: loadConfig({}).PROVISIONING_MAX_ATTEMPTS,
    });

    const samples = await scrape();
    const [mints] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.kind, 'mint'));
    expect(valueOf(samples, 'panel_credit_moves_total', { kind: 'mint' })).toBe(mints!.n);
    expect(valueOf(samples, 'panel_credits_moved_total', { kind: 'mint' })).toBeGreaterThanOrEqual(12.34);
    const [pendingP2p] = await db
      .select({ n: count() })
      .from(provisioningOutbox)
      .where(eq(provisioningOutbox.system, 2));
    expect(valueOf(samples, 'panel_provisioning_outbox_depth', { system: 'p2p', state: 'pending' })).toBe(
      pendingP2p!.n,
    );
    expect(valueOf(samples, 'panel_provisioning_outbox_depth', { system: 'hybrid', state: 'failed' })).toBe(
      1,
    );
    expect(valueOf(samples, 'panel_metrics_database_up')).toBe(1);

    const kind = testApp.app.database.kind;
    expect(valueOf(samples, 'panel_database_info', { kind })).toBe(1);
    if (kind === 'postgres') {
      expect(valueOf(samples, 'panel_db_pool_connections', { pool: 'panel' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'panel_db_pool_waiting_requests', { pool: 'panel' })).toBe(0);
      expect(valueOf(samples, 'panel_db_pool_waiting_requests', { pool: 'delivery' })).toBe(0);
    } else {
      // PGlite: one in-process connection, no pool to report.
      expect(samples.filter((sample) => sample.name.startsWith('panel_db_pool_'))).toEqual([]);
    }
    // Node's own process metrics come along.
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

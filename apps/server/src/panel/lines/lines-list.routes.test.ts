import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { endOfPanelDay } from '@panel/shared/lines/panel-calendar';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { planOf } from '../../../test/explain';
import { useTestApp } from '../../../test/test-app';
import { lines, type AccountRow } from '../../db/schema';
import { subtreePattern, type ListScope } from '../scope/caller-scope';
import { lineListStatements, type LineFilters } from './lines-list.repository';
import { lineListMeta } from './lines-list.service';

const t = useTestApp();

interface QueryClient {
  query(...args: unknown[]): Promise<unknown>;
}

/** Holds every line count the database runs for `ms` (as a loaded machine would) until `restore`. */
function slowDownCounts(ms: number) {
  const client = (t.db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  let delayed = 0;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
    if (/^select count\(/.test(text)) {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    return original.apply(this, args);
  };
  return {
    delayed: () => delayed,
    restore: () => {
      client.query = original;
    },
  };
}

async function listIds(token: string, query: string): Promise<number[]> {
  const response = await t.as(token).get(`/api/users?per=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((line: { id: number }) => line.id);
}

/** admin → master → sub, and admin → other: one line each. */
async function tree() {
  const master = await createSignedInAccount(t.app);
  const sub = await createSignedInAccount(t.app, { parent: master.account });
  const other = await createSignedInAccount(t.app);
  const lineOf = async (owner: AccountRow) => createLine(t.app, owner);
  return {
    master,
    sub,
    other,
    masterLine: await lineOf(master.account),
    subLine: await lineOf(sub.account),
    otherLine: await lineOf(other.account),
  };
}

describe('scope', () => {
  it('shows a reseller its own and its subtree’s lines, an admin every line', async () => {
    const family = await tree();
    expect((await listIds(family.master.token, 'order_by=id,asc')).sort()).toEqual(
      [family.masterLine.id, family.subLine.id].sort(),
    );
    expect(await listIds(family.sub.token, '')).toEqual([family.subLine.id]);
    const all = await listIds(t.adminToken, 'order_by=id,desc');
    for (const line of [family.masterLine, family.subLine, family.otherLine]) expect(all).toContain(line.id);
  });

  it('filters by owner; an owner outside the subtree gives an empty list, not someone else’s lines', async () => {
    const family = await tree();
    expect(await listIds(family.master.token, `reseller=${family.sub.account.id}`)).toEqual([
      family.subLine.id,
    ]);
    expect(await listIds(family.master.token, `reseller=${family.other.account.id}`)).toEqual([]);
    expect(await listIds(t.adminToken, `reseller=${family.other.account.id}`)).toEqual([family.otherLine.id]);
    expect(await listIds(t.adminToken, 'reseller=')).not.toEqual([]);
  });

  it('answers 404 for a line outside the subtree, exactly like a missing one', async () => {
    const family = await tree();
    const own = await t.as(family.sub.token).get(`/api/users/${family.subLine.id}`);
    expect(own.json()).toMatchObject({ id: family.subLine.id, master_username: family.sub.account.username });
    for (const id of [family.masterLine.id, family.otherLine.id, 987654]) {
      const response = await t.as(family.sub.token).get(`/api/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Recurso não encontrado.');
    }
    expect((await t.as(family.master.token).get(`/api/users/${family.subLine.id}`)).statusCode).toBe(200);
  });
});

describe('filters and sorting', () => {
  it('filters by status (1 active, 0 blocked, 3 expired, 4 not expired), type and service', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const active = await createLine(t.app, account);
    const blocked = await createLine(t.app, account, { enabled: 0 });
    const expired = await createLine(t.app, account, { expDate: daysFromNow(-2) });
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61, system: 2 });
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(sorted(await listIds(token, 'status=1'))).toEqual(sorted([active.id, trial.id]));
    expect(await listIds(token, 'status=0')).toEqual([blocked.id]);
    expect(await listIds(token, 'status=3')).toEqual([expired.id]);
    expect(sorted(await listIds(token, 'status=4'))).toEqual(sorted([active.id, blocked.id, trial.id]));
    expect(await listIds(token, 'type=trial')).toEqual([trial.id]);
    expect((await listIds(token, 'type=normal')).length).toBe(3);
    expect(await listIds(token, 'system=2')).toEqual([trial.id]);
    const bad = await t.as(token).get('/api/users?status=2');
    expect(bad.json()).toMatchObject({ status: 400, message: 'Status inválido' });
  });

  it('filters lines expiring today or within N days (panel days), never the expired ones', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const endOfToday = new Date(endOfPanelDay(nowSeconds) * 1000);
    const today = await createLine(t.app, account, {
      expDate: new Date(Math.min(endOfToday.getTime(), Date.now() + 60_000)),
    });
    const inThree = await createLine(t.app, account, {
      expDate: new Date(endOfPanelDay(nowSeconds, 3) * 1000),
    });
    const inTen = await createLine(t.app, account, { expDate: daysFromNow(10) });
    await createLine(t.app, account, { expDate: daysFromNow(-1) });
    expect(await listIds(token, 'expirationInterval=today')).toEqual([today.id]);
    expect(await listIds(token, 'expirationInterval=3days&order_by=exp_date,asc')).toEqual([
      today.id,
      inThree.id,
    ]);
    expect(await listIds(token, 'expirationInterval=15days&order_by=exp_date,asc')).toEqual([
      today.id,
      inThree.id,
      inTen.id,
    ]);
    expect((await t.as(token).get('/api/users?expirationInterval=2days')).statusCode).toBe(400);
  });

  it('searches username, name, notes and MAC, with % and _ taken literally', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const byName = await createLine(t.app, account, { fullName: 'Fernanda Azevedo' });
    const byNote = await createLine(t.app, account, { resellerNotes: 'vence_dia 10%' });
    const byMac = await createLine(t.app, account, { macaddr: 'de:ad:be:ef:00:01', system: 3 });
    const byUser = await createLine(t.app, account, { username: 'zequinha2024' });
    expect(await listIds(token, 'search=azeVEDO')).toEqual([byName.id]);
    expect(await listIds(token, `search=${encodeURIComponent('_dia 10%')}`)).toEqual([byNote.id]);
    expect(await listIds(token, 'search=be:ef')).toEqual([byMac.id]);
    expect(await listIds(token, 'search=zequinha')).toEqual([byUser.id]);
    expect(await listIds(token, `search=${encodeURIComponent('%')}`)).toEqual([byNote.id]);
  });

  it('sorts by the allowed columns with id as the tiebreaker', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const a = await createLine(t.app, account, { maxConnections: 2 });
    const b = await createLine(t.app, account, { maxConnections: 1 });
    const c = await createLine(t.app, account, { maxConnections: 2 });
    expect(await listIds(token, 'order_by=max_connections,asc')).toEqual([b.id, a.id, c.id]);
    expect(await listIds(token, 'order_by=max_connections,desc')).toEqual([c.id, a.id, b.id]);
    const bad = await t.as(token).get('/api/users?order_by=password,asc');
    expect(bad.json()).toMatchObject({ status: 400, message: LIST_MESSAGES.invalidOrder });
  });
});

describe('pages and honest totals', () => {
  it('pages with exact meta while the total is small', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (let index = 0; index < 5; index++) await createLine(t.app, account);
    const response = await t.as(token).get('/api/users?per=2&page=3');
    expect(response.json().meta).toEqual({ page: 3, per: 2, pages: 3, total: 5, total_exact: true });
    expect(response.json().data).toHaveLength(1);
  });

  it('stops counting past 1.000 rows: total is the cap and total_exact false; later pages stay reachable', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    await t.db.execute(sql`
      insert into ${lines} (reseller_id, owner_path, username, password, exp_date, package_id, system)
      select ${account.id}, ${account.path}, 'massa' || g || 'x' || ${account.id}, 'senha@9x7',
             now() + (g || ' minutes')::interval, 17, case when g <= 7 then 2 else 1 end
      from generate_series(1, 1001) as g`);
    const capped = await t.as(token).get('/api/users?per=50&page=2');
    expect(capped.json().meta).toEqual({ page: 2, per: 50, pages: 20, total: 1_000, total_exact: false });
    expect(capped.json().data).toHaveLength(50);
    // The same answer when counting is slow: past the cap, not past a clock.
    const slow = slowDownCounts(300);
    try {
      const slowly = await t.as(token).get('/api/users?per=50&page=2');
      expect(slow.delayed()).toBe(1);
      expect(slowly.json().meta).toEqual(capped.json().meta);
    } finally {
      slow.restore();
    }
    // Past what the capped total covers, the next page is still offered while rows remain.
    const deep = await t.as(token).get('/api/users?per=50&page=20');
    expect(deep.json().meta).toMatchObject({ page: 20, pages: 21, total_exact: false });
    // A filter that leaves few rows brings the exact number back (seven P2P lines; not a date filter, whose
    // count depends on the hour the test runs).
    const narrow = await t.as(token).get('/api/users?system=2&per=5');
    expect(narrow.json().meta).toEqual({ page: 1, per: 5, pages: 2, total: 7, total_exact: true });
  });

  it('counts a small subtree exactly, however long the count takes (10 lines, one per page)', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (let index = 0; index < 10; index++) await createLine(t.app, account);
    const exact = { page: 1, per: 1, pages: 10, total: 10, total_exact: true };
    expect((await t.as(token).get('/api/users?per=1')).json().meta).toEqual(exact);
    // A loaded machine used to get "mais de 1" here: the count ran past a 10 ms budget (decision 0032).
    const slow = slowDownCounts(300);
    try {
      const slowly = await t.as(token).get('/api/users?per=1');
      expect(slow.delayed()).toBe(1);
      expect(slowly.json().meta).toEqual(exact);
    } finally {
      slow.restore();
    }
  });

  it('does not count a text search: the page tells the total (exact on its last page, else "more than")', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (let index = 0; index < 12; index++)
      await createLine(t.app, account, { fullName: `Zulmira ${index}` });
    const first = await t.as(token).get('/api/users?search=zulmira&per=5&page=1');
    expect(first.json().meta).toEqual({ page: 1, per: 5, pages: 2, total: 5, total_exact: false });
    const last = await t.as(token).get('/api/users?search=zulmira&per=5&page=3');
    expect(last.json().meta).toEqual({ page: 3, per: 5, pages: 3, total: 12, total_exact: true });
    expect(last.json().data).toHaveLength(2);
    const one = await t.as(token).get('/api/users?search=zulmira 7');
    expect(one.json().meta).toEqual({ page: 1, per: 10, pages: 1, total: 1, total_exact: true });
  });
});

describe('totals of a text search, which is not counted (lineListMeta)', () => {
  it('answers from the page: exact on the last page, "more than" with a next page otherwise', () => {
    const rows = (count: number) => Array.from({ length: count }, () => ({}));
    expect(lineListMeta({ page: 1, per: 10 }, { rows: rows(10), hasMore: true, counted: null })).toEqual({
      page: 1,
      per: 10,
      pages: 2,
      total: 10,
      total_exact: false,
    });
    expect(lineListMeta({ page: 3, per: 10 }, { rows: rows(4), hasMore: false, counted: null })).toEqual({
      page: 3,
      per: 10,
      pages: 3,
      total: 24,
      total_exact: true,
    });
    expect(lineListMeta({ page: 1, per: 10 }, { rows: [], hasMore: false, counted: null })).toMatchObject({
      total: 0,
      total_exact: true,
    });
    expect(lineListMeta({ page: 1, per: 10 }, { rows: rows(10), hasMore: true, counted: 1_001 })).toEqual({
      page: 1,
      per: 10,
      pages: 100,
      total: 1_000,
      total_exact: false,
    });
  });
});

describe('indexes the list relies on (decision 0018)', () => {
  /**
   * The statements production runs (`lineListStatements` builds them with the same functions and values as
   * `listLineRecords`), for the shapes the benchmarks measure. A statement no index can answer shows a
   * sequential scan even with sequential scans forbidden; `expected` is the index it must take.
   */
  const byExpiry = { field: 'exp_date', direction: 'asc' } as const;
  const newest = { field: 'id', direction: 'desc' } as const;
  const ALL: ListScope = { kind: 'all' };
  const subtreeOf = (owner: AccountRow): ListScope => ({
    kind: 'subtree',
    pattern: subtreePattern(owner.path),
  });
  const shapes: {
    name: string;
    filters: (owner: AccountRow) => Omit<LineFilters, 'now'>;
    orderBy: typeof byExpiry | typeof newest;
    page: RegExp;
    count: RegExp | null;
    /** Planned without index walks: the table is too small for the planner to prefer the search index. */
    bitmapOnly?: boolean;
  }[] = [
    {
      name: 'admin, active, by expiry (P1)',
      filters: () => ({ scope: ALL, status: 1 }),
      orderBy: byExpiry,
      page: /lines_(enabled_)?exp_idx/,
      count: /lines_(enabled_)?exp_idx/,
    },
    {
      // A page walks the id index newest first and stops after 11 rows of the subtree, or reads the subtree.
      name: 'subtree, newest first (the default order)',
      filters: (owner) => ({ scope: subtreeOf(owner) }),
      orderBy: newest,
      page: /lines_pkey|lines_owner_path_exp_idx/,
      count: /lines_owner_path_exp_idx/,
    },
    {
      // Which of the expiry indexes wins depends on the data; each is an index of the list.
      name: 'subtree, active, by expiry (P2)',
      filters: (owner) => ({ scope: subtreeOf(owner), status: 1 }),
      orderBy: byExpiry,
      page: /lines_(owner_path_|enabled_)?exp_idx/,
      count: /lines_(owner_path_|enabled_)?exp_idx/,
    },
    {
      name: 'admin, text search (not counted)',
      filters: () => ({ scope: ALL, search: 'fernanda' }),
      orderBy: newest,
      page: /lines_search_trgm_idx/,
      count: null,
      bitmapOnly: true,
    },
    {
      name: 'subtree, text search (P2-search, not counted)',
      filters: (owner) => ({ scope: subtreeOf(owner), search: 'fernanda' }),
      orderBy: newest,
      page: /lines_(owner_path_exp|search_trgm)_idx/,
      count: null,
    },
  ];

  it('answers every list shape from its index, page and count, as production runs them', async () => {
    // A subtree of 200 lines among 3.000, five of them named Fernanda, expiries spread over four months.
    const owner = await createAccount(t.app);
    const elsewhere = await createAccount(t.app);
    await t.db.execute(sql`
      insert into ${lines} (reseller_id, owner_path, username, password, exp_date, package_id, system, enabled, full_name)
      select case when g <= 200 then ${owner.id}::int else ${elsewhere.id}::int end,
             case when g <= 200 then ${owner.path}::text else ${elsewhere.path}::text end,
             'indice' || g || 'x' || ${owner.id}::int, 'senha@9x7', now() + ((g % 120) - 60 || ' days')::interval, 17, 1,
             (case when g % 10 = 0 then 0 else 1 end)::smallint,
             case when g <= 5 then 'Fernanda ' || g else 'Cliente ' || g end
      from generate_series(1, 3000) as g`);
    // Statistics, as autovacuum keeps them in production: the planner weighs the indexes by what is there.
    await t.db.execute(sql`analyze ${lines}`);
    for (const shape of shapes) {
      const filters = { ...shape.filters(owner), now: new Date() };
      const statements = lineListStatements(t.db, filters, { offset: 0, limit: 10, orderBy: shape.orderBy });
      const page = await planOf(t.db, statements.page, { bitmapOnly: shape.bitmapOnly });
      expect(page, `${shape.name}: page\n${page}`).not.toContain('Seq Scan');
      expect(page, `${shape.name}: page\n${page}`).toMatch(shape.page);
      if (shape.count === null) {
        expect(statements.count, `${shape.name}: count`).toBeNull();
        continue;
      }
      if (!statements.count) throw new Error(`${shape.name}: no count statement`);
      const count = await planOf(t.db, statements.count);
      expect(count, `${shape.name}: count\n${count}`).not.toContain('Seq Scan');
      expect(count, `${shape.name}: count\n${count}`).toMatch(shape.count);
    }
  });
});

describe('POST /api/users/select_search', () => {
  it('offers lines of the subtree only, as { label, value }', async () => {
    const family = await tree();
    const response = await t.as(family.sub.token).post('/api/users/select_search', { search: 'cliente' });
    expect(response.json()).toEqual([{ label: family.subLine.username, value: family.subLine.id }]);
    const all = await t.as(family.master.token).post('/api/users/select_search', {});
    expect(
      all
        .json()
        .map((option: { value: number }) => option.value)
        .sort(),
    ).toEqual([family.masterLine.id, family.subLine.id].sort());
  });
});

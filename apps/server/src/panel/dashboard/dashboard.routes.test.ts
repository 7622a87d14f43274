import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine, daysFromNow } from '../../../test/factories';
import { planOf } from '../../../test/explain';
import { useTestApp } from '../../../test/test-app';
import { onlineCountQuery } from './dashboard.repository';
import { eq } from 'drizzle-orm';
import { lines, liveConnections, p2pSessions, streamingServers } from '../../db/schema';

const t = useTestApp();

describe('GET /api/dashboard/stats', () => {
  it('counts resellers and lines of the caller’s subtree only', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    await createSignedInAccount(t.app, { parent: sub.account });
    await createSignedInAccount(t.app, { role: 'publisher', parent: master.account });
    const other = await createSignedInAccount(t.app);
    await createLine(t.app, master.account);
    await createLine(t.app, sub.account, { enabled: 0 });
    await createLine(t.app, sub.account, { expDate: daysFromNow(-1) });
    const old = await createLine(t.app, master.account);
    await t.app.database.db
      .update(lines)
      .set({ createdAt: daysFromNow(-8) })
      .where(eq(lines.id, old.id));
    await createLine(t.app, other.account);

    const response = await t.as(master.token).get('/api/dashboard/stats');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      resellers: 2,
      users: 4,
      users_active: 2,
      users_new: 3,
      users_online: 0,
      conections_online: 0,
    });
    expect((await t.as(sub.token).get('/api/dashboard/stats')).json()).toEqual({
      resellers: 1,
      users: 2,
      users_active: 0,
      users_new: 2,
      users_online: 0,
      conections_online: 0,
    });
    const admin = (await t.as(t.adminToken).get('/api/dashboard/stats')).json();
    expect(admin.users).toBeGreaterThanOrEqual(5);
    expect(admin.resellers).toBeGreaterThanOrEqual(4);
  });

  it('opens for publishers too (nothing below them)', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/dashboard/stats')).json()).toEqual({
      resellers: 0,
      users: 0,
      users_active: 0,
      users_new: 0,
      users_online: 0,
      conections_online: 0,
    });
    expect((await t.as(undefined).get('/api/dashboard/stats')).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/stats online counters (decision 0047)', () => {
  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
  type Line = Awaited<ReturnType<typeof createLine>>;

  async function connect(line: Line, values: { seenSecondsAgo?: number; ended?: boolean } = {}) {
    await t.db.insert(liveConnections).values({
      lineId: line.id,
      ownerPath: line.ownerPath,
      streamId: 1,
      delivery: 'redirect',
      lastSeenAt: secondsAgo(values.seenSecondsAgo ?? 5),
      endedAt: values.ended ? secondsAgo(1) : null,
      endReason: values.ended ? 'closed' : null,
    });
  }

  let sessionKey = 0;
  async function p2pSession(line: Line, values: { seenSecondsAgo?: number; ended?: boolean } = {}) {
    const [server] = await t.db
      .insert(streamingServers)
      .values({ name: 'P2P', tokenHash: `hash-${++sessionKey}`, tokenHint: 'abcd' })
      .returning();
    await t.db.insert(p2pSessions).values({
      serverId: server!.id,
      sessionKey: `session-${sessionKey}`,
      lineId: line.id,
      ownerPath: line.ownerPath,
      username: line.username,
      lastSeenAt: secondsAgo(values.seenSecondsAgo ?? 5),
      endedAt: values.ended ? secondsAgo(1) : null,
    });
  }

  it('counts active IPTV connections and P2P sessions of the subtree, and the lines holding them', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    const other = await createSignedInAccount(t.app);
    const twoScreens = await createLine(t.app, master.account, { maxConnections: 2 });
    const p2pAndIptv = await createLine(t.app, sub.account);
    const p2pOnly = await createLine(t.app, sub.account);
    const gone = await createLine(t.app, master.account);
    const outside = await createLine(t.app, other.account);
    await connect(twoScreens);
    await connect(twoScreens, { seenSecondsAgo: 80 });
    await connect(p2pAndIptv);
    await p2pSession(p2pAndIptv);
    await p2pSession(p2pOnly);
    // Not online: ended, or silent for longer than CONNECTION_TTL_SECONDS (90 by default).
    await connect(gone, { ended: true });
    await connect(gone, { seenSecondsAgo: 95 });
    await p2pSession(gone, { ended: true });
    await p2pSession(gone, { seenSecondsAgo: 120 });
    await connect(outside);
    await p2pSession(outside);

    const online = async (token: string) => {
      const stats = (await t.as(token).get('/api/dashboard/stats')).json();
      return [stats.users_online, stats.conections_online];
    };
    expect(await online(master.token)).toEqual([3, 5]);
    expect(await online(sub.token)).toEqual([2, 3]);
    expect(await online(other.token)).toEqual([1, 2]);
    const [adminUsers, adminConnections] = await online(t.adminToken);
    expect(adminUsers).toBeGreaterThanOrEqual(4);
    expect(adminConnections).toBeGreaterThanOrEqual(7);

    // A connection the sweeper has not ended yet stops counting once its TTL passes.
    await t.db
      .update(liveConnections)
      .set({ lastSeenAt: secondsAgo(91) })
      .where(eq(liveConnections.lineId, p2pAndIptv.id));
    expect(await online(sub.token)).toEqual([2, 2]);
  });

  it('reads only the partial indexes on active rows, a subtree by its owner_path range', async () => {
    const subtree = await planOf(
      t.db,
      onlineCountQuery(t.db, { kind: 'subtree', pattern: '/1/7/%' }, 90).toSQL(),
    );
    expect(subtree).toMatch(
      /Index Scan using live_connections_owner_active_idx[^\n]*\n\s+Index Cond: \(\(owner_path ~>=~/,
    );
    expect(subtree).toMatch(
      /Index Scan using p2p_sessions_owner_active_idx[^\n]*\n\s+Index Cond: \(\(owner_path ~>=~/,
    );
    const everything = await planOf(t.db, onlineCountQuery(t.db, { kind: 'all' }, 90).toSQL());
    expect(everything).toMatch(/using live_connections_\w+_active_idx/);
    expect(everything).toMatch(/using p2p_sessions_\w+_active_idx/);
    expect(everything).not.toContain('Seq Scan');
  });
});

describe('GET /api/dashboard/expiring', () => {
  it('lists 5 lines of the subtree expiring within 7 days, soonest first, never expired ones', async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    const other = await createSignedInAccount(t.app);
    await createLine(t.app, master.account, { expDate: daysFromNow(-0.5) });
    await createLine(t.app, master.account, { expDate: daysFromNow(8) });
    await createLine(t.app, other.account, { expDate: daysFromNow(0.1) });
    const soon = [];
    for (const days of [6, 0.2, 3, 1, 5, 2]) {
      soon.push(
        await createLine(t.app, days === 3 ? sub.account : master.account, {
          expDate: daysFromNow(days),
        }),
      );
    }
    const response = await t.as(master.token).get('/api/dashboard/expiring');
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((line: { id: number }) => line.id);
    const byExpiry = [...soon].sort((a, b) => a.expDate.getTime() - b.expDate.getTime()).slice(0, 5);
    expect(ids).toEqual(byExpiry.map((line) => line.id));
    expect(response.json().data[0]).toMatchObject({ master_username: master.account.username });

    const empty = await createSignedInAccount(t.app);
    expect((await t.as(empty.token).get('/api/dashboard/expiring')).json()).toEqual({ data: [] });
  });

  it('leaves trials out: 4-hour trials never hide paying customers who expire tomorrow', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    for (let index = 0; index < 6; index++) {
      await createLine(t.app, account, { isTrial: 1, packageId: 61, expDate: daysFromNow(0.1) });
    }
    const tomorrow = await createLine(t.app, account, { expDate: daysFromNow(1) });
    const response = await t.as(token).get('/api/dashboard/expiring');
    expect(
      response.json().data.map((line: { id: number; is_trial: number }) => [line.id, line.is_trial]),
    ).toEqual([[tomorrow.id, 0]]);
  });
});

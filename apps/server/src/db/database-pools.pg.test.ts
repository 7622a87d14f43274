import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import type { Database } from './database';

/**
 * The panel and the delivery plane have PostgreSQL pools of their own (decision 0100): with every
 * delivery connection taken (a stampede of apps), a panel request still answers at once, and the reverse.
 * `npm run test:pg` runs it; on PGlite (one connection, both the same) there is nothing to prove.
 */
const t = useTestApp({ DATABASE_POOL_PANEL: '2', DATABASE_POOL_DELIVERY: '2' });
const HOLD_SECONDS = 3;

const stats = (name: 'panel' | 'delivery') => t.app.database.poolStats().find((pool) => pool.pool === name)!;

/** Every connection of the pool busy for HOLD_SECONDS. */
async function takeAll(db: Database, name: 'panel' | 'delivery'): Promise<Promise<unknown>[]> {
  // A drizzle query runs when awaited: the async function starts it now.
  const holds = [1, 2].map(async () => db.execute(sql`select pg_sleep(${HOLD_SECONDS})`));
  await expect.poll(() => stats(name).total - stats(name).idle, { timeout: 5000 }).toBe(2);
  return holds;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('database pools (decision 0100)', () => {
  it('answers a panel request while every delivery connection is taken', async () => {
    expect(t.app.database.deliveryDb).not.toBe(t.app.database.db);
    const holds = await takeAll(t.app.database.deliveryDb, 'delivery');
    let playerAnswered = false;
    const player = t.app
      .inject({ method: 'GET', url: '/player_api.php?username=ninguem&password=x' })
      .then((answer) => {
        playerAnswered = true;
        return answer;
      });
    // The player request waits for a delivery connection; the panel's are free.
    await expect.poll(() => stats('delivery').waiting, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const started = performance.now();
    const profile = await t.as(t.adminToken).get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(playerAnswered).toBe(false);
    expect((await player).statusCode).toBe(200);
    await Promise.all(holds);
  }, 30_000);

  it('answers a player request while every panel connection is taken', async () => {
    const holds = await takeAll(t.app.database.db, 'panel');
    const started = performance.now();
    const answer = await t.app.inject({ method: 'GET', url: '/player_api.php?username=ninguem&password=x' });
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stats('panel').total - stats('panel').idle).toBe(2);
    await Promise.all(holds);
  }, 30_000);
});

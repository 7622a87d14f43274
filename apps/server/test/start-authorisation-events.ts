import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { bouquetCategories, contentStreams, type AccountRow, type LineRow } from '../src/db/schema';
import type { StartAuthorisationCache } from '../src/delivery/streams/start-authorisation-cache';
import { authoriseStreamStart } from '../src/delivery/streams/stream-start.service';
import type { CallerApi } from './api';
import { createRedirectedMovie } from './content-factory';
import { createLine, daysFromNow } from './factories';

/**
 * The events that must reach the stream starts' authorisation cache (decision 0105), each checked the same
 * way on one process and across processes: a line that keeps playing is answered from memory (the cache
 * kept it), then the panel (or a content change) changes what it may play, and the next start of the
 * delivery process already sees the change, at once on one process, within `withinMs` on another.
 */
export interface StartEventsContext {
  /** The process the starts go to. */
  delivery: FastifyInstance;
  /** The process whose panel changes the line (the same one on one process). */
  panel: FastifyInstance;
  /** The panel's API as the admin. */
  admin: CallerApi;
  owner: AccountRow;
  /** A cache bound to the delivery process's notices, as its stream routes make one. */
  cache: StartAuthorisationCache;
  /** 0: the next start must see the change; otherwise it must within this long. */
  withinMs: number;
}

const DEVICE = { 'user-agent': 'CacheTestPlayer/1' };

async function startStatus(
  delivery: FastifyInstance,
  who: { username: string; password: string },
  movieId: number,
): Promise<number> {
  const response = await delivery.inject({
    method: 'GET',
    url: `/movie/${encodeURIComponent(who.username)}/${encodeURIComponent(who.password)}/${movieId}.mp4`,
    headers: DEVICE,
  });
  return response.statusCode;
}

/** The status the next start gets, once it is `expected` or the time allowed is over. */
async function statusSoon(
  context: StartEventsContext,
  who: { username: string; password: string },
  movieId: number,
  expected: number,
): Promise<number> {
  const deadline = Date.now() + context.withinMs;
  for (;;) {
    const status = await startStatus(context.delivery, who, movieId);
    if (status === expected || Date.now() >= deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let serial = 0;

async function playingLine(context: StartEventsContext, overrides: Partial<LineRow> = {}) {
  const db = context.panel.database.db;
  const line = await createLine(context.panel, context.owner, { maxConnections: 2, ...overrides });
  const movie = await createRedirectedMovie(db, `Filme do cache ${++serial} ${Date.now() % 100_000}`);
  return { line, movie };
}

/** Asks the cache twice: the second answer comes from memory when the process hears the database. */
async function kept(context: StartEventsContext, line: LineRow, movieId: number) {
  const before = context.cache.counts.kept;
  await context.cache.lookup(line.username, movieId);
  const row = await context.cache.lookup(line.username, movieId);
  const hearing = context.delivery.deliveryNotices.hearing;
  // A process that does not hear the database keeps nothing (an app handed a PostgreSQL database).
  expect(context.cache.counts.kept - before).toBe(hearing ? 1 : 0);
  return row;
}

/** After a change: the cache reads the database again (or already did, on another process). */
async function lookedUpAgain(
  context: StartEventsContext,
  username: string,
  movieId: number,
  check: (row: Awaited<ReturnType<StartAuthorisationCache['lookup']>>) => boolean,
) {
  const deadline = Date.now() + context.withinMs;
  for (;;) {
    const row = await context.cache.lookup(username, movieId);
    if (check(row) || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function startAuthorisationEvents(context: () => StartEventsContext): void {
  it('a block refuses the next start (403)', async () => {
    const c = context();
    const { line, movie } = await playingLine(c);
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    expect((await kept(c, line, movie.id))?.enabled).toBe(1);
    expect((await c.admin.post(`/api/users/${line.id}/block`)).statusCode).toBe(200);
    expect(await statusSoon(c, line, movie.id, 403)).toBe(403);
    expect((await lookedUpAgain(c, line.username, movie.id, (row) => row?.enabled === 0))?.enabled).toBe(0);
  });

  it('a renewal of an expired line lets the next start play', async () => {
    const c = context();
    const { line, movie } = await playingLine(c, { expDate: daysFromNow(-1) });
    expect(await startStatus(c.delivery, line, movie.id)).toBe(403);
    await kept(c, line, movie.id);
    expect((await c.admin.post(`/api/users/${line.id}/renew`, {})).statusCode).toBe(200);
    expect(await statusSoon(c, line, movie.id, 302)).toBe(302);
  });

  it('an expiry takes effect without any notice: the kept expiry date is read on every start', async () => {
    const c = context();
    const { line, movie } = await playingLine(c, { expDate: daysFromNow(2) });
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    await kept(c, line, movie.id);
    const request = {
      segment: 'movie' as const,
      username: line.username,
      password: line.password,
      file: `${movie.id}.mp4`,
      address: '10.9.8.7',
    };
    const today = await authoriseStreamStart(c.cache, c.delivery.lineAuth, request);
    expect(today).toMatchObject({ lineId: line.id, streamId: movie.id });
    const keptBefore = c.cache.counts.kept;
    // Three days on, the same kept row: the line expired a day ago.
    await expect(
      authoriseStreamStart(c.cache, c.delivery.lineAuth, request, daysFromNow(3)),
    ).rejects.toMatchObject({ statusCode: 403 });
    if (c.delivery.deliveryNotices.hearing) expect(c.cache.counts.kept).toBe(keptBefore + 1);
  });

  it('a bouquet change hides the stream from the next start (404)', async () => {
    const c = context();
    const { line, movie } = await playingLine(c);
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    await kept(c, line, movie.id);
    // The movie's category sits in bouquet 1 only.
    expect((await c.admin.put(`/api/users/${line.id}`, { bouquet: [2] })).statusCode).toBe(200);
    expect(await statusSoon(c, line, movie.id, 404)).toBe(404);
  });

  it('a password change refuses the old password (401) and plays with the new one', async () => {
    const c = context();
    const { line, movie } = await playingLine(c);
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    await kept(c, line, movie.id);
    const password = 'Nova@senha9';
    expect((await c.admin.put(`/api/users/${line.id}`, { bouquet: [1, 2], password })).statusCode).toBe(200);
    expect(await statusSoon(c, line, movie.id, 401)).toBe(401);
    expect(await startStatus(c.delivery, { username: line.username, password }, movie.id)).toBe(302);
  });

  it('a deletion refuses the next start (401)', async () => {
    const c = context();
    const { line, movie } = await playingLine(c);
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    await kept(c, line, movie.id);
    expect((await c.admin.delete(`/api/users/${line.id}`)).statusCode).toBe(204);
    expect(await statusSoon(c, line, movie.id, 401)).toBe(401);
    expect(await lookedUpAgain(c, line.username, movie.id, (row) => row === undefined)).toBeUndefined();
  });

  it('a retired stream, or its category taken out of the bouquets, is not found by the next start (404)', async () => {
    const c = context();
    const db = c.panel.database.db;
    const { line, movie } = await playingLine(c);
    expect(await startStatus(c.delivery, line, movie.id)).toBe(302);
    await kept(c, line, movie.id);
    await db
      .update(contentStreams)
      .set({ retiredAt: sql`now()` })
      .where(eq(contentStreams.id, movie.id));
    expect(await statusSoon(c, line, movie.id, 404)).toBe(404);

    const other = await playingLine(c);
    expect(await startStatus(c.delivery, other.line, other.movie.id)).toBe(302);
    expect((await kept(c, other.line, other.movie.id))?.visible).toBe(true);
    await db.delete(bouquetCategories).where(eq(bouquetCategories.categoryId, other.movie.categoryId ?? 0));
    expect(await statusSoon(c, other.line, other.movie.id, 404)).toBe(404);
  });
}

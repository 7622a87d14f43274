/**
 * The periodic sync (decision 0038): the worker the plugin starts on ready syncs sources whose interval
 * has passed, takes over syncs a dead server left "running", and upstream requests give up after
 * UPSTREAM_TIMEOUT_MS.
 */
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSources } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

// A timeout far above an answer's time on a loaded machine (a sync that timed out would not be retried
// within the test), far below the stalled upstream's 6 s of the last test.
const t = useTestApp({ CONTENT_SYNC_POLL_MS: '1000', UPSTREAM_TIMEOUT_MS: '2000' });
let upstream: XtreamUpstream;
beforeAll(async () => {
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(() => upstream?.close());

const admin = () => t.as(t.adminToken);

async function createSource(body: Record<string, unknown>): Promise<ContentSource> {
  const response = await admin().post('/api/admin/content/sources', {
    kind: 'xtream',
    name: 'Fornecedor',
    url: upstream.url,
    username: upstream.username,
    password: upstream.password,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentSource>();
}

async function waitFor(id: number, done: (source: ContentSource) => boolean): Promise<ContentSource> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const source = (await admin().get(`/api/admin/content/sources/${id}`)).json<ContentSource>();
    if (done(source)) return source;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`source ${id} never reached the expected state`);
}

describe('periodic sync', () => {
  it('syncs a source whose interval has passed, and not again before the next interval', async () => {
    const manual = await createSource({ name: 'Manual' });
    const timed = await createSource({ name: 'A cada hora', sync_interval_minutes: 60 });
    const synced = await waitFor(timed.id, (source) => source.sync_status === 'ok');
    expect(synced.sync_summary).toMatchObject({ live: { added: 2 } });
    const finishedAt = synced.sync_finished_at;
    // Two more passes: nothing due (the interval has not passed), the manual source is left alone.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const later = (await admin().get(`/api/admin/content/sources/${timed.id}`)).json<ContentSource>();
    expect(later.sync_finished_at).toBe(finishedAt);
    const untouched = (await admin().get(`/api/admin/content/sources/${manual.id}`)).json<ContentSource>();
    expect(untouched.sync_status).toBe('idle');

    // The interval passed (finished two hours ago): synced again.
    await t.db
      .update(contentSources)
      .set({ syncFinishedAt: sql`now() - interval '2 hours'` })
      .where(eq(contentSources.id, timed.id));
    const again = await waitFor(
      timed.id,
      (source) => source.sync_status === 'ok' && (source.sync_finished_at ?? 0) >= (finishedAt ?? 0),
    );
    expect(again.sync_summary).toMatchObject({ live: { added: 0, updated: 0, retired: 0 } });
  });

  it('a sync left running by a dead server is taken over once stale; a fresh one is not', async () => {
    const fresh = await createSource({ name: 'Rodando' });
    const stale = await createSource({ name: 'Abandonada' });
    await t.db
      .update(contentSources)
      .set({
        syncStatus: 'running',
        syncStartedAt: sql`now()`,
        syncProgress: sql`jsonb_build_object('phase', 'live', 'done', 10, 'total', 20, 'at', now())`,
      })
      .where(eq(contentSources.id, fresh.id));
    await t.db
      .update(contentSources)
      .set({
        syncStatus: 'running',
        syncStartedAt: sql`now() - interval '3 hours'`,
        syncProgress: sql`jsonb_build_object('phase', 'live', 'done', 10, 'total', 20, 'at', now() - interval '2 hours')`,
      })
      .where(eq(contentSources.id, stale.id));
    expect((await admin().post(`/api/admin/content/sources/${fresh.id}/sync`)).statusCode).toBe(409);
    const shown = (await admin().get(`/api/admin/content/sources/${fresh.id}`)).json<ContentSource>();
    expect(shown.sync_progress).toEqual({ phase: 'live', done: 10, total: 20 });

    // The worker marks the stale one failed; the admin can start it again at once.
    const failed = await waitFor(stale.id, (source) => source.sync_status === 'failed');
    expect(failed.sync_error).toBe('Sincronização abandonada: o servidor parou durante a execução.');
    const restarted = await admin().post(`/api/admin/content/sources/${stale.id}/sync`);
    expect(restarted.statusCode).toBe(202);
    await t.app.contentSync.settled(stale.id);
    expect((await admin().get(`/api/admin/content/sources/${stale.id}`)).json()).toMatchObject({
      sync_status: 'ok',
    });
    expect((await admin().get(`/api/admin/content/sources/${fresh.id}`)).json()).toMatchObject({
      sync_status: 'running',
    });
  });

  it('gives up on an upstream that stops answering (UPSTREAM_TIMEOUT_MS)', async () => {
    const slow = await createSource({ name: 'Parado' });
    upstream.setDelay(6000);
    try {
      expect((await admin().post(`/api/admin/content/sources/${slow.id}/sync`)).statusCode).toBe(202);
      await t.app.contentSync.settled(slow.id);
    } finally {
      upstream.setDelay(0);
    }
    const failed = (await admin().get(`/api/admin/content/sources/${slow.id}`)).json<ContentSource>();
    expect(failed.sync_status).toBe('failed');
    expect(failed.sync_error).toMatch(/^O servidor de origem não respondeu a tempo\./);
    expect(failed.sync_error).not.toContain(upstream.password);
  });
});

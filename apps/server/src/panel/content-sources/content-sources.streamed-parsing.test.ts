/**
 * Streamed parsing (decision 0038): a 100,000-entry playlist and a large guide pass through the importer
 * without ever being held whole. The check is the live heap (measured after a forced GC, so garbage
 * waiting for collection does not count) while the import runs: reading the file whole would keep at
 * least the file's size alive, parsed entries several times more.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStreams } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';
import { openTextStream } from './upstream-input';
import { parseXmltv } from './xmltv-parser';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const t = useTestApp();
let upstream: XtreamUpstream;
const work = mkdtempSync(join(tmpdir(), 'panel-stream-'));
beforeAll(async () => {
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

const ENTRIES = 100_000;

/** A 100,000-entry playlist written as a stream: live channels, movies and episodes, 50 groups. */
async function writePlaylist(path: string): Promise<number> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  await write('#EXTM3U\n');
  for (let index = 0; index < ENTRIES; index++) {
    const group = `Grupo ${index % 50}`;
    const logo = `http://logos.example.com/canais/${index}/logo-grande-em-alta-resolucao.png`;
    if (index % 3 === 0) {
      await write(
        `#EXTINF:-1 tvg-id="canal${index}.br" tvg-name="Canal ${index}" tvg-logo="${logo}" group-title="${group}",Canal ${index}\n` +
          `http://cdn.example.com/live/usuario/senha/${index}.ts\n`,
      );
    } else if (index % 3 === 1) {
      await write(
        `#EXTINF:-1 tvg-id="" tvg-name="Filme ${index}" tvg-logo="${logo}" group-title="${group}",Filme ${index}\n` +
          `http://cdn.example.com/movie/usuario/senha/${index}.mp4\n`,
      );
    } else {
      const show = Math.floor(index / 30);
      await write(
        `#EXTINF:-1 tvg-name="Série ${show} S01 E${index % 30}" tvg-logo="${logo}" group-title="${group}",Série ${show} S01 E${index % 30}\n` +
          `http://cdn.example.com/series/usuario/senha/${index}.mp4\n`,
      );
    }
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return statSync(path).size;
}

describe('streamed parsing', () => {
  it('imports a 100,000-entry M3U with the live heap far below the file size', async () => {
    const path = join(work, 'grande.m3u');
    const size = await writePlaylist(path);
    expect(size).toBeGreaterThan(20_000_000);
    const created = await t.as(t.adminToken).post('/api/admin/content/sources', {
      kind: 'm3u',
      name: 'Lista grande',
      url: path,
    });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json<ContentSource>();

    const baseline = liveHeap();
    let peak = 0;
    let calls = 0;
    const outcome = await t.app.contentSync.runNow(source.id, (progress) => {
      // A forced GC costs tens of ms: measure every 20th report (every ~5,000 entries).
      if (progress.phase === 'playlist' && ++calls % 20 === 0) peak = Math.max(peak, liveHeap() - baseline);
    });
    expect(outcome?.status, JSON.stringify(outcome)).toBe('ok');
    expect(calls).toBeGreaterThan(100);
    expect(outcome?.status === 'ok' && outcome.summary).toMatchObject({
      live: { added: 33_334 },
      movies: { added: 33_333 },
      episodes: { added: 33_333 },
    });
    const [active] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contentStreams)
      .where(and(eq(contentStreams.sourceId, source.id), isNull(contentStreams.retiredAt)));
    expect(active?.count).toBe(ENTRIES);
    // Holding the file whole would keep at least `size` bytes alive (its text), its entries far more.
    expect(peak).toBeLessThan(size / 4);
  }, 600_000);

  it('parses a large generated XMLTV guide as a stream', async () => {
    const channels = 400;
    const programmes = 125;
    const baseline = liveHeap();
    let peak = 0;
    let count = 0;
    let channelCount = 0;
    let bytes = 0;
    const input = await openTextStream(
      `${upstream.url}/big-guide.xml?channels=${channels}&programmes=${programmes}`,
      { timeoutMs: 15_000 },
    );
    const counted = input.pipe(
      new PassThrough({
        encoding: 'utf8',
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    for await (const item of parseXmltv(counted)) {
      if (item.type === 'channel') channelCount++;
      else if (++count % 5000 === 0) peak = Math.max(peak, liveHeap() - baseline);
    }
    expect(channelCount).toBe(channels);
    expect(count).toBe(channels * programmes);
    expect(bytes).toBeGreaterThan(12_000_000);
    expect(peak).toBeLessThan(bytes / 4);
  }, 300_000);
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSeries, createStream } from '../../../test/content-factory';
import { useTestApp } from '../../../test/test-app';
import type { PlaylistRendering } from '../content/content-read.repository';
import { cursorReader, type CursorReader } from '../content/cursor-read';
import { LISTING_PAGE_SIZE, listingJsonByCursor, listingJsonByPages } from './player-api.service';
import { BATCH_SIZE, playlistEntriesByCursor, playlistEntriesByPages } from './playlist.service';

/**
 * get.php and the big listings read through one cursor on PostgreSQL (decision 0105) write exactly the
 * bytes the keyset pages write (what PGlite still uses): a library larger than two batches, with ties in
 * sort order, retired rows, foreign and adult categories, quotes and line breaks in names, several series.
 * PGlite has no cursor path: the file is skipped there.
 */
const t = useTestApp();
let reader: CursorReader | undefined;
const BOUQUETS = [1, 2];
const MOVIES = BATCH_SIZE * 2 + 345;
let actionId = 0;

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

beforeAll(async () => {
  reader = cursorReader(t.db);
  if (!reader) return;
  const db = t.db;
  const live = await createCategory(db, { kind: 'live', name: 'Notícias "24h"', bouquetIds: [1] });
  const otherLive = await createCategory(db, { kind: 'live', name: 'Esportes', bouquetIds: [2] });
  const foreign = await createCategory(db, { kind: 'live', name: 'Alheio', bouquetIds: [3] });
  for (const [category, count] of [
    [live, 7],
    [otherLive, 5],
    [foreign, 3],
  ] as const) {
    for (let i = 0; i < count; i++) {
      await createStream(db, {
        kind: 'live',
        categoryId: category.id,
        name: `Canal ${i} "${category.name}"\r\nquebra`,
        epgChannelId: i % 2 ? `c${i}.br` : null,
        sortOrder: i % 3,
      });
    }
  }
  const action = await createCategory(db, { kind: 'movie', name: 'Ação', bouquetIds: [1, 2] });
  actionId = action.id;
  const drama = await createCategory(db, { kind: 'movie', name: 'Drama', bouquetIds: [2] });
  const adult = await createCategory(db, { kind: 'movie', name: 'Adultos', bouquetIds: [6], isAdult: true });
  for (const category of [action, drama, adult]) {
    await db.execute(sql`insert into content_streams (kind, category_id, name, icon, container_extension,
        sort_order, info, retired_at)
      select 'movie', ${category.id}, 'Filme ' || g || case when g % 7 = 0 then ' "aspas"' else '' end,
        case when g % 5 = 0 then '' else 'http://img/' || g || '.jpg' end,
        case when g % 2 = 0 then 'mp4' else 'mkv' end, g % 4,
        jsonb_build_object('rating', (g % 10)::text, 'rating_5based', g % 5),
        case when g % 11 = 0 then now() end
      from generate_series(1, ${MOVIES}) g`);
  }
  const series = await createCategory(db, { kind: 'series', name: 'Séries', bouquetIds: [1] });
  const hidden = await createCategory(db, { kind: 'series', name: 'Escondidas', bouquetIds: [4] });
  for (const [category, name] of [
    [series, 'Primeira'],
    [hidden, 'Outra'],
    [series, 'Segunda "B"'],
  ] as const) {
    await createSeries(
      db,
      { categoryId: category.id, name },
      Array.from({ length: 30 }, (_, i) => ({
        season: 1 + Math.floor(i / 10),
        episode: i % 10,
        name: `${name} ${i}`,
        sourceUrls: [],
      })),
    );
  }
  await db.execute(sql`analyze content_streams`);
}, 120_000);

describe('get.php and the listings through a cursor (PostgreSQL)', () => {
  it('the playlist is byte for byte the keyset pages’ playlist, in both forms and both live formats', async (context) => {
    if (!reader) return context.skip();
    for (const plus of [true, false]) {
      for (const liveExtension of ['ts', 'm3u8']) {
        const rendering: PlaylistRendering = {
          plus,
          urlPrefix: {
            live: 'http://x/live/u/p/',
            movie: 'http://x/movie/u/p/',
            series: 'http://x/series/u/p/',
          },
          liveExtension,
        };
        const byCursor = await text(playlistEntriesByCursor(reader, BOUQUETS, rendering));
        const byPages = await text(playlistEntriesByPages(t.db, BOUQUETS, rendering));
        // Both movie categories, minus every eleventh (retired), the two visible series' episodes, 12 channels.
        const entries = 12 + 2 * (MOVIES - Math.floor(MOVIES / 11)) + 60;
        expect(byCursor.split('#EXTINF').length - 1).toBe(entries);
        expect(byCursor).toBe(byPages);
      }
    }
  });

  it('each listing is byte for byte the keyset pages’ listing, numbered from 1', async (context) => {
    if (!reader) return context.skip();
    for (const kind of ['live', 'movie', 'series'] as const) {
      for (const categoryId of [undefined, actionId, 1_000_000]) {
        const byCursor = await text(listingJsonByCursor(reader, kind, BOUQUETS, categoryId));
        expect(byCursor).toBe(await text(listingJsonByPages(t.db, kind, BOUQUETS, categoryId)));
        const items = JSON.parse(byCursor) as { num: number }[];
        expect(items.map((item) => item.num)).toEqual(items.map((_, index) => index + 1));
        if (kind === 'movie' && categoryId === undefined)
          expect(items.length).toBeGreaterThan(LISTING_PAGE_SIZE * 2);
      }
    }
  });
});

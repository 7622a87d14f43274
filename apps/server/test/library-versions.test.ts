import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { contentSources } from '../src/db/schema';
import { answerVersion, bumpCategoryVersions } from '../src/delivery/content/library-version.repository';
import type { StreamValues } from '../src/panel/content-sources/content-library.repository';
import { LibraryWriter } from '../src/panel/content-sources/library-writer';

/**
 * What a sync bumps (decision 0100): only the categories it changed anything in — where a changed row is
 * and where it was — so answers of bouquet sets without them keep their version.
 */
const t = useTestApp();

const stream = (
  values: Partial<StreamValues> & Pick<StreamValues, 'externalId' | 'categoryId'>,
): StreamValues => ({
  kind: 'live',
  seriesId: null,
  seasonNumber: null,
  episodeNumber: null,
  name: `Canal ${values.externalId}`,
  icon: '',
  epgChannelId: null,
  containerExtension: 'ts',
  tmdbId: null,
  info: {},
  sourceUrls: ['http://upstream.example/1.ts'],
  sortOrder: 1,
  ...values,
});

async function writerOf(sourceId: number) {
  const writer = new LibraryWriter({ db: t.db, sourceId });
  await writer.loadCategories();
  return writer;
}

describe('the categories a sync changed (decision 0100)', () => {
  it('are those of added, changed, moved and retired rows, and only they are bumped', async () => {
    const [source] = await t.db
      .insert(contentSources)
      .values({
        kind: 'm3u',
        name: 'Versões',
        url: 'http://upstream.example/list.m3u',
        deliveryMode: 'redirect',
      })
      .returning();
    const sourceId = source!.id;
    const first = await writerOf(sourceId);
    await first.categories([
      { kind: 'live', externalId: 'a', name: 'Categoria A', sortOrder: 1 },
      { kind: 'live', externalId: 'b', name: 'Categoria B', sortOrder: 2 },
      { kind: 'live', externalId: 'c', name: 'Categoria C', sortOrder: 3 },
    ]);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => first.categoryId('live', id)!);
    await first.stream(stream({ externalId: '1', categoryId: a! }));
    await first.stream(stream({ externalId: '2', categoryId: b! }));
    await first.stream(stream({ externalId: '3', categoryId: c! }));
    await first.flush();
    expect([...first.changedCategories].sort()).toEqual([a, b, c].sort());

    // The same rows again: nothing changed, nothing to bump.
    const same = await writerOf(sourceId);
    await same.categories([
      { kind: 'live', externalId: 'a', name: 'Categoria A', sortOrder: 1 },
      { kind: 'live', externalId: 'b', name: 'Categoria B', sortOrder: 2 },
      { kind: 'live', externalId: 'c', name: 'Categoria C', sortOrder: 3 },
    ]);
    await same.stream(stream({ externalId: '1', categoryId: a! }));
    await same.stream(stream({ externalId: '2', categoryId: b! }));
    await same.stream(stream({ externalId: '3', categoryId: c! }));
    await same.flush();
    expect([...same.changedCategories]).toEqual([]);

    // Channel 1 moves from A to B (A lost it, B gained it); channel 3 vanishes upstream (C is retired from).
    const next = await writerOf(sourceId);
    await next.categories([
      { kind: 'live', externalId: 'a', name: 'Categoria A', sortOrder: 1 },
      { kind: 'live', externalId: 'b', name: 'Categoria B', sortOrder: 2 },
      { kind: 'live', externalId: 'c', name: 'Categoria C', sortOrder: 3 },
    ]);
    await next.stream(stream({ externalId: '1', categoryId: b! }));
    await next.stream(stream({ externalId: '2', categoryId: b! }));
    await next.flush();
    expect([...next.changedCategories].sort()).toEqual([a, b].sort());
    await next.retireUnseen({ streams: ['live'], series: false, categories: false });
    expect([...next.changedCategories].sort()).toEqual([a, b, c].sort());

    // New categories joined every non-adult bouquet; here bouquet 4 holds only A, bouquet 5 only C: a
    // bump of B leaves both sets alone, a bump of A moves 4's only.
    await t.db.execute(sql`delete from bouquet_categories where category_id in (${a}, ${b}, ${c})`);
    await t.db.execute(
      sql`insert into bouquet_categories (bouquet_id, category_id) values (4, ${a}), (5, ${c})`,
    );
    const before = [await answerVersion(t.db, [4]), await answerVersion(t.db, [5])];
    await bumpCategoryVersions(t.db, [b!]);
    expect([await answerVersion(t.db, [4]), await answerVersion(t.db, [5])]).toEqual(before);
    await bumpCategoryVersions(t.db, [a!]);
    const after = [await answerVersion(t.db, [4]), await answerVersion(t.db, [5])];
    expect(BigInt(after[0]!.current)).toBeGreaterThan(BigInt(before[0]!.current));
    expect(after[1]).toEqual(before[1]);
  });
});

import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentViewsDaily } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { addViews, viewDay } from './views.repository';

const t = useTestApp();

describe('addViews', () => {
  it('sums views per item and day, across batches and within one', async () => {
    const day = viewDay(new Date('2026-11-24T23:59:59Z'));
    expect(day).toBe('2026-11-24');
    await addViews(t.db, [
      { streamId: 7, day, views: 1 },
      { streamId: 7, day, views: 2 },
      { streamId: 8, day: '2026-11-23', views: 1 },
      { streamId: 9, day, views: 0 },
    ]);
    await addViews(t.db, [{ streamId: 7, day, views: 4 }]);
    await addViews(t.db, []);
    const rows = await t.db
      .select()
      .from(contentViewsDaily)
      .orderBy(asc(contentViewsDaily.day), asc(contentViewsDaily.streamId));
    expect(rows).toEqual([
      { day: '2026-11-23', streamId: 8, views: 1 },
      { day: '2026-11-24', streamId: 7, views: 7 },
    ]);
  });
});

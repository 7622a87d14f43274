import { RELEASES_DAYS, RELEASES_MAX, type Release, type Releases } from '@panel/shared/catalog/releases-api';
import type { Database } from '../../db/database';
import { newestMovies, newestSeries, type ReleaseRow } from './releases.repository';

const DAY_MS = 86_400_000;

const toRelease = (row: ReleaseRow): Release => ({
  id: row.id,
  title: row.title,
  image: row.image,
  added_at: row.addedAt.toISOString(),
});

/**
 * GET /api/catalog/releases (docs/product/screens.md#top-bar): the library's newest movies and series,
 * the same for every role — the library is not split by reseller (decision 0058).
 */
export async function releases(db: Database, now = new Date()): Promise<Releases> {
  const since = new Date(now.getTime() - RELEASES_DAYS * DAY_MS);
  const [movies, series] = [
    await newestMovies(db, since, RELEASES_MAX),
    await newestSeries(db, since, RELEASES_MAX),
  ];
  return { days: RELEASES_DAYS, movies: movies.map(toRelease), series: series.map(toRelease) };
}

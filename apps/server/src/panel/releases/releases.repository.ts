import { and, desc, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contentSeries, contentStreams } from '../../db/schema';

export interface ReleaseRow {
  id: number;
  title: string;
  image: string;
  addedAt: Date;
}

/**
 * The newest movies added since `since`, newest first: a backward walk of content_streams_releases_idx
 * (kind 'movie', not retired), stopped after `limit` rows. The kind is written into the statement, not
 * bound, so the partial index matches in every plan.
 */
export function newestMovies(db: Database, since: Date, limit: number) {
  return db
    .select({
      id: contentStreams.id,
      title: contentStreams.name,
      image: contentStreams.icon,
      addedAt: contentStreams.addedAt,
    })
    .from(contentStreams)
    .where(
      and(
        sql`${contentStreams.kind} = 'movie'`,
        isNull(contentStreams.retiredAt),
        gte(contentStreams.addedAt, since),
      ),
    )
    .orderBy(desc(contentStreams.addedAt), desc(contentStreams.id))
    .limit(limit);
}

/** The newest series added since `since` (content_series_releases_idx), newest first. */
export function newestSeries(db: Database, since: Date, limit: number) {
  return db
    .select({
      id: contentSeries.id,
      title: contentSeries.name,
      image: contentSeries.cover,
      addedAt: contentSeries.addedAt,
    })
    .from(contentSeries)
    .where(and(isNull(contentSeries.retiredAt), gte(contentSeries.addedAt, since)))
    .orderBy(desc(contentSeries.addedAt), desc(contentSeries.id))
    .limit(limit);
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { categoryVisibleTo } from '../content/line-content-scope';
import { contentSeries, contentSources, contentStreams, lines, streamStarts } from '../../db/schema';

/**
 * The hot path of a stream start (docs/product/api.md#stream-urls, decision 0040): one statement finds the
 * line by username and, in the same row, the stream (not retired), its first source URL, its source's
 * delivery mode and whether its category (an episode: its series' category) is in one of the line's
 * bouquets; then one INSERT records the start. The password is compared in the service, in constant time.
 */
export interface StreamStartLookup {
  lineId: number;
  password: string;
  enabled: number;
  system: number;
  expDate: Date;
  /** The bouquets whose categories the line sees. */
  bouquets: number[];
  /** Null when no live (not retired) stream has that id. */
  streamId: number | null;
  /** The stream's name ("watching" of its connection). */
  name: string | null;
  kind: 'live' | 'movie' | 'episode' | null;
  containerExtension: string | null;
  sourceUrl: string | null;
  /** Null when the stream has no source row: delivered by redirect. */
  deliveryMode: 'redirect' | 'proxy' | null;
  /** The stream's category (an episode: its series'), null without one. */
  categoryId: number | null;
  visible: boolean;
}

function lookupQuery(db: Database) {
  const categoryId = sql`coalesce(${contentStreams.categoryId}, ${contentSeries.categoryId})`;
  return db
    .select({
      lineId: lines.id,
      password: lines.password,
      enabled: lines.enabled,
      system: lines.system,
      expDate: lines.expDate,
      bouquets: lines.bouquets,
      streamId: contentStreams.id,
      name: contentStreams.name,
      kind: contentStreams.kind,
      containerExtension: contentStreams.containerExtension,
      sourceUrl: sql<string | null>`${contentStreams.sourceUrls}[1]`,
      deliveryMode: contentSources.deliveryMode,
      categoryId: sql<number | null>`${categoryId}`,
      visible: sql<boolean>`${categoryVisibleTo(categoryId, lines.bouquets)}`,
    })
    .from(lines)
    .leftJoin(
      contentStreams,
      and(eq(contentStreams.id, sql.placeholder('streamId')), isNull(contentStreams.retiredAt)),
    )
    .leftJoin(
      contentSeries,
      and(eq(contentSeries.id, contentStreams.seriesId), isNull(contentSeries.retiredAt)),
    )
    .leftJoin(contentSources, eq(contentSources.id, contentStreams.sourceId))
    .where(eq(lines.username, sql.placeholder('username')))
    .prepare('stream_start_lookup');
}

function insertQuery(db: Database) {
  return db
    .insert(streamStarts)
    .values({
      lineId: sql.placeholder('lineId'),
      streamId: sql.placeholder('streamId'),
      kind: sql.placeholder('kind'),
      delivery: sql.placeholder('delivery'),
      ip: sql.placeholder('ip'),
      userAgent: sql.placeholder('userAgent'),
    })
    .prepare('stream_start_insert');
}

// Built once per database handle; named prepared statements on PostgreSQL (parsed and planned once per
// connection), as the session check does (decision 0018).
const prepared = new WeakMap<
  Database,
  { lookup: ReturnType<typeof lookupQuery>; insert: ReturnType<typeof insertQuery> }
>();

function statements(db: Database) {
  let found = prepared.get(db);
  if (!found) {
    found = { lookup: lookupQuery(db), insert: insertQuery(db) };
    prepared.set(db, found);
  }
  return found;
}

export async function lookupStreamStart(
  db: Database,
  username: string,
  streamId: number,
): Promise<StreamStartLookup | undefined> {
  const rows = await statements(db).lookup.execute({ username, streamId });
  return rows[0];
}

export interface StreamStartRow {
  lineId: number;
  streamId: number;
  kind: 'live' | 'movie' | 'episode';
  delivery: 'redirect' | 'proxy';
  ip: string | null;
  userAgent: string | null;
}

export async function insertStreamStart(db: Database, row: StreamStartRow): Promise<void> {
  await statements(db).insert.execute({ ...row });
}

import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { contentSeries, contentStreams } from './content';

/**
 * Content removal (docs/product/screens.md#content-removal, decision 0056): one row per library item sent
 * to the queue from an analytics screen. Status 0 is a proposal (the item still plays); cancelling it
 * deletes the row; a permanent removal sets status 1 and marks the item `removed_at`, which a re-sync
 * never clears. An item has at most one row, so it cannot be queued twice.
 */
export const contentRemovals = pgTable(
  'content_removals',
  {
    id: serial('id').primaryKey(),
    /** 1 channel, 2 movie, 3 24-hour channel, 5 series (docs/product/entities.md#content-removal-item). */
    mediaType: smallint('media_type').notNull(),
    streamId: integer('stream_id').references(() => contentStreams.id),
    seriesId: integer('series_id').references(() => contentSeries.id),
    /** Who sent it: the 'Revenda' column. Null once that account is deleted. */
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('content_removals_media_type', sql`${table.mediaType} in (1, 2, 3, 5)`),
    check('content_removals_status', sql`${table.status} in (0, 1)`),
    check(
      'content_removals_item',
      sql`(${table.mediaType} = 5) = (${table.seriesId} is not null and ${table.streamId} is null)
        and (${table.mediaType} <> 5) = (${table.streamId} is not null and ${table.seriesId} is null)`,
    ),
    uniqueIndex('content_removals_stream_key').on(table.streamId),
    uniqueIndex('content_removals_series_key').on(table.seriesId),
    // The list: newest first, a page at a time (decision 0056).
    index('content_removals_created_idx').on(table.createdAt, table.id),
  ],
);

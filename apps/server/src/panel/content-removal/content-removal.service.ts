import {
  CONTENT_REMOVAL_MESSAGES,
  REMOVAL_STATUS,
  type ContentRemoval,
  type ContentRemovalList,
  type ContentRemovalQuery,
  type MediaType,
} from '@panel/shared/content-removal/content-removal-api';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../../lib/postgres-error';
import type { Caller } from '../auth/caller';
import { bumpLibraryVersion } from '../../delivery/for-panel';
import { forgetRankings } from '../analytics/analytics.service';
import {
  deleteQueuedRemoval,
  findLibraryItem,
  findRemoval,
  insertRemoval,
  listRemovals,
  removalOfItem,
  removePermanently,
  type RemovalRow,
} from './content-removal.repository';

const notFound = () => AppError.notFound(CONTENT_REMOVAL_MESSAGES.notFound);

function toApi(row: RemovalRow): ContentRemoval {
  return {
    id: row.id,
    media_id: row.seriesId ?? row.streamId ?? 0,
    media_type: row.mediaType,
    stream_id: row.streamId,
    stream_name: row.streamName,
    serie_id: row.seriesId,
    serie_name: row.seriesName,
    media_title: row.title,
    reseller_username: row.requester ?? '',
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** 409 with the reason an item cannot be queued again: it is queued, or it was removed for good. */
function alreadyThere(status: number): AppError {
  return AppError.conflict(
    status === REMOVAL_STATUS.removed
      ? CONTENT_REMOVAL_MESSAGES.alreadyRemoved
      : CONTENT_REMOVAL_MESSAGES.alreadyQueued,
  );
}

async function answer(db: Database, id: number): Promise<ContentRemoval> {
  const row = await findRemoval(db, id);
  if (!row) throw notFound();
  return toApi(row);
}

/**
 * Content removal (docs/product/screens.md#content-removal, decision 0056). The library is the whole
 * panel's, so there is no subtree to check: the routes admit admins (the queue) and publishers (sending).
 */
export function createContentRemovalService(db: Database) {
  return {
    async list(query: ContentRemovalQuery): Promise<ContentRemovalList> {
      const { rows, total } = await listRemovals(db, query);
      return { data: rows.map(toApi), meta: listMeta(query.page, query.per, total) };
    },

    /** The trash action: the item joins the queue and still plays until an admin removes it. */
    async send(caller: Caller, input: { media_type: MediaType; media_id: number }): Promise<ContentRemoval> {
      const item = await findLibraryItem(db, input.media_type, input.media_id);
      if (!item) throw AppError.notFound(CONTENT_REMOVAL_MESSAGES.contentNotFound);
      const existing = await removalOfItem(db, input.media_type, item.id);
      if (existing) throw alreadyThere(existing.status);
      try {
        const id = await insertRemoval(db, {
          mediaType: input.media_type,
          mediaId: item.id,
          requestedBy: caller.id,
        });
        return await answer(db, id);
      } catch (error) {
        // Two trash clicks at once: the second meets the first's row.
        if (postgresErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        throw alreadyThere((await removalOfItem(db, input.media_type, item.id))?.status ?? 0);
      }
    },

    /** 'cancelar exclusão': the queued row goes; nothing else had changed. */
    async restore(id: number): Promise<void> {
      if (await deleteQueuedRemoval(db, id)) return;
      const row = await findRemoval(db, id);
      if (!row) throw notFound();
      throw AppError.conflict(CONTENT_REMOVAL_MESSAGES.alreadyRemoved);
    },

    /**
     * The permanent removal: the item leaves every line's lists. The library's version is bumped after
     * the commit (decisions 0043, 0100), hard: no cached answer listing it is served, not even while the new
     * ones render; and the analytics rankings are summed again.
     */
    async remove(id: number): Promise<ContentRemoval> {
      if (!(await removePermanently(db, id))) {
        const row = await findRemoval(db, id);
        if (!row) throw notFound();
        throw AppError.conflict(CONTENT_REMOVAL_MESSAGES.alreadyRemoved);
      }
      await bumpLibraryVersion(db, { hard: true });
      forgetRankings(db);
      return answer(db, id);
    },
  };
}

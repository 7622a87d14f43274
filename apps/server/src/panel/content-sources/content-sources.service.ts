import {
  CONTENT_MESSAGES,
  contentSourceInputSchema,
  syncProgressSchema,
  syncSummarySchema,
  type ContentCategory,
  type ContentSource,
  type contentSourceInputSchema as InputSchema,
  type contentSourceUpdateSchema as UpdateSchema,
} from '@panel/shared/content-sources/content-sources-api';
import type { CategoryKind } from '@panel/shared/content/stream-kinds';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import {
  existingBouquetIds,
  listCategoryRows,
  replaceCategoryBouquets,
} from './content-categories.repository';
import { bumpLibraryVersion } from '../../delivery/for-panel';
import { retireSourceContent, shiftSourceProgrammes } from './content-library.repository';
import {
  deleteSourceRow,
  findSourceByUrl,
  findSourceRow,
  insertSourceRow,
  listSourceRows,
  updateIdleSourceRow,
  updateSourceRow,
  type SourceInsert,
  type SourceRow,
} from './content-sources.repository';
import type { SyncRunner } from './content-sync.service';
import type { SourceImport } from './source-import';

/** The admin's content sources and category mapping (docs/product/screens.md#content-sources). */
export function toContentSource(row: SourceRow): ContentSource {
  const progress = syncProgressSchema.safeParse(row.syncProgress);
  const summary = syncSummarySchema.safeParse(row.syncSummary);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    username: row.username,
    has_password: Boolean(row.password),
    xmltv_url: row.xmltvUrl,
    delivery_mode: row.deliveryMode,
    sync_interval_minutes: row.syncIntervalMinutes,
    guide_offset_minutes: row.guideOffsetMinutes,
    sync_status: row.syncStatus,
    sync_started_at: row.syncStartedAt ? unixSeconds(row.syncStartedAt) : null,
    sync_finished_at: row.syncFinishedAt ? unixSeconds(row.syncFinishedAt) : null,
    sync_progress:
      row.syncStatus === 'running' && progress.success
        ? { phase: progress.data.phase, done: progress.data.done, total: progress.data.total }
        : null,
    sync_summary: summary.success ? summary.data : null,
    sync_error: row.syncError,
  };
}

export type SourceInput = z.output<typeof InputSchema>;

export function sourceValues(input: SourceInput): SourceInsert {
  return input.kind === 'xtream'
    ? {
        kind: 'xtream',
        name: input.name,
        url: input.url.replace(/\/+$/, ''),
        username: input.username,
        password: input.password,
        xmltvUrl: null,
        deliveryMode: input.delivery_mode,
        syncIntervalMinutes: input.sync_interval_minutes,
        guideOffsetMinutes: input.guide_offset_minutes,
      }
    : {
        kind: 'm3u',
        name: input.name,
        url: input.url,
        username: null,
        password: null,
        xmltvUrl: input.xmltv_url ?? null,
        deliveryMode: input.delivery_mode,
        syncIntervalMinutes: input.sync_interval_minutes,
        guideOffsetMinutes: input.guide_offset_minutes,
      };
}

export function createContentSourcesService(db: Database, runner: SyncRunner) {
  const requireSource = async (id: number) => {
    const row = await findSourceRow(db, id);
    if (!row) throw AppError.notFound(CONTENT_MESSAGES.sourceNotFound);
    return row;
  };

  return {
    async list(): Promise<ContentSource[]> {
      return (await listSourceRows(db)).map(toContentSource);
    },

    async get(id: number): Promise<ContentSource> {
      return toContentSource(await requireSource(id));
    },

    async create(input: SourceInput): Promise<ContentSource> {
      return toContentSource(await insertSourceRow(db, sourceValues(input)));
    },

    /** Keeps the kind; the merged source is validated as a new one would be (URL shape, credentials). */
    async update(id: number, input: z.output<typeof UpdateSchema>): Promise<ContentSource> {
      const current = await requireSource(id);
      const merged = contentSourceInputSchema.safeParse({
        kind: current.kind,
        name: input.name ?? current.name,
        url: input.url ?? current.url,
        username: input.username === undefined ? current.username : input.username || null,
        password: input.password ? input.password : current.password,
        xmltv_url: input.xmltv_url === undefined ? current.xmltvUrl : input.xmltv_url || null,
        delivery_mode: input.delivery_mode ?? current.deliveryMode,
        sync_interval_minutes:
          input.sync_interval_minutes === undefined
            ? current.syncIntervalMinutes
            : input.sync_interval_minutes,
        guide_offset_minutes: input.guide_offset_minutes ?? current.guideOffsetMinutes,
      });
      if (!merged.success) {
        const issue = merged.error.issues[0];
        throw AppError.badRequest(issue?.message ?? CONTENT_MESSAGES.required, issue?.path.join('.'));
      }
      const { kind: _kind, ...values } = sourceValues(merged.data);
      const shift = merged.data.guide_offset_minutes - current.guideOffsetMinutes;
      if (shift === 0) {
        const row = await updateSourceRow(db, id, values);
        if (!row) throw AppError.notFound(CONTENT_MESSAGES.sourceNotFound);
        return toContentSource(row);
      }
      // A new guide offset applies at once: the stored programmes move by the difference, with the
      // change, never while a sync writes programmes at the old offset (decision 0125).
      const row = await runInTransaction(db, async (tx) => {
        const updated = await updateIdleSourceRow(tx, id, values);
        if (updated) await shiftSourceProgrammes(tx, id, shift);
        return updated;
      });
      if (!row) {
        await requireSource(id);
        throw AppError.conflict(CONTENT_MESSAGES.guideOffsetWhileSyncing);
      }
      return toContentSource(row);
    },

    /** Removes the source; what it brought is retired (ids cached by apps stay, never listed again). */
    async remove(id: number): Promise<void> {
      await requireSource(id);
      await runner.cancel(id);
      await runInTransaction(db, async (tx) => {
        await retireSourceContent(tx, id);
        await deleteSourceRow(tx, id);
      });
      // After the commit: the player's cached answers no longer list what the source brought, and none
      // listing it is served while the new ones render (decisions 0043, 0100).
      await bumpLibraryVersion(db, { hard: true });
    },

    /**
     * The command line's import (decision 0072): the source with that kind and URL, created when there is
     * none. An existing one takes the credentials (and the guide, the delivery mode when given) sent now;
     * its name and interval stay. Whether it existed, and the row.
     */
    async importByUrl(request: SourceImport): Promise<{ row: SourceRow; existing: boolean }> {
      const wanted = sourceValues(request.input);
      const existing = await findSourceByUrl(db, wanted.kind, wanted.url);
      if (!existing) return { row: await insertSourceRow(db, wanted), existing: false };
      const changes = {
        username: wanted.username,
        password: wanted.password,
        ...(wanted.kind === 'm3u' && request.withXmltv ? { xmltvUrl: wanted.xmltvUrl } : {}),
        ...(request.withDelivery ? { deliveryMode: wanted.deliveryMode } : {}),
      };
      return { row: (await updateSourceRow(db, existing.id, changes)) ?? existing, existing: true };
    },

    async startSync(id: number): Promise<ContentSource> {
      await requireSource(id);
      const claimed = await runner.start(id);
      if (!claimed) throw AppError.conflict(CONTENT_MESSAGES.syncRunning);
      return toContentSource(claimed);
    },

    async categories(kind: CategoryKind | undefined): Promise<ContentCategory[]> {
      return listCategoryRows(db, { kind });
    },

    async setCategoryBouquets(id: number, bouquetIds: number[]): Promise<ContentCategory> {
      const [category] = await listCategoryRows(db, { id });
      if (!category) throw AppError.notFound(CONTENT_MESSAGES.categoryNotFound);
      const wanted = [...new Set(bouquetIds)];
      const known = new Set(await existingBouquetIds(db, wanted));
      if (wanted.some((bouquetId) => !known.has(bouquetId))) {
        throw AppError.badRequest(CONTENT_MESSAGES.bouquetUnknown, 'bouquet_ids');
      }
      await runInTransaction(db, (tx) => replaceCategoryBouquets(tx, id, wanted));
      // Which lines see the category changed: no answer of the old mapping is served (decision 0100).
      await bumpLibraryVersion(db, { hard: true });
      const [updated] = await listCategoryRows(db, { id });
      if (!updated) throw AppError.notFound(CONTENT_MESSAGES.categoryNotFound);
      return updated;
    },
  };
}

export type ContentSourcesService = ReturnType<typeof createContentSourcesService>;

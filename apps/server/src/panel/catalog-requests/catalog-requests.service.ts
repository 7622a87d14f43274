import {
  CATALOG_REQUEST_MESSAGES,
  type CatalogRequest,
  type CatalogRequestCreated,
  type CatalogRequestList,
  type CatalogRequestListQuery,
  type CatalogRequestStatus,
  type NewCatalogRequest,
  type PublisherSummary,
  type TitleSearchResult,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import {
  CATALOG_QUEUE_ROWS,
  statusCountsInOrder,
  type CatalogWork,
} from '@panel/shared/dashboard/catalog-work';
import { listMeta } from '@panel/shared/lists/list-query';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { listScopeOf, type ListScope } from '../scope/caller-scope';
import {
  addRequester,
  catalogWorkRecords,
  deleteRequest,
  findPublisher,
  findRequestIdByTitle,
  findRequestRecord,
  insertRequest,
  listRequestRecords,
  markRequestsInLibrary,
  publisherSummaries,
  updateRequest,
  type CatalogRequestRecord,
} from './catalog-requests.repository';
import {
  MetadataServiceError,
  metadataClientFromConfig,
  posterUrlBuilder,
  type MetadataClient,
} from './metadata-client';

const EVERY_REQUEST: ListScope = { kind: 'all' };

/**
 * What a caller sees of the requests (decision 0055): admins and publishers every request (catalog work is
 * theirs); a reseller the requests its subtree made.
 */
const requestScopeOf = (caller: Caller): ListScope =>
  caller.role === 'reseller' ? listScopeOf(caller) : EVERY_REQUEST;

const notFound = () => AppError.notFound(CATALOG_REQUEST_MESSAGES.notFound);
const notConfigured = () =>
  new AppError(503, 'service_unavailable', CATALOG_REQUEST_MESSAGES.searchNotConfigured);

/** A failure of the metadata service is a 502 with the catalogue's message, never a 500 (decision 0055). */
async function callService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MetadataServiceError) throw new AppError(502, 'service_unavailable');
    throw error;
  }
}

/** Catalog requests and the title search (docs/product/screens.md#catalog-requests, decision 0055). */
export function createCatalogRequestsService(
  db: Database,
  config: Config,
  client: MetadataClient | undefined = metadataClientFromConfig(config),
) {
  const posterUrl = posterUrlBuilder(config.TMDB_IMAGE_BASE_URL);

  /** The request count and the publisher are the admin's columns (docs/product/roles.md#admin). */
  const toApi = (caller: Caller, row: CatalogRequestRecord): CatalogRequest => {
    const admin = caller.role === 'admin';
    return {
      id: row.id,
      tmdb_id: row.tmdbId,
      media_title: row.mediaTitle,
      media_image: posterUrl(row.posterPath),
      media_type: row.mediaType,
      media_release_date: row.releaseDate,
      status: row.status as CatalogRequestStatus,
      publisher_id: admin ? row.publisherId : null,
      publisher_username: admin ? row.publisherUsername : null,
      total_requests: admin ? row.totalRequests : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  };

  async function requireRequest(caller: Caller, id: number): Promise<CatalogRequestRecord> {
    const row = await findRequestRecord(db, id, requestScopeOf(caller));
    if (!row) throw notFound();
    return row;
  }

  return {
    searchConfigured: () => client !== undefined,

    async search(query: string): Promise<TitleSearchResult[]> {
      if (!client) throw notConfigured();
      return callService(() => client.search(query));
    },

    async list(caller: Caller, query: CatalogRequestListQuery): Promise<CatalogRequestList> {
      const { page, per, order_by: orderBy, ...filters } = query;
      const { rows, total } = await listRequestRecords(
        db,
        {
          ...filters,
          // The publisher filter is the admin's (its column is too).
          publisher_id: caller.role === 'admin' ? filters.publisher_id : undefined,
          scope: requestScopeOf(caller),
        },
        { offset: (page - 1) * per, limit: per, orderBy },
      );
      return { data: rows.map((row) => toApi(caller, row)), meta: listMeta(page, per, total) };
    },

    async get(caller: Caller, id: number): Promise<CatalogRequest> {
      return toApi(caller, await requireRequest(caller, id));
    },

    /**
     * The caller asks for a title. A title nobody asked for yet is read from the metadata service (its pt-BR
     * title, poster, date; adult titles refused) and starts 'Na fila', or 'No catálogo' when the library
     * already has it; a title already asked for gains the caller as one more requester. Asking twice is
     * harmless. The answer says which (decision 0071): `created` when this call made the request, `counted`
     * when it added the caller to the requesters (the count is of accounts, so a second ask is not counted).
     */
    async create(caller: Caller, input: NewCatalogRequest): Promise<CatalogRequestCreated> {
      const tmdbId = Number(input.tmdb_id);
      const mediaType = input.media_type;
      let requestId = await findRequestIdByTitle(db, mediaType, tmdbId);
      const details =
        requestId === undefined
          ? await (async () => {
              if (!client) throw notConfigured();
              const found = await callService(() => client.details(mediaType, tmdbId));
              if (!found)
                throw new AppError(
                  422,
                  'validation_failed',
                  CATALOG_REQUEST_MESSAGES.titleNotFound,
                  'tmdb_id',
                );
              if (found.adult)
                throw new AppError(
                  422,
                  'validation_failed',
                  CATALOG_REQUEST_MESSAGES.adultRefused,
                  'tmdb_id',
                );
              return found;
            })()
          : undefined;
      const { created, counted } = await runInTransaction(db, async (tx) => {
        let made = false;
        if (details) {
          // Another call may have made it since it was looked up: then this one only joins it.
          const inserted = await insertRequest(tx, {
            tmdbId,
            mediaType,
            mediaTitle: details.title,
            posterPath: details.posterPath,
            releaseDate: details.releaseDate,
          });
          requestId = inserted.id;
          made = inserted.created;
        }
        if (requestId === undefined) throw new Error('catalog request without id');
        const joined = await addRequester(tx, requestId, caller.id);
        await markRequestsInLibrary(tx, requestId);
        return { created: made, counted: joined };
      });
      if (requestId === undefined) throw new Error('catalog request without id');
      return { request: await this.get(caller, requestId), created, counted };
    },

    /**
     * Admins and publishers set any status (no order is enforced). An admin also chooses the publisher (null:
     * none); a publisher that changes a request without a publisher becomes its publisher (decision 0055).
     */
    async update(
      caller: Caller,
      id: number,
      input: { status: CatalogRequestStatus; publisher_id?: number | null },
    ): Promise<CatalogRequest> {
      const row = await requireRequest(caller, id);
      let publisherId: number | null | undefined;
      if (caller.role === 'admin') {
        if (input.publisher_id !== undefined && input.publisher_id !== null) {
          if (!(await findPublisher(db, input.publisher_id)))
            throw new AppError(
              422,
              'validation_failed',
              CATALOG_REQUEST_MESSAGES.invalidPublisher,
              'publisher_id',
            );
        }
        publisherId = input.publisher_id;
      } else if (row.publisherId === null) {
        publisherId = caller.id;
      }
      await updateRequest(db, id, {
        status: input.status,
        ...(publisherId === undefined ? {} : { publisherId }),
      });
      return this.get(caller, id);
    },

    async remove(caller: Caller, id: number): Promise<void> {
      await requireRequest(caller, id);
      await deleteRequest(db, id);
    },

    async publishers(): Promise<PublisherSummary[]> {
      return publisherSummaries(db);
    },

    /**
     * The publisher's dashboard (decision 0068): every request by status with the caller's share, and the
     * caller's queue. Admins and publishers only (the route says so): a reseller sees its subtree's requests,
     * never these counts over every tree.
     */
    async work(caller: Caller): Promise<CatalogWork> {
      const me = caller.role === 'publisher' ? caller.id : undefined;
      const { statuses, queue, queueTotal } = await catalogWorkRecords(db, me, CATALOG_QUEUE_ROWS);
      return {
        statuses: statusCountsInOrder(statuses),
        queue: queue.map((row) => ({
          ...toApi(caller, row),
          assigned_to_me: me !== undefined && row.publisherId === me,
        })),
        queue_total: queueTotal,
      };
    },
  };
}

import {
  CATALOG_REQUEST_MESSAGES,
  type CatalogRequest,
  type CatalogRequestCreated,
  type CatalogRequestList,
  type PublisherSummary,
  type TitleSearchResult,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResellerTree, createSignedInAccount } from '../../../test/factories';
import { startFakeTmdb, type FakeTmdb } from '../../../test/metadata/fake-tmdb';
import { expectRefusal, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { startTestApp, useTestApp, type TestApp } from '../../../test/test-app';

// A v3 key (32 hex digits): sent as the api_key query parameter.
const KEY = '0123456789abcdef0123456789abcdef';
let tmdb: FakeTmdb;
beforeAll(async () => {
  tmdb = await startFakeTmdb(KEY);
});
afterAll(() => tmdb?.close());

const t = useTestApp(() => ({
  TMDB_API_URL: tmdb.url,
  TMDB_API_KEY: KEY,
  TMDB_IMAGE_BASE_URL: tmdb.imageBaseUrl,
  TMDB_TIMEOUT_MS: '500',
}));

const BASE = '/api/catalog';
const MATRIX = { tmdb_id: 603, media_type: 'movie' } as const;
const BREAKING_BAD = { tmdb_id: 1396, media_type: 'tv' } as const;
const FIGHT_CLUB = { tmdb_id: 550, media_type: 'movie' } as const;
const PULP_FICTION = { tmdb_id: 680, media_type: 'movie' } as const;

async function search(token: string, query: string): Promise<TitleSearchResult[]> {
  const response = await t.as(token).get(`${BASE}/search?query=${encodeURIComponent(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: TitleSearchResult[] }>().results;
}

async function ask(token: string, title: { tmdb_id: number; media_type: string }, status = 201) {
  const response = await t.as(token).post(BASE, title);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<CatalogRequestCreated>();
}

async function list(token: string, query = ''): Promise<CatalogRequestList> {
  const response = await t.as(token).get(`${BASE}?per=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogRequestList>();
}

async function get(token: string, id: number): Promise<CatalogRequest> {
  const response = await t.as(token).get(`${BASE}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogRequest>();
}

describe('title search', () => {
  it('answers movies and series in pt-BR with posters; people and adult titles never; the key stays on the server', async () => {
    const { token } = await createSignedInAccount(t.app);
    tmdb.calls.length = 0;
    const results = await search(token, 'matrix');
    expect(results).toEqual([
      {
        tmdb_id: 603,
        media_type: 'movie',
        title: 'Matrix',
        release_date: '1999-03-31',
        poster: `${tmdb.imageBaseUrl}/matrix.png`,
      },
      {
        tmdb_id: 604,
        media_type: 'movie',
        title: 'Matrix Reloaded',
        release_date: '2003-05-15',
        poster: `${tmdb.imageBaseUrl}/matrix-reloaded.png`,
      },
    ]);
    expect(tmdb.calls).toEqual([
      {
        path: '/search/multi',
        query: { query: 'matrix', language: 'pt-BR', include_adult: 'false', page: '1', api_key: KEY },
        authorization: undefined,
      },
    ]);
    const series = await search(token, 'breaking');
    expect(series).toEqual([
      expect.objectContaining({ tmdb_id: 1396, media_type: 'tv', title: 'Breaking Bad: A Química do Mal' }),
    ]);
    // A title without a poster has none (no broken image URL).
    expect((await search(token, 'clube'))[0]?.poster).toBeNull();
  });

  it('refuses an empty text with the form’s message', async () => {
    const { token } = await createSignedInAccount(t.app);
    expectRefusal(await t.as(token).get(`${BASE}/search?query=%20`), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.titleRequired,
      field: 'query',
    });
  });

  it('answers 502 with the catalogue’s message when the service fails or hangs, never the key', async () => {
    const { token } = await createSignedInAccount(t.app);
    for (const behaviour of [{ kind: 'status', status: 500 }, { kind: 'hang' }] as const) {
      tmdb.behaviour = behaviour;
      const started = Date.now();
      const response = await t.as(token).get(`${BASE}/search?query=matrix`);
      tmdb.behaviour = { kind: 'normal' };
      expectRefusal(response, { status: 502, code: 'service_unavailable', message: ERROR_TEXT[502].message });
      expect(response.body).not.toContain(KEY);
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('says it is configured', async () => {
    const { token } = await createSignedInAccount(t.app);
    expect((await t.as(token).get(`${BASE}/search/status`)).json()).toEqual({ configured: true });
  });
});

describe('creating requests', () => {
  it('stores the service’s pt-BR details and starts Na fila; the same title from several resellers is one request with a count', async () => {
    const tree = await createResellerTree(t.app);
    const first = await ask(tree.sub.token, MATRIX);
    expect(first).toMatchObject({ created: true, counted: true });
    expect(first.request).toMatchObject({
      tmdb_id: 603,
      media_type: 'movie',
      media_title: 'Matrix',
      media_image: `${tmdb.imageBaseUrl}/matrix.png`,
      media_release_date: '1999-03-31',
      status: 2,
      // The count and the publisher are the admin's columns.
      total_requests: null,
      publisher_id: null,
      publisher_username: null,
    });
    const second = await ask(tree.other.token, MATRIX, 200);
    expect(second.request.id).toBe(first.request.id);
    // Asking again changes nothing: 200, not added.
    const again = await ask(tree.sub.token, MATRIX, 200);
    expect(again).toMatchObject({ created: false, counted: false });
    expect((await get(t.adminToken, first.request.id)).total_requests).toBe(2);
    const rows = (await list(t.adminToken, '&tmdb_id=603')).data;
    expect(rows).toHaveLength(1);
  });

  it('says whether a request was made, its status, and whether the caller was counted (decision 0071)', async () => {
    const tree = await createResellerTree(t.app);
    const first = await ask(tree.sub.token, PULP_FICTION);
    expect(first).toMatchObject({ created: true, counted: true, request: { status: 2 } });
    await t.as(t.adminToken).put(`${BASE}/${first.request.id}`, { status: 3 });

    // Another reseller asking for it: no new request (200), its status, and one more requester.
    const second = await ask(tree.other.token, PULP_FICTION, 200);
    expect(second).toMatchObject({
      created: false,
      counted: true,
      request: { id: first.request.id, status: 3 },
    });
    expect((await get(t.adminToken, first.request.id)).total_requests).toBe(2);

    // The same reseller again: found, not counted, the count stays.
    for (const token of [tree.sub.token, tree.other.token]) {
      const again = await ask(token, PULP_FICTION, 200);
      expect(again).toMatchObject({
        created: false,
        counted: false,
        request: { id: first.request.id, status: 3 },
      });
    }
    expect((await get(t.adminToken, first.request.id)).total_requests).toBe(2);
    // The metadata service was asked once, for the new request only.
    expect(tmdb.calls.filter((call) => call.path === '/movie/680')).toHaveLength(1);
  });

  it('refuses adult titles, titles the service does not know, and a missing title', async () => {
    const { token } = await createSignedInAccount(t.app);
    expectRefusal(await t.as(token).post(BASE, { tmdb_id: 990001, media_type: 'movie' }), {
      status: 422,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.adultRefused,
      field: 'tmdb_id',
    });
    expectRefusal(await t.as(token).post(BASE, { tmdb_id: 603, media_type: 'tv' }), {
      status: 422,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.titleNotFound,
      field: 'tmdb_id',
    });
    expectRefusal(await t.as(token).post(BASE, { media_type: 'movie' }), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.titleRequired,
      field: 'tmdb_id',
    });
    expectRefusal(await t.as(token).post(BASE, { tmdb_id: 603, media_type: 'person' }), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidMediaType,
      field: 'media_type',
    });
  });
});

describe('what each role sees', () => {
  it('a reseller sees what its subtree asked for, never another tree’s requests (404)', async () => {
    const tree = await createResellerTree(t.app);
    const bySub = (await ask(tree.subsub.token, BREAKING_BAD)).request;
    const byOther = (await ask(tree.otherSub.token, FIGHT_CLUB)).request;
    const ids = async (token: string) => (await list(token)).data.map((row) => row.id);
    expect(await ids(tree.master.token)).toContain(bySub.id);
    expect(await ids(tree.master.token)).not.toContain(byOther.id);
    expect(await ids(tree.other.token)).toContain(byOther.id);
    expect(await ids(tree.other.token)).not.toContain(bySub.id);
    expectRefusal(await t.as(tree.master.token).get(`${BASE}/${byOther.id}`), {
      status: 404,
      code: 'not_found',
      message: CATALOG_REQUEST_MESSAGES.notFound,
    });
    // The reseller filter stays inside the subtree.
    const named = await list(tree.master.token, `&reseller=${tree.otherSub.account.username}`);
    expect(named.data).toEqual([]);
    const own = await list(tree.master.token, `&reseller=${tree.subsub.account.username}`);
    expect(own.data.map((row) => row.id)).toEqual([bySub.id]);
  });

  it('admins and publishers see every request; only the admin sees the count and the publisher', async () => {
    const { token: reseller } = await createSignedInAccount(t.app);
    const { token: publisher } = await createSignedInAccount(t.app, { role: 'publisher' });
    // Asked for earlier in this file: found (200), the reseller joins its requesters.
    const created = (await ask(reseller, BREAKING_BAD, 200)).request;
    expect((await get(publisher, created.id)).total_requests).toBeNull();
    expect((await get(t.adminToken, created.id)).total_requests).toBeGreaterThanOrEqual(1);
  });

  it('filters by TMDB id, title, type, release year and status; refuses years outside 1940–2030', async () => {
    const ids = async (query: string) => (await list(t.adminToken, query)).data.map((row) => row.tmdb_id);
    const { token } = await createSignedInAccount(t.app);
    await ask(token, { tmdb_id: 604, media_type: 'movie' });
    expect(await ids('&text_search=reloaded')).toEqual([604]);
    expect(await ids('&tmdb_id=604')).toEqual([604]);
    expect(await ids('&release_year=2003')).toEqual([604]);
    expect(await ids('&media_type=tv')).toEqual([1396]);
    expect(await ids('&status=2&tmdb_id=604')).toEqual([604]);
    expect(await ids('&status=3&tmdb_id=604')).toEqual([]);
    expectRefusal(await t.as(t.adminToken).get(`${BASE}?release_year=1939`), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidReleaseYear,
      field: 'release_year',
    });
    expectRefusal(await t.as(t.adminToken).get(`${BASE}?tmdb_id=abc`), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidTmdbId,
      field: 'tmdb_id',
    });
    expectRefusal(await t.as(t.adminToken).get(`${BASE}?status=9`), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidStatus,
      field: 'status',
    });
  });
});

describe('editing and removing', () => {
  it('a publisher sets any status and takes a request nobody has; an admin chooses the publisher', async () => {
    const { token: reseller } = await createSignedInAccount(t.app);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const second = await createSignedInAccount(t.app, { role: 'publisher' });
    // Asked for earlier in this file: found (200).
    const request = (await ask(reseller, { tmdb_id: 604, media_type: 'movie' }, 200)).request;

    const edited = await t.as(publisher.token).put(`${BASE}/${request.id}`, { status: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CatalogRequest>().status).toBe(3);
    expect((await get(t.adminToken, request.id)).publisher_username).toBe(publisher.account.username);
    // No order is enforced: back to 'Em análise'.
    expect((await t.as(publisher.token).put(`${BASE}/${request.id}`, { status: 0 })).statusCode).toBe(200);

    const moved = await t
      .as(t.adminToken)
      .put(`${BASE}/${request.id}`, { status: 1, publisher_id: second.account.id });
    expect(moved.json<CatalogRequest>()).toMatchObject({
      status: 1,
      publisher_id: second.account.id,
      publisher_username: second.account.username,
    });
    const summary = (await t.as(t.adminToken).get(`${BASE}/publishers`)).json<{ data: PublisherSummary[] }>();
    expect(summary.data.find((row) => row.id === second.account.id)).toEqual({
      id: second.account.id,
      username: second.account.username,
      queue: 0,
      progress: 0,
      catalog: 1,
    });
    expect(summary.data.find((row) => row.id === publisher.account.id)).toMatchObject({ catalog: 0 });
    expect((await list(t.adminToken, `&publisher_id=${second.account.id}`)).data.map((r) => r.id)).toEqual([
      request.id,
    ]);

    expectRefusal(await t.as(t.adminToken).put(`${BASE}/${request.id}`, { status: 1, publisher_id: 1 }), {
      status: 422,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidPublisher,
      field: 'publisher_id',
    });
    expectRefusal(await t.as(t.adminToken).put(`${BASE}/${request.id}`, { status: 7 }), {
      status: 400,
      code: 'validation_failed',
      message: CATALOG_REQUEST_MESSAGES.invalidStatus,
      field: 'status',
    });
    // Admins clear the publisher with null.
    const cleared = await t.as(t.adminToken).put(`${BASE}/${request.id}`, { status: 1, publisher_id: null });
    expect(cleared.json<CatalogRequest>().publisher_id).toBeNull();
  });

  it('refuses resellers (403), unknown ids (404), and removes for admins and publishers', async () => {
    const { token: reseller } = await createSignedInAccount(t.app);
    const { token: publisher } = await createSignedInAccount(t.app, { role: 'publisher' });
    const request = (await ask(reseller, { tmdb_id: 603, media_type: 'movie' }, 200)).request;
    expectRefusal(await t.as(reseller).put(`${BASE}/${request.id}`, { status: 3 }), FORBIDDEN);
    expectRefusal(await t.as(reseller).delete(`${BASE}/${request.id}`), FORBIDDEN);
    expectRefusal(await t.as(reseller).get(`${BASE}/publishers`), FORBIDDEN);
    expectRefusal(await t.as(publisher).get(`${BASE}/publishers`), FORBIDDEN);
    expectRefusal(await t.as(publisher).put(`${BASE}/987654`, { status: 3 }), {
      ...NOT_FOUND,
      message: CATALOG_REQUEST_MESSAGES.notFound,
    });
    expect((await t.as(publisher).delete(`${BASE}/${request.id}`)).statusCode).toBe(204);
    expectRefusal(await t.as(t.adminToken).get(`${BASE}/${request.id}`), {
      ...NOT_FOUND,
      message: CATALOG_REQUEST_MESSAGES.notFound,
    });
  });
});

describe('without a metadata key', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  });
  afterAll(() => bare?.close());

  it('says the search is not configured (503) and a new title cannot be asked for', async () => {
    const { token } = await createSignedInAccount(bare.app);
    const headers = { authorization: `Bearer ${token}` };
    const status = await bare.app.inject({ method: 'GET', url: `${BASE}/search/status`, headers });
    expect(status.json()).toEqual({ configured: false });
    const notConfigured = {
      status: 503,
      code: 'service_unavailable',
      message: CATALOG_REQUEST_MESSAGES.searchNotConfigured,
    } as const;
    expectRefusal(
      await bare.app.inject({ method: 'GET', url: `${BASE}/search?query=matrix`, headers }),
      notConfigured,
    );
    expectRefusal(
      await bare.app.inject({ method: 'POST', url: BASE, headers, payload: MATRIX }),
      notConfigured,
    );
  });
});

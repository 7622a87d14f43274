/**
 * A requested title that arrives in the library moves to 'No catálogo' by itself (decision 0055): after a
 * content sync, and at once when it is requested while already there. Matched by TMDB id and kind.
 */
import type {
  CatalogRequest,
  CatalogRequestCreated,
} from '@panel/shared/catalog-requests/catalog-requests-api';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createSeries, createStream } from '../../../test/content-factory';
import { createSignedInAccount } from '../../../test/factories';
import { startFakeTmdb, type FakeTmdb } from '../../../test/metadata/fake-tmdb';
import { useTestApp } from '../../../test/test-app';
import { startXtreamUpstream, type XtreamUpstream } from '../../../test/upstream/xtream-upstream';

const KEY = 'e2e-bearer-token-not-a-v3-key';
let tmdb: FakeTmdb;
let upstream: XtreamUpstream;
beforeAll(async () => {
  tmdb = await startFakeTmdb(KEY);
  upstream = await startXtreamUpstream();
}, 120_000);
afterAll(async () => {
  await tmdb?.close();
  await upstream?.close();
});

const t = useTestApp(() => ({
  TMDB_API_URL: tmdb.url,
  TMDB_API_KEY: KEY,
  TMDB_IMAGE_BASE_URL: tmdb.imageBaseUrl,
}));

async function ask(token: string, title: { tmdb_id: number; media_type: string }): Promise<CatalogRequest> {
  const response = await t.as(token).post('/api/catalog', title);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CatalogRequestCreated>().request;
}

const statusOf = async (id: number) =>
  (await t.as(t.adminToken).get(`/api/catalog/${id}`)).json<CatalogRequest>().status;

describe('requests and the library', () => {
  it('a title already in the library is No catálogo as soon as it is requested; a retired one is not', async () => {
    const { token } = await createSignedInAccount(t.app);
    const movies = await createCategory(t.db, { kind: 'movie', name: 'Filmes' });
    await createStream(t.db, { kind: 'movie', categoryId: movies.id, name: 'Clube da Luta', tmdbId: '550' });
    // A movie with the series' TMDB id does not make the series present: kinds are matched too.
    await createStream(t.db, { kind: 'movie', categoryId: movies.id, name: 'Outro', tmdbId: '1396' });
    await createStream(t.db, {
      kind: 'movie',
      categoryId: movies.id,
      name: 'Reloaded (retirado)',
      tmdbId: '604',
      retiredAt: new Date(),
    });
    expect((await ask(token, { tmdb_id: 550, media_type: 'movie' })).status).toBe(1);
    expect((await ask(token, { tmdb_id: 1396, media_type: 'tv' })).status).toBe(2);
    expect((await ask(token, { tmdb_id: 604, media_type: 'movie' })).status).toBe(2);

    const series = await createCategory(t.db, { kind: 'series', name: 'Séries' });
    await createSeries(t.db, { categoryId: series.id, name: 'Breaking Bad', tmdbId: '1396' }, []);
    // The next sync (of any source) finds it; here the one below.
  });

  it('a sync that brings a requested title moves its request to No catálogo', async () => {
    const { token } = await createSignedInAccount(t.app);
    // The test upstream's movie 'Filme Teste' carries TMDB id 603.
    const request = await ask(token, { tmdb_id: 603, media_type: 'movie' });
    expect(request.status).toBe(2);
    // The fake's calls used the Bearer token, not api_key (the key is not a v3 key).
    expect(tmdb.calls.at(-1)).toMatchObject({ path: '/movie/603', authorization: `Bearer ${KEY}` });
    expect(tmdb.calls.at(-1)?.query).not.toHaveProperty('api_key');

    const created = await t.as(t.adminToken).post('/api/admin/content/sources', {
      kind: 'xtream',
      name: 'Fornecedor',
      url: upstream.url,
      username: upstream.username,
      password: upstream.password,
    });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json<ContentSource>();
    expect(
      (await t.as(t.adminToken).post(`/api/admin/content/sources/${source.id}/sync`, {})).statusCode,
    ).toBe(202);
    await expect.poll(() => statusOf(request.id), { timeout: 20_000 }).toBe(1);
    // The series added by hand in the test above is found by the same pass.
    const all = (await t.as(t.adminToken).get('/api/catalog?tmdb_id=1396')).json<{
      data: CatalogRequest[];
    }>();
    expect(all.data[0]?.status).toBe(1);
  });
});

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small TMDB-compatible metadata service on 127.0.0.1 (decision 0055), used by the API tests and the
 * journeys: GET /search/multi, GET /movie/:id, GET /tv/:id and the posters under /t/p/w185/. Like the real
 * one it wants the key (the `api_key` query parameter, or a Bearer token) and answers 401 without it;
 * it honours `language` (pt-BR titles only when asked for pt-BR) and `include_adult` (adult titles unless
 * it is 'false'), so a test proves what the panel sends.
 */

export interface FakeTitle {
  id: number;
  media_type: 'movie' | 'tv' | 'person';
  /** pt-BR and English names. */
  pt: string;
  en: string;
  date?: string;
  poster?: string;
  adult?: boolean;
}

export const FAKE_TITLES: readonly FakeTitle[] = [
  {
    id: 603,
    media_type: 'movie',
    pt: 'Matrix',
    en: 'The Matrix',
    date: '1999-03-31',
    poster: '/matrix.png',
  },
  {
    id: 604,
    media_type: 'movie',
    pt: 'Matrix Reloaded',
    en: 'The Matrix Reloaded',
    date: '2003-05-15',
    poster: '/matrix-reloaded.png',
  },
  {
    id: 1396,
    media_type: 'tv',
    pt: 'Breaking Bad: A Química do Mal',
    en: 'Breaking Bad',
    date: '2008-01-20',
    poster: '/breaking-bad.png',
  },
  { id: 6384, media_type: 'person', pt: 'Keanu Reeves (Matrix)', en: 'Keanu Reeves (Matrix)' },
  {
    id: 990001,
    media_type: 'movie',
    pt: 'Matrix Adulto',
    en: 'Matrix Adult',
    date: '2001-01-01',
    adult: true,
  },
  { id: 550, media_type: 'movie', pt: 'Clube da Luta', en: 'Fight Club', date: '1999-10-15' },
  {
    id: 680,
    media_type: 'movie',
    pt: 'Pulp Fiction: Tempo de Violência',
    en: 'Pulp Fiction',
    date: '1994-09-10',
  },
];

// A 2×3 PNG (a poster's proportions), one colour: enough for a browser to draw something.
const POSTER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGPQiFoARAwoFABEowbNgNGh5AAAAABJRU5ErkJggg==',
  'base64',
);

export type FakeTmdbBehaviour = { kind: 'normal' } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface FakeTmdb {
  url: string;
  /** TMDB_IMAGE_BASE_URL for the panel. */
  imageBaseUrl: string;
  behaviour: FakeTmdbBehaviour;
  /** Every call it received: path and query (the key included, so a test can see how it was sent). */
  calls: { path: string; query: Record<string, string>; authorization?: string }[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function asTmdb(title: FakeTitle, language: string) {
  const name = language === 'pt-BR' ? title.pt : title.en;
  const common = {
    id: title.id,
    media_type: title.media_type,
    adult: title.adult ?? false,
    poster_path: title.poster ?? null,
  };
  if (title.media_type === 'movie') return { ...common, title: name, release_date: title.date ?? '' };
  if (title.media_type === 'tv') return { ...common, name, first_air_date: title.date ?? '' };
  return { id: title.id, media_type: 'person', name, adult: false };
}

/** Starts the fake on `port` (0: any free one); `key` is the only key (or token) it accepts. */
export async function startFakeTmdb(key: string, port = 0): Promise<FakeTmdb> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeTmdb = {
    url: '',
    imageBaseUrl: '',
    behaviour: { kind: 'normal' },
    calls: [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/t/p/w185/')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(POSTER_PNG);
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    fake.calls.push({ path: url.pathname, query, authorization: request.headers.authorization });
    if (fake.behaviour.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (fake.behaviour.kind === 'status')
      return send(response, fake.behaviour.status, { status_message: 'failing' });
    if (query.api_key !== key && request.headers.authorization !== `Bearer ${key}`)
      return send(response, 401, { status_code: 7, status_message: 'Invalid API key' });
    const language = query.language ?? 'en-US';
    if (url.pathname === '/search/multi') {
      const text = (query.query ?? '').toLowerCase();
      const results = FAKE_TITLES.filter(
        (title) =>
          (title.pt.toLowerCase().includes(text) || title.en.toLowerCase().includes(text)) &&
          (query.include_adult !== 'false' || !title.adult),
      ).map((title) => asTmdb(title, language));
      return send(response, 200, { page: 1, results, total_pages: 1, total_results: results.length });
    }
    const match = /^\/(movie|tv)\/(\d+)$/.exec(url.pathname);
    const title = match && FAKE_TITLES.find((t) => t.media_type === match[1] && t.id === Number(match[2]));
    if (!title) return send(response, 404, { status_code: 34, status_message: 'not found' });
    const { media_type: _type, ...details } = asTmdb(title, language);
    return send(response, 200, details);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.imageBaseUrl = `${fake.url}/t/p/w185`;
  return fake;
}

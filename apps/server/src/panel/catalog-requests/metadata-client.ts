import type { MediaType, TitleSearchResult } from '@panel/shared/catalog-requests/catalog-requests-api';
import { z } from 'zod';
import type { Config } from '../../config';

/** Why a call to the metadata service did not succeed: its own status, or a network/timeout failure. */
export class MetadataServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MetadataServiceError';
  }
}

/** One title as the panel stores it: the service's pt-BR title, poster path and release date. */
export interface TitleDetails {
  tmdbId: number;
  mediaType: MediaType;
  title: string;
  posterPath: string | null;
  releaseDate: string | null;
  adult: boolean;
}

/** The TMDB-compatible API as this panel uses it (decision 0055). Every method throws MetadataServiceError. */
export interface MetadataClient {
  /** Movies and series matching `query`, in pt-BR, adult titles excluded. */
  search(query: string): Promise<TitleSearchResult[]>;
  /** One title; undefined when the service does not know it. */
  details(mediaType: MediaType, tmdbId: number): Promise<TitleDetails | undefined>;
}

/** A poster's URL for browsers: the image base plus the stored path (null without a poster). */
export function posterUrlBuilder(imageBaseUrl: string): (posterPath: string | null) => string | null {
  const base = imageBaseUrl.replace(/\/+$/, '');
  return (posterPath) => (posterPath ? `${base}${posterPath}` : null);
}

type MetadataConfig = Pick<
  Config,
  'TMDB_API_URL' | 'TMDB_API_KEY' | 'TMDB_IMAGE_BASE_URL' | 'TMDB_TIMEOUT_MS'
>;

const LANGUAGE = 'pt-BR';
/** A v3 API key; anything else is a v4 read access token. */
const V3_KEY = /^[0-9a-f]{32}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = z.string().nullish().catch(null);
const resultSchema = z.object({
  id: z.number().int().positive(),
  media_type: z.string().optional(),
  title: text,
  name: text,
  poster_path: text,
  release_date: text,
  first_air_date: text,
  adult: z.boolean().optional().catch(false),
});
const searchAnswerSchema = z.object({ results: z.array(z.unknown()) });

type ServiceTitle = z.infer<typeof resultSchema>;

const dateOf = (value: string | null | undefined) => (value && DATE.test(value) ? value : null);
/** A poster path is one path segment ('/abc.jpg'); anything else is not turned into a URL. */
const posterPathOf = (value: string | null | undefined) =>
  value && /^\/[\w.-]+$/.test(value) ? value : null;

function toDetails(title: ServiceTitle, mediaType: MediaType): TitleDetails | undefined {
  const name = (mediaType === 'movie' ? title.title : title.name)?.trim();
  if (!name) return undefined;
  return {
    tmdbId: title.id,
    mediaType,
    title: name,
    posterPath: posterPathOf(title.poster_path),
    releaseDate: dateOf(mediaType === 'movie' ? title.release_date : title.first_air_date),
    adult: title.adult === true,
  };
}

/** `${base}/${path}` with the query; the key goes in the query (v3) or in a header (v4), never in a log. */
async function getJson(
  config: MetadataConfig & { TMDB_API_KEY: string },
  path: string,
  query: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const base = config.TMDB_API_URL.endsWith('/') ? config.TMDB_API_URL : `${config.TMDB_API_URL}/`;
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const v3 = V3_KEY.test(config.TMDB_API_KEY);
  if (v3) url.searchParams.set('api_key', config.TMDB_API_KEY);
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      headers: {
        accept: 'application/json',
        ...(v3 ? {} : { authorization: `Bearer ${config.TMDB_API_KEY}` }),
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(config.TMDB_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new MetadataServiceError(`timeout after ${config.TMDB_TIMEOUT_MS} ms`);
    // The message of a fetch failure may carry the URL, and with it the key: only its kind is kept.
    throw new MetadataServiceError(error instanceof Error ? error.name : 'network error');
  }
  if (response.status === 404) return { status: 404, body: undefined };
  if (response.status < 200 || response.status >= 300)
    throw new MetadataServiceError(`HTTP ${response.status}`, response.status);
  try {
    return { status: response.status, body: JSON.parse(body) as unknown };
  } catch {
    throw new MetadataServiceError(`HTTP ${response.status}: not JSON`, response.status);
  }
}

/** The metadata client of the configuration, or undefined when no key is configured. */
export function metadataClientFromConfig(config: MetadataConfig): MetadataClient | undefined {
  const key = config.TMDB_API_KEY;
  if (!key) return undefined;
  const endpoint = { ...config, TMDB_API_KEY: key };
  const posterUrl = posterUrlBuilder(config.TMDB_IMAGE_BASE_URL);
  return {
    async search(query) {
      const { body } = await getJson(endpoint, 'search/multi', {
        query,
        language: LANGUAGE,
        include_adult: 'false',
        page: '1',
      });
      const parsed = searchAnswerSchema.safeParse(body);
      if (!parsed.success) throw new MetadataServiceError('answer without results');
      const results: TitleSearchResult[] = [];
      for (const raw of parsed.data.results) {
        const item = resultSchema.safeParse(raw);
        // People and anything else that is not a movie or a series cannot be requested.
        if (!item.success || (item.data.media_type !== 'movie' && item.data.media_type !== 'tv')) continue;
        const details = toDetails(item.data, item.data.media_type);
        if (!details || details.adult) continue;
        results.push({
          tmdb_id: details.tmdbId,
          media_type: details.mediaType,
          title: details.title,
          release_date: details.releaseDate,
          poster: posterUrl(details.posterPath),
        });
      }
      return results;
    },
    async details(mediaType, tmdbId) {
      const { status, body } = await getJson(endpoint, `${mediaType}/${tmdbId}`, { language: LANGUAGE });
      if (status === 404) return undefined;
      const parsed = resultSchema.safeParse(body);
      if (!parsed.success) throw new MetadataServiceError('answer without an id');
      return toDetails(parsed.data, mediaType);
    },
  };
}

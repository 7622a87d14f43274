/**
 * A large content library for the player benchmarks (P7–P10 of docs/benchmarks.md, decision 0042), inside
 * the server's own schema (docs/product/entities.md#content-library, decision 0037): 10,000 live channels,
 * 60,000 movies, 3,000 series with 10 episodes each, in 50/40/20 categories mapped into the non-adult
 * bouquets, a guide for some channels, and 200 bench lines that see all of it.
 *
 * Two sources hold it, as two imports would: live channels come from one in proxy mode (the panel relays the
 * bytes), movies and series from one in redirect mode (302 to the origin). Every row keeps
 * (source_id, external_id), so a second run inserts nothing (ON CONFLICT DO NOTHING on the import keys). Each
 * kind is one INSERT … SELECT over generate_series: the whole library takes seconds.
 *
 * Source URLs point at BENCH_ORIGIN_URL (default `http://127.0.0.1:9`, the discard port: nothing answers);
 * the benches that fetch bytes rewrite the URLs of the few streams they play (`pointStreamsAt`).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database';
import { affectedRowCount, executeRows, rowsOf } from '../src/db/execute-rows';

export const LIBRARY_SIZE = {
  live: 10_000,
  movies: 60_000,
  series: 3_000,
  episodesPerSeries: 10,
  liveCategories: 50,
  movieCategories: 40,
  seriesCategories: 20,
  /** Live channels with a guide channel, and of those the ones with programmes. */
  guideChannels: 2_000,
  guideChannelsWithProgrammes: 1_000,
  programmesPerChannel: 6,
} as const;

export const BENCH_LINES = 200;
/** Bench line n (1 … 200): `benchplay001` …, all with the same password, seeing every non-adult bouquet. */
export const benchLineUsername = (n: number) => `benchplay${String(n).padStart(3, '0')}`;
export const BENCH_LINE_PASSWORD = 'Bench2026x';
export const LIVE_SOURCE_NAME = 'Benchmark: canais (proxy)';
export const VOD_SOURCE_NAME = 'Benchmark: filmes e séries (redirect)';
export const DEFAULT_BENCH_ORIGIN = 'http://127.0.0.1:9';

export interface LibrarySummary {
  liveSourceId: number;
  vodSourceId: number;
  inserted: Record<string, number>;
  totals: { live: number; movies: number; series: number; episodes: number; benchLines: number };
  seconds: number;
}

// prettier-ignore
const LIVE_GROUPS = ['Abertos', 'Esportes', 'Notícias', 'Filmes 24h', 'Infantil', 'Documentários', 'Música',
  'Variedades', 'Regionais', 'Religiosos'];
// prettier-ignore
const MOVIE_GROUPS = ['Ação', 'Comédia', 'Drama', 'Terror', 'Suspense', 'Romance', 'Ficção Científica',
  'Animação', 'Aventura', 'Nacionais'];
// prettier-ignore
const SERIES_GROUPS = ['Drama', 'Comédia', 'Policial', 'Novelas', 'Animes', 'Documentais', 'Infantis',
  'Reality Shows', 'Suspense', 'Ficção'];
// prettier-ignore
const WORDS = ['Noite', 'Cidade', 'Rio', 'Sombra', 'Verão', 'Fogo', 'Mar', 'Segredo', 'Caminho', 'Estrela',
  'Tempo', 'Vento', 'Lua', 'Ouro', 'Coração', 'Fronteira', 'Silêncio', 'Promessa', 'Destino', 'Sertão'];
// prettier-ignore
const CHANNELS = ['Globo', 'Record', 'SBT', 'Band', 'Rede TV', 'Cultura', 'ESPN', 'SporTV', 'Premiere',
  'GloboNews', 'CNN Brasil', 'HBO', 'Telecine', 'Megapix', 'Discovery', 'Cartoon', 'Gloob', 'Multishow',
  'Viva', 'Canal Brasil'];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/** Element of a text array picked by expression `index` (0-based, wraps). */
const pick = (values: readonly string[], index: string) =>
  sql.raw(
    `(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[])[1 + ((${index}) % ${values.length})]`,
  );

function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return executeRows<T>(handle.db, query);
}

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = await handle.db.execute(query);
  return rowsOf<{ n: number }>(result)[0]?.n ?? affectedRowCount(result);
}

async function ensureSource(
  handle: DatabaseHandle,
  name: string,
  deliveryMode: 'proxy' | 'redirect',
  origin: string,
): Promise<number> {
  const [found] = await rows<{ id: number }>(
    handle,
    sql`select id from content_sources where name = ${name} order by id limit 1`,
  );
  if (found) return found.id;
  const [created] = await rows<{ id: number }>(
    handle,
    sql`insert into content_sources (kind, name, url, username, password, delivery_mode)
        values ('xtream', ${name}, ${origin}, 'bench', 'bench', ${deliveryMode}) returning id`,
  );
  if (!created) throw new Error(`source ${name} not created`);
  return created.id;
}

export async function seedLibrary(
  handle: DatabaseHandle,
  options: { origin?: string; log?: (message: string) => void } = {},
): Promise<LibrarySummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const origin = (options.origin ?? process.env.BENCH_ORIGIN_URL ?? DEFAULT_BENCH_ORIGIN).replace(/\/+$/, '');
  const S = LIBRARY_SIZE;
  const inserted: Record<string, number> = {};

  const liveSource = await ensureSource(handle, LIVE_SOURCE_NAME, 'proxy', origin);
  const vodSource = await ensureSource(handle, VOD_SOURCE_NAME, 'redirect', origin);

  // ---- Categories (external id = their number), each in one or two non-adult bouquets: together the
  // non-adult bouquets hold every category, as an import's default mapping does (decision 0037).
  for (const [kind, source, total, groups] of [
    ['live', liveSource, S.liveCategories, LIVE_GROUPS],
    ['movie', vodSource, S.movieCategories, MOVIE_GROUPS],
    ['series', vodSource, S.seriesCategories, SERIES_GROUPS],
  ] as const) {
    inserted[`${kind} categories`] = await count(
      handle,
      sql`with ins as (
            insert into content_categories (kind, name, sort_order, source_id, external_id)
            select ${kind}, ${pick(groups, 'g - 1')} ||
                   case when g > ${groups.length} then ' ' || (1 + (g - 1) / ${groups.length}) else '' end,
                   g, ${source}, g::text
            from generate_series(1, ${total}::int) g
            on conflict do nothing returning 1)
          select count(*)::int as n from ins`,
    );
  }
  inserted['bouquet mappings'] = await count(
    handle,
    sql`with nonadult as (
          select id, row_number() over (order by id) - 1 as k, count(*) over () as total
          from bouquets where not is_adult),
        ins as (
          insert into bouquet_categories (bouquet_id, category_id)
          select b.id, c.id from content_categories c join nonadult b
            on b.k = c.id % b.total or (c.id % 3 = 0 and b.k = (c.id + 1) % b.total)
          where c.source_id in (${liveSource}, ${vodSource})
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );

  // Category ids of a kind in external-id order: row n takes element 1 + n % count.
  const categoryArray = (kind: string, source: number) =>
    sql`(select array_agg(id order by external_id::int) from content_categories
         where source_id = ${source} and kind = ${kind})`;

  // ---- Live channels: proxy source, epg ids on every channel (a guide for the first 2,000).
  inserted.live = await count(
    handle,
    sql`with cats as (select ${categoryArray('live', liveSource)} as ids),
        ins as (
          insert into content_streams (kind, category_id, name, icon, epg_channel_id, container_extension,
                                       is_24h, info, source_urls, source_id, external_id, sort_order, added_at)
          select 'live', cats.ids[1 + g % array_length(cats.ids, 1)],
                 ${pick(CHANNELS, 'g')} || ' ' || g || case when g % 4 = 0 then ' FHD' when g % 4 = 1 then ' HD' else '' end,
                 'http://img.bench.invalid/logos/canal' || g || '.png',
                 'canal' || g || '.br', 'ts', g % 20 = 0, '{}'::jsonb,
                 array[${origin} || '/live/bench/bench/' || g || '.ts'],
                 ${liveSource}, g::text, g, now() - (g % 400) * interval '1 day'
          from generate_series(1, ${S.live}::int) g cross join cats
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );

  // ---- Movies: redirect source, the metadata an import keeps (plot, rating, duration …).
  inserted.movies = await count(
    handle,
    sql`with cats as (select ${categoryArray('movie', vodSource)} as ids),
        ins as (
          insert into content_streams (kind, category_id, name, icon, container_extension, tmdb_id, info,
                                       source_urls, source_id, external_id, sort_order, added_at)
          select 'movie', cats.ids[1 + g % array_length(cats.ids, 1)], t.title,
                 'http://img.bench.invalid/posters/filme' || g || '.jpg', t.ext, (100000 + g)::text,
                 jsonb_build_object(
                   'plot', 'Em ' || t.title || ', uma história de ' || lower(${pick(WORDS, 'g / 7')}) ||
                           ' e ' || lower(${pick(WORDS, 'g / 11')}) || ' que muda a vida de todos na cidade.',
                   'rating', round((g % 90) / 10.0 + 1, 1)::text,
                   'duration_secs', 5400 + g % 3600,
                   'duration', to_char(make_interval(secs => 5400 + g % 3600), 'HH24:MI:SS'),
                   'genre', ${pick(MOVIE_GROUPS, 'g')},
                   'releasedate', (1980 + g % 45) || '-' || lpad((1 + g % 12)::text, 2, '0') || '-15',
                   'cast', 'Ator ' || (g % 500) || ', Atriz ' || (g % 700),
                   'director', 'Diretor ' || (g % 300)),
                 array[${origin} || '/movie/bench/bench/' || g || '.' || t.ext],
                 ${vodSource}, g::text, g, now() - (g % 900) * interval '1 day'
          from generate_series(1, ${S.movies}::int) g cross join cats
          cross join lateral (select ${pick(WORDS, 'g')} || ' ' || ${pick(WORDS, 'g / 20')} || ' ' || g
                                       || ' (' || (1980 + g % 45) || ')' as title,
                                     case when g % 10 = 0 then 'mkv' else 'mp4' end as ext) t
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );

  // ---- Series, then their episodes (2 seasons of 5), both on the redirect source.
  inserted.series = await count(
    handle,
    sql`with cats as (select ${categoryArray('series', vodSource)} as ids),
        ins as (
          insert into content_series (category_id, name, cover, tmdb_id, info, source_id, external_id, added_at)
          select cats.ids[1 + g % array_length(cats.ids, 1)],
                 'Série ' || ${pick(WORDS, 'g')} || ' ' || ${pick(WORDS, 'g / 20')} || ' ' || g,
                 'http://img.bench.invalid/series/serie' || g || '.jpg', (500000 + g)::text,
                 jsonb_build_object('plot', 'Temporadas de ' || lower(${pick(WORDS, 'g / 3')}) || ' e drama.',
                                    'cast', 'Elenco ' || (g % 400), 'director', 'Diretor ' || (g % 200),
                                    'genre', ${pick(SERIES_GROUPS, 'g')},
                                    'releaseDate', (1995 + g % 30) || '-03-01', 'rating', (g % 10)::text,
                                    'backdrop_path', '[]'::jsonb, 'youtube_trailer', '',
                                    'episode_run_time', '45'),
                 ${vodSource}, g::text, now() - (g % 700) * interval '1 day'
          from generate_series(1, ${S.series}::int) g cross join cats
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  const perSeason = Math.ceil(S.episodesPerSeries / 2);
  inserted.episodes = await count(
    handle,
    sql`with ins as (
          insert into content_streams (kind, series_id, season_number, episode_number, name, container_extension,
                                       info, source_urls, source_id, external_id, sort_order, added_at)
          select 'episode', s.id, 1 + (e - 1) / ${perSeason}, 1 + (e - 1) % ${perSeason},
                 s.name || ' - S' || lpad((1 + (e - 1) / ${perSeason})::text, 2, '0') ||
                   'E' || lpad((1 + (e - 1) % ${perSeason})::text, 2, '0'),
                 'mp4',
                 jsonb_build_object('duration_secs', 2700, 'duration', '00:45:00', 'movie_image', s.cover,
                                    'plot', 'Episódio ' || e || ' de ' || s.name || '.'),
                 array[${origin} || '/series/bench/bench/' || (s.external_id::int * 100 + e) || '.mp4'],
                 ${vodSource}, (s.external_id::int * 100 + e)::text, e, s.added_at
          from content_series s cross join generate_series(1, ${S.episodesPerSeries}::int) e
          where s.source_id = ${vodSource}
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );

  // ---- The guide: channels for the first live channels, programmes (every 4 h, from 2 h ago) for some.
  // Programmes are replaced only when the guide has run out (none ends more than a few hours from now).
  inserted['guide channels'] = await count(
    handle,
    sql`with ins as (
          insert into epg_channels (id, display_name, icon, source_id)
          select 'canal' || g || '.br', ${pick(CHANNELS, 'g')} || ' ' || g, null, ${liveSource}
          from generate_series(1, ${S.guideChannels}::int) g
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  const [guide] = await rows<{ current: boolean }>(
    handle,
    sql`select exists(select 1 from epg_programmes where source_id = ${liveSource}
                      and stops_at > now() + interval '6 hours') as current`,
  );
  if (guide?.current) inserted.programmes = 0;
  else {
    await handle.db.execute(sql`delete from epg_programmes where source_id = ${liveSource}`);
    inserted.programmes = await count(
      handle,
      sql`with ins as (
            insert into epg_programmes (channel_id, starts_at, stops_at, title, description, lang, source_id)
            select 'canal' || g || '.br', t.starts, t.starts + interval '4 hours',
                   ${pick(WORDS, 'g + p')} || ' ' || ${pick(WORDS, 'g * 3 + p')},
                   'Programa ' || p || ' do canal ' || g || '.', 'pt', ${liveSource}
            from generate_series(1, ${S.guideChannelsWithProgrammes}::int) g
            cross join generate_series(0, ${S.programmesPerChannel - 1}::int) p
            cross join lateral (select date_trunc('hour', now()) - interval '2 hours' + p * interval '4 hours' as starts) t
            returning 1)
          select count(*)::int as n from ins`,
    );
  }

  // ---- Bench lines: owned by the first admin, active for years, every non-adult bouquet, 1 screen.
  const [admin] = await rows<{ id: number; path: string }>(
    handle,
    sql`select id, path from accounts where role = 'admin' order by id limit 1`,
  );
  if (!admin) throw new Error('No admin: run the server (or its seed) once first');
  const usernames = Array.from({ length: BENCH_LINES }, (_, i) => benchLineUsername(i + 1));
  inserted['bench lines'] = await count(
    handle,
    sql`with nonadult as (select array_agg(id order by id) as ids from bouquets where not is_adult),
        ins as (
          insert into lines (reseller_id, owner_path, username, password, full_name, max_connections, enabled,
                             exp_date, is_trial, system, package_id, bouquets, reseller_notes)
          select ${admin.id}, ${admin.path}, u, ${BENCH_LINE_PASSWORD}, 'Benchmark ' || u, 1, 1,
                 now() + interval '10 years', 0, 1,
                 (select id from packages where not is_trial and not is_adult order by is_default desc, id limit 1),
                 nonadult.ids, 'linha de benchmark'
          from unnest(${textArray(usernames)}) u cross join nonadult
          on conflict (username) do update
            set bouquets = excluded.bouquets, enabled = 1, exp_date = excluded.exp_date, password = excluded.password
            where lines.bouquets is distinct from excluded.bouquets or lines.enabled <> 1
               or lines.exp_date < now() + interval '1 year' or lines.password <> excluded.password
          returning 1)
        select count(*)::int as n from ins`,
  );

  if (Object.values(inserted).some((n) => n > 0)) {
    for (const table of ['content_streams', 'content_series', 'content_categories', 'bouquet_categories']) {
      await handle.db.execute(sql.raw(`analyze ${table}`));
    }
  }
  const [totals] = await rows<LibrarySummary['totals']>(
    handle,
    sql`select
          (select count(*)::int from content_streams where source_id = ${liveSource} and kind = 'live') as live,
          (select count(*)::int from content_streams where source_id = ${vodSource} and kind = 'movie') as movies,
          (select count(*)::int from content_series where source_id = ${vodSource}) as series,
          (select count(*)::int from content_streams where source_id = ${vodSource} and kind = 'episode') as episodes,
          (select count(*)::int from lines where username = any(${textArray(usernames)})) as "benchLines"`,
  );
  const summary: LibrarySummary = {
    liveSourceId: liveSource,
    vodSourceId: vodSource,
    inserted,
    totals: totals ?? { live: 0, movies: 0, series: 0, episodes: 0, benchLines: 0 },
    seconds: (performance.now() - started) / 1000,
  };
  const added = Object.entries(inserted)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n.toLocaleString('en')} ${what}`);
  log(
    `library: ${added.length ? `inserted ${added.join(', ')}` : 'all there, nothing to add'} ` +
      `(${summary.totals.live} live, ${summary.totals.movies} movies, ${summary.totals.series} series, ` +
      `${summary.totals.episodes} episodes, ${summary.totals.benchLines} bench lines) in ${summary.seconds.toFixed(1)} s`,
  );
  return summary;
}

/**
 * Points the source URLs of these streams (by external id, of the bench source `sourceName`) at `origin`
 * (same paths): what a bench that fetches bytes does before it plays them. Returns the streams' ids.
 */
export async function pointStreamsAt(
  handle: Pick<DatabaseHandle, 'db'>,
  options: { sourceName: string; kind: 'live' | 'movie' | 'episode'; externalIds: number[]; origin: string },
): Promise<number[]> {
  const origin = options.origin.replace(/\/+$/, '');
  const updated = await executeRows<{ id: number }>(
    handle.db,
    sql`update content_streams s
        set source_urls = array(select regexp_replace(u, '^https?://[^/]+', ${origin}) from unnest(s.source_urls) u)
        from content_sources src
        where src.id = s.source_id and src.name = ${options.sourceName} and s.kind = ${options.kind}
          and s.external_id = any(${`{${options.externalIds.join(',')}}`}::text[])
        returning s.id`,
  );
  return updated.map((row) => row.id).sort((a, b) => a - b);
}

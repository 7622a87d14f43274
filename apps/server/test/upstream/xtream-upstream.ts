import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { testMedia, type TestMedia } from './test-media';

/**
 * A small Xtream-compatible upstream for tests and benchmarks: what another provider's server answers
 * (player_api.php actions, xmltv.php, get.php, stream URLs with the upstream line's credentials), serving
 * real media made by ffmpeg. It is the "other server" of docs/product/api.md#content-import; the panel's
 * importer and proxy are tested against it, never against a mock of our own code. The catalogue can be
 * replaced between syncs (`setCatalog`) to test updates and retirements.
 */
export interface UpstreamCategory {
  id: number;
  name: string;
}
export interface UpstreamLive {
  id: number;
  name: string;
  categoryId: number;
  epgChannelId: string;
  icon?: string;
  /** XUI's "created_live" marks a 24-hour channel; default "live". */
  streamType?: 'live' | 'created_live';
  /** Days of catch-up archive (tv_archive 1, tv_archive_duration N); none by default. */
  archiveDays?: number;
}
export interface UpstreamMovie {
  id: number;
  name: string;
  categoryId: number;
  extension: 'mp4' | 'mkv';
  tmdbId?: string;
}
export interface UpstreamEpisode {
  id: number;
  season: number;
  episode: number;
  title: string;
}
export interface UpstreamSeries {
  id: number;
  name: string;
  categoryId: number;
  episodes: UpstreamEpisode[];
}
export interface UpstreamCatalog {
  liveCategories: UpstreamCategory[];
  vodCategories: UpstreamCategory[];
  seriesCategories: UpstreamCategory[];
  live: UpstreamLive[];
  movies: UpstreamMovie[];
  series: UpstreamSeries[];
}

export function defaultUpstreamCatalog(): UpstreamCatalog {
  return {
    liveCategories: [
      { id: 11, name: 'Notícias' },
      { id: 12, name: 'Esportes' },
    ],
    vodCategories: [{ id: 21, name: 'Filmes de Ação' }],
    seriesCategories: [{ id: 31, name: 'Séries Drama' }],
    live: [
      {
        id: 1001,
        name: 'Notícias Um',
        categoryId: 11,
        epgChannelId: 'noticias1.br',
        icon: 'http://img.example/n1.png',
        archiveDays: 3,
      },
      { id: 1002, name: 'Esporte & Cia', categoryId: 12, epgChannelId: 'esporte.br' },
    ],
    movies: [
      { id: 2001, name: 'Filme Teste', categoryId: 21, extension: 'mp4', tmdbId: '603' },
      { id: 2002, name: 'Outro Filme', categoryId: 21, extension: 'mp4' },
    ],
    series: [
      {
        id: 3001,
        name: 'Série Teste',
        categoryId: 31,
        episodes: [
          { id: 4001, season: 1, episode: 1, title: 'Série Teste - S01E01' },
          { id: 4002, season: 1, episode: 2, title: 'Série Teste - S01E02' },
          { id: 4003, season: 2, episode: 1, title: 'Série Teste - S02E01' },
        ],
      },
    ],
  };
}

export interface XtreamUpstream {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  username: string;
  password: string;
  media: TestMedia;
  /** Every request's path and query, in order (to prove what reached the upstream). */
  requests: string[];
  setCatalog(catalog: UpstreamCatalog): void;
  /** Delays every player_api.php answer by `ms` (a slow provider: tests watch a sync while it runs). */
  setDelay(ms: number): void;
  /** get_vod_info of these movie ids answers 500 (a provider that cannot give one film's details). */
  setBrokenVodInfo(ids: number[]): void;
  /**
   * Hours of past programmes the guide holds (default 1): a provider's guide keeps only a little of the
   * past, so a re-sync would drop what an archive still plays (decision 0120).
   */
  setGuidePastHours(hours: number): void;
  /** Same media without credentials (for M3U sources): BASE/media/live.ts, movie.mp4, episode.mp4, live.m3u8. */
  mediaUrl(file: 'live.ts' | 'live.m3u8' | 'movie.mp4' | 'episode.mp4'): string;
  /** An M3U playlist of the catalogue pointing at /media/ (no credentials), as a file's text. */
  m3uText(): string;
  /**
   * GET BASE/big-guide.xml?channels=C&programmes=P: a generated XMLTV guide of C channels with P
   * programmes each, written to the socket chunk by chunk (never built whole), for streamed-parsing tests.
   */
  close(): Promise<void>;
}

const unix = (date: Date) => String(Math.floor(date.getTime() / 1000));
const stamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')} +0000`;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * Answers `size` bytes with single-range support, as a media server (nginx) does for files and playlists
 * alike: players send `Range: bytes=0-` when they open any URL.
 */
function sendRanged(
  request: IncomingMessage,
  response: ServerResponse,
  size: number,
  type: string,
  body: (start: number, end: number) => NodeJS.ReadableStream | Buffer,
): void {
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  const send = (start: number, end: number) => {
    if (request.method === 'HEAD') return response.end();
    const bytes = body(start, end);
    if (Buffer.isBuffer(bytes)) response.end(bytes);
    else bytes.pipe(response);
  };
  if (range) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      response.writeHead(416, { 'content-range': `bytes */${size}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      'content-type': type,
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    send(start, end);
    return;
  }
  response.writeHead(200, { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': size });
  send(0, size - 1);
}

function sendFile(request: IncomingMessage, response: ServerResponse, path: string, type: string): void {
  sendRanged(request, response, statSync(path).size, type, (start, end) =>
    createReadStream(path, { start, end }),
  );
}

function sendText(request: IncomingMessage, response: ServerResponse, text: string, type: string): void {
  const bytes = Buffer.from(text, 'utf8');
  sendRanged(request, response, bytes.length, type, (start, end) => bytes.subarray(start, end + 1));
}

const TYPES: Record<string, string> = {
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
};

export interface XtreamUpstreamOptions {
  username?: string;
  password?: string;
  catalog?: UpstreamCatalog;
  /**
   * Live `.m3u8` segment URIs as rooted paths (`/hls/segment000.ts`), resolved against whichever host the
   * player read the playlist from; default absolute URLs. The real-players matrix uses them (decision
   * 0065): a playlist relayed without its rewrite then sends players to the panel's host, and fails.
   */
  rootedSegments?: boolean;
  /** The zone server_info.timezone announces and timeshift START is read in; default UTC. */
  timezone?: string;
}

export async function startXtreamUpstream(options: XtreamUpstreamOptions = {}): Promise<XtreamUpstream> {
  const media = testMedia();
  const username = options.username ?? 'upstreamuser';
  const password = options.password ?? 'upstreampass';
  let catalog = options.catalog ?? defaultUpstreamCatalog();
  let delayMs = 0;
  let guidePastHours = 1;
  const timezone = options.timezone ?? 'UTC';
  let brokenVodInfo = new Set<string>();
  const requests: string[] = [];
  let base = '';

  const category = (list: UpstreamCategory[]) =>
    list.map((item) => ({ category_id: String(item.id), category_name: item.name, parent_id: 0 }));
  const added = unix(new Date('2025-01-01T00:00:00Z'));

  function playerApi(query: URLSearchParams, response: ServerResponse): void {
    if (query.get('username') !== username || query.get('password') !== password) {
      json(response, { user_info: { auth: 0 } });
      return;
    }
    const wanted = query.get('category_id');
    const inCategory = <T extends { categoryId: number }>(items: T[]) =>
      wanted ? items.filter((item) => String(item.categoryId) === wanted) : items;
    switch (query.get('action') ?? '') {
      case 'get_live_categories':
        return json(response, category(catalog.liveCategories));
      case 'get_vod_categories':
        return json(response, category(catalog.vodCategories));
      case 'get_series_categories':
        return json(response, category(catalog.seriesCategories));
      case 'get_live_streams':
        return json(
          response,
          inCategory(catalog.live).map((item, index) => ({
            num: index + 1,
            name: item.name,
            stream_type: item.streamType ?? 'live',
            stream_id: item.id,
            stream_icon: item.icon ?? '',
            epg_channel_id: item.epgChannelId,
            added,
            category_id: String(item.categoryId),
            category_ids: [item.categoryId],
            custom_sid: '',
            tv_archive: item.archiveDays ? 1 : 0,
            direct_source: '',
            tv_archive_duration: item.archiveDays ?? 0,
          })),
        );
      case 'get_vod_streams':
        return json(
          response,
          inCategory(catalog.movies).map((item, index) => ({
            num: index + 1,
            name: item.name,
            stream_type: 'movie',
            stream_id: item.id,
            stream_icon: '',
            rating: '6.5',
            rating_5based: 3.3,
            tmdb: item.tmdbId ?? '',
            added,
            category_id: String(item.categoryId),
            category_ids: [item.categoryId],
            container_extension: item.extension,
            custom_sid: '',
            direct_source: '',
          })),
        );
      case 'get_vod_info': {
        if (brokenVodInfo.has(query.get('vod_id') ?? '')) {
          response.writeHead(500).end();
          return;
        }
        const movie = catalog.movies.find((item) => String(item.id) === query.get('vod_id'));
        if (!movie) return json(response, { info: [], movie_data: [] });
        return json(response, {
          info: {
            tmdb_id: movie.tmdbId ?? '',
            plot: `Sinopse de ${movie.name}`,
            duration_secs: 4,
            duration: '00:00:04',
          },
          movie_data: {
            stream_id: movie.id,
            name: movie.name,
            added,
            category_id: String(movie.categoryId),
            container_extension: movie.extension,
          },
        });
      }
      case 'get_series':
        return json(
          response,
          inCategory(catalog.series).map((item, index) => ({
            num: index + 1,
            name: item.name,
            series_id: item.id,
            cover: '',
            plot: `Sinopse de ${item.name}`,
            cast: '',
            director: '',
            genre: 'Drama',
            releaseDate: '2025-01-01',
            last_modified: added,
            rating: '8',
            rating_5based: 4,
            backdrop_path: [],
            youtube_trailer: '',
            episode_run_time: '3',
            category_id: String(item.categoryId),
            category_ids: [item.categoryId],
          })),
        );
      case 'get_series_info': {
        const series = catalog.series.find((item) => String(item.id) === query.get('series_id'));
        if (!series) return json(response, { seasons: [], info: {}, episodes: {} });
        const episodes: Record<string, unknown[]> = {};
        for (const episode of series.episodes) {
          (episodes[String(episode.season)] ??= []).push({
            id: String(episode.id),
            episode_num: episode.episode,
            title: episode.title,
            container_extension: 'mp4',
            info: { duration_secs: 3, duration: '00:00:03', movie_image: '', plot: '' },
            season: episode.season,
            added,
            custom_sid: '',
            direct_source: '',
          });
        }
        return json(response, {
          seasons: Object.keys(episodes).map((season) => ({
            id: Number(season),
            name: `Temporada ${season}`,
            season_number: Number(season),
            episode_count: episodes[season]?.length ?? 0,
            cover: '',
            air_date: '2025-01-01',
          })),
          info: { name: series.name, cover: '', backdrop_path: [], category_id: String(series.categoryId) },
          episodes,
        });
      }
      default:
        return json(response, {
          user_info: {
            username,
            password,
            message: '',
            auth: 1,
            status: 'Active',
            exp_date: unix(new Date(Date.now() + 365 * 86_400_000)),
            is_trial: '0',
            active_cons: '0',
            created_at: added,
            max_connections: '10',
            allowed_output_formats: ['m3u8', 'ts'],
          },
          server_info: {
            url: '127.0.0.1',
            port: '80',
            https_port: '443',
            server_protocol: 'http',
            timezone,
          },
        });
    }
  }

  function xmltv(response: ServerResponse): void {
    const now = Date.now();
    const hour = 3_600_000;
    const start = new Date(Math.floor(now / hour) * hour - guidePastHours * hour);
    let body = '<?xml version="1.0" encoding="UTF-8"?>\n<tv generator-info-name="test-upstream">\n';
    for (const live of catalog.live) {
      body += `  <channel id="${escapeXml(live.epgChannelId)}"><display-name>${escapeXml(live.name)}</display-name></channel>\n`;
    }
    for (const live of catalog.live) {
      for (let slot = 0; slot < guidePastHours + 3; slot++) {
        const from = new Date(start.getTime() + slot * hour);
        const to = new Date(from.getTime() + hour);
        body +=
          `  <programme start="${stamp(from)}" stop="${stamp(to)}" channel="${escapeXml(live.epgChannelId)}">` +
          `<title lang="pt">${escapeXml(`${live.name} às ${from.getUTCHours()}h`)}</title>` +
          `<desc lang="pt">Programa ${slot + 1} &amp; mais</desc></programme>\n`;
      }
    }
    body += '</tv>\n';
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    response.end(body);
  }

  function m3uText(): string {
    const rows = ['#EXTM3U'];
    const categoryName = (list: UpstreamCategory[], id: number) =>
      list.find((item) => item.id === id)?.name ?? '';
    for (const live of catalog.live) {
      rows.push(
        `#EXTINF:-1 tvg-id="${live.epgChannelId}" tvg-name="${live.name}" tvg-logo="${live.icon ?? ''}" group-title="${categoryName(catalog.liveCategories, live.categoryId)}",${live.name}`,
        `${base}/media/live.ts?channel=${live.id}`,
      );
    }
    for (const movie of catalog.movies) {
      rows.push(
        `#EXTINF:-1 tvg-id="" tvg-name="${movie.name}" tvg-logo="" group-title="${categoryName(catalog.vodCategories, movie.categoryId)}",${movie.name}`,
        `${base}/media/movie.mp4?movie=${movie.id}`,
      );
    }
    return `${rows.join('\r\n')}\r\n`;
  }

  function bigGuide(response: ServerResponse, channels: number, programmes: number): void {
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    const start = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    let channel = 0;
    const write = () => {
      while (channel < channels) {
        let chunk = channel === 0 ? '<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n' : '';
        chunk += `<channel id="big${channel}.br"><display-name>Canal ${channel}</display-name></channel>\n`;
        for (let slot = 0; slot < programmes; slot++) {
          const from = new Date(start + slot * 1_800_000);
          const to = new Date(from.getTime() + 1_800_000);
          chunk +=
            `<programme start="${stamp(from)}" stop="${stamp(to)}" channel="big${channel}.br">` +
            `<title lang="pt">Programa ${slot} do canal ${channel}</title>` +
            `<desc lang="pt">Uma descrição razoavelmente longa do programa ${slot} &amp; do canal ${channel}, ` +
            `para que o guia tenha o tamanho de um guia real.</desc></programme>\n`;
        }
        channel++;
        if (!response.write(chunk)) {
          response.once('drain', write);
          return;
        }
      }
      response.end('</tv>\n');
    };
    write();
  }

  /** /live|movie|series/U/P/ID.ext with the upstream line's credentials. */
  function stream(request: IncomingMessage, response: ServerResponse, path: string): boolean {
    const match = /^\/(live|movie|series)\/([^/]+)\/([^/]+)\/(\d+)\.(\w+)$/.exec(path);
    if (!match) return false;
    const [, kind, user, pass, id, extension = ''] = match;
    if (decodeURIComponent(user ?? '') !== username || decodeURIComponent(pass ?? '') !== password) {
      response.writeHead(401).end();
      return true;
    }
    const known =
      (kind === 'live' && catalog.live.some((item) => String(item.id) === id)) ||
      (kind === 'movie' && catalog.movies.some((item) => String(item.id) === id)) ||
      (kind === 'series' && catalog.series.some((item) => item.episodes.some((e) => String(e.id) === id)));
    if (!known) {
      response.writeHead(404).end();
      return true;
    }
    if (kind === 'live' && extension === 'm3u8') {
      // Segments under /hls/ (as XC's load balancers answer), credentials not repeated: absolute URLs, or
      // rooted paths (rootedSegments).
      const playlist = readFileSync(media.liveM3u8, 'utf8').replace(
        /^(segment\d+\.ts)$/gm,
        `${options.rootedSegments ? '' : base}/hls/$1`,
      );
      sendText(request, response, playlist, TYPES.m3u8 ?? '');
      return true;
    }
    const file = kind === 'live' ? media.liveTs : kind === 'movie' ? media.movieMp4 : media.episodeMp4;
    sendFile(request, response, file, TYPES[extension] ?? 'application/octet-stream');
    return true;
  }

  /** The zone's offset from UTC at `instant`, in ms (the toLocaleString round trip; zones without DST jumps). */
  const zoneOffsetMs = (instant: number) =>
    new Date(new Date(instant).toLocaleString('en-US', { timeZone: timezone })).getTime() -
    new Date(new Date(instant).toLocaleString('en-US', { timeZone: 'UTC' })).getTime();

  /**
   * Xtream Codes' archive of a channel with tv_archive: `/timeshift/U/P/DURATION/START/ID.ts|m3u8` and
   * `/streaming/timeshift.php?username&password&stream&start&duration`, START `YYYY-MM-DD:HH-MM` in the
   * server's zone (server_info.timezone). Refused as XC refuses: 401 wrong credentials, 404 no such channel,
   * no archive, a start outside the archive's days or a malformed request. The recording is ffmpeg-made.
   */
  function archive(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
    const path = /^\/timeshift\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)\.(ts|m3u8)$/.exec(url.pathname);
    const query = url.searchParams;
    const ask = path
      ? {
          user: decodeURIComponent(path[1] ?? ''),
          pass: decodeURIComponent(path[2] ?? ''),
          duration: path[3] ?? '',
          start: decodeURIComponent(path[4] ?? ''),
          id: path[5] ?? '',
          extension: path[6] ?? 'ts',
        }
      : url.pathname === '/streaming/timeshift.php'
        ? {
            user: query.get('username') ?? '',
            pass: query.get('password') ?? '',
            duration: query.get('duration') ?? '',
            start: query.get('start') ?? '',
            id: query.get('stream') ?? '',
            extension: 'ts',
          }
        : undefined;
    if (!ask) return false;
    if (ask.user !== username || ask.pass !== password) {
      response.writeHead(401).end();
      return true;
    }
    const channel = catalog.live.find((item) => String(item.id) === ask.id);
    const clock = /^(\d{4})-(\d{2})-(\d{2}):(\d{2})-(\d{2})$/.exec(ask.start);
    const wall = clock
      ? Date.UTC(Number(clock[1]), Number(clock[2]) - 1, Number(clock[3]), Number(clock[4]), Number(clock[5]))
      : NaN;
    const startsAt = wall - zoneOffsetMs(wall);
    const days = channel?.archiveDays ?? 0;
    const now = Date.now();
    if (
      !channel ||
      days <= 0 ||
      !/^\d+$/.test(ask.duration) ||
      Number(ask.duration) <= 0 ||
      !Number.isFinite(startsAt) ||
      startsAt < now - days * 86_400_000 ||
      startsAt >= now
    ) {
      response.writeHead(404).end();
      return true;
    }
    if (ask.extension === 'm3u8') {
      const playlist = readFileSync(media.liveM3u8, 'utf8').replace(
        /^(segment\d+\.ts)$/gm,
        `${options.rootedSegments ? '' : base}/hls/$1`,
      );
      sendText(request, response, playlist, TYPES.m3u8 ?? '');
      return true;
    }
    sendFile(request, response, media.liveTs, TYPES.ts ?? '');
    return true;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/player_api.php') {
      if (delayMs > 0) {
        setTimeout(() => playerApi(url.searchParams, response), delayMs);
        return;
      }
      return playerApi(url.searchParams, response);
    }
    if (url.pathname === '/big-guide.xml') {
      bigGuide(
        response,
        Number(url.searchParams.get('channels')),
        Number(url.searchParams.get('programmes')),
      );
      return;
    }
    if (url.pathname === '/xmltv.php') {
      const query = url.searchParams;
      if (query.get('username') !== username || query.get('password') !== password) {
        response.writeHead(401).end();
        return;
      }
      return xmltv(response);
    }
    if (url.pathname === '/playlist.m3u') {
      response.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
      response.end(m3uText());
      return;
    }
    if (url.pathname === '/guide.xml') return xmltv(response);
    const hls = /^\/(?:hls|media)\/(segment\d+\.ts)$/.exec(url.pathname);
    if (hls?.[1]) return sendFile(request, response, join(media.dir, basename(hls[1])), TYPES.ts ?? '');
    const plain = /^\/media\/(live\.ts|live\.m3u8|movie\.mp4|episode\.mp4)$/.exec(url.pathname);
    if (plain?.[1]) {
      const file = join(media.dir, plain[1]);
      if (plain[1] === 'live.m3u8')
        return sendText(request, response, readFileSync(file, 'utf8'), TYPES.m3u8 ?? '');
      return sendFile(
        request,
        response,
        file,
        TYPES[plain[1].split('.')[1] ?? ''] ?? 'application/octet-stream',
      );
    }
    if (stream(request, response, url.pathname)) return;
    if (archive(request, response, url)) return;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    username,
    password,
    media,
    requests,
    setCatalog(next) {
      catalog = next;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setGuidePastHours(hours) {
      guidePastHours = hours;
    },
    setBrokenVodInfo(ids) {
      brokenVodInfo = new Set(ids.map(String));
    },
    mediaUrl: (file) => `${base}/media/${file}`,
    m3uText,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { Database } from '../../db/database';
import { findVisibleSeries, type EpisodeRow } from '../content/content-read.repository';
import {
  portalCategories,
  portalPage,
  type PortalItemRow,
  type PortalKind,
} from '../content/portal-read.repository';
import type { PortalLine } from './portal-line.repository';
import { localDateTime } from './portal-time';

/**
 * The portal's listings (docs/product/portal.md, decision 0113): the line's bouquets exactly as
 * player_api shows them (the same `visibleCategories` rule), in Stalker's rows. A row's `cmd` is a
 * placeholder naming the item (`ffmpeg http://localhost/ch/ID`, `/movie/ID`, `/series/SERIES/SEASON`,
 * `/episode/SERIES/ID`): the box asks create_link for the real, signed, short-lived URL.
 */

/** Rows per page, as Ministra pages (boxes show 14 per screen). */
export const PORTAL_PAGE_SIZE = 14;

export type PortalQuery = Record<string, string | undefined>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function positiveInt(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/** `genre` / `category`: absent, `*` or `0` is every category. */
function categoryOf(value: string | undefined): number | undefined | null {
  if (value === undefined || value === '' || value === '*' || value === '0') return undefined;
  return positiveInt(value) ?? null;
}

export const liveCmd = (id: number) => `ffmpeg http://localhost/ch/${id}`;
const movieCmd = (id: number) => `ffmpeg http://localhost/movie/${id}`;
const seasonCmd = (seriesId: number, season: number) =>
  `ffmpeg http://localhost/series/${seriesId}/${season}`;
const episodeCmd = (seriesId: number, episodeId: number) =>
  `ffmpeg http://localhost/episode/${seriesId}/${episodeId}`;

function channelRow(row: PortalItemRow) {
  const cmd = liveCmd(row.id);
  // Stalker announces the archive in hours; the library keeps days (decision 0120).
  const archived = row.archiveDays > 0 ? 1 : 0;
  return {
    id: String(row.id),
    name: row.name,
    number: String(row.number),
    censored: 0,
    cmd,
    tv_genre_id: String(row.categoryId),
    xmltv_id: row.epgChannelId ?? '',
    logo: row.icon,
    hd: 0,
    enable_tv_archive: archived,
    tv_archive_duration: row.archiveDays * 24,
    archive: archived,
    allow_pvr: 0,
    fav: 0,
    lock: 0,
    cur_playing: '',
    status: 1,
    use_http_tmp_link: '1',
    use_load_balancing: 0,
    cmds: [{ id: String(row.id), ch_id: String(row.id), url: cmd, use_http_tmp_link: '1' }],
  };
}

function vodRow(row: PortalItemRow, timeZone: string) {
  const info = row.info;
  return {
    id: String(row.id),
    name: row.name,
    o_name: text(info.o_name) || row.name,
    description: text(info.plot ?? info.description),
    director: text(info.director),
    actors: text(info.cast ?? info.actors),
    year: text(info.releasedate ?? info.releaseDate).slice(0, 4),
    genres_str: text(info.genre),
    rating_imdb: text(info.rating),
    age: text(info.age),
    time: 0,
    category_id: String(row.categoryId),
    screenshot_uri: row.icon,
    cmd: movieCmd(row.id),
    added: localDateTime(timeZone, new Date(row.added * 1000)),
    hd: 1,
    censored: 0,
    fav: 0,
    is_series: 0,
  };
}

function seriesRow(row: PortalItemRow, timeZone: string) {
  const info = row.info;
  return {
    id: String(row.id),
    name: row.name,
    o_name: row.name,
    description: text(info.plot),
    director: text(info.director),
    actors: text(info.cast),
    year: text(info.releaseDate ?? info.releasedate).slice(0, 4),
    genres_str: text(info.genre),
    rating_imdb: text(info.rating),
    category_id: String(row.categoryId),
    screenshot_uri: row.icon,
    cmd: seasonCmd(row.id, 0),
    added: localDateTime(timeZone, new Date(row.added * 1000)),
    hd: 1,
    censored: 0,
    fav: 0,
    is_series: 1,
  };
}

function page(rows: unknown[], total: number, current: number) {
  return {
    total_items: total,
    max_page_items: PORTAL_PAGE_SIZE,
    selected_item: 0,
    cur_page: current,
    data: rows,
  };
}

const KIND_OF: Record<string, PortalKind> = { itv: 'live', vod: 'movie', series: 'series' };

/** itv/get_genres, vod/get_categories, series/get_categories: the line's categories and an "all" entry. */
export async function genres(db: Database, line: PortalLine, type: string) {
  const kind = KIND_OF[type] ?? 'live';
  const rows = await portalCategories(db, kind, line.bouquets);
  return [
    { id: '*', title: 'Todos', alias: '*', censored: 0, number: 0 },
    ...rows.map((row, index) => ({
      id: String(row.id),
      title: row.name,
      alias: row.name.toLowerCase(),
      censored: 0,
      number: index + 1,
    })),
  ];
}

/** itv/get_all_channels: every channel at once (one page holding all). */
export async function allChannels(db: Database, line: PortalLine) {
  const { total, rows } = await portalPage(db, 'live', line.bouquets, { sort: 'number', offset: 0 });
  return {
    total_items: total,
    max_page_items: total,
    selected_item: 0,
    cur_page: 0,
    data: rows.map((row) => channelRow(row)),
  };
}

/** get_ordered_list of itv, vod or series: a page of the category (`genre` or `category`), search, sort. */
export async function orderedList(
  db: Database,
  line: PortalLine,
  type: string,
  query: PortalQuery,
  timeZone: string,
) {
  if (type === 'series' && query.movie_id) return seriesDetail(db, line, query, timeZone);
  const kind = KIND_OF[type] ?? 'live';
  const category = categoryOf(kind === 'live' ? query.genre : (query.category ?? query.genre));
  const current = positiveInt(query.p) ?? 1;
  if (category === null) return page([], 0, current);
  const { total, rows } = await portalPage(db, kind, line.bouquets, {
    categoryId: category,
    search: query.search?.trim().slice(0, 100) || undefined,
    sort: query.sortby === 'name' ? 'name' : 'number',
    offset: (current - 1) * PORTAL_PAGE_SIZE,
    limit: PORTAL_PAGE_SIZE,
  });
  const data: unknown[] =
    kind === 'live'
      ? rows.map((row) => channelRow(row))
      : rows.map((row) => (kind === 'movie' ? vodRow(row, timeZone) : seriesRow(row, timeZone)));
  return page(data, total, current);
}

/**
 * series/get_ordered_list&movie_id=: the seasons of a series, each with its episode numbers (`series`),
 * played by create_link with `series=<episode number>`; with `season_id` too, the season's episodes,
 * each with its own cmd (the two shapes Stalker clients read).
 */
async function seriesDetail(db: Database, line: PortalLine, query: PortalQuery, timeZone: string) {
  const seriesId = positiveInt(query.movie_id?.split(':')[0]);
  const found = seriesId === undefined ? undefined : await findVisibleSeries(db, seriesId, line.bouquets);
  if (!found) return page([], 0, 1);
  const { series, episodes } = found;
  const seasons = new Map<number, EpisodeRow[]>();
  for (const episode of episodes)
    seasons.set(episode.season, [...(seasons.get(episode.season) ?? []), episode]);
  const seasonId = query.season_id;
  if (seasonId) {
    const season = positiveInt(seasonId.split(':').pop());
    const list = season === undefined ? [] : (seasons.get(season) ?? []);
    const rows = list.map((episode) => ({
      id: `${series.id}:${season}:${episode.episode}`,
      name: episode.name,
      series_number: episode.episode,
      season_number: season,
      is_episode: true,
      screenshot_uri: episode.icon || series.cover,
      cmd: episodeCmd(series.id, episode.id),
      added: localDateTime(timeZone, new Date(Number(episode.added) * 1000)),
    }));
    return page(rows, rows.length, 1);
  }
  const rows = [...seasons.entries()].map(([season, list]) => ({
    id: `${series.id}:${season}`,
    name: `Temporada ${season}`,
    season_number: season,
    is_season: true,
    description: text(series.info.plot),
    screenshot_uri: series.cover,
    cmd: seasonCmd(series.id, season),
    series: list.map((episode) => episode.episode),
  }));
  return page(rows, rows.length, 1);
}

import { streamUrl } from '@panel/shared/content/playlist-links';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import { findVisibleMovie, findVisibleSeries } from '../content/content-read.repository';
import { portalLinkPassword } from '../streams/stream-tokens';
import type { PortalLine } from './portal-line.repository';

/**
 * create_link (docs/product/portal.md, decision 0115): the placeholder `cmd` of a row becomes the line's
 * ordinary stream URL (`/live|movie|series/USER/…/ID.EXT`, the one player_api's apps play, delivered by
 * redirect or proxy as its source says) with a signed, expiring portal link in place of the password. The
 * stream start then checks, counts and holds the screen as for any app (decisions 0040, 0044).
 */
export interface PortalLinkContext {
  baseUrl: string;
  secret: string;
  ttlSeconds: number;
}

export interface CreatedLink {
  id: number;
  cmd: string;
  error: string;
}

/** The portal's refusal: no link, Ministra's `player_file_missing` (the box says the file is missing). */
export const NOTHING = (id = 0): CreatedLink => ({ id, cmd: '', error: 'player_file_missing' });

function link(
  context: PortalLinkContext,
  line: PortalLine,
  segment: 'live' | 'movie' | 'series',
  id: number,
  extension: string,
): CreatedLink {
  const password = portalLinkPassword(context.secret, {
    lineId: line.id,
    streamId: id,
    expires: nowSeconds() + context.ttlSeconds,
  });
  return {
    id,
    cmd: `ffmpeg ${streamUrl(context.baseUrl, segment, line.username, password, id, extension)}`,
    error: '',
  };
}

const ID = '(\\d{1,10})';
const LIVE = new RegExp(`/ch/${ID}`);
const MOVIE = new RegExp(`/movie/${ID}`);
const SEASON = new RegExp(`/series/${ID}/${ID}`);
const EPISODE = new RegExp(`/episode/${ID}/${ID}`);

/** The link for a row's cmd (any type's create_link: clients send episodes to vod/create_link too). */
export async function createLink(
  db: Database,
  line: PortalLine,
  context: PortalLinkContext,
  cmd: string,
  episodeNumber: string | undefined,
): Promise<CreatedLink> {
  const live = LIVE.exec(cmd);
  // Visibility of a channel is checked when it starts, as for every stream URL.
  if (live) return link(context, line, 'live', Number(live[1]), 'ts');
  const movie = MOVIE.exec(cmd);
  if (movie) {
    const found = await findVisibleMovie(db, Number(movie[1]), line.bouquets);
    return found ? link(context, line, 'movie', found.id, found.containerExtension) : NOTHING();
  }
  const season = SEASON.exec(cmd);
  const episode = EPISODE.exec(cmd);
  const seriesId = Number((season ?? episode)?.[1] ?? 0);
  if (!seriesId) return NOTHING();
  const found = await findVisibleSeries(db, seriesId, line.bouquets);
  if (!found) return NOTHING();
  const chosen = episode
    ? found.episodes.find((row) => row.id === Number(episode[2]))
    : found.episodes.find(
        (row) => row.season === Number(season?.[2]) && String(row.episode) === (episodeNumber ?? '').trim(),
      );
  return chosen ? link(context, line, 'series', chosen.id, chosen.containerExtension) : NOTHING();
}

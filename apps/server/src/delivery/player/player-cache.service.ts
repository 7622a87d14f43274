import { pipeline, Readable } from 'node:stream';
import { liveFormatOfOutput } from '@panel/shared/content/stream-kinds';
import type { Database } from '../../db/database';
import { answerVersion } from '../content/library-version.repository';
import type { AnswerCache } from './answer-cache';
import { MarkerSubstitution } from './answer-cache';
import { categoryOf, playerApiAnswer, queryText, type PlayerQuery } from './player-api.service';
import type { PlayerLine } from './player-line';
import { playlistChunks, type PlaylistType } from './playlist.service';

/**
 * get.php and the player_api.php listings through the answer cache (decisions 0043, 0100). The line has
 * signed in and may watch before anything here runs, so a blocked line is refused before any cached answer.
 * Keys hold the line's sorted bouquet ids (a line whose bouquets changed asks for another answer at once)
 * and what else the answer depends on; never the line itself: get.php is stored with markers in place of
 * the credentials, which each answer replaces with the line's own. The version is that of the bouquets'
 * categories (one query per request, so a change written by any process is seen here at once).
 */

const bouquetKey = (line: PlayerLine) => [...new Set(line.bouquets)].sort((a, b) => a - b).join(',');

const CACHED_ACTIONS = new Set([
  'get_live_categories',
  'get_vod_categories',
  'get_series_categories',
  'get_live_streams',
  'get_vod_streams',
  'get_series',
]);

export async function playlistAnswer(
  db: Database,
  cache: AnswerCache | undefined,
  line: PlayerLine,
  baseUrl: string,
  type: PlaylistType,
  output: string | undefined,
): Promise<Readable> {
  if (!cache) return Readable.from(playlistChunks(db, line, baseUrl, type, output), { objectMode: false });
  const version = await answerVersion(db, line.bouquets);
  const username = `\u0001U${cache.nonce}\u0001`;
  const password = `\u0001P${cache.nonce}\u0001`;
  const encodedUsername = encodeURIComponent(username);
  const encodedPassword = encodeURIComponent(password);
  const rewrite = (text: string) =>
    text.replaceAll(encodedUsername, username).replaceAll(encodedPassword, password);
  const key = ['get.php', cache.nonce, bouquetKey(line), type, liveFormatOfOutput(output), baseUrl];
  const body = await cache.serve(version, key, () =>
    playlistChunks(db, { ...line, username, password }, baseUrl, type, output, rewrite),
  );
  const substitution = new MarkerSubstitution(
    new Map([
      [username, encodeURIComponent(line.username)],
      [password, encodeURIComponent(line.password)],
    ]),
  );
  // pipeline destroys both ends when either fails or the client goes away.
  return pipeline(body, substitution, () => undefined);
}

/** player_api.php's answer: listings and categories of Active lines through the cache, the rest as before. */
export async function playerApiResponse(
  db: Database,
  cache: AnswerCache | undefined,
  line: PlayerLine,
  query: PlayerQuery,
  baseUrl: string,
  connectionTtlSeconds: number,
  /** PLAYER_TIMEZONE (decision 0120). */
  timezone = 'UTC',
): Promise<string | Readable> {
  const action = queryText(query, 'action') ?? '';
  const category = categoryOf(query);
  if (cache && line.status === 'Active' && CACHED_ACTIONS.has(action) && category !== null) {
    const version = await answerVersion(db, line.bouquets);
    const key = ['player_api.php', bouquetKey(line), action, category === undefined ? '' : String(category)];
    return cache.serve(version, key, async function* () {
      const answer = await playerApiAnswer(db, line, query, baseUrl);
      if (typeof answer === 'string') yield answer;
      else yield* answer;
    });
  }
  const answer = await playerApiAnswer(db, line, query, baseUrl, new Date(), connectionTtlSeconds, timezone);
  return typeof answer === 'string' ? answer : Readable.from(answer, { objectMode: false });
}

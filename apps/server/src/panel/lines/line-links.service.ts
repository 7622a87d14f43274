import { playlistLinks, type PlaylistLinks } from '@panel/shared/content/playlist-links';
import type { Database } from '../../db/database';
import type { Caller } from '../auth/caller';
import { requireLineInScope } from './line-scope';

/**
 * The playlist links of one line of the caller's subtree (docs/product/screens.md#line-links, decision 0041):
 * the player API base, M3U, M3U Plus, HLS and the guide, on `baseUrl` (the public address customers' apps
 * reach, decision 0037). A line outside the subtree answers 404 like a missing one (decision 0031).
 */
export async function getLineLinks(
  db: Database,
  caller: Caller,
  id: number,
  baseUrl: string,
): Promise<{ links: PlaylistLinks }> {
  const line = await requireLineInScope(db, caller, id);
  return { links: playlistLinks(baseUrl, line.username, line.password) };
}

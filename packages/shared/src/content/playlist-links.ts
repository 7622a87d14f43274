/**
 * The addresses a customer's app needs for a line (docs/product/screens.md#line-links): the player API
 * base, the playlists and the guide. Shown with copy buttons after creating a line and in its information
 * modal; the server's get.php writes the same shapes. Credentials are percent-encoded: the panel's
 * passwords may hold `?`, `@` and `!`, which would otherwise end the path or the query early (decision 0037).
 */
export interface PlaylistLinks {
  /** What the user types into an Xtream-style app as the server: the origin, no path. */
  playerApiBase: string;
  m3u: string;
  m3uPlus: string;
  hls: string;
  epg: string;
}

export function playlistLinks(baseUrl: string, username: string, password: string): PlaylistLinks {
  const base = baseUrl.replace(/\/+$/, '');
  const credentials = `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`;
  return {
    playerApiBase: base,
    m3u: `${base}/get.php?${credentials}&type=m3u&output=ts`,
    m3uPlus: `${base}/get.php?${credentials}&type=m3u_plus&output=ts`,
    hls: `${base}/get.php?${credentials}&type=m3u_plus&output=m3u8`,
    epg: `${base}/xmltv.php?${credentials}`,
  };
}

/** A stream's player URL: `BASE/live/U/P/ID.ts`, `BASE/movie/U/P/ID.mp4`, `BASE/series/U/P/ID.mkv`. */
export function streamUrl(
  baseUrl: string,
  segment: 'live' | 'movie' | 'series',
  username: string,
  password: string,
  streamId: number,
  extension: string,
): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/${segment}/${encodeURIComponent(username)}/${encodeURIComponent(password)}/${streamId}.${extension}`;
}

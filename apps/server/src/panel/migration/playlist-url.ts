/** The parts of a customer's playlist URL the server needs (decision 0052): the provider's base URL and the credentials. */
export interface PlaylistAddress {
  /** Scheme, host, port and any path prefix, without a trailing slash. */
  base: string;
  /** scheme://host[:port], shown as `server_dns`. */
  serverDns: string;
  username: string;
  password: string;
}

const PLAYLIST_SCRIPTS = new Set(['get.php', 'player_api.php']);

/**
 * Reads a playlist URL of an Xtream-compatible provider: `BASE/get.php?username=U&password=P&…` or
 * `BASE/player_api.php?username=U&password=P`. Anything else is null.
 */
export function parsePlaylistUrl(text: string): PlaylistAddress | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const segments = url.pathname.split('/');
  const script = segments.pop() ?? '';
  if (!PLAYLIST_SCRIPTS.has(script.toLowerCase())) return null;
  const username = url.searchParams.get('username')?.trim() ?? '';
  const password = url.searchParams.get('password')?.trim() ?? '';
  if (!username || !password) return null;
  const prefix = segments.join('/').replace(/\/+$/, '');
  return { base: `${url.origin}${prefix}`, serverDns: url.origin, username, password };
}

/**
 * HLS playlists relayed by the proxy (decision 0040): every URI (segments, variant playlists, renditions,
 * keys, init sections) is resolved against the URL the upstream playlist was read from (RFC 3986 section 5, after
 * redirects) and replaced by one of this server's token URLs, so no upstream host or credential reaches
 * the client.
 */

/** Which URIs name playlists (rewritten again when fetched) rather than media. */
export interface PlaylistUri {
  absolute: string;
  playlist: boolean;
}

export type UriRewriter = (uri: PlaylistUri) => string;

const ATTRIBUTE_URI = /URI="([^"]*)"/g;
// Tags whose URI attribute names another playlist; every other URI attribute (KEY, MAP, PART, …) is media.
const PLAYLIST_URI_TAGS = /^#EXT-X-(MEDIA|I-FRAME-STREAM-INF|RENDITION-REPORT):/;

function resolve(uri: string, base: string): string | undefined {
  try {
    const url = new URL(uri, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function isMasterPlaylist(text: string): boolean {
  return /^#EXT-X-STREAM-INF:/m.test(text);
}

export function looksLikePlaylist(text: string): boolean {
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('#EXTM3U');
}

export function rewritePlaylist(text: string, baseUrl: string, rewrite: UriRewriter): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let nextIsPlaylist = false;
  const out = lines.map((raw) => {
    const line = raw.trim();
    if (line === '') return raw;
    if (line.startsWith('#')) {
      if (line.startsWith('#EXT-X-STREAM-INF:')) nextIsPlaylist = true;
      if (!line.includes('URI="')) return line;
      const playlist = PLAYLIST_URI_TAGS.test(line);
      return line.replace(ATTRIBUTE_URI, (whole, uri: string) => {
        // data: and skd: URIs (inline keys, FairPlay) carry no upstream address: kept as they are.
        if (/^(data|skd):/i.test(uri)) return whole;
        const absolute = resolve(uri, baseUrl);
        return absolute ? `URI="${rewrite({ absolute, playlist })}"` : 'URI=""';
      });
    }
    const absolute = resolve(line, baseUrl);
    const playlist = nextIsPlaylist;
    nextIsPlaylist = false;
    return absolute ? rewrite({ absolute, playlist }) : '';
  });
  return out.join('\n');
}

/**
 * A master playlist with the one media playlist at `uri`: the stream URL answers this, so players reload
 * the media playlist at its token URL and a reload never counts as another start.
 */
export function singleVariantPlaylist(uri: string): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2000000\n${uri}\n`;
}

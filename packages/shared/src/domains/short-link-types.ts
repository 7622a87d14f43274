import type { PlaylistLinks } from '../content/playlist-links';

/**
 * The kinds of short link a line can have (docs/product/screens.md#users): the M3U playlist, the HLS
 * playlist, the SS IPTV playlist (served on the domain's `ss.` sub-domain) and the EPG.
 */
export const SHORT_LINK_TYPES = ['mpgets', 'hls', 'ssiptv', 'epg'] as const;
export type ShortLinkType = (typeof SHORT_LINK_TYPES)[number];

/** The host a link of `type` is served on: SS IPTV links use the domain's `ss.` sub-domain. */
export function shortLinkHost(domain: string, type: ShortLinkType): string {
  return type === 'ssiptv' ? `ss.${domain}` : domain;
}

/** The address a customer opens; `scheme` is the server's SHORT_LINK_SCHEME. */
export function shortLinkUrl(
  scheme: 'http' | 'https',
  domain: string,
  type: ShortLinkType,
  code: string,
): string {
  return `${scheme}://${shortLinkHost(domain, type)}/${code}`;
}

/**
 * The line's playlist link (docs/product/screens.md#line-links) a short link of each type opens; also the
 * long link a setup message shows when the line has no short link of that type (decisions 0049, 0050).
 */
export const SHORT_LINK_TARGET: Record<ShortLinkType, keyof PlaylistLinks> = {
  mpgets: 'm3uPlus',
  hls: 'hls',
  // SS IPTV loads a plain M3U list by address.
  ssiptv: 'm3u',
  epg: 'epg',
};

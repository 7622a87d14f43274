/**
 * The kinds of short link a line can have (docs/product/screens.md#users): the M3U playlist, the HLS
 * playlist, the SS IPTV playlist (served on the domain's `ss.` sub-domain) and the EPG.
 */
export const SHORT_LINK_TYPES = ['mpgets', 'hls', 'ssiptv', 'epg'] as const;
export type ShortLinkType = (typeof SHORT_LINK_TYPES)[number];

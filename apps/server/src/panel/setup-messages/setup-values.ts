import { portalUrl } from '@panel/shared/portal/portal-api';
import type { PlaylistLinks } from '@panel/shared/content/playlist-links';
import { SHORT_LINK_TARGET, shortLinkUrl, type ShortLinkType } from '@panel/shared/domains/short-link-types';
import { panelDate, PANEL_UTC_OFFSET_SECONDS } from '@panel/shared/lines/panel-calendar';
import type { SetupValues } from '@panel/shared/setup-messages/render-setup-message';
import { SETUP_APP_PLAYLIST, type SetupApp } from '@panel/shared/setup-messages/setup-apps';
import type { LineRow } from '../../db/schema';
import { unixSeconds } from '@panel/shared/time/unix-seconds';

/** 'dd/mm/aaaa hh:mm' of a date in panel time (Brasília, docs/product/rules.md). */
export function panelDateTime(date: Date): string {
  const seconds = unixSeconds(date);
  const [year, month, day] = panelDate(seconds).split('-');
  const time = new Date((seconds + PANEL_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(11, 16);
  return `${day}/${month}/${year} ${time}`;
}

export interface ShortLinkFacts {
  type: ShortLinkType;
  code: string;
  domain: string;
}

/**
 * The playlist address of `app` for this line (decision 0050): its newest short link of the app's type,
 * else the long link; null for P2P, which does not play through this server.
 */
export function appPlaylist(
  app: SetupApp,
  links: PlaylistLinks,
  newestFirst: readonly ShortLinkFacts[],
  scheme: 'http' | 'https',
): string | null {
  const type = SETUP_APP_PLAYLIST[app];
  if (!type) return null;
  const short = newestFirst.find((link) => link.type === type);
  return short ? shortLinkUrl(scheme, short.domain, short.type, short.code) : links[SHORT_LINK_TARGET[type]];
}

/** What each placeholder of a setup message becomes for one line and app. */
export function setupValues(line: LineRow, links: PlaylistLinks, playlist: string | null): SetupValues {
  return {
    usuario: line.username,
    senha: line.password,
    vencimento: panelDateTime(line.expDate),
    telas: String(line.maxConnections),
    cliente: line.fullName ?? '',
    mac: line.macaddr ?? '',
    dns: links.playerApiBase,
    url_m3u: links.m3u,
    url_m3u_plus: links.m3uPlus,
    url_hls: links.hls,
    url_epg: links.epg,
    url_portal: portalUrl(links.playerApiBase),
    link_curto: playlist ?? links.m3u,
  };
}

import { SYSTEMS } from '../catalog/packages';
import type { ShortLinkType } from '../domains/short-link-types';

/**
 * The client apps a setup message is written for (docs/product/screens.md#users): six IPTV apps, the P2P
 * app and the hybrid (MAC) app. Each has one message template the admin can edit.
 */
export const SETUP_APPS = [
  'DUPLEX',
  'ROKU',
  'SSIPTV',
  'STB',
  'SMARTERS',
  'XCIPTV',
  'P2P',
  'HYBRID',
  'RENEWAL',
] as const;
export type SetupApp = (typeof SETUP_APPS)[number];

/** The names the panel shows for each app. */
export const SETUP_APP_LABELS: Record<SetupApp, string> = {
  DUPLEX: 'Duplex Play',
  ROKU: 'Roku',
  SSIPTV: 'SS IPTV',
  STB: 'STB (MAG)',
  SMARTERS: 'IPTV Smarters',
  XCIPTV: 'XCIPTV',
  P2P: 'P2P',
  HYBRID: 'Híbrido',
  RENEWAL: 'Renovação',
};

export function isSetupApp(value: string): value is SetupApp {
  return (SETUP_APPS as readonly string[]).includes(value);
}

/**
 * The apps whose message fits a line of `system` (1 IPTV, 2 P2P, 3 hybrid), in the panel's order; every
 * line also has the renewal message, the one the bulk 'Enviar mensagem de renovação' sends (decision 0152).
 */
export function setupAppsForSystem(system: number): SetupApp[] {
  if (system === SYSTEMS.p2p) return ['P2P', 'RENEWAL'];
  if (system === SYSTEMS.hybrid) return ['HYBRID', 'RENEWAL'];
  return ['DUPLEX', 'ROKU', 'SSIPTV', 'STB', 'SMARTERS', 'XCIPTV', 'RENEWAL'];
}

/**
 * The playlist an app loads, hence its `{link_curto}` and the address its QR code holds (decision 0050):
 * SS IPTV loads its own short link type (served on the `ss.` sub-domain), Roku plays HLS, the others an
 * M3U playlist. P2P lines play through the P2P service, not through this server's playlists: no link. The
 * renewal message tells the new expiry, not how to load a playlist: no link of its own.
 */
export const SETUP_APP_PLAYLIST: Record<SetupApp, ShortLinkType | null> = {
  DUPLEX: 'mpgets',
  ROKU: 'hls',
  SSIPTV: 'ssiptv',
  STB: 'mpgets',
  SMARTERS: 'mpgets',
  XCIPTV: 'mpgets',
  P2P: null,
  HYBRID: 'mpgets',
  RENEWAL: null,
};

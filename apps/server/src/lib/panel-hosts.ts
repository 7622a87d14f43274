import { isInternalHost } from '@panel/shared/domains/domains-api';
import type { Config } from '../config';

/**
 * The host names that are the panel's own (decision 0069): a reseller's domain answers only short links
 * and what customers' apps load, so none of these may ever be one, or the admin would lose the panel there.
 * They are PANEL_PUBLIC_HOST, the host of PLAYER_BASE_URL, and (read from the database by the callers) the
 * 'Domínio principal' setting; IP literals, `localhost` and internal names always are (isInternalHost).
 */
export function configuredPanelHosts(
  config: Pick<Config, 'PANEL_PUBLIC_HOST' | 'PLAYER_BASE_URL'>,
): ReadonlySet<string> {
  const hosts = new Set<string>();
  if (config.PANEL_PUBLIC_HOST) hosts.add(normaliseHost(config.PANEL_PUBLIC_HOST));
  if (config.PLAYER_BASE_URL) hosts.add(normaliseHost(new URL(config.PLAYER_BASE_URL).hostname));
  return hosts;
}

/** Lowercase, without a trailing dot (a request's host name is already without its port). */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/**
 * True when `host` is one of the panel's own by configuration or by shape: empty (a request without a
 * Host), an IP literal, `localhost` or an internal name, or one of `configured`. The main domain setting
 * is checked by the callers, against the database.
 */
export function isPanelHostByConfig(host: string, configured: ReadonlySet<string>): boolean {
  return host === '' || isInternalHost(host) || configured.has(host);
}

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../lib/private-address';

/**
 * Whether the server may POST to a reseller's webhook address (decision 0170): every address its host
 * resolves to must be public, so a reseller cannot make the panel call its own network, its cloud's
 * metadata or itself. `allowPrivate` is the tests' and journeys' switch (their receivers listen locally).
 */
export async function isAllowedWebhookUrl(url: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host)) return !isPrivateAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((entry) => !isPrivateAddress(entry.address));
  } catch {
    // A name that does not resolve now may later; it is checked again before each delivery.
    return true;
  }
}

import { request } from 'node:http';
import { Resolver } from 'node:dns/promises';
import { DOMAIN_CHECK_ERRORS, DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';
import { isPrivateAddress } from '../../lib/private-address';

export interface DomainCheckOptions {
  /** "address:port" DNS servers; empty: the system's. */
  dnsServers: readonly string[];
  /** The panel's public addresses: an A/AAAA record among them verifies the domain. */
  panelAddresses: readonly string[];
  /** The panel's public host: a CNAME to it verifies the domain. */
  panelHost: string | undefined;
  /** The port of the token-file request (80 in production). */
  httpPort: number;
  timeoutMs: number;
  /** Tests only: let the token-file request reach loopback and private addresses (DOMAIN_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /**
   * Only the token file counts, not the DNS pointing at the panel: another account claims the same host,
   * and a DNS record cannot say which of them controls it (decision 0070).
   */
  tokenFileOnly?: boolean;
}

export type DomainCheckResult = { verified: true } | { verified: false; error: string };

/** The answers of one record type; a name without such records (or a failed lookup) has none. */
async function records(lookup: () => Promise<string[]>): Promise<string[]> {
  try {
    return await lookup();
  } catch {
    return [];
  }
}

/** GETs the token file from `address`, asking for `domain` (Host); answers its trimmed body, or null. */
function fetchToken(address: string, domain: string, options: DomainCheckOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: address,
        port: options.httpPort,
        path: DOMAIN_TOKEN_PATH,
        method: 'GET',
        headers: { host: domain },
        timeout: options.timeoutMs,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(null);
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
          // A token is a few dozen characters: anything longer is not one.
          if (body.length > 1024) outgoing.destroy();
        });
        response.on('end', () => resolve(body.trim()));
        response.on('error', () => resolve(null));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve(null));
    outgoing.end();
  });
}

/**
 * Whether `domain` reaches the panel (decision 0048): (a) its A/AAAA records include one of the panel's
 * public addresses, or its CNAME is the panel's host; or (b) http://<domain>:<port>/.well-known/
 * painel-dominio.txt, asked of the addresses the domain resolves to, answers `token`. The panel serves
 * that file itself for its registered domains, so a domain pointed at it passes (b) too. Unless
 * `allowPrivateHosts`, (b) skips every loopback or private address (lib/private-address.ts): a domain
 * resolving only to such addresses stays pending with DOMAIN_CHECK_ERRORS.privateAddress. With
 * `tokenFileOnly` (a contested host, decision 0070) only (b) counts, and the panel does not answer the
 * file of a contested host.
 */
export async function checkDomain(
  domain: string,
  token: string,
  options: DomainCheckOptions,
): Promise<DomainCheckResult> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);
  const addresses = [
    ...(await records(() => resolver.resolve4(domain))),
    ...(await records(() => resolver.resolve6(domain))),
  ];
  const byDns = !options.tokenFileOnly;
  if (byDns && addresses.some((address) => options.panelAddresses.includes(address.toLowerCase())))
    return { verified: true };
  if (byDns && options.panelHost) {
    const cnames = await records(() => resolver.resolveCname(domain));
    if (cnames.some((name) => name.toLowerCase().replace(/\.$/, '') === options.panelHost))
      return { verified: true };
  }
  // The request connects to the resolved address itself, so it is classified here, before any connection:
  // loopback, private, link-local (metadata), unique-local… are never asked (decision 0048).
  const reachable = options.allowPrivateHosts
    ? addresses
    : addresses.filter((address) => !isPrivateAddress(address));
  for (const address of reachable) {
    if ((await fetchToken(address, domain, options)) === token) return { verified: true };
  }
  if (reachable.length < addresses.length)
    return { verified: false, error: DOMAIN_CHECK_ERRORS.privateAddress };
  const configured = options.panelAddresses.length > 0 || Boolean(options.panelHost);
  return {
    verified: false,
    error: configured ? DOMAIN_CHECK_ERRORS.notPointed : DOMAIN_CHECK_ERRORS.notConfigured,
  };
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../../lib/private-address';

/**
 * The HTTP client of migration (decision 0052): one GET of another provider's player API, with a
 * timeout, a cap on the answer's size and, unless allowed, no loopback or private address (checked on
 * the address actually connected to, so a name that resolves to one is refused too).
 */
export interface ProviderClientOptions {
  timeoutMs: number;
  maxBytes: number;
  allowPrivateHosts: boolean;
}

/** Why the provider could not be read: the address is not allowed, or it did not answer usable JSON. */
export class ProviderRequestError extends Error {
  constructor(
    readonly reason: 'not_allowed' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

const notAllowed = () => new ProviderRequestError('not_allowed', 'address not allowed');

/** dns.lookup that refuses private answers. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const usable = addresses.find((entry) => !isPrivateAddress(entry.address));
    if (!usable || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(notAllowed() as unknown as NodeJS.ErrnoException, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [usable]);
    return callback(null, usable.address, usable.family);
  });
};

/** GET `url` and parse its JSON body; throws ProviderRequestError for every failure. */
export function getProviderJson(url: URL, options: ProviderClientOptions): Promise<unknown> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateHosts && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(notAllowed());
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'GET',
    headers: { accept: 'application/json' },
    timeout: options.timeoutMs,
    ...(options.allowPrivateHosts ? {} : { lookup: publicOnlyLookup }),
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(
        error instanceof ProviderRequestError
          ? error
          : new ProviderRequestError('unreachable', error instanceof Error ? error.message : String(error)),
      );
    };
    const timer = setTimeout(() => fail(new Error('timed out')), options.timeoutMs);
    const request = send(url, requestOptions, (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        return fail(new Error(`answered HTTP ${status}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(new Error('answer too large'));
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        if (settled) return;
        try {
          const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          settled = true;
          clearTimeout(timer);
          resolve(parsed);
        } catch {
          fail(new Error('answer is not JSON'));
        }
      });
    });
    request.on('timeout', () => fail(new Error('timed out')));
    request.on('error', fail);
    request.end();
  });
}

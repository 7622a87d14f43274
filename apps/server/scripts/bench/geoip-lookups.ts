/**
 * What the shipped country database (decision 0074) costs a stream start: the first lookup (the ~8 MB mmdb
 * file read and its reader built) and then lookups per second, as `countryOf` answers them (address parsed,
 * local-network addresses skipped by private-address.ts, the mmdb tree walked), by kind of address:
 *
 * - `public IPv4`: distinct pseudo-random public addresses (no two alike: no help from any cache of ours);
 * - `public IPv6`: the same in 2000::/3;
 * - `IPv4-mapped`: `::ffff:a.b.c.d`, as a dual-stack socket reports an IPv4 client;
 * - `local network`: 192.168.x.y, answered without a lookup;
 * - `reader alone`: mmdb-lib's `get` on the public IPv4 addresses, to see what the checks around it add.
 *
 * Each figure is the median of `--rounds` passes over `--addresses` addresses, after one pass of warm-up.
 *
 *   node --import tsx scripts/bench/geoip-lookups.ts [--addresses 100000] [--rounds 7]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { openMmdbGeoIp, shippedDatabasePath } from '../../src/lib/geoip';
import { isPrivateAddress } from '../../src/lib/private-address';
import { emitResult } from './bench-env';
import { round, summarise } from './stats';

const { values } = parseArgs({ options: { addresses: { type: 'string' }, rounds: { type: 'string' } } });
const COUNT = Number(values.addresses ?? 100_000);
const ROUNDS = Number(values.rounds ?? 7);

/** A deterministic 32-bit generator (xorshift), so every run looks up the same addresses. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

const quad = (value: number) =>
  [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');

function publicIpv4(count: number): string[] {
  const next = generator(74);
  const seen = new Set<string>();
  while (seen.size < count) {
    const address = quad(next());
    if (!isPrivateAddress(address)) seen.add(address);
  }
  return [...seen];
}

function publicIpv6(count: number): string[] {
  const next = generator(2074);
  const group = () => (next() & 0xffff).toString(16);
  return Array.from(
    { length: count },
    () => `${(0x2000 | (next() & 0x1fff)).toString(16)}:${group()}:${group()}:${group()}::${group()}`,
  );
}

const ipv4 = publicIpv4(COUNT);
const kinds: Record<string, string[]> = {
  'public IPv4': ipv4,
  'public IPv6': publicIpv6(COUNT),
  'IPv4-mapped': ipv4.map((address) => `::ffff:${address}`),
  'local network': Array.from(
    { length: COUNT },
    (_, index) => `192.168.${(index >> 8) & 255}.${index & 255}`,
  ),
};

const path = shippedDatabasePath();
const rssBefore = process.memoryUsage().rss;
const geoIp = openMmdbGeoIp(path);
const firstStart = performance.now();
const firstAnswer = geoIp.countryOf('200.160.2.3');
const firstLookupMs = performance.now() - firstStart;
const rssAfterLoad = process.memoryUsage().rss;

/** Lookups per second of `lookup` over `addresses`: median of ROUNDS passes after a warm-up pass. */
function throughput(addresses: string[], lookup: (ip: string) => unknown) {
  let found = 0;
  for (const address of addresses) if (lookup(address)) found += 1;
  const rates: number[] = [];
  for (let pass = 0; pass < ROUNDS; pass += 1) {
    const start = performance.now();
    for (const address of addresses) lookup(address);
    rates.push((addresses.length / (performance.now() - start)) * 1000);
  }
  const rate = summarise(rates).median;
  return {
    lookups_per_second: Math.round(rate),
    microseconds_per_lookup: round(1e6 / rate, 2),
    with_a_country: round(found / addresses.length, 3),
  };
}

const results: Record<string, ReturnType<typeof throughput>> = {};
for (const [kind, addresses] of Object.entries(kinds)) {
  results[kind] = throughput(addresses, (ip) => geoIp.countryOf(ip));
}
const reader = new Reader<CountryResponse & { country_code?: string }>(readFileSync(path), {
  cache: new Map(),
});
results['reader alone'] = throughput(ipv4, (ip) => reader.get(ip)?.country_code);

await emitResult({
  node: process.version,
  database: path.replace(/^.*node_modules\//, ''),
  addresses_per_kind: COUNT,
  rounds: ROUNDS,
  first_lookup: { ms: round(firstLookupMs, 1), answer: firstAnswer },
  rss_added_by_the_database_mb: round((rssAfterLoad - rssBefore) / 1e6, 1),
  lookups: results,
});

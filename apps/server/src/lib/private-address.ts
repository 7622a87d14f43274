import { BlockList, isIP } from 'node:net';

/**
 * The one classifier of addresses the server must not fetch on a user's behalf (decisions 0052 and 0048):
 * migration's provider requests and domain verification's token-file request refuse them unless their
 * test-only switch (MIGRATION_ALLOW_PRIVATE_HOSTS, DOMAIN_ALLOW_PRIVATE_HOSTS) is on. The country lookup of
 * every stream start skips the same addresses (decision 0074).
 */
const PRIVATE_IPV4: readonly (readonly [network: string, prefix: number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
];
/** Every block, for IPv6 addresses: BlockList checks an IPv4-mapped one, in any spelling, against the IPv4 blocks. */
const PRIVATE = new BlockList();
for (const [network, prefix] of PRIVATE_IPV4) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** A dotted quad `isIP` accepted, as a 32-bit number. */
function ipv4Value(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

/**
 * The IPv4 blocks as [first, last] numbers: compared by arithmetic, an IPv4 address costs well under a
 * microsecond, where BlockList.check costs ~10 µs (each stream start asks once; decision 0074).
 */
const PRIVATE_IPV4_RANGES = PRIVATE_IPV4.map(([network, prefix]) => {
  const first = ipv4Value(network);
  return [first, first + 2 ** (32 - prefix) - 1] as const;
});

/** An IPv4 address, as a 32-bit number, in one of the blocks above. */
export function isPrivateIpv4(value: number): boolean {
  return PRIVATE_IPV4_RANGES.some(([first, last]) => value >= first && value <= last);
}

/**
 * Loopback, private, CGNAT, link-local (cloud metadata's 169.254.169.254 included), unique-local, multicast
 * or unspecified (IPv4-mapped IPv6 included); anything that is not an IP address counts as private too.
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isIP(mapped) !== 4 || isPrivateIpv4(ipv4Value(mapped));
  const family = isIP(address);
  if (family === 0) return true;
  return family === 6 ? PRIVATE.check(address, 'ipv6') : isPrivateIpv4(ipv4Value(address));
}

import { BlockList, isIP } from 'node:net';

/**
 * The one classifier of addresses the server must not fetch on a user's behalf (decisions 0052 and 0048):
 * migration's provider requests and domain verification's token-file request refuse them unless their
 * test-only switch (MIGRATION_ALLOW_PRIVATE_HOSTS, DOMAIN_ALLOW_PRIVATE_HOSTS) is on.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/**
 * Loopback, private, CGNAT, link-local (cloud metadata's 169.254.169.254 included), unique-local, multicast
 * or unspecified (IPv4-mapped IPv6 included); anything that is not an IP address counts as private too.
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

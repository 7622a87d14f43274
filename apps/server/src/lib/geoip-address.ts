import { isIP } from 'node:net';
import type { GeoIpMissingReason } from '@panel/shared/online/online-api';
import { isPrivateAddress, isPrivateIpv4 } from './private-address';

/**
 * Client addresses as the country lookups read them (decisions 0047 and 0074): brackets and an IPv6 zone
 * dropped, an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports IPv4 clients, or
 * its hex form) read as its IPv4 address, and private ones told apart with the server's one classifier
 * (private-address.ts), so the shipped database and an admin's CSV skip the same addresses.
 */

/** An address as the lookups need it: text for the mmdb reader, and an IPv4 address's number. */
export type ClientAddress = { family: 4; text: string; value: number } | { family: 6; text: string };

/** Dotted quad → 32-bit number (read character by character: the CSV's ~500k rows are parsed at start). */
export function parseIpv4(text: string): number | null {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      octet = octet * 10 + (code - 48);
      digits += 1;
      if (digits > 3 || octet > 255) return null;
    } else if (code === 46 && digits > 0 && dots < 3) {
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else {
      return null;
    }
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : null;
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** The 16-bit groups of one side of an IPv6 address's `::` (an IPv4 tail gives two), or null. */
function ipv6Groups(part: string): number[] | null {
  if (part === '') return [];
  const groups: number[] = [];
  const pieces = part.split(':');
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index] ?? '';
    if (index === pieces.length - 1 && piece.includes('.')) {
      const v4 = parseIpv4(piece);
      if (v4 === null) return null;
      groups.push(Math.floor(v4 / 65536), v4 % 65536);
    } else if (HEX_GROUP.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

/** An IPv6 address as its two 64-bit halves, or null when it is not one. */
export function parseIpv6(text: string): [bigint, bigint] | null {
  const address = text.split('%', 1)[0] ?? '';
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = ipv6Groups(halves[0] ?? '');
  const tail = halves.length === 2 ? ipv6Groups(halves[1] ?? '') : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = head.concat(new Array<number>(missing).fill(0), tail);
  const words = [0, 2, 4, 6].map((at) => BigInt((groups[at] ?? 0) * 65536 + (groups[at + 1] ?? 0)));
  return [((words[0] ?? 0n) << 32n) | (words[1] ?? 0n), ((words[2] ?? 0n) << 32n) | (words[3] ?? 0n)];
}

function dottedQuad(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

const MAPPED_DOTTED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function ipv4Address(text: string): ClientAddress | null {
  const value = parseIpv4(text);
  return value === null ? null : { family: 4, text, value };
}

/**
 * The address `ip` names; null when it is no IP address (Node's `isIP` decides). IPv4-mapped addresses are
 * read as IPv4: the common dotted form by a pattern, any other spelling (all contain "ffff") by parsing.
 */
export function parseClientAddress(ip: string): ClientAddress | null {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  text = text.split('%', 1)[0] ?? '';
  const family = isIP(text);
  if (family === 4) return ipv4Address(text);
  if (family !== 6) return null;
  const dotted = MAPPED_DOTTED.exec(text)?.[1];
  if (dotted) return ipv4Address(dotted);
  if (/ffff/i.test(text)) {
    const [high, low] = parseIpv6(text) ?? [1n, 0n];
    if (high === 0n && low >> 32n === 0xffffn) {
      const value = Number(low & 0xffffffffn);
      return { family: 4, text: dottedQuad(value), value };
    }
  }
  return { family: 6, text };
}

/** Loopback, private, CGNAT, link-local, multicast or reserved (private-address.ts's blocks). */
function isLocalNetwork(address: ClientAddress): boolean {
  return address.family === 4 ? isPrivateIpv4(address.value) : isPrivateAddress(address.text);
}

/**
 * The address when a country database may place it; null for a local-network address and for text that is
 * no address.
 */
export function publicClientAddress(ip: string): ClientAddress | null {
  const address = parseClientAddress(ip);
  return address && !isLocalNetwork(address) ? address : null;
}

/**
 * Why a connection shows no country (decision 0074): its address is a local-network one (nothing to look
 * up), or the database does not place it (or no address was recorded).
 */
export function missingCountryReason(ip: string | null): GeoIpMissingReason {
  const address = ip === null ? null : parseClientAddress(ip);
  return address && isLocalNetwork(address) ? 'local_network' : 'not_found';
}

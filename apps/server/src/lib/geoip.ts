import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * The country of a client address, from a DB-IP "IP to Country Lite" CSV (decision 0047): rows
 * `start_ip,end_ip,country_code`, IPv4 and IPv6, sorted or not, optionally gzip-compressed. The ranges are
 * kept in typed arrays (about 10 bytes per IPv4 row, 34 per IPv6 row: a few megabytes for the real file's
 * ~500k rows) and searched by bisection, so a lookup costs ~20 comparisons.
 */
export interface GeoIp {
  /** Two-letter code (ISO 3166-1 alpha-2, upper case); null for private, reserved, unknown or invalid. */
  countryOf(ip: string): string | null;
  /** How many ranges were loaded (0 when no database is configured). */
  readonly ranges: number;
}

/** Used when GEOIP_CSV_PATH is unset: every connection has no country. */
const NO_GEOIP: GeoIp = { countryOf: () => null, ranges: 0 };

/** DB-IP's code for ranges it does not place in a country (reserved, private). */
const UNKNOWN_COUNTRY = 'ZZ';

/** Dotted quad → 32-bit number (read character by character: ~500k rows are parsed at start). */
function parseIpv4(text: string): number | null {
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
function parseIpv6(text: string): [bigint, bigint] | null {
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

const PRIVATE_IPV4_BLOCKS: readonly (readonly [base: string, bits: number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3], // multicast and reserved, up to 255.255.255.255
];
const PRIVATE_IPV4 = PRIVATE_IPV4_BLOCKS.map(([base, bits]) => ({
  first: parseIpv4(base) ?? 0,
  size: 2 ** (32 - bits),
}));

function isPrivateIpv4(ip: number): boolean {
  return PRIVATE_IPV4.some(({ first, size }) => ip >= first && ip < first + size);
}

function isPrivateIpv6(high: bigint, low: bigint): boolean {
  const top16 = Number(high >> 48n);
  return (
    (high === 0n && (low === 0n || low === 1n)) || // unspecified, loopback
    (top16 & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (top16 & 0xffc0) === 0xfe80 || // link local fe80::/10
    (top16 & 0xff00) === 0xff00 // multicast
  );
}

/** `::ffff:a.b.c.d` (as a dual-stack socket reports IPv4 clients): the IPv4 address, else null. */
function mappedIpv4(high: bigint, low: bigint): number | null {
  return high === 0n && low >> 32n === 0xffffn ? Number(low & 0xffffffffn) : null;
}

/** Index of the last start ≤ value in a sorted array, -1 when none. */
function lastAtOrBelow(count: number, isAtOrBelow: (index: number) => boolean): number {
  let lowIndex = 0;
  let highIndex = count - 1;
  let found = -1;
  while (lowIndex <= highIndex) {
    const middle = (lowIndex + highIndex) >>> 1;
    if (isAtOrBelow(middle)) {
      found = middle;
      lowIndex = middle + 1;
    } else {
      highIndex = middle - 1;
    }
  }
  return found;
}

/** Row order by start address, when the file is not already sorted. */
function sortedOrder(count: number, compare: (a: number, b: number) => number): number[] | null {
  for (let index = 1; index < count; index += 1) {
    if (compare(index - 1, index) > 0) {
      return Array.from({ length: count }, (_, position) => position).sort(compare);
    }
  }
  return null;
}

function reorder<T extends Uint32Array | BigUint64Array | Uint16Array>(array: T, order: number[] | null): T {
  if (!order) return array;
  const copy = array.slice() as T;
  order.forEach((from, to) => {
    copy[to] = array[from] as never;
  });
  return copy;
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

function malformed(lineIndex: number, line: string, why: string): Error {
  return new Error(`GeoIP CSV line ${lineIndex + 1}: ${why} (${line.slice(0, 80)})`);
}

interface Ranges {
  countries: (string | null)[];
  v4Starts: Uint32Array;
  v4Ends: Uint32Array;
  v4Countries: Uint16Array;
  starts6High: BigUint64Array;
  starts6Low: BigUint64Array;
  ends6High: BigUint64Array;
  ends6Low: BigUint64Array;
  countries6: Uint16Array;
}

/**
 * The CSV's rows as sorted typed arrays. A function of its own so that the lookup's closures do not keep
 * the parse-time buffers (sized for the whole file) alive.
 */
function readRanges(text: string): Ranges {
  const lines = text.split('\n');
  const countries: (string | null)[] = [];
  const countryIndex = new Map<string, number>();
  const codeOf = (code: string): number => {
    let index = countryIndex.get(code);
    if (index === undefined) {
      index = countries.length;
      countries.push(code === UNKNOWN_COUNTRY ? null : code);
      countryIndex.set(code, index);
    }
    return index;
  };

  // Sized for the whole file, trimmed below: no growing while parsing ~500k rows.
  const v4 = { starts: new Uint32Array(lines.length), ends: new Uint32Array(lines.length) };
  const v4Codes = new Uint16Array(lines.length);
  let v4Count = 0;
  const v6 = {
    startHigh: new BigUint64Array(lines.length),
    startLow: new BigUint64Array(lines.length),
    endHigh: new BigUint64Array(lines.length),
    endLow: new BigUint64Array(lines.length),
  };
  const v6Codes = new Uint16Array(lines.length);
  let v6Count = 0;

  for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
    const line = (lines[lineIndex] ?? '').trim();
    if (line === '') continue;
    const fields = (line.includes('"') ? line.replaceAll('"', '') : line).split(',');
    const start = (fields[0] ?? '').trim();
    const end = (fields[1] ?? '').trim();
    const country = (fields[2] ?? '').trim();
    if (!COUNTRY_CODE.test(country)) {
      // A header line is tolerated; any other row without a country is a wrong file.
      if (lineIndex === 0 && parseIpv4(start) === null && parseIpv6(start) === null) continue;
      throw malformed(lineIndex, line, 'expected start_ip,end_ip,country_code');
    }
    const code = codeOf(country.toUpperCase());
    if (start.includes(':')) {
      const first = parseIpv6(start);
      const last = parseIpv6(end);
      if (!first || !last) throw malformed(lineIndex, line, 'invalid IPv6 range');
      v6.startHigh[v6Count] = first[0];
      v6.startLow[v6Count] = first[1];
      v6.endHigh[v6Count] = last[0];
      v6.endLow[v6Count] = last[1];
      v6Codes[v6Count] = code;
      v6Count += 1;
    } else {
      const first = parseIpv4(start);
      const last = parseIpv4(end);
      if (first === null || last === null) throw malformed(lineIndex, line, 'invalid IPv4 range');
      v4.starts[v4Count] = first;
      v4.ends[v4Count] = last;
      v4Codes[v4Count] = code;
      v4Count += 1;
    }
  }

  const v4Order = sortedOrder(v4Count, (a, b) => (v4.starts[a] ?? 0) - (v4.starts[b] ?? 0));
  const v4Starts = reorder(v4.starts.slice(0, v4Count), v4Order);
  const v4Ends = reorder(v4.ends.slice(0, v4Count), v4Order);
  const v4Countries = reorder(v4Codes.slice(0, v4Count), v4Order);

  const compareV6 = (a: number, b: number): number => {
    const [ah, bh] = [v6.startHigh[a] ?? 0n, v6.startHigh[b] ?? 0n];
    if (ah !== bh) return ah < bh ? -1 : 1;
    const [al, bl] = [v6.startLow[a] ?? 0n, v6.startLow[b] ?? 0n];
    return al === bl ? 0 : al < bl ? -1 : 1;
  };
  const v6Order = sortedOrder(v6Count, compareV6);
  const starts6High = reorder(v6.startHigh.slice(0, v6Count), v6Order);
  const starts6Low = reorder(v6.startLow.slice(0, v6Count), v6Order);
  const ends6High = reorder(v6.endHigh.slice(0, v6Count), v6Order);
  const ends6Low = reorder(v6.endLow.slice(0, v6Count), v6Order);
  const countries6 = reorder(v6Codes.slice(0, v6Count), v6Order);
  return {
    countries,
    ...{ v4Starts, v4Ends, v4Countries },
    ...{ starts6High, starts6Low, ends6High, ends6Low, countries6 },
  };
}

/** Builds the lookup from the CSV's text; a malformed row throws, naming its line. */
export function parseGeoIpCsv(text: string): GeoIp {
  const ranges = readRanges(text);
  const { countries, v4Starts, v4Ends, v4Countries } = ranges;
  const { starts6High, starts6Low, ends6High, ends6Low, countries6 } = ranges;
  const [v4Count, v6Count] = [v4Starts.length, starts6High.length];

  const lookupV4 = (ip: number): string | null => {
    if (isPrivateIpv4(ip)) return null;
    const index = lastAtOrBelow(v4Count, (at) => (v4Starts[at] ?? 0) <= ip);
    if (index < 0 || ip > (v4Ends[index] ?? 0)) return null;
    return countries[v4Countries[index] ?? 0] ?? null;
  };

  const lookupV6 = (high: bigint, low: bigint): string | null => {
    if (isPrivateIpv6(high, low)) return null;
    const atOrBelow = (at: number): boolean => {
      const startHigh = starts6High[at] ?? 0n;
      return startHigh < high || (startHigh === high && (starts6Low[at] ?? 0n) <= low);
    };
    const index = lastAtOrBelow(v6Count, atOrBelow);
    if (index < 0) return null;
    const endHigh = ends6High[index] ?? 0n;
    if (high > endHigh || (high === endHigh && low > (ends6Low[index] ?? 0n))) return null;
    return countries[countries6[index] ?? 0] ?? null;
  };

  return {
    ranges: v4Count + v6Count,
    countryOf(ip: string): string | null {
      if (!ip.includes(':')) {
        const address = parseIpv4(ip.trim());
        return address === null ? null : lookupV4(address);
      }
      const address = parseIpv6(ip.trim().replace(/^\[|\]$/g, ''));
      if (!address) return null;
      const [high, low] = address;
      const mapped = mappedIpv4(high, low);
      return mapped === null ? lookupV6(high, low) : lookupV4(mapped);
    },
  };
}

/**
 * Loads GEOIP_CSV_PATH once at start (decision 0047): plain or gzip CSV. No path: a lookup that always
 * answers null. A missing or malformed file throws, so a wrong setting stops the start instead of
 * silently losing every country.
 */
export async function loadGeoIp(path: string | undefined): Promise<GeoIp> {
  if (!path) return NO_GEOIP;
  const bytes = await readFile(path);
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (isGzip ? await promisify(gunzip)(bytes) : bytes).toString('utf8');
  return parseGeoIpCsv(text);
}

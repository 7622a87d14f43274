import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { parseIpv4, parseIpv6, publicClientAddress } from './geoip-address';
import type { GeoIp } from './geoip';

/**
 * The admin's own country database, GEOIP_CSV_PATH (decision 0047; it overrides the shipped one, decision
 * 0074): DB-IP's "IP to Country Lite" CSV, rows `start_ip,end_ip,country_code`, IPv4 and IPv6, sorted or
 * not, optionally gzip-compressed. The ranges are kept in typed arrays (about 10 bytes per IPv4 row, 34 per
 * IPv6 row: a few megabytes for the real file's ~500k rows) and searched by bisection, so a lookup costs
 * ~20 comparisons.
 */
export interface CsvGeoIp extends GeoIp {
  /** How many ranges were loaded. */
  readonly ranges: number;
}

/** DB-IP's code for ranges it does not place in a country (reserved, private). */
const UNKNOWN_COUNTRY = 'ZZ';

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
export function parseGeoIpCsv(text: string): CsvGeoIp {
  const ranges = readRanges(text);
  const { countries, v4Starts, v4Ends, v4Countries } = ranges;
  const { starts6High, starts6Low, ends6High, ends6Low, countries6 } = ranges;
  const [v4Count, v6Count] = [v4Starts.length, starts6High.length];

  const lookupV4 = (ip: number): string | null => {
    const index = lastAtOrBelow(v4Count, (at) => (v4Starts[at] ?? 0) <= ip);
    if (index < 0 || ip > (v4Ends[index] ?? 0)) return null;
    return countries[v4Countries[index] ?? 0] ?? null;
  };

  const lookupV6 = (high: bigint, low: bigint): string | null => {
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
    source: 'csv_file',
    ranges: v4Count + v6Count,
    countryOf(ip: string): string | null {
      const address = publicClientAddress(ip);
      if (!address) return null;
      if (address.family === 4) return lookupV4(address.value);
      const halves = parseIpv6(address.text);
      return halves ? lookupV6(...halves) : null;
    },
  };
}

/**
 * Reads the CSV once at start: plain or gzip. A missing or malformed file throws, so a wrong setting stops
 * the start instead of silently losing every country.
 */
export async function loadGeoIpCsv(path: string): Promise<CsvGeoIp> {
  const bytes = await readFile(path);
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (isGzip ? await promisify(gunzip)(bytes) : bytes).toString('utf8');
  return parseGeoIpCsv(text);
}

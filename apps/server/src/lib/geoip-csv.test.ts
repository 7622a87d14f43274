import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app';
import { loadGeoIpCsv, parseGeoIpCsv, type CsvGeoIp } from './geoip-csv';

// A few rows of DB-IP's "IP to Country Lite" file, in its format (one row out of order on purpose).
const SAMPLE = new URL('../../test/fixtures/dbip-country-lite-sample.csv', import.meta.url);

describe("GeoIP country lookup from the admin's CSV, GEOIP_CSV_PATH (decision 0047)", () => {
  let folder: string;
  let geoIp: CsvGeoIp;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'geoip-'));
    geoIp = await loadGeoIpCsv(SAMPLE.pathname);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('finds the country of IPv4 addresses, at range edges too, even when the file is not sorted', () => {
    expect(geoIp.ranges).toBe(14);
    expect(geoIp.countryOf('1.0.0.0')).toBe('AU');
    expect(geoIp.countryOf('1.0.0.255')).toBe('AU');
    expect(geoIp.countryOf('1.0.1.0')).toBe('CN');
    expect(geoIp.countryOf('1.0.3.255')).toBe('CN');
    expect(geoIp.countryOf('8.8.8.8')).toBe('US');
    expect(geoIp.countryOf('177.1.200.3')).toBe('BR');
    expect(geoIp.countryOf('200.147.67.142')).toBe('BR');
    expect(geoIp.countryOf('223.255.255.255')).toBe('AU');
  });

  it('answers null between ranges, outside every range and for private or DB-IP "ZZ" addresses', () => {
    expect(geoIp.countryOf('1.0.4.0')).toBeNull();
    expect(geoIp.countryOf('0.0.0.1')).toBeNull();
    expect(geoIp.countryOf('10.1.2.3')).toBeNull();
    expect(geoIp.countryOf('192.168.0.10')).toBeNull();
    expect(geoIp.countryOf('172.16.5.4')).toBeNull();
    expect(geoIp.countryOf('127.0.0.1')).toBeNull();
    expect(geoIp.countryOf('100.64.0.1')).toBeNull();
    expect(geoIp.countryOf('255.255.255.255')).toBeNull();
    expect(geoIp.countryOf('::1')).toBeNull();
    expect(geoIp.countryOf('fe80::1%eth0')).toBeNull();
    expect(geoIp.countryOf('fd00::5')).toBeNull();
    expect(geoIp.countryOf('3000::1')).toBeNull();
  });

  it('finds IPv6 countries in full, compressed and bracketed forms', () => {
    expect(geoIp.countryOf('2001:4860:4860::8888')).toBe('US');
    expect(geoIp.countryOf('2001:4860:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('US');
    expect(geoIp.countryOf('2001:4861::')).toBeNull();
    expect(geoIp.countryOf('2804:14c:65c2:8000:0000:0000:0000:0001')).toBe('BR');
    expect(geoIp.countryOf('2a00:1450:4001:80b::200e')).toBe('IE');
    expect(geoIp.countryOf('[2001:200::1]')).toBe('JP');
  });

  it('reads IPv4-mapped IPv6 addresses (dual-stack sockets) as their IPv4 address', () => {
    expect(geoIp.countryOf('::ffff:177.0.10.20')).toBe('BR');
    expect(geoIp.countryOf('::FFFF:8.8.8.8')).toBe('US');
    expect(geoIp.countryOf('::ffff:b100:0a14')).toBe('BR');
    expect(geoIp.countryOf('::ffff:10.0.0.1')).toBeNull();
  });

  it('answers null for text that is no address', () => {
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.256', '1.2.3.4.5', '2001:::1', '1::2::3', 'g::1']) {
      expect(geoIp.countryOf(text)).toBeNull();
    }
  });

  it('loads a gzip-compressed file the same way, and tolerates a header line and CRLF endings', async () => {
    const text = await readFile(SAMPLE, 'utf8');
    const path = join(folder, 'dbip.csv.gz');
    await writeFile(path, gzipSync(`ip_start,ip_end,country\r\n${text.replaceAll('\n', '\r\n')}`));
    const fromGzip = await loadGeoIpCsv(path);
    expect(fromGzip.ranges).toBe(14);
    expect(fromGzip.countryOf('200.147.1.1')).toBe('BR');
    expect(fromGzip.countryOf('2001:200::1')).toBe('JP');
  });

  it('refuses a malformed file at start, naming the line', async () => {
    expect(() => parseGeoIpCsv('1.0.0.0,1.0.0.255,AU\n1.0.1.0,1.0.999.255,CN\n')).toThrow(/line 2/);
    expect(() => parseGeoIpCsv('1.0.0.0,1.0.0.255,AU\n1.0.1.0,1.0.3.255\n')).toThrow(/line 2/);
    await expect(loadGeoIpCsv(join(folder, 'missing.csv'))).rejects.toThrow(/ENOENT/);
  });

  it('replaces the shipped database when GEOIP_CSV_PATH is set, as app.geoIp (decision 0074)', async () => {
    const configured = await startTestApp({ GEOIP_CSV_PATH: SAMPLE.pathname });
    try {
      expect(configured.app.geoIp.source).toBe('csv_file');
      expect(configured.app.geoIp.countryOf('::ffff:200.147.3.4')).toBe('BR');
      // In the shipped database (JP), not in the sample: the CSV alone answers.
      expect(configured.app.geoIp.countryOf('202.12.27.33')).toBeNull();
    } finally {
      await configured.close();
    }
  });
});

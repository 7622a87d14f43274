import { DOMAIN_CHECK_ERRORS } from '@panel/shared/domains/domains-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns/fake-dns-server';
import { startTokenFileServer, type TokenFileServer } from '../../../test/fake-dns/token-file-server';
import { checkDomain, type DomainCheckOptions } from './domain-check';

let dns: FakeDns;
let files: TokenFileServer;
let options: DomainCheckOptions;

beforeAll(async () => {
  files = await startTokenFileServer();
  dns = await startFakeDns({
    port: 0,
    answers: {
      'v4.example.com': ['198.51.100.4'],
      'local.example.com': ['127.0.0.1'],
      'loopback.example.com': ['127.0.0.1'],
      'private10.example.com': ['10.0.0.5'],
      'private172.example.com': ['172.16.3.4'],
      'private192.example.com': ['192.168.0.10'],
      'metadata.example.com': ['169.254.169.254'],
      'linklocal.example.com': ['169.254.10.20'],
      'cgnat.example.com': ['100.100.100.200'],
    },
    answers6: {
      'v6loopback.example.com': ['::1'],
      'v6linklocal.example.com': ['fe80::1'],
      'v6unique.example.com': ['fd00:ec2::254'],
    },
    cnames: { 'www.example.com': 'Painel.Example.NET.' },
  });
  options = {
    dnsServers: [`127.0.0.1:${dns.port}`],
    panelAddresses: ['198.51.100.4'],
    panelHost: 'painel.example.net',
    httpPort: files.port,
    timeoutMs: 500,
    allowPrivateHosts: false,
  };
});
afterAll(async () => {
  await dns.close();
  await files.close();
});

describe('checkDomain', () => {
  it('passes on an A record among the panel’s addresses, or a CNAME to its host', async () => {
    expect(await checkDomain('v4.example.com', 'x', options)).toEqual({ verified: true });
    expect(await checkDomain('www.example.com', 'x', options)).toEqual({ verified: true });
    expect(dns.queries).toContain('v4.example.com');
  });

  it('passes when the token file answers the token, asked of the address the domain resolves to', async () => {
    // The token-file server listens on 127.0.0.1: only the test-only switch lets the check reach it.
    const allowed = { ...options, allowPrivateHosts: true };
    const failed = { verified: false, error: DOMAIN_CHECK_ERRORS.notPointed };
    expect(await checkDomain('local.example.com', 'tok-1', allowed)).toEqual(failed);
    files.tokens.set('local.example.com', 'tok-2');
    expect(await checkDomain('local.example.com', 'tok-1', allowed)).toEqual(failed);
    files.tokens.set('local.example.com', 'tok-1');
    expect(await checkDomain('local.example.com', 'tok-1', allowed)).toEqual({ verified: true });
  });

  it('never asks a loopback, private, link-local, unique-local or metadata address for the token (decision 0048)', async () => {
    const refused = { verified: false, error: DOMAIN_CHECK_ERRORS.privateAddress };
    for (const domain of [
      'loopback.example.com',
      'private10.example.com',
      'private172.example.com',
      'private192.example.com',
      'metadata.example.com',
      'linklocal.example.com',
      'cgnat.example.com',
      'v6loopback.example.com',
      'v6linklocal.example.com',
      'v6unique.example.com',
    ]) {
      files.tokens.set(domain, 'tok-private');
      const started = Date.now();
      expect(await checkDomain(domain, 'tok-private', options), domain).toEqual(refused);
      // Refused before connecting: no request waited for its timeout.
      expect(Date.now() - started, domain).toBeLessThan(options.timeoutMs);
    }
    expect(files.requests).not.toContain('loopback.example.com');
    // With the panel's public addresses unset either, the reason is still the internal address.
    expect(
      await checkDomain('loopback.example.com', 'tok-private', {
        ...options,
        panelAddresses: [],
        panelHost: undefined,
      }),
    ).toEqual(refused);
    expect(files.requests).toEqual(expect.not.arrayContaining(['loopback.example.com']));
    expect(
      await checkDomain('loopback.example.com', 'tok-private', { ...options, allowPrivateHosts: true }),
    ).toEqual({
      verified: true,
    });
    expect(files.requests).toContain('loopback.example.com');
  });

  it('fails on a name that does not exist, and says so when the panel has no public address', async () => {
    expect(await checkDomain('missing.example.com', 'x', options)).toEqual({
      verified: false,
      error: DOMAIN_CHECK_ERRORS.notPointed,
    });
    expect(
      await checkDomain('v4.example.com', 'x', { ...options, panelAddresses: [], panelHost: undefined }),
    ).toEqual({ verified: false, error: DOMAIN_CHECK_ERRORS.notConfigured });
  });
});

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
    answers: { 'v4.example.com': ['198.51.100.4'], 'local.example.com': ['127.0.0.1'] },
    cnames: { 'www.example.com': 'Painel.Example.NET.' },
  });
  options = {
    dnsServers: [`127.0.0.1:${dns.port}`],
    panelAddresses: ['198.51.100.4'],
    panelHost: 'painel.example.net',
    httpPort: files.port,
    timeoutMs: 500,
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
    const failed = { verified: false, error: DOMAIN_CHECK_ERRORS.notPointed };
    expect(await checkDomain('local.example.com', 'tok-1', options)).toEqual(failed);
    files.tokens.set('local.example.com', 'tok-2');
    expect(await checkDomain('local.example.com', 'tok-1', options)).toEqual(failed);
    files.tokens.set('local.example.com', 'tok-1');
    expect(await checkDomain('local.example.com', 'tok-1', options)).toEqual({ verified: true });
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

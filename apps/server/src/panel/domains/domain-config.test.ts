import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('domain settings (decision 0048)', () => {
  it('reads the comma lists, lowercased, and defaults to nothing configured', () => {
    const config = loadConfig({
      DOMAIN_NAMESERVERS: ' NS1.Painel.net , ns2.painel.net,',
      DOMAIN_DNS_SERVERS: '127.0.0.1:5391, [::1]:53, 8.8.8.8',
      PANEL_PUBLIC_ADDRESSES: '203.0.113.7, 2001:DB8::1',
      PANEL_PUBLIC_HOST: 'Painel.Example.NET.',
    });
    expect(config.DOMAIN_NAMESERVERS).toEqual(['ns1.painel.net', 'ns2.painel.net']);
    expect(config.DOMAIN_DNS_SERVERS).toEqual(['127.0.0.1:5391', '[::1]:53', '8.8.8.8']);
    expect(config.PANEL_PUBLIC_ADDRESSES).toEqual(['203.0.113.7', '2001:db8::1']);
    expect(config.PANEL_PUBLIC_HOST).toBe('painel.example.net');
    const unset = loadConfig({});
    expect(unset.DOMAIN_NAMESERVERS).toEqual([]);
    expect(unset.DOMAIN_DNS_SERVERS).toEqual([]);
    expect(unset.PANEL_PUBLIC_HOST).toBeUndefined();
    expect(unset.DOMAIN_HTTP_CHECK_PORT).toBe(80);
  });

  it('refuses addresses and DNS servers that are not IP addresses', () => {
    expect(() => loadConfig({ PANEL_PUBLIC_ADDRESSES: 'painel.example.net' })).toThrow(
      /PANEL_PUBLIC_ADDRESSES/,
    );
    expect(() => loadConfig({ DOMAIN_DNS_SERVERS: 'dns.example.net:53' })).toThrow(/DOMAIN_DNS_SERVERS/);
  });
});

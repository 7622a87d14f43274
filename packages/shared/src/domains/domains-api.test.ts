import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, domainInputSchema } from './domains-api';

const messageOf = (domain: unknown) => domainInputSchema.safeParse({ domain }).error?.issues[0]?.message;

describe('the domain form (docs/product/rules.md#domain-form)', () => {
  it('trims and lowercases a host of labels and a top-level domain of letters', () => {
    expect(domainInputSchema.parse({ domain: '  Loja-1.Exemplo.COM.br ' })).toEqual({
      domain: 'loja-1.exemplo.com.br',
    });
    expect(domainInputSchema.parse({ domain: 'x1.io' }).domain).toBe('x1.io');
  });

  it('requires a value', () => {
    expect(messageOf('')).toBe(DOMAIN_MESSAGES.required);
    expect(messageOf('   ')).toBe(DOMAIN_MESSAGES.required);
    expect(messageOf(undefined)).toBe(DOMAIN_MESSAGES.required);
  });

  it('refuses what is not a host name, with the example', () => {
    expect(DOMAIN_MESSAGES.invalid).toBe('Formato de domínio inválido (ex: meudominio.com.br)');
    const long = `${'a'.repeat(63)}.`.repeat(4) + 'com';
    for (const domain of [
      'http://site.com',
      'site.com/',
      'site.com.',
      'site.com:8080',
      '-site.com',
      'site-.com',
      'a..com',
      'site.c',
      'site.c0m',
      'sí te.com',
      'cafe.be:80',
      long,
    ]) {
      expect(messageOf(domain), domain).toBe(DOMAIN_MESSAGES.invalid);
    }
  });

  it('refuses bare IP addresses and internal names, with one message (decision 0048)', () => {
    for (const domain of [
      '127.0.0.1',
      '169.254.169.254',
      '8.8.8.8',
      '999.1.1.1',
      '::1',
      '[::1]',
      'fe80::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
      'semponto',
      'metadata.google.internal',
      'Metadata.Google.Internal',
      'painel.localhost',
      'impressora.local',
      'nas.lan',
      'roteador.home.arpa',
      'servidor.intranet',
    ]) {
      expect(messageOf(domain), domain).toBe(DOMAIN_MESSAGES.internal);
    }
    for (const domain of ['internal.com.br', 'local.example.com', 'localhost.com', 'meu-ip-1-2-3-4.com']) {
      expect(messageOf(domain), domain).toBeUndefined();
    }
  });
});

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
      'localhost',
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
      long,
    ]) {
      expect(messageOf(domain), domain).toBe(DOMAIN_MESSAGES.invalid);
    }
  });
});

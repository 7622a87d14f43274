import { describe, expect, it } from 'vitest';
import { parseAddressRule } from './address-rules';
import {
  API_TOKEN_MESSAGES,
  apiTokenInputSchema,
  isApiTokenText,
  missingScopeMessage,
} from './api-tokens-api';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('API token input (decision 0137)', () => {
  it('takes a trimmed name, scopes in their order, no expiry and any address by default', () => {
    expect(apiTokenInputSchema.parse({ name: ' Bot ', scopes: ['lines', 'read', 'lines'] })).toEqual({
      name: 'Bot',
      scopes: ['read', 'lines'],
      expires_in_days: null,
      allowed_addresses: [],
    });
    expect(
      apiTokenInputSchema.parse({
        name: 'Cobrança',
        scopes: ['credits'],
        expires_in_days: 30,
        allowed_addresses: [' 203.0.113.7 ', '', '2001:db8::/32'],
      }),
    ).toMatchObject({ expires_in_days: 30, allowed_addresses: ['203.0.113.7', '2001:db8::/32'] });
  });

  it('refuses with the rule’s message', () => {
    expect(firstMessage(apiTokenInputSchema.safeParse({ name: '', scopes: ['read'] }))).toBe(
      API_TOKEN_MESSAGES.required,
    );
    expect(firstMessage(apiTokenInputSchema.safeParse({ name: 'x'.repeat(61), scopes: ['read'] }))).toBe(
      API_TOKEN_MESSAGES.nameMax,
    );
    expect(firstMessage(apiTokenInputSchema.safeParse({ name: 'Bot', scopes: [] }))).toBe(
      API_TOKEN_MESSAGES.scopesRequired,
    );
    expect(firstMessage(apiTokenInputSchema.safeParse({ name: 'Bot', scopes: ['admin'] }))).toBe(
      API_TOKEN_MESSAGES.scopeInvalid,
    );
    expect(
      firstMessage(apiTokenInputSchema.safeParse({ name: 'Bot', scopes: ['read'], expires_in_days: 0 })),
    ).toBe(API_TOKEN_MESSAGES.expiryInvalid);
    expect(
      firstMessage(
        apiTokenInputSchema.safeParse({ name: 'Bot', scopes: ['read'], allowed_addresses: ['10.0.0.0/33'] }),
      ),
    ).toBe(API_TOKEN_MESSAGES.addressInvalid);
  });

  it('names the missing scope in Portuguese', () => {
    expect(missingScopeMessage('lines')).toBe(
      'Este token de API não tem a permissão "Linhas" exigida por esta ação.',
    );
  });

  it('tells an API token from a session token by its prefix and length', () => {
    expect(isApiTokenText(`pnl_${'a'.repeat(43)}`)).toBe(true);
    expect(isApiTokenText(`pnl_${'a'.repeat(39)}`)).toBe(false);
    expect(isApiTokenText('a'.repeat(47))).toBe(false);
  });
});

describe('address allow-list entries (decision 0138)', () => {
  it('reads IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(parseAddressRule('203.0.113.7')).toEqual({ family: 4, address: '203.0.113.7', prefix: 32 });
    expect(parseAddressRule('10.0.0.0/8')).toEqual({ family: 4, address: '10.0.0.0', prefix: 8 });
    expect(parseAddressRule('2001:db8::/32')).toEqual({ family: 6, address: '2001:db8::', prefix: 32 });
    expect(parseAddressRule('::1')).toEqual({ family: 6, address: '::1', prefix: 128 });
    expect(parseAddressRule('::ffff:192.0.2.1')?.family).toBe(6);
    expect(parseAddressRule('1:2:3:4:5:6:7:8')?.family).toBe(6);
  });

  it('refuses anything else', () => {
    for (const entry of [
      '',
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      'fe80::1::2',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::/129',
      'example.com',
    ]) {
      expect(parseAddressRule(entry), entry).toBeNull();
    }
  });
});

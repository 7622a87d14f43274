import { describe, expect, it } from 'vitest';
import { proxyTokenSealer, streamTokenQuery, verifyStreamToken } from './stream-tokens';

// The two tokens of decision 0040: the redirect's HMAC (docs/stream-tokens.md) and the proxy's sealed URL.
const secret = 'a-stream-token-secret-for-tests';

describe('redirect tokens', () => {
  it('sign "<line>:<stream>:<conn>:<expires>" with HMAC-SHA256, base64url without padding', async () => {
    const { createHmac } = await import('node:crypto');
    const claims = { lineId: 12, streamId: 345, connectionId: 678, expires: 1767542400 };
    const query = streamTokenQuery(secret, claims);
    const expected = createHmac('sha256', secret).update('12:345:678:1767542400').digest('base64url');
    expect(query).toBe(`line=12&stream=345&conn=678&expires=1767542400&token=${expected}`);
    expect(expected).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyStreamToken(secret, `http://edge/x.ts?${query}`, 1767542400)).toEqual({
      lineId: 12,
      streamId: 345,
      connectionId: 678,
      expires: 1767542400,
    });
    expect(verifyStreamToken(secret, query, 1767542401)).toBeUndefined();
    expect(verifyStreamToken(secret, query.replace('line=12', 'line=1.2'), 0)).toBeUndefined();
    expect(verifyStreamToken(secret, query.replace(/&token=.*/, ''), 0)).toBeUndefined();
    // The connection is signed: another connection's id (or none) does not verify.
    expect(verifyStreamToken(secret, query.replace('conn=678', 'conn=679'), 0)).toBeUndefined();
    expect(verifyStreamToken(secret, query.replace('conn=678&', ''), 0)).toBeUndefined();
  });
});

describe('proxy tokens', () => {
  const target = {
    url: 'http://u:p@up.example/live/u/p/1.m3u8',
    playlist: true,
    lineId: 3,
    streamId: 4,
    connectionId: 5,
    expires: 2000,
  };

  it('open what they sealed, and hide the URL', () => {
    const sealer = proxyTokenSealer(secret);
    const token = sealer.seal(target);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('up.example');
    expect(sealer.open(token, 2000)).toEqual(target);
    // A fresh IV each time: the same target never gives the same token.
    expect(sealer.seal(target)).not.toBe(token);
  });

  it('refuse expired, tampered, foreign and malformed tokens', () => {
    const sealer = proxyTokenSealer(secret);
    const token = sealer.seal(target);
    expect(sealer.open(token, 2001)).toBeUndefined();
    expect(sealer.open(`${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`, 0)).toBeUndefined();
    expect(proxyTokenSealer('another-secret-entirely-here').open(token, 0)).toBeUndefined();
    expect(sealer.open('short', 0)).toBeUndefined();
    expect(sealer.open('x'.repeat(80), 0)).toBeUndefined();
  });
});

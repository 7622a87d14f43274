import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-backoff';
import { isValidWebhookSignature, signWebhookBody } from './webhook-signature';

describe('retry backoff', () => {
  it('doubles from 5 s with the upper half randomised', () => {
    expect(retryDelayMs(1, () => 0)).toBe(2_500);
    expect(retryDelayMs(1, () => 1)).toBe(5_000);
    expect(retryDelayMs(2, () => 1)).toBe(10_000);
    expect(retryDelayMs(4, () => 0.5)).toBe(30_000);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(retryDelayMs(12, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(1_000, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(1_000, () => 0)).toBe(1_800_000);
  });
});

describe('delivery signature', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac segredo
    expect(signWebhookBody('segredo', '1700000000', '{"a":1}')).toBe(
      'sha256=41634607aa61528682a37f94a43a64ca2d3a6a30bc8f2fb88f8f754286d90e85',
    );
  });

  it('verifies only the exact timestamp, body and secret', () => {
    const signature = signWebhookBody('segredo', '1700000000', '{"a":1}');
    expect(isValidWebhookSignature('segredo', '1700000000', '{"a":1}', signature)).toBe(true);
    expect(isValidWebhookSignature('segredo', '1700000001', '{"a":1}', signature)).toBe(false);
    expect(isValidWebhookSignature('segredo', '1700000000', '{"a":2}', signature)).toBe(false);
    expect(isValidWebhookSignature('outro', '1700000000', '{"a":1}', signature)).toBe(false);
    expect(isValidWebhookSignature('segredo', '1700000000', '{"a":1}', 'sha256=00')).toBe(false);
  });
});

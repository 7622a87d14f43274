import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './use-card-mode';

describe('isMobileUserAgent (docs/product/screens.md#layout)', () => {
  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
  ])('%s is mobile', (agent) => expect(isMobileUserAgent(agent)).toBe(true));

  it('a desktop browser is not', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(false);
  });
});

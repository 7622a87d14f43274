import { describe, expect, it } from 'vitest';
import { SCREENS_POLICY_TEXTS, screensPolicyLines, screensPolicySchema } from './screens-policy';

describe('screensPolicyLines (decision 0062)', () => {
  it('says when a stopped device’s screen is free in both delivery modes, and what a new device meets', () => {
    const policy = screensPolicySchema.parse({ grace_seconds: 30, hold_seconds: 90, ends_oldest: false });
    expect(screensPolicyLines(policy)).toEqual([
      SCREENS_POLICY_TEXTS.device,
      'Quando o aparelho para de assistir, a tela fica livre em até 30 segundos (em até 90 segundos quando o conteúdo vem direto do servidor de streaming).',
      SCREENS_POLICY_TEXTS.refused,
    ]);
    expect(screensPolicyLines({ ...policy, ends_oldest: true })[2]).toBe(SCREENS_POLICY_TEXTS.endsOldest);
  });
});

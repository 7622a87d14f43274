import { z } from 'zod';

/**
 * How screens are counted and freed (decision 0062), as the screens dialog tells the reseller. The numbers
 * are the server's configuration, so the text says what the server does: GET /api/users/screens-policy.
 */
export const screensPolicySchema = z.object({
  /** Delivered through the panel (proxy): a screen is freed this long after the last byte or HLS request. */
  grace_seconds: z.number().int().min(0),
  /**
   * Delivered straight from the source (redirect): a screen is freed this long after the last request the
   * panel saw or the streaming server's last report (CONNECTION_TTL_SECONDS).
   */
  hold_seconds: z.number().int().min(0),
  /** The panel setting `screens_end_oldest`: a new device ends the oldest connection instead of being refused. */
  ends_oldest: z.boolean(),
});
export type ScreensPolicy = z.infer<typeof screensPolicySchema>;

export const SCREENS_POLICY_TEXTS = {
  title: 'Como as telas são contadas',
  device:
    'Cada aparelho assistindo ocupa uma tela. Trocar de canal ou avançar o filme no mesmo aparelho não ocupa outra tela.',
  endsOldest: 'Com todas as telas em uso, um novo aparelho encerra a conexão mais antiga.',
  refused: 'Com todas as telas em uso, um novo aparelho é recusado até uma tela ficar livre.',
} as const;

/** "Quando o aparelho para de assistir, …": when a stopped device's screen is free again. */
export function screensReleaseText(policy: ScreensPolicy): string {
  return (
    `Quando o aparelho para de assistir, a tela fica livre em até ${policy.grace_seconds} segundos ` +
    `(em até ${policy.hold_seconds} segundos quando o conteúdo vem direto do servidor de streaming).`
  );
}

/** The dialog's lines, in order. */
export function screensPolicyLines(policy: ScreensPolicy): string[] {
  return [
    SCREENS_POLICY_TEXTS.device,
    screensReleaseText(policy),
    policy.ends_oldest ? SCREENS_POLICY_TEXTS.endsOldest : SCREENS_POLICY_TEXTS.refused,
  ];
}

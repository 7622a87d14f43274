/**
 * What a code is now (docs/product/screens.md#activation-codes): in stock until its first use, then the
 * line it became (active, expired, blocked, or removed from /users), or cancelled while unused.
 */
export const CODE_STATES = ['stock', 'active', 'expired', 'blocked', 'removed', 'cancelled'] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const CODE_STATE_LABELS: Record<CodeState, string> = {
  stock: 'Em estoque',
  active: 'Ativado',
  expired: 'Vencido',
  blocked: 'Bloqueado',
  removed: 'Removido',
  cancelled: 'Cancelado',
};

/** The filter of the codes list: one state, or every used one (active, expired, blocked, removed). */
export const CODE_STATE_FILTERS = ['stock', 'used', 'cancelled'] as const;
export type CodeStateFilter = (typeof CODE_STATE_FILTERS)[number];
export const CODE_STATE_FILTER_LABELS: Record<CodeStateFilter, string> = {
  stock: 'Em estoque',
  used: 'Ativados',
  cancelled: 'Cancelados',
};

export interface CodeFacts {
  activatedAt: number | null;
  cancelledAt: number | null;
  /** The line's expiry and flag; null when the line was removed. */
  line: { expSeconds: number; enabled: number } | null;
}

/** The state of a code from its row and its line's (unix seconds). */
export function codeState(facts: CodeFacts, nowSeconds: number): CodeState {
  if (facts.cancelledAt !== null) return 'cancelled';
  if (facts.activatedAt === null) return 'stock';
  if (facts.line === null) return 'removed';
  if (facts.line.enabled !== 1) return 'blocked';
  return facts.line.expSeconds <= nowSeconds ? 'expired' : 'active';
}

/**
 * Roots of the query keys that more than one feature reads or refreshes. Features cannot import each
 * other, so the roots live here; each feature builds its own keys under its root, and a refresh
 * invalidates a root whole.
 */
export const QUERY_ROOTS = {
  profile: ['profile'],
  complements: ['complements'],
  /** Every /users query (lists and their pages). */
  lines: ['lines'],
  /** Every dashboard query (counters and 'Próximos vencimentos'). */
  dashboard: ['dashboard'],
  /** Every payments query: 'Pagamentos', its totals, the alerts of the top bar and the dashboard. */
  payments: ['payments'],
} as const;

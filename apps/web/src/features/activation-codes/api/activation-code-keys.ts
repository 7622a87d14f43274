/** Query keys of the activation codes screens (docs/product/screens.md#activation-codes). */
export const ACTIVATION_CODE_KEYS = {
  all: ['activation-codes'] as const,
  batches: (page: number, per: number) => ['activation-codes', 'batches', page, per] as const,
  batch: (id: number) => ['activation-codes', 'batch', id] as const,
  stock: (id: number) => ['activation-codes', 'stock', id] as const,
  codes: (query: Record<string, string | number | undefined>) =>
    ['activation-codes', 'codes', query] as const,
};

/** Query keys of the domains screen (docs/product/screens.md#domains). */
export const DOMAIN_KEYS = {
  list: ['domains'] as const,
};

/** Query keys of the two online screens (docs/product/screens.md#online-users). */
export const ONLINE_KEYS = {
  root: ['online'] as const,
  iptvPages: () => [...ONLINE_KEYS.root, 'iptv'] as const,
  iptv: (params: { page: number; per: number }) => [...ONLINE_KEYS.iptvPages(), params] as const,
  p2p: () => [...ONLINE_KEYS.root, 'p2p'] as const,
};

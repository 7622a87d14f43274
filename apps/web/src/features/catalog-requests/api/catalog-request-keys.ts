/** Query keys of the catalog requests screen; mutations invalidate `all` (the list and the summary). */
export const CATALOG_REQUEST_KEYS = {
  all: ['catalog-requests'] as const,
  list: ['catalog-requests', 'list'] as const,
  publishers: ['catalog-requests', 'publishers'] as const,
  searchStatus: ['catalog-requests', 'search-status'] as const,
  search: ['catalog-requests', 'search'] as const,
};

/** All calls go to one base path ending in /api (docs/product/api.md#conventions); the dev server proxies it. */
export const API_BASE_PATH = '/api';

/** All calls go to one base path ending in /api (spec §7); the dev server proxies it. */
export const API_BASE_PATH = '/api';

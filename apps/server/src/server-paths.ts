import { resolve } from 'node:path';

/**
 * apps/server. This file runs either from src/ (tsx, tests) or bundled into dist/server.mjs (`npm start`,
 * decision 0018): both sit one level below it, so every path the server reads is resolved from here.
 */
export const SERVER_ROOT = resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'src/db/migrations');
export const PGLITE_TEMPLATE_DIR = resolve(SERVER_ROOT, '.cache/pglite-template');
export const DEFAULT_WEB_DIST_DIR = resolve(SERVER_ROOT, '../web/dist');
/** The customer page's build (apps/customer, decision 0180). */
export const DEFAULT_CUSTOMER_DIST_DIR = resolve(SERVER_ROOT, '../customer/dist');

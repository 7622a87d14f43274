/**
 * The shared auth schemas, fetched on demand. Importing them statically would put zod (~25 kB gzipped)
 * into /login's first download (P4); the login screen paints without them and needs them only to read
 * the captcha settings and to check and send the form, which happen after the first paint.
 */
export const loadAuthSchemas = () => import('@panel/shared/auth/sign-in-schema');

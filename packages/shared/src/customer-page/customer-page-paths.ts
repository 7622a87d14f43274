/**
 * Where the customer page and its API answer (decision 0175), the same absolute paths on the panel's host and
 * on every verified reseller domain. A file of its own, without zod, so the page itself can import it.
 */

/** Where the page lives on the panel's own host; on a reseller's verified domain it is also served at '/'. */
export const CUSTOMER_PAGE_PATH = '/cliente';
/** Every API route of the page; allowed on a reseller's verified domain (the panel's /api is not). */
export const CUSTOMER_API_PREFIX = '/cliente/api';
/** The HttpOnly session cookie, scoped to CUSTOMER_PAGE_PATH. */
export const CUSTOMER_SESSION_COOKIE = 'cliente_sessao';
export const CUSTOMER_API_PATHS = {
  /** GET: the branding of the host (the domain's reseller, or the panel's name on /cliente). */
  brand: `${CUSTOMER_API_PREFIX}/brand`,
  /** GET: a reseller's logo image (`logo_url` points here, with a version query). */
  logo: `${CUSTOMER_API_PREFIX}/brand/logo/:accountId`,
  /** POST: sign in (sets the cookie, answers the overview); DELETE: sign out (204). */
  session: `${CUSTOMER_API_PREFIX}/session`,
  /** GET: the signed-in line's overview; 401 'sessionEnded' without a valid session. */
  me: `${CUSTOMER_API_PREFIX}/me`,
  /** POST { package_id }: a PIX charge renewing the line (201, a CustomerPayment). */
  renewals: `${CUSTOMER_API_PREFIX}/renewals`,
  /** GET: one of this line's renewal payments (the page polls it while it waits). */
  renewal: `${CUSTOMER_API_PREFIX}/renewals/:id`,
} as const;

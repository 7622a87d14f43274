import { isIP } from 'node:net';
import { z } from 'zod';
import { isTimeZone } from '@panel/shared/time/time-zone';
import { DEFAULT_CUSTOMER_DIST_DIR, DEFAULT_WEB_DIST_DIR } from './server-paths';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

// An empty variable means "not configured", like an absent one; anything else must be an http(s) URL.
const optionalHttpUrl = optionalText.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
);

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For). Unset: none, the client is the socket's peer.
 * A number: that many hops in front of the server. Otherwise addresses/CIDRs of the balancer, comma
 * separated. Never "everyone": a client could then choose its own address (decision 0021).
 */
const trustProxySchema = optionalText.pipe(
  z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      if (value === undefined) return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const wrong = entries.filter((entry) => !isAddressOrRange(entry));
      if (entries.length === 0 || wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must be a hop count or a comma-separated list of addresses/CIDRs (not: ${wrong.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

/** A comma-separated list; unset or empty: an empty list. */
const commaList = optionalText.transform((value) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

/** IP addresses, comma separated. */
const addressList = commaList.superRefine((entries, context) => {
  const wrong = entries.filter((entry) => isIP(entry) === 0);
  if (wrong.length > 0)
    context.addIssue({ code: 'custom', message: `not IP addresses: ${wrong.join(', ')}` });
});

/** DNS servers as "address:port" or "address" (port 53), comma separated. */
const dnsServerList = commaList.superRefine((entries, context) => {
  const wrong = entries.filter((entry) => {
    const match = /^(.+?)(?::(\d{1,5}))?$/.exec(entry);
    const address = match?.[1]?.replace(/^\[|\]$/g, '') ?? '';
    return isIP(address) === 0 && isIP(entry) === 0;
  });
  if (wrong.length > 0)
    context.addIssue({ code: 'custom', message: `not address:port: ${wrong.join(', ')}` });
});

/** What a server process does (decision 0076): the panel, the delivery to customers' apps, the periodic jobs. */
export const SERVER_ROLES = ['panel', 'delivery', 'workers'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** A comma list of roles; unset or empty: all three, one process doing everything. */
const serverRolesSchema = commaList.transform((entries, context): ServerRole[] => {
  const wrong = entries.filter((entry) => !(SERVER_ROLES as readonly string[]).includes(entry));
  if (wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `not a role: ${wrong.join(', ')} (roles: ${SERVER_ROLES.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries.length === 0 ? [...SERVER_ROLES] : SERVER_ROLES.filter((role) => entries.includes(role));
});

/** Every setting comes from a validated environment variable; nothing else configures the server. */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText,
    // PostgreSQL connections of this process (decision 0100): the panel's (screens, workers) and the
    // delivery plane's (apps, stream starts, edges), apart so neither can take the other's.
    DATABASE_POOL_PANEL: z.coerce.number().int().min(1).max(1000).default(10),
    DATABASE_POOL_DELIVERY: z.coerce.number().int().min(1).max(1000).default(20),
    // Which roles this process runs (decision 0076): panel, delivery, workers, comma separated; unset: all
    // three. Several processes with their own roles share one PostgreSQL database; PGlite keeps one process.
    SERVER_ROLES: serverRolesSchema,
    DATA_DIR: z.string().default('./data'),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    ADMIN_PASSWORD: optionalText,
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
    SIGNING_SECRET: optionalText,
    // The key the authenticator secrets of two-factor sign-in (decision 0130) and the resellers' Mercado Pago
    // tokens (decision 0161) are encrypted under; unset: one generated and kept in the database (app_secrets).
    TOTP_ENCRYPTION_KEY: optionalText.pipe(z.string().min(16).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
    CUSTOMER_DIST_DIR: z.string().default(DEFAULT_CUSTOMER_DIST_DIR),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
    SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
    SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(5),
    // Sign-in attempts from one client address across every username (decision 0021).
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(20),
    // Wrong passwords of one account, from any address, before each further one blocks it for a doubling delay.
    SIGN_IN_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(10),
    // Requests one API token may make a minute, on every process together, before 429 (decision 0137).
    API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
    // Line authentication of the player endpoints and stream URLs (decision 0063): wrong passwords (unknown
    // usernames too) from one address, and of one username from anywhere, within the window; the next
    // attempt is refused (429) for BLOCK minutes, doubling on each further failure up to MAX_BLOCK.
    LINE_AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(5),
    LINE_AUTH_FAILURES_PER_USERNAME: z.coerce.number().int().positive().default(10),
    LINE_AUTH_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    LINE_AUTH_BLOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
    LINE_AUTH_MAX_BLOCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    TRUST_PROXY: trustProxySchema,
    P2P_PROVISIONING_URL: optionalHttpUrl,
    HYBRID_PROVISIONING_URL: optionalHttpUrl,
    PROVISIONING_SECRET: optionalText.pipe(z.string().min(16).optional()),
    // Capped at an hour: larger values would overflow setTimeout's 32-bit delay and fire at once.
    PROVISIONING_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2000),
    PROVISIONING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
    PROVISIONING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // Where reseller and line changes go while their synchronisation switch is on (decision 0060); delivered
    // with the PROVISIONING_POLL_MS, _MAX_ATTEMPTS and _TIMEOUT_MS of the provisioning outbox.
    EXTERNAL_PANEL_URL: optionalHttpUrl,
    EXTERNAL_PANEL_SECRET: optionalText.pipe(z.string().min(16).optional()),
    // Resellers' own webhooks (decision 0170): how often lines entering the reminder windows and balances
    // below their threshold are looked for; delivery uses the PROVISIONING_* knobs.
    RESELLER_WEBHOOK_SCAN_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    // 'true' lets a reseller's webhook be a loopback or private address (the tests' and journeys' receivers);
    // otherwise such an address is refused when saved and never posted to.
    RESELLER_WEBHOOK_ALLOW_PRIVATE_HOSTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    // The address customers' apps use (shown in the panel's playlist links and written into get.php's
    // playlists); unset: the origin the request came to (decision 0037).
    PLAYER_BASE_URL: optionalHttpUrl,
    // The IANA time zone of the player API (decision 0120): what server_info.timezone and time_now say, and
    // the zone a timeshift URL's START (YYYY-MM-DD:HH-MM) is read in. Apps that build catch-up URLs in the
    // device's own zone (Kodi) need it to be the customers' zone, e.g. America/Sao_Paulo.
    PLAYER_TIMEZONE: optionalText
      .transform((value) => value ?? 'UTC')
      .refine(isTimeZone, { message: 'not an IANA time zone (e.g. UTC, America/Sao_Paulo)' }),
    // The scheme of the short links shown to resellers (http(s)://<domain>/<code>): https in production,
    // where the reseller's domain has a certificate; the journeys, which reach a local server, use http.
    SHORT_LINK_SCHEME: z.enum(['http', 'https']).default('https'),
    // Resellers' own domains (decision 0048). The nameservers the 'Novo domínio' modal tells a reseller to
    // use (comma list, the first two shown); unset: the screen says they are not configured.
    DOMAIN_NAMESERVERS: commaList,
    // DNS servers ("host:port", comma list) that resolve a domain being verified; unset: the system's.
    DOMAIN_DNS_SERVERS: dnsServerList,
    // The panel's public IPv4/IPv6 addresses: a domain whose A/AAAA records include one is verified.
    PANEL_PUBLIC_ADDRESSES: addressList,
    // The panel's public host name: a domain whose CNAME is this host is verified.
    PANEL_PUBLIC_HOST: optionalText.transform((value) => value?.toLowerCase().replace(/\.$/, '')),
    // The port of http://<domain>/.well-known/painel-dominio.txt, the token-file check (80 in production).
    DOMAIN_HTTP_CHECK_PORT: z.coerce.number().int().min(1).max(65535).default(80),
    // One DNS lookup or token-file request gives up after this long.
    DOMAIN_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    // How often domains still pending are checked again in the background.
    DOMAIN_VERIFY_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
    // 'true' lets the token-file check reach loopback and private addresses (the tests' and journeys' local
    // servers); otherwise a domain resolving to one is never fetched, so a reseller's DNS cannot make the panel
    // call its own network, its cloud's metadata or itself (decision 0048).
    DOMAIN_ALLOW_PRIVATE_HOSTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    // How long the short-link redirect remembers which verified domain a Host names (or that it names none),
    // in ms; the domains module clears it when a domain is verified or removed (decision 0049).
    SHORT_LINK_HOST_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    // The player's rendered-answer cache (decision 0043): a folder, "off" for none; unset, a fresh folder
    // under the system's temp folder. At most MAX_FILES files and MAX_MB megabytes, oldest removed first.
    PLAYER_CACHE_DIR: optionalText,
    PLAYER_CACHE_MAX_FILES: z.coerce.number().int().min(1).max(1_000_000).default(500),
    PLAYER_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
    // How many get.php playlists, and apart how many player_api listings, one process streams at once; the
    // rest wait for a slot before their first byte, so stream starts never queue behind hundreds of transfers (decision
    // 0100). 0: no limit.
    PLAYER_STREAMING_ANSWERS: z.coerce.number().int().min(0).max(10_000).default(24),
    // Signs redirect-mode stream tokens (HMAC-SHA256); an edge server verifying them needs the same value.
    // Unset: a secret generated on first start and kept in the database (app_secrets 'stream_token_secret').
    STREAM_TOKEN_SECRET: optionalText.pipe(z.string().min(16).optional()),
    // How long a redirect or a proxied HLS token stays valid: a film paused and resumed within it still plays.
    STREAM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(604_800).default(21_600),
    // How often the server looks for content sources whose sync interval has passed.
    CONTENT_SYNC_POLL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    // Upstream requests (import, proxy) give up when no byte arrived for this long.
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    // A live connection that no stream request, proxy relay or edge heartbeat refreshed for this long is
    // over (decision 0044); the sweeper looks for them every CONNECTION_SWEEP_MS.
    CONNECTION_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(90),
    CONNECTION_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    // Proxy mode (decision 0062): a screen is held this long after the last byte of its relay or its last
    // HLS request (the player plays what it buffered), then freed. At most CONNECTION_TTL_SECONDS.
    CONNECTION_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // How often commands for streaming servers (a disconnect) are looked for and sent (decision 0045);
    // attempts and timeout are the provisioning ones.
    EDGE_COMMAND_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
    // A DB-IP "IP to Country Lite" CSV (start,end,country; IPv4 and IPv6), plain or gzip, read at start.
    // Unset: the DB-IP database installed with the panel (decision 0074).
    GEOIP_CSV_PATH: optionalText,
    // Unset: /metrics answers 404. 16+ characters: it is the only thing between the internet and the figures.
    METRICS_TOKEN: optionalText.pipe(z.string().min(16).optional()),
    // Migration from another provider (decision 0052): the panel calls the provider's player API named in a
    // customer's playlist URL; it gives up after TIMEOUT ms and refuses answers larger than MAX_RESPONSE_BYTES.
    MIGRATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    MIGRATION_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
    // 'true' lets migration reach loopback and private addresses (the tests' and journeys' fake provider);
    // otherwise a playlist URL naming such an address is refused, so resellers cannot probe the panel's network.
    MIGRATION_ALLOW_PRIVATE_HOSTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    // The DreamTV app's playlist API (decision 0051): base URL and the key sent as X-Api-Key. Either unset:
    // DreamTV is "not configured" and the panel says so.
    DREAMTV_API_URL: optionalHttpUrl,
    DREAMTV_API_KEY: optionalText,
    // The connect-TV service that pushes a line's playlist to a TV by MAC (decision 0051), same shape.
    TV_CONNECT_API_URL: optionalHttpUrl,
    TV_CONNECT_API_KEY: optionalText,
    // Both TV app services: a call with no complete answer within this many ms fails (502, never a hang).
    TV_APPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // The title search of the new-request modal (decision 0055): a TMDB-compatible API. The key is a v3 API
    // key (32 hex digits, sent as api_key) or a v4 read access token (sent as a Bearer token); unset: the
    // search is "not configured" and the panel says so. The key never leaves the server.
    TMDB_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.themoviedb.org/3'),
    TMDB_API_KEY: optionalText,
    // Where posters are read by browsers: TMDB_IMAGE_BASE_URL + poster path (the panel's img-src allows
    // any http(s) origin, decision 0057).
    TMDB_IMAGE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://image.tmdb.org/t/p/w185'),
    // A search or details call with no complete answer within this many ms fails (502, never a hang).
    TMDB_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    // PIX payments (decisions 0160–0166). Mercado Pago's API (its payments: create, state) and how long a call
    // may take before it counts as an outage (the charge answers 503, never a hang).
    MERCADOPAGO_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.mercadopago.com'),
    MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // Mercado Pago wants a payer's e-mail on a PIX payment; the panel does not know the customer's (decision 0165).
    MERCADOPAGO_PAYER_EMAIL: z.email().default('cliente@example.com'),
    // The panel's public address Mercado Pago posts notifications to (…/api/payments/mercadopago/notifications/
    // <account>); unset: the origin the reseller's request came to.
    PAYMENT_NOTIFICATION_BASE_URL: optionalHttpUrl,
    // How often the payments' worker retries renewals waiting for credits, expires static charges and asks
    // Mercado Pago about payments it has not told of.
    PAYMENTS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    // After SIGTERM new requests get 503 (still listening) until none arrived for QUIET ms, then the
    // listener closes; past TIMEOUT ms from the signal the process exits anyway, non-zero (decision 0025).
    SHUTDOWN_QUIET_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  })
  .superRefine((value, context) => {
    if (value.SERVER_ROLES.length < SERVER_ROLES.length && !value.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SERVER_ROLES'],
        message: `${value.SERVER_ROLES.join(',')} splits the server into processes, which needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) belongs to one process, which runs every role. Unset SERVER_ROLES or set DATABASE_URL`,
      });
    }
    if (value.CAPTCHA_PROVIDER === 'recaptcha' && (!value.RECAPTCHA_SITE_KEY || !value.RECAPTCHA_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** Whether this process runs `role` (decision 0076). */
export function runsRole(config: Pick<Config, 'SERVER_ROLES'>, role: ServerRole): boolean {
  return config.SERVER_ROLES.includes(role);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

import type { ApiTokenScope } from '@panel/shared/api-tokens/api-tokens-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { ACCOUNT_TYPES } from '@panel/shared/profile/profile-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route without it
 * stops the server from starting, and the route × role test walks this registry.
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'session';
      roles: readonly AccountType[];
      allowLocked?: boolean;
      /**
       * The scope an API token needs for this route's writes (decision 0137); 'none': tokens refused. A GET
       * needs `read` (or is refused with 'none'); see tokenScopeOf for what an undeclared route takes.
       */
      token?: ApiTokenScope | 'none';
      /** Open to a session limited to setting up a required second step (decision 0132). */
      duringTwoFactorSetup?: boolean;
    }
  /** The ingest API: a streaming server's own token, never a session (decision 0045). */
  | { kind: 'streaming-server' };

export const PUBLIC: Access = { kind: 'public' };
export const ANY_ROLE: Access = { kind: 'session', roles: ACCOUNT_TYPES };
export const ADMIN_ONLY: Access = { kind: 'session', roles: ['admin'] };
export const ADMIN_OR_RESELLER: Access = { kind: 'session', roles: ['admin', 'reseller'] };
/** The admin menu's catalog pages (analytics): docs/product/screens.md#menu. */
export const ADMIN_OR_PUBLISHER: Access = { kind: 'session', roles: ['admin', 'publisher'] };
/** Non-admins: setting the default domain (docs/product/roles.md, an admin cannot from the list). */
export const PUBLISHER_OR_RESELLER: Access = { kind: 'session', roles: ['publisher', 'reseller'] };
export const STREAMING_SERVER: Access = { kind: 'streaming-server' };
/** Logout and unlock must work on a locked session, and on one limited to the two-factor setup. */
export const ANY_SESSION_EVEN_LOCKED: Access = {
  kind: 'session',
  roles: ACCOUNT_TYPES,
  allowLocked: true,
  duringTwoFactorSetup: true,
};
/** The profile and the two-factor setup: what a session limited to that setup may call (decision 0132). */
export const ANY_ROLE_DURING_SETUP: Access = {
  kind: 'session',
  roles: ACCOUNT_TYPES,
  duringTwoFactorSetup: true,
};

/** `access` of a route with the scope an API token needs for it (decision 0137). */
export function withTokenScope(access: Access, token: ApiTokenScope | 'none'): Access {
  if (access.kind !== 'session') throw new Error('Only session routes take API tokens');
  return { ...access, token };
}
/** The lines' routes: reading needs `read`, every change (tests, renewals, blocks, edits) `lines`. */
export const LINE_ROUTES = withTokenScope(ADMIN_OR_RESELLER, 'lines');

/**
 * Routes no API token may call whatever they declare (decision 0137): signing in and out, sessions, 2FA,
 * the password (everything under /api/auth/ and /api/profile/), and the tokens themselves. GET /api/profile
 * (the balance) stays readable; POST /api/profile declares no scope, so it is refused too.
 */
const TOKEN_FREE_PREFIXES = ['/api/auth/', '/api/profile/', '/api/api-tokens', '/api/admin/api-tokens'];

function isTokenFree(url: string): boolean {
  return TOKEN_FREE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The scope an API token needs to call a route, or null when tokens are refused there (decision 0137):
 * - the token-free routes above: refused;
 * - a GET: `read`, unless it declares 'none'; a GET that declares nothing and that no reseller may call
 *   (the admin's and publisher's pages) is refused, so a new admin page leaks nothing through a token;
 * - any other method: the scope it declares (`token`), else refused.
 * The authenticate hook, the route × role test and the API documentation all read this one function.
 */
export function tokenScopeOf(method: string, url: string, access: Access): ApiTokenScope | null {
  if (access.kind !== 'session' || access.token === 'none' || isTokenFree(url)) return null;
  if (READ_METHODS.has(method)) {
    return access.token !== undefined || access.roles.includes('reseller') ? 'read' : null;
  }
  return access.token ?? null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** What an API token needs here (tokenScopeOf); null: tokens refused. */
  tokenScope: ApiTokenScope | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    routeRegistry: RegisteredRoute[];
  }
}

async function accessRegistryPlugin(app: FastifyInstance): Promise<void> {
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    if (access.kind === 'session' && access.token && access.token !== 'none' && isTokenFree(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} may not take API tokens (decision 0137)`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.push({ method, url: route.url, access, tokenScope: tokenScopeOf(method, route.url, access) });
    }
  });
}

export default fp(accessRegistryPlugin, { name: 'access-registry' });

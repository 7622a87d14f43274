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

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
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
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.push({ method, url: route.url, access });
    }
  });
}

export default fp(accessRegistryPlugin, { name: 'access-registry' });

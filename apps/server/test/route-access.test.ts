import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPES,
  missingScopeMessage,
  type ApiTokenScope,
} from '@panel/shared/api-tokens/api-tokens-api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accessRegistry from '../src/plugins/access';
import { createAccount, createSession } from './factories';
import { createStreamingServer } from './streaming-servers';
import { startTestApp, type TestApp } from './test-app';

/**
 * Walks every registered /api route with every role. A route added later is covered automatically:
 * it must declare its access, and the server must honour that declaration for each role.
 */
let testApp: TestApp;
const roles = ['admin', 'publisher', 'reseller'] as const;
const accountIds: Record<(typeof roles)[number], number> = { admin: 0, publisher: 0, reseller: 0 };
let serverToken = '';
/** API tokens with every scope, of an admin and of a reseller, and the reseller's lacking each scope. */
const apiTokens = { admin: '', reseller: '', resellerWithout: {} as Record<ApiTokenScope, string> };

async function apiToken(accountId: number, scopes: readonly ApiTokenScope[]): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: { authorization: `Bearer ${await createSession(testApp.app, accountId)}` },
    payload: { name: 'route walk', scopes },
  });
  return response.json<{ token: string }>().token;
}

beforeAll(async () => {
  // The walk calls every route with one token: its rate limit has its own test.
  testApp = await startTestApp({ API_TOKEN_REQUESTS_PER_MINUTE: '1000000' });
  for (const role of roles) accountIds[role] = (await createAccount(testApp.app, { role })).id;
  serverToken = (await createStreamingServer(testApp.app)).token;
  apiTokens.admin = await apiToken(accountIds.admin, API_TOKEN_SCOPES);
  apiTokens.reseller = await apiToken(accountIds.reseller, API_TOKEN_SCOPES);
  for (const scope of API_TOKEN_SCOPES) {
    const others = API_TOKEN_SCOPES.filter((other) => other !== scope);
    apiTokens.resellerWithout[scope] = await apiToken(accountIds.reseller, others);
  }
});
afterAll(() => testApp.close());

function concreteUrl(url: string): string {
  // Ids that exist nowhere: allowed callers get a 4xx from the route itself, never 401/403/5xx.
  return url.replace(/:[A-Za-z_]+/g, '987654').replace(/\*$/, 'x');
}

async function call(method: string, url: string, token?: string) {
  return testApp.app.inject({
    method: method as 'GET',
    url: concreteUrl(url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('route × role access', () => {
  it('has registered routes to walk', () => {
    expect(testApp.app.routeRegistry.length).toBeGreaterThan(8);
    expect(testApp.app.routeRegistry.filter((route) => route.access.kind === 'streaming-server').length).toBe(
      4,
    );
  });

  it('answers every route for every role as its declaration says', async () => {
    const failures: string[] = [];
    for (const route of testApp.app.routeRegistry) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await call(route.method, route.url);
      if (route.access.kind === 'public') {
        if ([401, 403].includes(anonymous.statusCode) || anonymous.statusCode >= 500) {
          failures.push(`${label} public but anonymous got ${anonymous.statusCode}`);
        }
        continue;
      }
      if (anonymous.statusCode !== 401) failures.push(`${label} anonymous got ${anonymous.statusCode}`);
      const asServer = await call(route.method, route.url, serverToken);
      if (route.access.kind === 'streaming-server') {
        // The ingest API takes a streaming server's token and no session of any role (decision 0045).
        if ([401, 403].includes(asServer.statusCode) || asServer.statusCode >= 500) {
          failures.push(`${label} streaming server allowed but got ${asServer.statusCode} ${asServer.body}`);
        }
        for (const role of roles) {
          const response = await call(
            route.method,
            route.url,
            await createSession(testApp.app, accountIds[role]),
          );
          if (response.statusCode !== 401)
            failures.push(`${label} ${role} expected 401, got ${response.statusCode}`);
        }
        continue;
      }
      // A streaming server's token is no session: refused like an unknown one.
      if (asServer.statusCode !== 404 || asServer.json<{ code: string }>().code !== 'session_not_found') {
        failures.push(`${label} streaming server expected 404 session_not_found, got ${asServer.statusCode}`);
      }
      for (const role of roles) {
        // A fresh session per call: logout and lock routes end or lock the one they are given.
        const token = await createSession(testApp.app, accountIds[role]);
        const response = await call(route.method, route.url, token);
        const allowed = route.access.roles.includes(role);
        if (!allowed && response.statusCode !== 403)
          failures.push(`${label} ${role} expected 403, got ${response.statusCode}`);
        if (allowed && ([401, 403].includes(response.statusCode) || response.statusCode >= 500)) {
          failures.push(`${label} ${role} allowed but got ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every route for API tokens as its declared scope says (decision 0137)', async () => {
    const failures: string[] = [];
    const bodyOf = (response: { body: string }) => response.body.slice(0, 160);
    for (const route of testApp.app.routeRegistry) {
      if (route.access.kind !== 'session') {
        if (route.tokenScope !== null)
          failures.push(`${route.method} ${route.url} non-session route takes tokens`);
        continue;
      }
      const label = `${route.method} ${route.url} (${route.tokenScope ?? 'no tokens'})`;
      const scope = route.tokenScope;
      const asReseller = await call(route.method, route.url, apiTokens.reseller);
      if (!scope) {
        const refused = asReseller.json<{ message?: string }>();
        if (asReseller.statusCode !== 403 || refused.message !== API_TOKEN_MESSAGES.routeRefusesTokens)
          failures.push(`${label} reseller token expected 403 refused, got ${asReseller.statusCode}`);
        continue;
      }
      const allowed = route.access.roles.includes('reseller');
      if (!allowed && asReseller.statusCode !== 403)
        failures.push(`${label} reseller token expected 403, got ${asReseller.statusCode}`);
      if (allowed && ([401, 403].includes(asReseller.statusCode) || asReseller.statusCode >= 500))
        failures.push(
          `${label} reseller token allowed but got ${asReseller.statusCode} ${bodyOf(asReseller)}`,
        );
      const lacking = await call(route.method, route.url, apiTokens.resellerWithout[scope]);
      if (
        lacking.statusCode !== 403 ||
        lacking.json<{ message: string }>().message !== missingScopeMessage(scope)
      )
        failures.push(`${label} token without ${scope} expected 403, got ${lacking.statusCode}`);
      if (route.access.roles.includes('admin')) {
        const asAdmin = await call(route.method, route.url, apiTokens.admin);
        if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500)
          failures.push(`${label} admin token allowed but got ${asAdmin.statusCode} ${bodyOf(asAdmin)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets tokens change only what a route declares, and read what a reseller may read', () => {
    const writes = testApp.app.routeRegistry
      .filter((route) => route.tokenScope !== null && route.tokenScope !== 'read')
      .map((route) => `${route.tokenScope} ${route.method} ${route.url}`)
      .sort();
    // A route added to this list is a decision: a token may now change something through it.
    expect(writes).toEqual(EXPECTED_TOKEN_WRITES);
    const readsNotGet = testApp.app.routeRegistry
      .filter((route) => route.tokenScope === 'read' && route.method !== 'GET')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(readsNotGet).toEqual([
      'POST /api/resellers/select_search',
      'POST /api/users/bulk/preview',
      'POST /api/users/checkmac',
      'POST /api/users/select_search',
    ]);
    // Reads of the admin's and publisher's pages, and everything of tokens, sessions and the password, refuse tokens.
    for (const route of testApp.app.routeRegistry) {
      const refuses =
        /^\/api\/(auth|profile)\/|^\/api\/(admin\/)?api-tokens/.test(route.url) ||
        (route.access.kind === 'session' &&
          !route.access.roles.includes('reseller') &&
          route.method === 'GET');
      if (refuses) expect(route.tokenScope, `${route.method} ${route.url}`).toBeNull();
    }
  });

  it('documents the scope of every route in the OpenAPI document, from the registry', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      info: { description: string };
      paths: Record<string, Record<string, { 'x-api-token-scope'?: string; description?: string }>>;
    }>();
    expect(document.info.description).toContain('Authorization: Bearer pnl_');
    const mismatches: string[] = [];
    for (const route of testApp.app.routeRegistry) {
      if (route.access.kind !== 'session') continue;
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const documented = operation?.['x-api-token-scope'] ?? null;
      if (!operation || documented !== route.tokenScope || !operation.description?.includes('API token'))
        mismatches.push(`${route.method} ${route.url}: ${documented} vs ${route.tokenScope}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(accessRegistry);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow('declares no access');
    await app.close();
  });
});

const EXPECTED_TOKEN_WRITES = [
  'credits POST /api/credit-purchases',
  'credits POST /api/resellers/:id/credits',
  'lines DELETE /api/reminders/templates/:window',
  // Decision 0147: a `lines` token buys and cancels activation codes, as it creates and removes lines.
  'lines POST /api/activation-batches',
  'lines POST /api/activation-codes/:id/cancel',
  'lines DELETE /api/short-links/:id',
  'lines DELETE /api/users/:id',
  'lines DELETE /api/users/:id/dreamtv',
  'lines DELETE /api/users/cleanup/expired-trials',
  'lines DELETE /api/users/cleanup/expired-users',
  // A billing bot charges by PIX and confirms receipts with the lines scope (decision 0160).
  'lines POST /api/payments/:id/confirm',
  'lines POST /api/payments/:id/refresh',
  'lines POST /api/payments/charges',
  'lines POST /api/reminders/:id/sent',
  'lines POST /api/shorturl',
  'lines POST /api/users',
  'lines POST /api/users/:id/add-days',
  'lines POST /api/users/:id/block',
  'lines POST /api/users/:id/change_system',
  'lines POST /api/users/:id/connect-tv',
  'lines POST /api/users/:id/dreamtv',
  'lines POST /api/users/:id/hybrid-transfer',
  'lines POST /api/users/:id/portal/message',
  'lines POST /api/users/:id/portal/release-device',
  'lines POST /api/users/:id/renew',
  'lines POST /api/users/:id/renew-by-calendar',
  'lines POST /api/users/:id/renew-package',
  'lines POST /api/users/:id/resync_hybrid',
  'lines POST /api/users/:id/resync_p2p',
  'lines POST /api/users/:id/screens',
  'lines POST /api/users/:id/set-expiry-time',
  'lines POST /api/users/:id/unblock',
  'lines POST /api/users/bulk',
  'lines POST /api/users/bulk/:id/cancel',
  'lines POST /api/users/bulk/:id/run',
  'lines POST /api/users/connections/:id/disconnect',
  'lines POST /api/users/import',
  'lines POST /api/users/import/preview',
  'lines POST /api/users/trial_users',
  'lines PUT /api/payments/prices',
  'lines PUT /api/reminders/templates/:window',
  'lines PUT /api/users/:id',
  'lines PUT /api/users/:id/dreamtv',
  'resellers DELETE /api/resellers/:id',
  'resellers POST /api/resellers',
  'resellers POST /api/resellers/:id/block',
  'resellers POST /api/resellers/:id/unblock',
  'resellers POST /api/resellers/transfer',
  'resellers PUT /api/resellers/:id',
  'resellers PUT /api/resellers/:id/publisher',
].sort();

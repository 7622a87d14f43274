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

beforeAll(async () => {
  testApp = await startTestApp();
  for (const role of roles) accountIds[role] = (await createAccount(testApp.app, { role })).id;
  serverToken = (await createStreamingServer(testApp.app)).token;
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

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(accessRegistry);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow('declares no access');
    await app.close();
  });
});

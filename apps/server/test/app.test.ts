import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { loadConfig } from '../src/config';
import { startTestApp, TEST_ADMIN, type TestApp } from './test-app';

const webDist = mkdtempSync(join(tmpdir(), 'panel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">painel</div>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app")');

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ WEB_DIST_DIR: webDist, LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(async () => {
  await testApp.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the one process', () => {
  it('answers the health check', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes the OpenAPI document generated from the route schemas, and its page', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/auth/sign-in'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password', 'g-recaptcha-response']);
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers a body that is too large or not JSON with 400 and the catalogue message (not 413/415)', async () => {
    const tooLarge = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
    });
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    for (const response of [tooLarge, notJson]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'bad_request',
        message: 'Dados inválidos. Verifique as informações e tente novamente.',
      });
    }
  });

  it('serves the panel at the root path', async () => {
    const root = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('painel');
  });

  it('refuses a NUL character anywhere in a request with 400 (PostgreSQL text cannot hold it)', async () => {
    const inBody = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'adm\u0000in', password: 'x', 'g-recaptcha-response': 'x' },
    });
    const inQuery = await testApp.app.inject({ method: 'GET', url: '/api/auth/captcha?x=%00' });
    for (const response of [inBody, inQuery]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Dados inválidos. Verifique as informações e tente novamente.');
    }
  });

  it('serves the built panel with a fallback to index.html for deep links', async () => {
    const deepLink = await testApp.app.inject({ method: 'GET', url: '/resellers/logs' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('painel');
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log("app")');
  });

  it('answers a route with the page the build wrote for it (its chunks announced), other routes with index.html', async () => {
    mkdirSync(join(webDist, 'routes', 'users'), { recursive: true });
    writeFileSync(join(webDist, 'routes', 'users.html'), '<!doctype html><div id="root">users page</div>');
    writeFileSync(join(webDist, 'routes', 'users', 'create.html'), '<!doctype html>create page');
    const users = await testApp.app.inject({ method: 'GET', url: '/users?page=2' });
    expect(users.statusCode).toBe(200);
    expect(users.body).toContain('users page');
    expect(users.headers['cache-control']).toBe('no-cache');
    expect((await testApp.app.inject({ method: 'GET', url: '/users/create' })).body).toContain('create page');
    // No page of its own, or not a route-like address: the panel's index.html.
    for (const url of ['/dashboard', '/users/', '/users.html/x', '/USERS']) {
      const page = await testApp.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('painel');
    }
  });

  it('serves a file added after start (a rebuild) and answers a missing asset with 404', async () => {
    writeFileSync(join(webDist, 'assets', 'late.js'), 'console.log("late")');
    expect((await testApp.app.inject({ method: 'GET', url: '/assets/late.js' })).body).toBe(
      'console.log("late")',
    );
    expect((await testApp.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });

  it('answers the build’s brotli copy to a browser that accepts it, and lets hashed assets be kept for good', async () => {
    writeFileSync(join(webDist, 'assets', 'big-abc123.js'), 'console.log("big")');
    writeFileSync(join(webDist, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log("big")'));
    const compressed = await testApp.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("big")');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await testApp.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("big")');
    // The page itself is never cached: a new build must reach the browser on the next visit.
    const page = await testApp.app.inject({ method: 'GET', url: '/users' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers an oversized URL or header with the catalogue’s 400 in the API shape, not Node’s 431', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const expected = {
      status: 400,
      code: 'bad_request',
      message: 'Dados inválidos. Verifique as informações e tente novamente.',
    };
    const longUrl = await fetch(`${address}/api/logs?reseller=${'a'.repeat(20_000)}`);
    expect(longUrl.status).toBe(400);
    expect(longUrl.headers.get('content-type')).toContain('application/json');
    expect(await longUrl.json()).toEqual(expected);
    const longHeader = await fetch(`${address}/api/health`, { headers: { 'x-filler': 'b'.repeat(20_000) } });
    expect(longHeader.status).toBe(400);
    expect(await longHeader.json()).toEqual(expected);
  });

  it('answers unknown /api paths with the JSON 404, not the page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Recurso não encontrado.' });
  });

  it('logs JSON lines with request ids and never a password or token', async () => {
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-request-id': 'req-test-0001' },
      payload: { ...TEST_ADMIN, 'g-recaptcha-response': 'x' },
    });
    const token = signIn.json().token as string;
    await testApp.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    const all = logLines.join('');
    expect(all).toContain('"reqId":"req-test-0001"');
    expect(all).not.toContain(TEST_ADMIN.password);
    expect(all).not.toContain(token);
    for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      CAPTCHA_PROVIDER: 'altcha',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('refuses reCAPTCHA without its keys, and unknown providers', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow('RECAPTCHA_SITE_KEY');
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow('CAPTCHA_PROVIDER');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT');
  });

  it('trusts no proxy unless TRUST_PROXY names one: a hop count or addresses/CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['true', '*', '10.0.0.0/33', 'balancer.local', '10.0.0.1/8/1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow('TRUST_PROXY');
    }
  });

  it('runs every role in one process unless SERVER_ROLES names some, and splits only on PostgreSQL (decision 0076)', () => {
    const all = ['panel', 'delivery', 'workers'];
    expect(loadConfig({}).SERVER_ROLES).toEqual(all);
    expect(loadConfig({ SERVER_ROLES: ' ' }).SERVER_ROLES).toEqual(all);
    expect(loadConfig({ SERVER_ROLES: 'workers,panel,delivery' }).SERVER_ROLES).toEqual(all);
    const pg = { DATABASE_URL: 'postgres://panel@db/panel' };
    expect(loadConfig({ ...pg, SERVER_ROLES: 'Delivery' }).SERVER_ROLES).toEqual(['delivery']);
    expect(loadConfig({ ...pg, SERVER_ROLES: 'workers, panel,panel' }).SERVER_ROLES).toEqual([
      'panel',
      'workers',
    ]);
    expect(() => loadConfig({ ...pg, SERVER_ROLES: 'delivery,edge' })).toThrow(
      'SERVER_ROLES: not a role: edge (roles: panel, delivery, workers)',
    );
    // The embedded database belongs to one process: a split is refused at start, saying why.
    expect(() => loadConfig({ SERVER_ROLES: 'delivery' })).toThrow(
      'SERVER_ROLES: delivery splits the server into processes, which needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) belongs to one process, which runs every role. Unset SERVER_ROLES or set DATABASE_URL',
    );
    expect(() => loadConfig({ SERVER_ROLES: 'panel,workers' })).toThrow('SERVER_ROLES: panel,workers splits');
  });
});

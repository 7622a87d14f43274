import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { EARLY_PROFILE_REQUEST_SCRIPT } from '@panel/shared/web/early-profile-request';
import { bearer } from './api';
import { createAccount, createSession } from './factories';
import { startTestApp, type TestApp } from './test-app';

const webDist = mkdtempSync(join(tmpdir(), 'panel-web-headers-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">painel</div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ WEB_DIST_DIR: webDist, CAPTCHA_PROVIDER: 'altcha' });
});
afterAll(async () => {
  await testApp.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

/** The policy as directive → sources, so each rule is asserted on its own. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(policyOf(response)['frame-ancestors']).toEqual(["'none'"]);
}

/** The one inline script the panel's pages may run, by the hash of its text (decision 0110). */
const EARLY_PROFILE_HASH = `'sha256-${createHash('sha256').update(EARLY_PROFILE_REQUEST_SCRIPT).digest('base64')}'`;

const PANEL_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", EARLY_PROFILE_HASH],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:', 'http:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

describe('security headers (decision 0023)', () => {
  it('the panel page: its policy allows no foreign script and one inline script by its hash, and the page is revalidated', async () => {
    for (const url of ['/', '/users', '/profile/change-password']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('painel');
      expectCommonHeaders(page);
      expect(policyOf(page)).toEqual(PANEL_POLICY);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('a hashed asset keeps its long cache and gets the same headers, brotli copy included', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const asset = await get('/assets/index-abc123.js', headers);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectCommonHeaders(asset);
    }
  });

  it('an /api answer is never stored and may run nothing when opened as a document', async () => {
    const reseller = await createAccount(testApp.app);
    const token = await createSession(testApp.app, reseller.id);
    for (const response of [
      await get('/api/profile', bearer(token)),
      await get('/api/health'),
      // This route also sets no-store itself; the answer must not carry two values.
      await get('/api/auth/captcha/challenge'),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expectCommonHeaders(response);
      expect(policyOf(response)['default-src']).toEqual(["'none'"]);
    }
  });

  it('an /api error answer has the same headers: 401, 400, unknown path 404', async () => {
    const unauthenticated = await get('/api/profile');
    const invalid = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    const unknown = await get('/api/does-not-exist');
    expect([unauthenticated.statusCode, invalid.statusCode, unknown.statusCode]).toEqual([401, 400, 404]);
    for (const response of [unauthenticated, invalid, unknown]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expectCommonHeaders(response);
      expect(policyOf(response)['default-src']).toEqual(["'none'"]);
    }
  });

  it('a missing asset (404 outside /api) gets the panel headers, without no-store', async () => {
    const missing = await get('/assets/missing-999.js');
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing);
    expect(policyOf(missing)['script-src']).toEqual(["'self'", EARLY_PROFILE_HASH]);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('the API documentation has a policy of its own: its files only, no inline script', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    // Swagger UI's page loads every script from a file, so the policy needs no inline script.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expectCommonHeaders(page);
    expect(policyOf(page)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(page.headers['cache-control']).toBe('no-store');
    const script = await get('/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    expect(policyOf(script)['script-src']).toEqual(["'self'"]);
    expect(script.headers['cache-control']).toBe('no-store');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import { DOMAIN_TOKEN_PATH } from '@panel/shared/domains/domains-api';
import type { ShortLinkType } from '@panel/shared/domains/short-link-types';
import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { domains, lines } from '../../db/schema';
import { createRedirectedMovie } from '../../../test/content-factory';
import { addDomain, addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const BASE = 'https://tv.example.com';
const PANEL_HOST = 'painel.example.net';
// A built panel, so a path that would fall back to the panel's page really gets one.
const webDist = mkdtempSync(join(tmpdir(), 'panel-web-short-links-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">painel</div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
// A built customer page (decision 0180), answered at /cliente and at a domain's root.
const customerDist = mkdtempSync(join(tmpdir(), 'panel-customer-page-'));
mkdirSync(join(customerDist, 'assets'));
writeFileSync(join(customerDist, 'index.html'), '<!doctype html><div id="app">cliente</div>');
writeFileSync(join(customerDist, 'assets', 'index-def456.js'), 'console.log("cliente")');
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
  rmSync(customerDist, { recursive: true, force: true });
});
// A cache of 0 ms: every request reads the domains table, so a test may change a domain between requests.
const t = useTestApp({
  PLAYER_BASE_URL: BASE,
  PANEL_PUBLIC_HOST: PANEL_HOST,
  SHORT_LINK_SCHEME: 'http',
  SHORT_LINK_HOST_CACHE_MS: '0',
  WEB_DIST_DIR: webDist,
  CUSTOMER_DIST_DIR: customerDist,
});

async function arrange(overrides: Partial<typeof lines.$inferInsert> = {}) {
  const reseller = await createSignedInAccount(t.app);
  const line = await createLine(t.app, reseller.account, { password: 'a?b@c9', ...overrides });
  const domain = await addVerifiedDomain(t.db, reseller.account.id, uniqueHost());
  const make = async (type: ShortLinkType) => {
    const response = await t.as(reseller).post('/api/shorturl', { user_id: line.id, type });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; code: string; url: string }>();
  };
  return { reseller, line, domain, make };
}

function open(host: string, path: string, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url: path, headers: { host } });
}

/** The redirect of docs/product/screens.md#short-links (decision 0049). */
describe('GET http://<domain>/<code>', () => {
  it('redirects each type to the line’s playlist or guide, SS IPTV on the ss. sub-domain', async () => {
    const { line, domain, make } = await arrange();
    const links = playlistLinks(BASE, line.username, line.password);
    const expected: Record<ShortLinkType, string> = {
      mpgets: links.m3uPlus,
      hls: links.hls,
      ssiptv: links.m3u,
      epg: links.epg,
    };
    for (const [type, target] of Object.entries(expected) as [ShortLinkType, string][]) {
      const link = await make(type);
      const url = new URL(link.url);
      expect(url.hostname).toBe(type === 'ssiptv' ? `ss.${domain.domain}` : domain.domain);
      const response = await open(`${url.hostname}:8080`, url.pathname);
      expect(response.statusCode, `${type} ${response.body}`).toBe(302);
      expect(response.headers.location).toBe(target);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect(expected.mpgets).toContain('type=m3u_plus&output=ts');
    expect(expected.hls).toContain('output=m3u8');
    expect(expected.epg).toContain('/xmltv.php?');
  });

  it('answers HEAD like GET and reads the Host case-insensitively', async () => {
    const { domain, make } = await arrange();
    const link = await make('hls');
    const response = await open(domain.domain.toUpperCase(), `/${link.code}`, 'HEAD');
    expect(response.statusCode).toBe(302);
  });

  it('serves SS IPTV links only on ss.<domain> and the other types only on the domain itself', async () => {
    const { domain, make } = await arrange();
    const ss = await make('ssiptv');
    const hls = await make('hls');
    for (const [host, code] of [
      [domain.domain, ss.code],
      [`ss.${domain.domain}`, hls.code],
    ] as const) {
      const response = await open(host, `/${code}`);
      expect(response.statusCode, host).toBe(404);
      expect(response.body).toBe(SHORT_LINK_MESSAGES.redirectNotFound);
    }
  });

  it('refuses a blocked or expired line with a short text, and a deleted line’s link is gone', async () => {
    const { line, domain, make } = await arrange();
    const link = await make('mpgets');
    await t.db.update(lines).set({ enabled: 0 }).where(eq(lines.id, line.id));
    let response = await open(domain.domain, `/${link.code}`);
    expect([response.statusCode, response.body]).toEqual([410, SHORT_LINK_MESSAGES.redirectInactive]);
    expect(response.headers.location).toBeUndefined();
    await t.db
      .update(lines)
      .set({ enabled: 1, expDate: daysFromNow(-1) })
      .where(eq(lines.id, line.id));
    response = await open(domain.domain, `/${link.code}`);
    expect([response.statusCode, response.body]).toEqual([410, SHORT_LINK_MESSAGES.redirectInactive]);
    await t.db.delete(lines).where(eq(lines.id, line.id));
    response = await open(domain.domain, `/${link.code}`);
    expect([response.statusCode, response.body]).toEqual([404, SHORT_LINK_MESSAGES.redirectNotFound]);
  });

  it('answers a link only on its own domain, and stops once the domain is no longer verified', async () => {
    const first = await arrange();
    const second = await arrange();
    const link = await first.make('hls');
    expect((await open(second.domain.domain, `/${link.code}`)).statusCode).toBe(404);
    await t.db.update(domains).set({ verifiedAt: null }).where(eq(domains.id, first.domain.id));
    // No longer a reseller's domain: the panel answers there.
    const response = await open(first.domain.domain, `/${link.code}`);
    expect(response.body).toContain('<div id="root">');
  });

  it('lets requests on other hosts through: a foreign Host, a pending domain', async () => {
    const { make } = await arrange();
    const link = await make('hls');
    const foreign = await open('painel.example.org', `/${link.code}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toContain('<div id="root">');
    await addDomain(t.db, (await createSignedInAccount(t.app)).account.id, 'pendente.example.com');
    expect((await open('pendente.example.com', '/dashboard')).body).toContain('<div id="root">');
  });
});

const isPanelPage = (response: LightMyRequestResponse) =>
  response.statusCode === 200 && response.body.includes('<div id="root">');

/** A reseller's domain is not the panel (decision 0069): links, what apps load, and nothing else. */
describe('a reseller’s domain', () => {
  it('answers every other address with 404 ‘Link não encontrado.’: unknown codes, pages, the API, files', async () => {
    const { domain } = await arrange();
    const paths = [
      '/abcdefg',
      '/abcdefg?x=1',
      '/ABCDEFG',
      '/Zz9Zz9Z',
      '/abcdefgh',
      '/dashboard',
      '/login',
      '/domains',
      '/users/create',
      '/index.html',
      '/assets/index-abc123.js',
      '/favicon.ico',
      '/api/health',
      '/api/profile',
      '/api/docs',
      '/metrics',
    ];
    for (const host of [domain.domain, `ss.${domain.domain}`, `${domain.domain.toUpperCase()}:8080`]) {
      for (const path of paths) {
        const response = await open(host, path);
        expect([response.statusCode, response.body], `${host}${path}`).toEqual([
          404,
          SHORT_LINK_MESSAGES.redirectNotFound,
        ]);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      const head = await open(host, '/abcdefg', 'HEAD');
      expect(head.statusCode).toBe(404);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host },
        payload: { username: 'admin', password: 'x' },
      });
      expect([signIn.statusCode, signIn.body]).toEqual([404, SHORT_LINK_MESSAGES.redirectNotFound]);
    }
    // The root of the ss. sub-domain is no customer page (the domain's own root is: below).
    expect((await open(`ss.${domain.domain}`, '/')).body).toBe(SHORT_LINK_MESSAGES.redirectNotFound);
    // The same addresses on the panel's own host are the panel.
    expect(isPanelPage(await open(PANEL_HOST, '/abcdefg'))).toBe(true);
    expect(isPanelPage(await open(PANEL_HOST, '/dashboard'))).toBe(true);
  });

  it('serves what customers’ apps load: player API, playlists, guide, streams, HLS, the token file', async () => {
    const { line, domain } = await arrange();
    const movie = await createRedirectedMovie(t.db, 'Filme do domínio');
    const credentials = `username=${encodeURIComponent(line.username)}&password=${encodeURIComponent(line.password)}`;
    for (const host of [domain.domain, `ss.${domain.domain}`]) {
      const api = await open(host, `/player_api.php?${credentials}`);
      expect(api.statusCode, api.body).toBe(200);
      expect(api.json<{ user_info: { auth: number } }>().user_info.auth).toBe(1);
      const playlist = await open(host, `/get.php?${credentials}&type=m3u_plus&output=ts`);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body.startsWith('#EXTM3U')).toBe(true);
      const guide = await open(host, `/xmltv.php?${credentials}`);
      expect(guide.statusCode).toBe(200);
      expect(guide.body).toContain('<tv');
      const path = `/${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}/${movie.id}.mp4`;
      const stream = await open(host, `/movie${path}`);
      expect(stream.statusCode, stream.body).toBe(302);
      for (const segment of ['/live', '/series', '/hls']) {
        const other = await open(host, segment === '/hls' ? '/hls/nao-e-um-token.ts' : `${segment}${path}`);
        expect(other.body, segment).not.toBe(SHORT_LINK_MESSAGES.redirectNotFound);
      }
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/get.php', headers: { host } });
      expect(preflight.statusCode).toBe(204);
    }
    const token = await open(domain.domain, DOMAIN_TOKEN_PATH);
    expect([token.statusCode, token.body]).toEqual([200, domain.verificationToken]);
  });

  it('is never one of the panel’s own hosts, even registered and verified by some account', async () => {
    const { reseller, line } = await arrange();
    // Rows no API would write any more (decision 0069), as a database from before might hold them.
    const own = ['tv.example.com', PANEL_HOST, 'localhost', '127.0.0.1', 'principal.example.net'];
    for (const host of own) await addVerifiedDomain(t.db, reseller.account.id, host);
    const saved = await t.as(t.adminToken).put('/api/admin/panel', { main_domain: 'principal.example.net' });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const host of [...own, '127.0.0.1:3000', '[::1]:3000', '10.0.0.8']) {
      for (const path of ['/dashboard', '/abcdefg']) {
        expect(isPanelPage(await open(host, path)), `${host}${path}`).toBe(true);
      }
      const health = await open(host, '/api/health');
      expect(health.statusCode, host).toBe(200);
    }
    // The short link of such a row is not answered there either: the panel's page is.
    const [row] = await t.db.select().from(domains).where(eq(domains.domain, PANEL_HOST));
    const link = await t
      .as(reseller)
      .post('/api/shorturl', { user_id: line.id, type: 'hls', domain: row?.id });
    expect(link.statusCode, link.body).toBe(201);
    expect(isPanelPage(await open(PANEL_HOST, `/${link.json<{ code: string }>().code}`))).toBe(true);
  });
});

describe('the host cache', () => {
  const cached = useTestApp({ PLAYER_BASE_URL: BASE, SHORT_LINK_HOST_CACHE_MS: '60000' });

  it('remembers a host until clear() is called', async () => {
    const reseller = await createSignedInAccount(cached.app);
    const line = await createLine(cached.app, reseller.account);
    const host = uniqueHost();
    const pending = await addDomain(cached.db, reseller.account.id, host);
    expect(await cached.app.shortLinkHosts.domainIdOf(host)).toBeNull();
    await cached.db.update(domains).set({ verifiedAt: new Date() }).where(eq(domains.id, pending.id));
    const link = (await cached.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'epg' })).json();
    expect((await cached.app.inject({ url: `/${link.code}`, headers: { host } })).statusCode).not.toBe(302);
    cached.app.shortLinkHosts.clear();
    expect((await cached.app.inject({ url: `/${link.code}`, headers: { host } })).statusCode).toBe(302);
  });

  it('is cleared when a domain is deleted through the domains API', async () => {
    const reseller = await createSignedInAccount(cached.app);
    const line = await createLine(cached.app, reseller.account);
    const host = uniqueHost();
    const domain = await addVerifiedDomain(cached.db, reseller.account.id, host);
    const link = (await cached.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'hls' })).json();
    expect((await cached.app.inject({ url: `/${link.code}`, headers: { host } })).statusCode).toBe(302);
    expect((await cached.as(reseller).delete(`/api/domains/${domain.id}`)).statusCode).toBe(204);
    // Not a domain any more: the panel's own 404, not the redirect's 'Link não encontrado.'.
    const after = await cached.app.inject({ url: `/${link.code}`, headers: { host } });
    expect(after.json()).toMatchObject({ code: 'not_found' });
  });
});

/** The customer page's build (decision 0180): at /cliente on every host, at the root of a reseller's domain. */
describe('the customer page', () => {
  const isCustomerPage = (response: LightMyRequestResponse) =>
    response.statusCode === 200 && response.body.includes('<div id="app">cliente');
  const policyOf = (response: LightMyRequestResponse) => String(response.headers['content-security-policy']);

  it('answers /cliente and a domain’s root with the page, never cached, under its own policy', async () => {
    const { domain } = await arrange();
    for (const [host, path] of [
      [PANEL_HOST, '/cliente'],
      [PANEL_HOST, '/cliente/'],
      [domain.domain, '/'],
      [`${domain.domain.toUpperCase()}:8080`, '/?from=whatsapp'],
      [domain.domain, '/cliente'],
    ] as const) {
      const page = await open(host, path);
      expect(isCustomerPage(page), `${host}${path}`).toBe(true);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      const policy = policyOf(page);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("style-src 'self';");
      expect(policy).toContain("img-src 'self' data:;");
      expect(policy).not.toContain('unsafe-inline');
    }
    // The panel's own root stays the panel, with its policy.
    const panel = await open(PANEL_HOST, '/');
    expect(isPanelPage(panel)).toBe(true);
    expect(policyOf(panel)).toContain("'unsafe-inline'");
  });

  it('serves its hashed files for good, and a missing file or address under /cliente is a 404', async () => {
    const { domain } = await arrange();
    for (const host of [PANEL_HOST, domain.domain]) {
      const asset = await open(host, '/cliente/assets/index-def456.js');
      expect([asset.statusCode, asset.body]).toEqual([200, 'console.log("cliente")']);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/cliente/assets/missing.js', '/cliente/qualquer']) {
        const missing = await open(host, path);
        expect(missing.statusCode, `${host}${path}`).toBe(404);
        expect(isPanelPage(missing) || isCustomerPage(missing)).toBe(false);
      }
    }
  });
});

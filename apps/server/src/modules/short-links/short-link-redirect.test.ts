import { playlistLinks } from '@panel/shared/content/playlist-links';
import type { ShortLinkType } from '@panel/shared/domains/short-link-types';
import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domains, lines } from '../../db/schema/index';
import { addDomain, addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const BASE = 'https://tv.example.com';
// A cache of 0 ms: every request reads the domains table, so a test may change a domain between requests.
const t = useTestApp({ PLAYER_BASE_URL: BASE, SHORT_LINK_SCHEME: 'http', SHORT_LINK_HOST_CACHE_MS: '0' });

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
    const response = await open(first.domain.domain, `/${link.code}`);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('lets every other request through: a foreign Host, panel pages and the API on a domain', async () => {
    const { domain, make } = await arrange();
    const link = await make('hls');
    const foreign = await open('painel.example.net', `/${link.code}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    await addDomain(t.db, (await createSignedInAccount(t.app)).account.id, 'pendente.example.com');
    expect((await open('pendente.example.com', `/${link.code}`)).json()).toMatchObject({ code: 'not_found' });
    expect((await open(domain.domain, '/domains')).json()).toMatchObject({ code: 'not_found' });
    const health = await open(domain.domain, '/api/health');
    expect(health.statusCode, health.body).toBe(200);
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

import {
  DOMAIN_CHECK_ERRORS,
  DOMAIN_MESSAGES,
  DOMAIN_TOKEN_PATH,
  type Domain,
} from '@panel/shared/domains/domains-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../db/schema';
import { recordCheckPassed } from './domains.repository';
import { createSession, createSignedInAccount } from '../../../test/factories';
import { startFakeDns, type FakeDns } from '../../../test/fake-dns/fake-dns-server';
import { startTokenFileServer, type TokenFileServer } from '../../../test/fake-dns/token-file-server';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { startTestApp, useTestApp } from '../../../test/test-app';

const PANEL_ADDRESS = '203.0.113.7';
let dns: FakeDns;
let files: TokenFileServer;
/** What the fake DNS answers (a test may point a name elsewhere while it runs). */
const answers: Record<string, string[]> = {
  'pointed.example.com': [PANEL_ADDRESS],
  '*': ['127.0.0.1'],
};

beforeAll(async () => {
  files = await startTokenFileServer();
  dns = await startFakeDns({
    port: 0,
    answers,
    cnames: { 'alias.example.com': 'painel.example.net' },
  });
});
afterAll(async () => {
  await dns.close();
  await files.close();
});

const t = useTestApp(() => ({
  DOMAIN_DNS_SERVERS: `127.0.0.1:${dns.port}`,
  PANEL_PUBLIC_ADDRESSES: PANEL_ADDRESS,
  PANEL_PUBLIC_HOST: 'painel.example.net',
  DOMAIN_HTTP_CHECK_PORT: String(files.port),
  DOMAIN_CHECK_TIMEOUT_MS: '1000',
  DOMAIN_NAMESERVERS: 'ns1.painel.example.net, ns2.painel.example.net',
  DOMAIN_VERIFY_POLL_MS: '300',
  // The token-file server and the '*' answer are 127.0.0.1, which the check never asks unless allowed.
  DOMAIN_ALLOW_PRIVATE_HOSTS: 'true',
}));

const BASE = '/api/domains';
let run = 0;
const unique = (label: string) => `${label}-${Date.now() % 1_000_000}-${++run}.example.org`;

async function add(token: string, domain: string): Promise<Domain> {
  const response = await t.as(token).post(BASE, { domain });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Domain>();
}

async function list(token: string): Promise<Domain[]> {
  const response = await t.as(token).get(BASE);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Domain[] }>().data;
}

describe('domains', () => {
  it('adds a domain pointed at the panel (A record): verified at once, lowercased, with the nameservers', async () => {
    const { token, account } = await createSignedInAccount(t.app);
    const domain = await add(token, '  Pointed.Example.COM ');
    expect(domain).toMatchObject({
      domain: 'pointed.example.com',
      is_default: false,
      nameserver_1: 'ns1.painel.example.net',
      nameserver_2: 'ns2.painel.example.net',
      reseller_name: account.username,
      check_error: null,
    });
    expect(domain.verified_at).not.toBeNull();
    expect(domain.checked_at).not.toBeNull();
    expect(domain.verification_token).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('verifies a domain whose CNAME is the panel’s host', async () => {
    const { token } = await createSignedInAccount(t.app);
    expect((await add(token, 'alias.example.com')).verified_at).not.toBeNull();
  });

  it('keeps a domain not pointed at the panel pending with the reason, then verifies it by token file', async () => {
    const { token } = await createSignedInAccount(t.app);
    const host = unique('file');
    const pending = await add(token, host);
    expect(pending).toMatchObject({ verified_at: null, check_error: DOMAIN_CHECK_ERRORS.notPointed });
    expect(pending.checked_at).not.toBeNull();

    files.tokens.set(host, 'not-the-token');
    const wrong = await t.as(token).post(`${BASE}/${pending.id}/verify`);
    expect(wrong.json<Domain>()).toMatchObject({
      verified_at: null,
      check_error: DOMAIN_CHECK_ERRORS.notPointed,
    });

    files.tokens.set(host, pending.verification_token);
    const verified = await t.as(token).post(`${BASE}/${pending.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<Domain>()).toMatchObject({ check_error: null });
    expect(verified.json<Domain>().verified_at).not.toBeNull();
  });

  it('checks pending domains again in the background', async () => {
    const { token } = await createSignedInAccount(t.app);
    const host = unique('later');
    const pending = await add(token, host);
    expect(pending.verified_at).toBeNull();
    files.tokens.set(host, pending.verification_token);
    const deadline = Date.now() + 8000;
    let verifiedAt: Date | null = null;
    while (Date.now() < deadline && !verifiedAt) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ verifiedAt = null } = { verifiedAt: null }] = await t.db
        .select({ verifiedAt: domains.verifiedAt })
        .from(domains)
        .where(eq(domains.id, pending.id));
    }
    expect(verifiedAt).toBeInstanceOf(Date);
  });

  it('answers a registered domain’s token at the token-file path; other hosts get 404', async () => {
    const { token } = await createSignedInAccount(t.app);
    const domain = await add(token, unique('served'));
    const served = await t.app.inject({ url: DOMAIN_TOKEN_PATH, headers: { host: `${domain.domain}:8080` } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(domain.verification_token);
    const other = await t.app.inject({ url: DOMAIN_TOKEN_PATH, headers: { host: 'unknown.example.org' } });
    expect(other.statusCode).toBe(404);
  });

  it('lists only the caller’s domains, newest first; the admin sees every account’s with its owner', async () => {
    const first = await createSignedInAccount(t.app);
    const second = await createSignedInAccount(t.app);
    const older = await add(first.token, unique('older'));
    const newer = await add(first.token, unique('newer'));
    const foreign = await add(second.token, unique('foreign'));
    expect((await list(first.token)).map((domain) => domain.id)).toEqual([newer.id, older.id]);
    const all = await list(t.adminToken);
    expect(all.find((domain) => domain.id === foreign.id)?.reseller_name).toBe(second.account.username);
    const ids = all.map((domain) => domain.id);
    expect(ids.indexOf(foreign.id)).toBeLessThan(ids.indexOf(newer.id));
  });

  it('sets one default per account: setting one makes the others non-default', async () => {
    const { token } = await createSignedInAccount(t.app);
    const a = await add(token, unique('a'));
    const b = await add(token, unique('b'));
    const other = await createSignedInAccount(t.app);
    const otherDefault = await add(other.token, unique('other'));
    expect((await t.as(other.token).put(`${BASE}/${otherDefault.id}/default`)).statusCode).toBe(200);

    const setA = await t.as(token).put(`${BASE}/${a.id}/default`);
    expect(setA.statusCode, setA.body).toBe(200);
    expect(setA.json<Domain>().is_default).toBe(true);
    await t.as(token).put(`${BASE}/${b.id}/default`);
    const defaults = (await list(token)).filter((domain) => domain.is_default).map((domain) => domain.id);
    expect(defaults).toEqual([b.id]);
    expect((await list(other.token)).find((domain) => domain.id === otherDefault.id)?.is_default).toBe(true);

    // Concurrent calls end with exactly one default.
    await Promise.all([a, b, a, b].map((domain) => t.as(token).put(`${BASE}/${domain.id}/default`)));
    expect((await list(token)).filter((domain) => domain.is_default)).toHaveLength(1);
  });

  it('a publisher may set a default; an admin may not', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const domain = await add(publisher.token, unique('pub'));
    expect((await t.as(publisher.token).put(`${BASE}/${domain.id}/default`)).statusCode).toBe(200);
    const own = await add(t.adminToken, unique('admin'));
    expectRefusal(await t.as(t.adminToken).put(`${BASE}/${own.id}/default`), FORBIDDEN);
  });

  it('deletes a domain; the admin may delete any', async () => {
    const { token } = await createSignedInAccount(t.app);
    const mine = await add(token, unique('gone'));
    const response = await t.as(token).delete(`${BASE}/${mine.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await list(token)).toEqual([]);
    const theirs = await add(token, unique('admin-removes'));
    expect((await t.as(t.adminToken).delete(`${BASE}/${theirs.id}`)).statusCode).toBe(204);
  });

  it('refuses bad input in Portuguese, with the field', async () => {
    const { token } = await createSignedInAccount(t.app);
    const required = {
      status: 400,
      code: 'validation_failed',
      message: DOMAIN_MESSAGES.required,
      field: 'domain',
    } as const;
    expectRefusal(await t.as(token).post(BASE, { domain: '   ' }), required);
    expectRefusal(await t.as(token).post(BASE, {}), required);
    for (const domain of [
      'https://site.com.br',
      'site.com.br/',
      'site.c0m',
      '-site.com',
      'a..b.com',
      'site.com.',
    ]) {
      expectRefusal(
        await t.as(token).post(BASE, { domain }),
        { status: 400, code: 'validation_failed', message: DOMAIN_MESSAGES.invalid, field: 'domain' },
        domain,
      );
    }
  });

  it('refuses bare IP addresses and internal names, with the field (decision 0048)', async () => {
    const { token } = await createSignedInAccount(t.app);
    for (const domain of [
      '127.0.0.1',
      '169.254.169.254',
      '::1',
      '[fe80::1]',
      'metadata.google.internal',
      'localhost',
      'painel.localhost',
      'impressora.local',
      'semponto',
    ]) {
      expectRefusal(
        await t.as(token).post(BASE, { domain }),
        { status: 400, code: 'validation_failed', message: DOMAIN_MESSAGES.internal, field: 'domain' },
        domain,
      );
    }
  });

  it('keeps a domain resolving to the panel’s own loopback pending, asking nothing, unless DOMAIN_ALLOW_PRIVATE_HOSTS', async () => {
    const guarded = await startTestApp({
      DOMAIN_DNS_SERVERS: `127.0.0.1:${dns.port}`,
      PANEL_PUBLIC_ADDRESSES: PANEL_ADDRESS,
      DOMAIN_HTTP_CHECK_PORT: String(files.port),
      DOMAIN_CHECK_TIMEOUT_MS: '1000',
    });
    try {
      const authorization = `Bearer ${await createSession(guarded.app, 1)}`;
      const host = unique('loopback');
      // The local token-file server would answer any token asked of it for this host.
      files.tokens.set(host, 'whatever');
      const before = files.requests.length;
      const created = await guarded.app.inject({
        method: 'POST',
        url: BASE,
        headers: { authorization },
        payload: { domain: host },
      });
      expect(created.statusCode, created.body).toBe(201);
      const domain = created.json<Domain>();
      files.tokens.set(host, domain.verification_token);
      const again = await guarded.app.inject({
        method: 'POST',
        url: `${BASE}/${domain.id}/verify`,
        headers: { authorization },
      });
      for (const answer of [domain, again.json<Domain>()]) {
        expect(answer).toMatchObject({ verified_at: null, check_error: DOMAIN_CHECK_ERRORS.privateAddress });
      }
      // (The shared app's background checks may ask for its own hosts meanwhile.)
      expect(files.requests.slice(before)).not.toContain(host);
    } finally {
      await guarded.close();
    }
  });

  it('answers 404 for another account’s domain or one that does not exist', async () => {
    const owner = await createSignedInAccount(t.app);
    const stranger = await createSignedInAccount(t.app);
    const domain = await add(owner.token, unique('foreign'));
    const refusal = { status: 404, code: 'not_found', message: DOMAIN_MESSAGES.notFound } as const;
    for (const id of [domain.id, 987654]) {
      expectRefusal(await t.as(stranger.token).post(`${BASE}/${id}/verify`), refusal);
      expectRefusal(await t.as(stranger.token).put(`${BASE}/${id}/default`), refusal);
      expectRefusal(await t.as(stranger.token).delete(`${BASE}/${id}`), refusal);
    }
    expect((await list(owner.token)).map((row) => row.id)).toEqual([domain.id]);
  });

  it('refuses a host the account already claims, or the panel’s own hosts (422)', async () => {
    const { token } = await createSignedInAccount(t.app);
    const host = unique('twice');
    await add(token, host);
    const taken = {
      status: 422,
      code: 'validation_failed',
      message: DOMAIN_MESSAGES.taken,
      field: 'domain',
    } as const;
    expectRefusal(await t.as(token).post(BASE, { domain: host.toUpperCase() }), taken);
    // PANEL_PUBLIC_HOST and the 'Domínio principal' setting are the panel's (decision 0069), also for the admin.
    const main = unique('principal');
    const saved = await t.as(t.adminToken).put('/api/admin/panel', { main_domain: main });
    expect(saved.statusCode, saved.body).toBe(200);
    const panelHost = { ...taken, message: DOMAIN_MESSAGES.panelHost } as const;
    for (const caller of [token, t.adminToken]) {
      for (const domain of ['painel.example.net', 'PAINEL.example.net', main]) {
        expectRefusal(await t.as(caller).post(BASE, { domain }), panelHost, domain);
      }
    }
  });
});

/** Decision 0070: a pending claim blocks nobody; the first account to verify a host takes it. */
describe('claims of one host by several accounts', () => {
  const notFound = { status: 404, code: 'not_found', message: DOMAIN_MESSAGES.notFound } as const;
  const taken = {
    status: 422,
    code: 'validation_failed',
    message: DOMAIN_MESSAGES.taken,
    field: 'domain',
  } as const;
  const tokenFile = (host: string) => t.app.inject({ url: DOMAIN_TOKEN_PATH, headers: { host } });

  it('lets another account claim a pending host; the first to verify takes it and the other claims go', async () => {
    const first = await createSignedInAccount(t.app);
    const second = await createSignedInAccount(t.app);
    const third = await createSignedInAccount(t.app);
    const host = unique('disputa');
    const claimed = await add(first.token, host);
    expect(claimed).toMatchObject({ verified_at: null, check_error: DOMAIN_CHECK_ERRORS.notPointed });

    const rival = await add(second.token, host.toUpperCase());
    // Its own claim: its own id and token, its owner, nothing of the first account's.
    expect(rival).toMatchObject({
      domain: host,
      reseller_name: second.account.username,
      verified_at: null,
      check_error: DOMAIN_CHECK_ERRORS.contested,
    });
    expect(rival.id).not.toBe(claimed.id);
    expect(rival.verification_token).not.toBe(claimed.verification_token);
    expect(JSON.stringify(await list(second.token))).not.toContain(claimed.verification_token);
    expect((await list(first.token)).map((domain) => domain.id)).toEqual([claimed.id]);
    expect((await list(second.token)).map((domain) => domain.id)).toEqual([rival.id]);
    expectRefusal(await t.as(second.token).post(`${BASE}/${claimed.id}/verify`), notFound);
    expectRefusal(await t.as(second.token).put(`${BASE}/${claimed.id}/default`), notFound);
    expectRefusal(await t.as(second.token).delete(`${BASE}/${claimed.id}`), notFound);
    const owners = (await list(t.adminToken)).filter((domain) => domain.domain === host);
    expect(owners.map((domain) => domain.reseller_name).sort()).toEqual(
      [first.account.username, second.account.username].sort(),
    );
    // Two claims: the panel cannot say whose the host is, so it serves no token for it.
    expect((await tokenFile(host)).statusCode).toBe(404);

    // The second account serves its token on the domain's own web server: it verifies and takes the host.
    files.tokens.set(host, rival.verification_token);
    const verified = await t.as(second.token).post(`${BASE}/${rival.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<Domain>()).toMatchObject({ id: rival.id, check_error: null });
    expect(verified.json<Domain>().verified_at).not.toBeNull();
    expect(await list(first.token)).toEqual([]);
    expectRefusal(await t.as(first.token).post(`${BASE}/${claimed.id}/verify`), notFound);
    // A verified host is nobody else's to claim; the panel serves the winner's token.
    for (const token of [first.token, third.token])
      expectRefusal(await t.as(token).post(BASE, { domain: host }), taken);
    expect((await tokenFile(host)).body).toBe(rival.verification_token);
  });

  it('while two accounts claim a host, a DNS pointed at the panel verifies neither', async () => {
    const first = await createSignedInAccount(t.app);
    const second = await createSignedInAccount(t.app);
    const host = unique('apontado');
    const claimed = await add(first.token, host);
    const rival = await add(second.token, host);
    answers[host] = [PANEL_ADDRESS];
    try {
      for (const [token, id] of [
        [first.token, claimed.id],
        [second.token, rival.id],
      ] as const) {
        const again = await t.as(token).post(`${BASE}/${id}/verify`);
        expect(again.json<Domain>()).toMatchObject({
          verified_at: null,
          check_error: DOMAIN_CHECK_ERRORS.contested,
        });
      }
      // Once the first account lets go, the DNS is enough again.
      expect((await t.as(first.token).delete(`${BASE}/${claimed.id}`)).statusCode).toBe(204);
      const alone = await t.as(second.token).post(`${BASE}/${rival.id}/verify`);
      expect(alone.json<Domain>()).toMatchObject({ id: rival.id, check_error: null });
    } finally {
      delete answers[host];
    }
  });

  it('settles two claims passing at once: one verified, the other gone', async () => {
    const first = await createSignedInAccount(t.app);
    const second = await createSignedInAccount(t.app);
    const host = unique('corrida');
    const a = await add(first.token, host);
    const b = await add(second.token, host);
    const outcomes = await Promise.all(
      [a, b].map((claim) => recordCheckPassed(t.db, claim.id, host, DOMAIN_CHECK_ERRORS.taken)),
    );
    expect(outcomes.sort()).toEqual(['gone', 'verified']);
    const rows = await t.db.select().from(domains).where(eq(domains.domain, host));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verifiedAt).not.toBeNull();
  });
});

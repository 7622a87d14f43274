import { WAITING_CODE_EXPIRY_SECONDS } from '@panel/shared/activation-codes/activation-code';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import { DEFAULT_BRAND_COLOR, type CustomerOverview } from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_API_PATHS, CUSTOMER_SESSION_COOKIE } from '@panel/shared/customer-page/customer-page-paths';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { PAYMENT_MESSAGES } from '@panel/shared/payments/payment-messages';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lines, liveConnections, payments } from '../../db/schema';
import { addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { balanceOf, lineRow } from '../../../test/reads';
import { expectRefusal } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { expSeconds } from '../lines/line-view';

/**
 * The customer page's API (decisions 0175–0179) through the real server: signing in on the panel's host
 * and on a reseller's domain, the overview, the reseller's branding and its logo, a renewal by static PIX.
 */
const PLAYER = 'https://tv.example.com';
const t = useTestApp({
  PLAYER_BASE_URL: PLAYER,
  SHORT_LINK_SCHEME: 'https',
  SHORT_LINK_HOST_CACHE_MS: '0',
  // A username is blocked after three wrong passwords (the test app's address allowance stays high).
  LINE_AUTH_FAILURES_PER_USERNAME: '3',
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const STATIC_PIX = {
  provider: 'static_pix',
  pix_key: 'revenda@exemplo.com',
  merchant_name: 'Revenda',
  merchant_city: 'Recife',
};

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { host?: string; cookie?: string; body?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.host ? { host: options.host } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** The cookie a sign-in set, as the browser sends it back. */
function cookieOf(response: LightMyRequestResponse): string {
  const header = String(response.headers['set-cookie'] ?? '');
  expect(header).toMatch(
    new RegExp(`^${CUSTOMER_SESSION_COOKIE}=[^;]+; Path=/cliente; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
  );
  return header.split(';')[0] ?? '';
}

async function signIn(body: unknown, host?: string) {
  return call('POST', CUSTOMER_API_PATHS.session, { body, host });
}

describe('signing in', () => {
  it('takes a username and password or an unused code (its clock not started), and refuses wrong ones', async () => {
    const { account } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account, { password: 'senha?9@x' });
    const signedIn = await signIn({ username: line.username, password: line.password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const overview = signedIn.json<CustomerOverview>();
    expect(overview.line).toMatchObject({ username: line.username, status: 'active', max_connections: 1 });
    const me = await call('GET', CUSTOMER_API_PATHS.me, { cookie: cookieOf(signedIn) });
    expect(me.json<CustomerOverview>().line.username).toBe(line.username);

    const waiting = new Date(WAITING_CODE_EXPIRY_SECONDS * 1000);
    const code = await createLine(t.app, account, {
      username: '482109375562',
      password: '482109375562',
      expDate: waiting,
    });
    const byCode = await signIn({ code: '4821 0937-5562' });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json<CustomerOverview>().line).toMatchObject({ status: 'not_activated', exp_date: null });
    expect(byCode.json<CustomerOverview>().renewal.options).toEqual([]);
    expect((await lineRow(t.db, code.id))?.expDate).toEqual(waiting);

    const wrong = { status: 401, code: 'invalid_credentials' } as const;
    expectRefusal(await signIn({ username: line.username, password: 'outra' }), {
      ...wrong,
      message: CUSTOMER_PAGE_MESSAGES.invalidCredentials,
    });
    expectRefusal(await signIn({ code: '1111 2222 3333' }), {
      ...wrong,
      message: CUSTOMER_PAGE_MESSAGES.invalidCode,
    });
    expectRefusal(await signIn({ username: '', password: 'x' }), {
      status: 400,
      code: 'validation_failed',
      message: CUSTOMER_PAGE_MESSAGES.required,
      field: 'username',
    });
  });

  it('blocks a username after too many wrong passwords, even the right one, with Retry-After', async () => {
    const { account } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account);
    let blocked = await signIn({ username: line.username, password: 'errada' });
    for (let attempt = 1; attempt < 5 && blocked.statusCode === 401; attempt++) {
      blocked = await signIn({ username: line.username, password: 'errada' });
    }
    expectRefusal(blocked, {
      status: 429,
      code: 'rate_limited',
      message: CUSTOMER_PAGE_MESSAGES.tooManyAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn({ username: line.username, password: line.password })).statusCode).toBe(429);
  });

  it('on a reseller’s domain lets in only its subtree’s lines; the session ends with a new password', async () => {
    const owner = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: owner.account });
    const stranger = await createSignedInAccount(t.app);
    const host = uniqueHost('cliente');
    await addVerifiedDomain(t.db, owner.account.id, host);
    const ours = await createLine(t.app, sub.account);
    const theirs = await createLine(t.app, stranger.account);

    const refused = await signIn({ username: theirs.username, password: theirs.password }, host);
    expectRefusal(refused, {
      status: 401,
      code: 'invalid_credentials',
      message: CUSTOMER_PAGE_MESSAGES.invalidCredentials,
    });
    // Any line signs in on the panel's own host.
    expect((await signIn({ username: theirs.username, password: theirs.password })).statusCode).toBe(200);

    const signedIn = await signIn({ username: ours.username, password: ours.password }, host);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const links = playlistLinks(`https://${host}`, ours.username, ours.password);
    expect(signedIn.json<CustomerOverview>().links).toContainEqual({ label: 'Lista M3U', url: links.m3u });
    const cookie = cookieOf(signedIn);
    expect((await call('GET', CUSTOMER_API_PATHS.me, { host, cookie })).statusCode).toBe(200);

    await t.db.update(lines).set({ password: 'nova@senha1' }).where(eq(lines.id, ours.id));
    expectRefusal(await call('GET', CUSTOMER_API_PATHS.me, { host, cookie }), {
      status: 401,
      code: 'unauthenticated',
      message: CUSTOMER_PAGE_MESSAGES.sessionEnded,
    });
    expect((await call('GET', CUSTOMER_API_PATHS.me)).statusCode).toBe(401);
    const out = await call('DELETE', CUSTOMER_API_PATHS.session, { host, cookie });
    expect(out.statusCode).toBe(204);
    expect(out.headers['set-cookie']).toContain('Max-Age=0');
  });
});

describe('the overview', () => {
  it('shows the devices watching, the links, the setup messages with QR codes, the brand and the plans', async () => {
    const seller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, seller.account, { maxConnections: 2 });
    await t.db.insert(liveConnections).values({
      lineId: line.id,
      ownerPath: line.ownerPath,
      streamId: 1,
      delivery: 'proxy',
      userAgent: 'IPTVSmartersPro/3.1 (Android)',
      watching: 'Canal Um',
    });
    const branded = await t.as(seller.token).put('/api/profile/branding', {
      name: 'TV da Maria',
      color: '#AA3300',
      whatsapp: '(81) 98765-4321',
      logo: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(branded.statusCode, branded.body).toBe(200);
    const before = (
      await signIn({ username: line.username, password: line.password })
    ).json<CustomerOverview>();
    expect(before.renewal).toEqual({ options: [], current: null });
    await t.as(seller.token).put('/api/payments/settings', STATIC_PIX);
    await t.as(seller.token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '25.9' }] });

    const overview = (
      await signIn({ username: line.username, password: line.password })
    ).json<CustomerOverview>();
    expect(overview.watching).toEqual([
      { started_at: expect.any(String), device: 'IPTVSmartersPro', title: 'Canal Um' },
    ]);
    const links = playlistLinks(PLAYER, line.username, line.password);
    expect(overview.links.map((link) => link.url)).toEqual([
      links.playerApiBase,
      links.m3u,
      links.m3uPlus,
      links.hls,
      links.epg,
    ]);
    expect(overview.apps.map((app) => app.app)).toEqual([
      'DUPLEX',
      'ROKU',
      'SSIPTV',
      'STB',
      'SMARTERS',
      'XCIPTV',
    ]);
    expect(overview.apps[0]?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(overview.apps[0]?.text).toContain(line.username);
    expect(overview.brand).toMatchObject({
      name: 'TV da Maria',
      color: '#aa3300',
      whatsapp_url: 'https://wa.me/5581987654321?text=',
    });
    expect(overview.renewal.options).toEqual([
      { package_id: 17, name: 'Completo 1 mês', months: 1, price: '25.90' },
    ]);
  });
});

describe('the reseller’s branding', () => {
  it('refuses bad fields with 422 and the field, stores a checked logo and serves it for a year', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const empty = await t.as(token).get('/api/profile/branding');
    expect(empty.json()).toEqual({
      name: '',
      color: '',
      whatsapp: '',
      logo_url: null,
      customer_page_url: `${PLAYER}/cliente`,
    });
    const valid = { name: 'Minha TV', color: '', whatsapp: '', logo: null };
    const refusals = [
      [{ name: 'x'.repeat(41) }, 'name', CUSTOMER_PAGE_MESSAGES.brandNameMax],
      [{ color: 'vermelho' }, 'color', CUSTOMER_PAGE_MESSAGES.brandColorInvalid],
      [{ whatsapp: '1234' }, 'whatsapp', CUSTOMER_PAGE_MESSAGES.brandWhatsappInvalid],
      [
        { logo: 'data:image/png;base64,R0lGODlhAQABAAAAACw=' },
        'logo',
        CUSTOMER_PAGE_MESSAGES.brandLogoInvalid,
      ],
    ] as const;
    for (const [change, field, message] of refusals) {
      const response = await t.as(token).put('/api/profile/branding', { ...valid, ...change });
      expectRefusal(response, { status: 422, code: 'validation_failed', message, field }, field);
    }
    expect((await t.as(token).get('/api/profile/branding')).json().name).toBe('');

    const saved = await t.as(token).put('/api/profile/branding', {
      ...valid,
      whatsapp: '+55 11 91234-5678',
      logo: `data:image/jpeg;base64,${PNG.toString('base64')}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const branding = saved.json<{ logo_url: string; whatsapp: string }>();
    expect(branding.whatsapp).toBe('+5511912345678');
    expect(branding.logo_url).toMatch(new RegExp(`^/cliente/api/brand/logo/${account.id}\\?v=\\d+$`));
    const logo = await call('GET', branding.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    // Absent keeps the logo, null removes it.
    const { logo: _kept, ...withoutLogo } = valid;
    expect((await t.as(token).put('/api/profile/branding', withoutLogo)).json().logo_url).toBe(
      branding.logo_url,
    );
    expect((await t.as(token).put('/api/profile/branding', valid)).json().logo_url).toBeNull();
    expect((await call('GET', branding.logo_url)).statusCode).toBe(404);

    // The domain's brand before signing in; the panel's on its own host.
    const host = uniqueHost('marca');
    await addVerifiedDomain(t.db, account.id, host);
    expect((await call('GET', CUSTOMER_API_PATHS.brand, { host })).json()).toMatchObject({
      name: 'Minha TV',
    });
    expect((await call('GET', CUSTOMER_API_PATHS.brand)).json()).toEqual({
      name: CUSTOMER_PAGE_MESSAGES.title,
      color: DEFAULT_BRAND_COLOR,
      logo_url: null,
      whatsapp_url: null,
    });
    expect((await t.as(token).get('/api/profile/branding')).json().customer_page_url).toBe(
      `https://${host}/`,
    );
  });
});

describe('renewing by static PIX', () => {
  it('charges the owner’s account, the reseller confirms, the overview shows the line renewed', async () => {
    const seller = await createSignedInAccount(t.app, { credits: '10' });
    await t.as(seller.token).put('/api/payments/settings', STATIC_PIX);
    await t.as(seller.token).put('/api/payments/prices', { prices: [{ package_id: 17, price: '30' }] });
    const line = await createLine(t.app, seller.account);
    const other = await createLine(t.app, seller.account);
    const cookie = cookieOf(await signIn({ username: line.username, password: line.password }));
    const otherCookie = cookieOf(await signIn({ username: other.username, password: other.password }));

    expectRefusal(await call('POST', CUSTOMER_API_PATHS.renewals, { cookie, body: { package_id: 42 } }), {
      status: 422,
      code: 'validation_failed',
      message: PAYMENT_MESSAGES.noPriceForPackage,
      field: 'package_id',
    });
    const started = await call('POST', CUSTOMER_API_PATHS.renewals, { cookie, body: { package_id: 17 } });
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json();
    expect(payment).toMatchObject({
      state: 'pending',
      amount: '30.00',
      package_name: 'Completo 1 mês',
      months: 1,
      manual_confirmation: true,
      pix_qr: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ accountId: seller.account.id, createdBy: null, lineId: line.id });
    const renewalPath = CUSTOMER_API_PATHS.renewal.replace(':id', String(payment.id));
    expect((await call('GET', renewalPath, { cookie: otherCookie })).statusCode).toBe(404);
    expect((await call('GET', CUSTOMER_API_PATHS.me, { cookie })).json().renewal.current.id).toBe(payment.id);

    expect((await t.as(seller.token).post(`/api/payments/${payment.id}/confirm`)).statusCode).toBe(200);
    expect((await call('GET', renewalPath, { cookie })).json()).toMatchObject({
      state: 'paid',
      pix_code: null,
    });
    const after = (await call('GET', CUSTOMER_API_PATHS.me, { cookie })).json<CustomerOverview>();
    const renewedTo = addPanelMonths(expSeconds(line), 1);
    expect(after.line.exp_date).toBe(new Date(renewedTo * 1000).toISOString());
    expect(after.renewal.current).toBeNull();
    expect(await balanceOf(t.db, seller.account.id)).toBe('9.00');

    // Blocked: still signed in, shown as such, not renewed online.
    await t.db.update(lines).set({ enabled: 0 }).where(eq(lines.id, line.id));
    const blocked = (await call('GET', CUSTOMER_API_PATHS.me, { cookie })).json<CustomerOverview>();
    expect(blocked.line.status).toBe('blocked');
    expect(blocked.renewal.options).toEqual([]);
    expectRefusal(await call('POST', CUSTOMER_API_PATHS.renewals, { cookie, body: { package_id: 17 } }), {
      status: 422,
      code: 'validation_failed',
      message: CUSTOMER_PAGE_MESSAGES.renewUnavailable,
      field: 'package_id',
    });
  });
});

import { readFileSync } from 'node:fs';
import {
  API_TOKEN_MESSAGES,
  missingScopeMessage,
  type ApiTokenInput,
} from '@panel/shared/api-tokens/api-tokens-api';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { balanceOf, ledgerRowsOf, logsOfLine } from '../../../test/reads';
import { expectRefusal, expectRefusedAndUnchanged, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { accounts, apiTokens } from '../../db/schema';

// Low enough for the rate-limit test to reach in a few calls; each other test uses its own tokens.
const PER_MINUTE = 25;
const t = useTestApp({ API_TOKEN_REQUESTS_PER_MINUTE: String(PER_MINUTE) });

/** A token made through the API by the signed-in `session`; answers the secret and its row's id. */
async function createToken(session: string, input: Partial<ApiTokenInput> = {}) {
  const response = await t.as(session).post('/api/api-tokens', { name: 'Bot', scopes: ['read'], ...input });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ token: string; api_token: { id: number } }>();
  return { token: body.token, id: body.api_token.id };
}

const refusedToken = (message: string) => ({ status: 401, code: 'unauthenticated' as const, message });
const forbidden = (message: string) => ({ status: 403, code: 'forbidden' as const, message });

describe('API tokens: creating, listing and revoking', () => {
  it('shows a token once, lists it without the secret, and refuses it at once when revoked', async () => {
    const { token: session } = await createSignedInAccount(t.app);
    const created = await t.as(session).post('/api/api-tokens', {
      name: ' Cobrança ',
      scopes: ['lines', 'read'],
      expires_in_days: 30,
      allowed_addresses: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(created.statusCode).toBe(201);
    const { token, api_token } = created.json();
    expect(token).toMatch(/^pnl_[A-Za-z0-9_-]{43}$/);
    expect(api_token).toMatchObject({
      name: 'Cobrança',
      scopes: ['read', 'lines'],
      status: 'active',
      token_hint: token.slice(-4),
      allowed_addresses: ['127.0.0.1', '10.0.0.0/8'],
    });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.as(session).get('/api/api-tokens');
    expect(list.json().data.map((entry: { id: number }) => entry.id)).toEqual([api_token.id]);
    expect(list.body).not.toContain(token);

    expect((await t.as(token).get('/api/users')).statusCode).toBe(200);
    const revoked = await t.as(session).post(`/api/api-tokens/${api_token.id}/revoke`);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    expectRefusal(await t.as(token).get('/api/users'), refusedToken(API_TOKEN_MESSAGES.revokedRefused));
    const again = await t.as(session).post(`/api/api-tokens/${api_token.id}/revoke`);
    expect(again.statusCode).toBe(409);
  });

  it('another account’s token is 404 to a reseller; an admin sees and revokes every token', async () => {
    const owner = await createSignedInAccount(t.app);
    const stranger = await createSignedInAccount(t.app);
    const { token, id } = await createToken(owner.token);
    expectRefusal(await t.as(stranger.token).post(`/api/api-tokens/${id}/revoke`), {
      status: 404,
      code: 'not_found',
      message: API_TOKEN_MESSAGES.tokenNotFound,
    });
    expect((await t.as(stranger.token).get('/api/admin/api-tokens')).statusCode).toBe(403);
    const all = await t.as(t.adminToken).get('/api/admin/api-tokens');
    expect(all.json().data).toContainEqual(
      expect.objectContaining({ id, owner: owner.account.username, owner_id: owner.account.id }),
    );
    expect((await t.as(t.adminToken).post(`/api/api-tokens/${id}/revoke`)).statusCode).toBe(200);
    expect((await t.as(token).get('/api/users')).statusCode).toBe(401);
  });
});

describe('what a token may do', () => {
  it('a read token lists lines but cannot create one (403, nothing changed)', async () => {
    const { account, token: session } = await createSignedInAccount(t.app, { credits: '50' });
    await createLine(t.app, account);
    const { token } = await createToken(session, { scopes: ['read'] });
    const list = await t.as(token).get('/api/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(token).post('/api/users', { package_id: 17 }),
      forbidden(missingScopeMessage('lines')),
      { accounts: [account.id] },
    );
  });

  it('a lines token creates and renews, and the credits move exactly as for its owner', async () => {
    const { account, token: session } = await createSignedInAccount(t.app, { credits: '50' });
    const { token } = await createToken(session, { name: 'Loja', scopes: ['lines'] });
    const steps = async (caller: string) => {
      const created = await t.as(caller).post('/api/users', { package_id: 17 });
      expect(created.statusCode, created.body).toBe(201);
      const lineId = created.json().line.id as number;
      const renewed = await t.as(caller).post(`/api/users/${lineId}/renew`, { months: 1 });
      expect(renewed.statusCode, renewed.body).toBe(200);
      return { lineId, charged: [created.json().charged, renewed.json().charged] };
    };
    const bySession = await steps(session);
    const afterSession = await balanceOf(t.db, account.id);
    const byToken = await steps(token);
    expect(byToken.charged).toEqual(bySession.charged);
    expect(afterSession).toBe('48.00');
    expect(await balanceOf(t.db, account.id)).toBe('46.00');
    const movesOf = async (lineId: number) =>
      (await ledgerRowsOf(t.db, account.id))
        .filter((row) => row.lineId === lineId)
        .map(({ kind, action, type, amount }) => ({ kind, action, type, amount }));
    expect(await movesOf(byToken.lineId)).toEqual(await movesOf(bySession.lineId));

    // Every action is logged with the token's name, and the panel's own without one (decision 0139).
    const tokenLogs = await logsOfLine(t.db, byToken.lineId);
    expect(tokenLogs.map((log) => [log.action, log.apiTokenName, log.actorId])).toEqual([
      ['user_created', 'Loja', account.id],
      ['renewed', 'Loja', account.id],
    ]);
    expect((await logsOfLine(t.db, bySession.lineId)).map((log) => log.apiTokenName)).toEqual([null, null]);
    const logs = await t.as(session).get(`/api/logs?user=${tokenLogs[0]?.lineUsername ?? ''}`);
    expect(logs.json().data.map((entry: { api_token: string | null }) => entry.api_token)).toEqual([
      'Loja',
      'Loja',
    ]);
  });

  it('the README’s curl example creates a test line with a lines token', async () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const example = /curl -X POST http:\/\/localhost:3000(\/api\/\S+)[\s\S]*?-d '([^']+)'/.exec(readme);
    expect(example, 'the README shows a curl example').not.toBeNull();
    const [, path = '', body = ''] = example ?? [];
    const { account, token: session } = await createSignedInAccount(t.app);
    const { token } = await createToken(session, { name: 'Exemplo', scopes: ['lines'] });
    const created = await t.as(token).post(path, JSON.parse(body));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().line).toMatchObject({ is_trial: 1, reseller_id: account.id });
    expect((await logsOfLine(t.db, created.json().line.id))[0]?.apiTokenName).toBe('Exemplo');
  });

  it('another reseller’s line answers 404 to a token as to its owner', async () => {
    const owner = await createSignedInAccount(t.app);
    const other = await createSignedInAccount(t.app);
    const foreign = await createLine(t.app, other.account);
    const { token } = await createToken(owner.token, { scopes: ['read', 'lines'] });
    for (const caller of [owner.token, token]) {
      expectRefusal(await t.as(caller).get(`/api/users/${foreign.id}`), NOT_FOUND);
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(caller).post(`/api/users/${foreign.id}/block`),
        NOT_FOUND,
        { lines: [foreign.id] },
      );
    }
  });

  it('refuses an expired token, a blocked owner and an address outside the allow-list', async () => {
    const { account, token: session } = await createSignedInAccount(t.app);
    const expired = await createToken(session, { expires_in_days: 1 });
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expectRefusal(await t.as(expired.token).get('/api/users'), refusedToken(API_TOKEN_MESSAGES.expired));

    const elsewhere = await createToken(session, { allowed_addresses: ['203.0.113.0/24', '2001:db8::/32'] });
    expectRefusal(
      await t.as(elsewhere.token).get('/api/users'),
      forbidden(API_TOKEN_MESSAGES.addressRefused),
    );
    // Injected requests come from 127.0.0.1.
    const here = await createToken(session, { allowed_addresses: ['203.0.113.0/24', '127.0.0.0/8'] });
    expect((await t.as(here.token).get('/api/users')).statusCode).toBe(200);

    await t.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, account.id));
    expectRefusal(await t.as(here.token).get('/api/users'), refusedToken(API_TOKEN_MESSAGES.ownerInactive));
    expectRefusal(
      await t.as(`pnl_${'x'.repeat(43)}`).get('/api/users'),
      refusedToken(API_TOKEN_MESSAGES.unknown),
    );
  });

  it('cannot manage tokens, sessions or the password, whatever its scopes', async () => {
    const { account, token: session } = await createSignedInAccount(t.app);
    const { token } = await createToken(session, { scopes: ['read', 'lines', 'credits', 'resellers'] });
    const refused = forbidden(API_TOKEN_MESSAGES.routeRefusesTokens);
    for (const [method, url, body] of [
      ['GET', '/api/api-tokens', undefined],
      ['POST', '/api/api-tokens', { name: 'Outro', scopes: ['read'] }],
      ['PUT', '/api/profile/password', { current_password: 'Senha@forte9', password: 'Nova@senha99' }],
      ['POST', '/api/auth/logout', undefined],
      ['POST', '/api/auth/lock', undefined],
    ] as const) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).request(method, url, body),
        refused,
        { accounts: [account.id] },
        `${method} ${url}`,
      );
    }
    // The balance is readable: GET /api/profile takes `read`.
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({ username: account.username });
  });

  it('has its own rate limit: 429 with the catalogue’s message past API_TOKEN_REQUESTS_PER_MINUTE', async () => {
    const { token: session } = await createSignedInAccount(t.app);
    const { token } = await createToken(session);
    const other = await createToken(session);
    for (let call = 0; call < PER_MINUTE; call++) {
      expect((await t.as(token).get('/api/news')).statusCode).toBe(200);
    }
    expectRefusal(await t.as(token).get('/api/news'), {
      status: 429,
      code: 'rate_limited',
      message: ERROR_TEXT[429].message,
    });
    // Each token counts on its own, and the owner's session is not limited by it.
    expect((await t.as(other.token).get('/api/news')).statusCode).toBe(200);
    expect((await t.as(session).get('/api/news')).statusCode).toBe(200);
  });
});

import { FIELD_MESSAGES } from '@panel/shared/validation/field-messages';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { MIGRATION_MESSAGES } from '@panel/shared/migration/migration-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lines as linesTable } from '../../db/schema';
import { createLine, createSession, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { startFakeProvider, type FakeProvider } from '../../../test/migration/fake-provider';
import { balanceOf, ledgerRowsOf, lineRow, logsOfLine, outboxOfLine } from '../../../test/reads';
import { expectRefusal, expectRefusedAndUnchanged, FORBIDDEN } from '../../../test/refusals';
import { startTestApp, useTestApp } from '../../../test/test-app';
import { nowSeconds as now } from '@panel/shared/time/unix-seconds';

const DAY = 86_400;
let provider: FakeProvider;
let sequence = 0;

beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(() => provider.close());

const t = useTestApp({
  MIGRATION_ALLOW_PRIVATE_HOSTS: 'true',
  MIGRATION_TIMEOUT_MS: '400',
  MIGRATION_MAX_RESPONSE_BYTES: '4096',
});

/** A customer of the fake provider whose line expires in `days` days (a few seconds less), and its playlist URL. */
function customer(days: number, screens = 1, status?: 'Expired' | 'Disabled') {
  const username = `migrado${++sequence}x${now() % 100000}`;
  const password = `Senha${sequence}z`;
  provider.addAccount({
    username,
    password,
    expDate: days === 0 ? null : now() + days * DAY - 120,
    maxConnections: screens,
    ...(status ? { status } : {}),
  });
  return { username, password, url: provider.playlistUrl(username, password) };
}

/** A customer whose username or password this panel's rules refuse. */
function foreignCredentials(username: string, password: string) {
  provider.addAccount({ username, password, expDate: now() + 10 * DAY, maxConnections: 1 });
  return provider.playlistUrl(username, password);
}

async function setMigrationForResellers(value: 'true' | 'false') {
  const response = await t.as(t.adminToken).put('/api/admin/panel', { user_migration_list: value });
  expect(response.statusCode, response.body).toBe(200);
}

beforeEach(async () => {
  provider.setBehaviour({ kind: 'normal' });
  await setMigrationForResellers('true');
});

describe('migration check', () => {
  it('reads the line from the provider and prices its remaining days × screens (rounded up to the cent)', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '20' });
    const { username, url } = customer(10, 2);
    const response = await t.as(token).post('/api/migration/check', { url });
    expect(response.statusCode, response.body).toBe(200);
    const exp = now() + 10 * DAY - 120;
    const local = new Date((exp - 3 * 3600) * 1000).toISOString().slice(0, 10).split('-');
    expect(response.json()).toEqual({
      server_dns: provider.url,
      username,
      formatted_exp_date: `${local[2]}/${local[1]}/${local[0]}`,
      total_days: 10,
      max_connections: 2,
      credits_to_deduct: '0.67',
      suggested_username: null,
      suggested_password: null,
    });
    expect(provider.requests.at(-1)).toMatch(
      /^\/player_api\.php\?username=migrado\d+x\d+&password=Senha\d+z$/,
    );
  });

  it('accepts the player_api.php form of the URL, with a path prefix', async () => {
    const { token } = await createSignedInAccount(t.app);
    const { username, password } = customer(30, 1);
    const url = `${provider.url}/painel/player_api.php?username=${username}&password=${password}`;
    const response = await t.as(token).post('/api/migration/check', { url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total_days: 30, credits_to_deduct: '1.00' });
    expect(provider.requests.at(-1)).toMatch(/^\/painel\/player_api\.php\?/);
  });

  it('refuses a missing or malformed URL in Portuguese, on the field url', async () => {
    const { token } = await createSignedInAccount(t.app);
    expectRefusal(await t.as(token).post('/api/migration/check', {}), {
      status: 400,
      code: 'validation_failed',
      message: MIGRATION_MESSAGES.required,
      field: 'url',
    });
    for (const url of [
      'not a url',
      'ftp://host/get.php?username=a&password=b',
      `${provider.url}/get.php?username=semsenha`,
      `${provider.url}/index.html?username=a&password=b`,
    ]) {
      expectRefusal(
        await t.as(token).post('/api/migration/check', { url }),
        { status: 422, code: 'validation_failed', message: MIGRATION_MESSAGES.urlInvalid, field: 'url' },
        url,
      );
    }
  });

  it('refuses wrong credentials, disabled, expired and unlimited lines (422 on url)', async () => {
    const { token } = await createSignedInAccount(t.app);
    const cases: [string, string][] = [
      [provider.playlistUrl('ninguem', 'errada'), MIGRATION_MESSAGES.refused],
      [customer(5, 1, 'Disabled').url, MIGRATION_MESSAGES.refused],
      [customer(5, 1, 'Expired').url, MIGRATION_MESSAGES.expired],
      [customer(-2, 1).url, MIGRATION_MESSAGES.expired],
      [customer(0, 1).url, MIGRATION_MESSAGES.noExpiry],
      [customer(5, 101).url, MIGRATION_MESSAGES.tooManyScreens],
    ];
    for (const [url, message] of cases) {
      expectRefusal(
        await t.as(token).post('/api/migration/check', { url }),
        { status: 422, code: 'validation_failed', message, field: 'url' },
        url,
      );
    }
  });

  it('answers 502 when the provider cannot be read: down, slow, too large, not JSON, HTTP 500', async () => {
    const { token } = await createSignedInAccount(t.app);
    const { url } = customer(10);
    const unreachable = {
      status: 502,
      code: 'service_unavailable' as const,
      message: MIGRATION_MESSAGES.unreachable,
    };
    expectRefusal(
      await t
        .as(token)
        .post('/api/migration/check', { url: 'http://127.0.0.1:9/get.php?username=a&password=b' }),
      unreachable,
      'closed port',
    );
    for (const behaviour of [
      { kind: 'slow', ms: 1500 },
      { kind: 'huge', bytes: 10_000 },
      { kind: 'html' },
      { kind: 'error' },
    ] as const) {
      provider.setBehaviour(behaviour);
      expectRefusal(await t.as(token).post('/api/migration/check', { url }), unreachable, behaviour.kind);
    }
  });

  it('refuses a username that already exists here (409), before anything is created', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const { url, username } = customer(10);
    await createLine(t.app, account, { username });
    expectRefusal(await t.as(token).post('/api/migration/check', { url }), {
      status: 409,
      code: 'conflict',
      message: MIGRATION_MESSAGES.usernameTaken,
      field: 'url',
    });
  });
});

describe('migrate', () => {
  it('creates the line with the same credentials, expiry and screens and charges exactly the checked price', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '5.00' });
    const { username, password, url } = customer(10, 2);
    const check = (await t.as(token).post('/api/migration/check', { url })).json<{
      credits_to_deduct: string;
    }>();
    const response = await t.as(token).post('/api/migration/migrate', { url, service: 'iptv' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      line: { id: number; username: string };
      charged: string;
      balance: string;
    }>();
    expect(body.charged).toBe(check.credits_to_deduct);
    expect(body).toMatchObject({ charged: '0.67', balance: '4.33' });
    expect(await balanceOf(t.db, account.id)).toBe('4.33');
    const line = await lineRow(t.db, body.line.id);
    expect(line).toMatchObject({
      username,
      password,
      resellerId: account.id,
      maxConnections: 2,
      system: 1,
      isTrial: 0,
      enabled: 1,
    });
    expect(Math.abs(line!.expDate.getTime() / 1000 - (now() + 10 * DAY - 120))).toBeLessThan(5);
    expect((await ledgerRowsOf(t.db, account.id)).at(-1)).toEqual({
      kind: 'spend',
      action: 'user_created',
      type: 'migration',
      amount: '-0.67',
      balanceAfter: '4.33',
      lineId: body.line.id,
    });
    const [log] = await logsOfLine(t.db, body.line.id);
    expect(log).toMatchObject({ action: 'user_created', type: 'migration', actorId: account.id });
    expect(log?.details).toMatchObject({ server_dns: provider.url, service: 'iptv', days: 10, screens: 2 });
    expect(await outboxOfLine(t.db, body.line.id)).toEqual([]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('a P2P migration creates a P2P line queued for its provisioning service', async () => {
    const { token } = await createSignedInAccount(t.app);
    const { url } = customer(30);
    const response = await t.as(token).post('/api/migration/migrate', { url, service: 'p2p' });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ line: { id: number } }>().line.id;
    expect((await lineRow(t.db, id))?.system).toBe(2);
    expect(await outboxOfLine(t.db, id)).toEqual([expect.objectContaining({ event: 'created', system: 2 })]);
  });

  it('an admin migrates for free', async () => {
    const { url } = customer(60, 3);
    const response = await t.as(t.adminToken).post('/api/migration/migrate', { url, service: 'iptv' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ charged: '0.00' });
  });

  it('requires the service, in Portuguese', async () => {
    const { token } = await createSignedInAccount(t.app);
    const { url } = customer(10);
    for (const body of [{ url }, { url, service: 'cabo' }]) {
      expectRefusal(await t.as(token).post('/api/migration/migrate', body), {
        status: 400,
        code: 'validation_failed',
        message: MIGRATION_MESSAGES.serviceRequired,
        field: 'service',
      });
    }
  });

  it('refuses without enough credits and changes nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '0.50' });
    const { url } = customer(30, 1);
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(token).post('/api/migration/migrate', { url, service: 'iptv' }),
      { status: 409, code: 'insufficient_credits', message: 'Créditos insuficientes.' },
      { accounts: [account.id] },
    );
  });

  it('refuses a username already here, a provider refusal and an unreachable provider, changing nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const taken = customer(10);
    await createLine(t.app, account, { username: taken.username });
    const expired = customer(-1);
    const cases = [
      [taken.url, { status: 409, code: 'conflict', message: MIGRATION_MESSAGES.usernameTaken, field: 'url' }],
      [
        expired.url,
        { status: 422, code: 'validation_failed', message: MIGRATION_MESSAGES.expired, field: 'url' },
      ],
      [
        'http://127.0.0.1:9/get.php?username=a&password=b',
        { status: 502, code: 'service_unavailable', message: MIGRATION_MESSAGES.unreachable },
      ],
    ] as const;
    for (const [url, refusal] of cases) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post('/api/migration/migrate', { url, service: 'iptv' }),
        refusal,
        { accounts: [account.id] },
        url,
      );
    }
  });

  it('two migrations racing on a balance for one: one wins, the other is refused, the ledger adds up', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '1.00' });
    const first = customer(30, 1);
    const second = customer(30, 1);
    const responses = await Promise.all(
      [first, second].map(({ url }) => t.as(token).post('/api/migration/migrate', { url, service: 'iptv' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await balanceOf(t.db, account.id)).toBe('0.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
  it('two resellers migrating the same customer at once: one line, the other gets the clear 409', async () => {
    const first = await createSignedInAccount(t.app);
    const second = await createSignedInAccount(t.app);
    const { url, username } = customer(20);
    const responses = await Promise.all(
      [first, second].map(({ token }) =>
        t.as(token).post('/api/migration/migrate', { url, service: 'iptv' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expectRefusal(refused, {
      status: 409,
      code: 'conflict',
      message: MIGRATION_MESSAGES.usernameTaken,
      field: 'url',
    });
    const lines = await t.db.select().from(linesTable).where(eq(linesTable.username, username));
    expect(lines).toHaveLength(1);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

describe("a login outside this panel's rules (decision 0067)", () => {
  it('the check offers a close free username and a valid password instead of refusing', async () => {
    const { token } = await createSignedInAccount(t.app);
    const suffix = `${++sequence}x${now() % 100000}`;
    const url = foreignCredentials(`Cliente_Velho.${suffix}`, 'Senha.Velha#9');
    const response = await t.as(token).post('/api/migration/check', { url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      username: `Cliente_Velho.${suffix}`,
      total_days: 10,
      suggested_username: `clientevelho${suffix}`,
      suggested_password: 'SenhaVelha9',
    });
  });

  it('a username that fits keeps it; only the password is offered anew', async () => {
    const { token } = await createSignedInAccount(t.app);
    const username = `clientebom${++sequence}x${now() % 100000}`;
    const url = foreignCredentials(username, 'senha espaco');
    const response = await t.as(token).post('/api/migration/check', { url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      username,
      suggested_username: null,
      suggested_password: 'senhaespaco',
    });
  });

  it('the suggestion is free here: a taken one gets the next number', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const base = `cliente${++sequence}velho${now() % 100000}`;
    await createLine(t.app, account, { username: base });
    await createLine(t.app, account, { username: `${base}2` });
    const url = foreignCredentials(base.replace('cliente', 'Cliente_'), 'Senha1z');
    const response = await t.as(token).post('/api/migration/check', { url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ suggested_username: `${base}3`, suggested_password: null });
  });

  it('migrates under the new username and password, charged as any migration, and logs the old name', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '5.00' });
    const old = `cliente_velho${++sequence}x${now() % 100000}`;
    provider.addAccount({
      username: old,
      password: 'Velha.2025',
      expDate: now() + 10 * DAY - 120,
      maxConnections: 2,
    });
    const url = provider.playlistUrl(old, 'Velha.2025');
    const check = (await t.as(token).post('/api/migration/check', { url })).json<{
      suggested_username: string;
      suggested_password: string;
    }>();
    expect(check.suggested_username).toBe(old.replace('_', ''));
    const response = await t.as(token).post('/api/migration/migrate', {
      url,
      service: 'iptv',
      username: check.suggested_username,
      password: 'NovaSenha9',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{
      line: { id: number; username: string; password: string };
      charged: string;
    }>();
    expect(body).toMatchObject({
      line: { username: check.suggested_username, password: 'NovaSenha9' },
      charged: '0.67',
      balance: '4.33',
    });
    expect(await lineRow(t.db, body.line.id)).toMatchObject({
      username: check.suggested_username,
      password: 'NovaSenha9',
      maxConnections: 2,
    });
    const [log] = await logsOfLine(t.db, body.line.id);
    expect(log?.details).toMatchObject({ provider_username: old, new_password: 1, days: 10 });
    expect(JSON.stringify(log?.details)).not.toContain('Velha.2025');
    expect(await balanceOf(t.db, account.id)).toBe('4.33');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('refuses missing, rule-breaking or taken new credentials on their field, changing nothing', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const taken = `ocupado${++sequence}x${now() % 100000}`;
    await createLine(t.app, account, { username: taken });
    const url = foreignCredentials(`Velho_${sequence}x${now() % 100000}`, 'Senha#Velha');
    const valid = { username: `novo${sequence}x${now() % 100000}`, password: 'NovaSenha9' };
    const cases = [
      [
        { password: valid.password },
        {
          status: 422,
          code: 'validation_failed',
          message: MIGRATION_MESSAGES.newUsernameRequired,
          field: 'username',
        },
      ],
      [
        { username: valid.username },
        {
          status: 422,
          code: 'validation_failed',
          message: MIGRATION_MESSAGES.newPasswordRequired,
          field: 'password',
        },
      ],
      [
        { ...valid, username: 'Cliente_Novo' },
        {
          status: 400,
          code: 'validation_failed',
          message: FIELD_MESSAGES.usernameCharset,
          field: 'username',
        },
      ],
      [
        { ...valid, username: 'novo' },
        { status: 400, code: 'validation_failed', message: FIELD_MESSAGES.min6, field: 'username' },
      ],
      [
        { ...valid, password: 'senha 9x' },
        {
          status: 400,
          code: 'validation_failed',
          message: FIELD_MESSAGES.passwordCharset,
          field: 'password',
        },
      ],
      [
        { ...valid, password: 'xyz123ab' },
        { status: 400, code: 'validation_failed', message: FIELD_MESSAGES.noSequences, field: 'password' },
      ],
      [
        { ...valid, password: '975319' },
        {
          status: 400,
          code: 'validation_failed',
          message: LINE_MESSAGES.passwordNeedsLetter,
          field: 'password',
        },
      ],
      [
        { ...valid, username: taken },
        { status: 409, code: 'conflict', message: LINE_MESSAGES.usernameTaken, field: 'username' },
      ],
    ] as const;
    for (const [credentials, refusal] of cases) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post('/api/migration/migrate', { url, service: 'iptv', ...credentials }),
        refusal,
        { accounts: [account.id] },
        JSON.stringify(credentials),
      );
    }
  });

  it('a login that fits migrates unchanged when no new credentials are sent', async () => {
    const { token } = await createSignedInAccount(t.app);
    const { username, password, url } = customer(10);
    const response = await t.as(token).post('/api/migration/migrate', { url, service: 'iptv' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ line: { username, password } });
  });
});

describe('who may migrate', () => {
  it('resellers only while user_migration_list is true; publishers never', async () => {
    await setMigrationForResellers('false');
    const { account, token } = await createSignedInAccount(t.app);
    const { url } = customer(10);
    for (const path of ['/api/migration/check', '/api/migration/migrate']) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(token).post(path, { url, service: 'iptv' }),
        { ...FORBIDDEN, message: MIGRATION_MESSAGES.notAllowed },
        { accounts: [account.id] },
        path,
      );
    }
    expect((await t.as(t.adminToken).post('/api/migration/check', { url })).statusCode).toBe(200);
    await setMigrationForResellers('true');
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher.token).post('/api/migration/check', { url }), FORBIDDEN);
  });

  it('refuses loopback and private provider addresses unless MIGRATION_ALLOW_PRIVATE_HOSTS is true', async () => {
    const guarded = await startTestApp({});
    try {
      const { url } = customer(10);
      for (const target of [url, 'http://localhost:9/get.php?username=a&password=b']) {
        const response = await guarded.app.inject({
          method: 'POST',
          url: '/api/migration/check',
          headers: { authorization: `Bearer ${await createSession(guarded.app, 1)}` },
          payload: { url: target },
        });
        expectRefusal(
          response,
          { status: 422, code: 'validation_failed', message: MIGRATION_MESSAGES.urlNotAllowed, field: 'url' },
          target,
        );
      }
    } finally {
      await guarded.close();
    }
  });
});

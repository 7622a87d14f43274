import { playlistLinks } from '@panel/shared/content/playlist-links';
import { DEFAULT_SETUP_TEMPLATES } from '@panel/shared/setup-messages/default-templates';
import { SETUP_APPS } from '@panel/shared/setup-messages/setup-apps';
import {
  SETUP_MESSAGES,
  SETUP_TEMPLATE_MAX,
  type LineSetupMessages,
  type SetupTemplate,
} from '@panel/shared/setup-messages/setup-messages-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domains, setupMessageTemplates, shortLinks } from '../../db/schema';
import { createLine, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const BASE = 'https://tv.example.com';
const t = useTestApp({ PLAYER_BASE_URL: BASE, SHORT_LINK_SCHEME: 'http' });
const ADMIN = '/api/admin/setup-messages';

const messagesOf = async (caller: Parameters<typeof t.as>[0], id: number) => {
  const response = await t.as(caller).get(`/api/users/${id}/setup-messages`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineSetupMessages>();
};

let domainSequence = 0;
async function addShortLink(
  ownerId: number,
  lineId: number,
  type: 'mpgets' | 'hls' | 'ssiptv',
  code: string,
) {
  const [domain] = await t.db
    .insert(domains)
    .values({
      ownerId,
      domain: `d${++domainSequence}x${Date.now()}.example`,
      verificationToken: 'token',
      verifiedAt: new Date(),
    })
    .returning();
  if (!domain) throw new Error('no domain');
  await t.db.insert(shortLinks).values({ code, domainId: domain.id, lineId, type, createdBy: ownerId });
  return domain.domain;
}

describe('GET /api/users/:id/setup-messages', () => {
  it('fills the six IPTV apps’ and the renewal messages with the line’s credentials, expiry, screens and links', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account, {
      username: 'zap01x',
      password: 'a?b@c!9',
      maxConnections: 2,
      phone: '11987654321',
      expDate: new Date('2026-12-31T23:59:00-03:00'),
    });
    const links = playlistLinks(BASE, 'zap01x', 'a?b@c!9');
    const answer = await messagesOf(reseller, line.id);
    expect(answer.phone).toBe('11987654321');
    expect(answer.data.map((message) => message.app)).toEqual([
      'DUPLEX',
      'ROKU',
      'SSIPTV',
      'STB',
      'SMARTERS',
      'XCIPTV',
      'RENEWAL',
    ]);
    for (const message of answer.data) {
      expect(message.text, message.app).toContain('Usuário: zap01x');
      expect(message.text, message.app).toContain('Senha: a?b@c!9');
      expect(message.text, message.app).toContain('Vencimento: 31/12/2026 23:59');
      expect(message.text, message.app).toContain('Telas: 2');
    }
    const byApp = Object.fromEntries(answer.data.map((message) => [message.app, message]));
    expect(byApp.SMARTERS?.text).toContain(`URL: ${BASE}`);
    // Without a short link, the playlist its short link would open (M3U Plus), not the plain M3U.
    expect(byApp.DUPLEX).toMatchObject({ qr: links.m3uPlus });
    expect(byApp.DUPLEX?.text).toContain(links.m3uPlus);
    expect(byApp.SSIPTV).toMatchObject({ qr: links.m3u });
    expect(byApp.ROKU).toMatchObject({ qr: links.hls });
  });

  it('names the newest short link of the app’s type on a verified domain', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account);
    await addShortLink(reseller.account.id, line.id, 'mpgets', `old${line.id}`);
    const newest = await addShortLink(reseller.account.id, line.id, 'mpgets', `new${line.id}`);
    const ss = await addShortLink(reseller.account.id, line.id, 'ssiptv', `ss${line.id}`);
    const [unverified] = await t.db
      .insert(domains)
      .values({ ownerId: reseller.account.id, domain: `nv${line.id}.example`, verificationToken: 'x' })
      .returning();
    await t.db.insert(shortLinks).values({
      code: `nv${line.id}`,
      domainId: unverified!.id,
      lineId: line.id,
      type: 'hls',
      createdBy: reseller.account.id,
    });
    const byApp = Object.fromEntries((await messagesOf(reseller, line.id)).data.map((m) => [m.app, m]));
    expect(byApp.DUPLEX?.qr).toBe(`http://${newest}/new${line.id}`);
    expect(byApp.DUPLEX?.text).toContain(`http://${newest}/new${line.id}`);
    expect(byApp.SSIPTV?.qr).toBe(`http://ss.${ss}/ss${line.id}`);
    expect(byApp.ROKU?.qr).toBe(playlistLinks(BASE, line.username, line.password).hls);
  });

  it('gives a P2P line the P2P message without a QR and a hybrid line the hybrid one with its MAC', async () => {
    const reseller = await createSignedInAccount(t.app);
    const p2p = await createLine(t.app, reseller.account, { system: 2 });
    const hybrid = await createLine(t.app, reseller.account, { system: 3, macaddr: '00:1A:79:AB:CD:EF' });
    const p2pAnswer = await messagesOf(reseller, p2p.id);
    // Then the renewal message every line has (decision 0152).
    expect(p2pAnswer.data).toMatchObject([
      { app: 'P2P', qr: null },
      { app: 'RENEWAL', qr: null },
    ]);
    expect(p2pAnswer.phone).toBeNull();
    const [hybridMessage] = (await messagesOf(reseller, hybrid.id)).data;
    expect(hybridMessage?.app).toBe('HYBRID');
    expect(hybridMessage?.text).toContain('MAC: 00:1A:79:AB:CD:EF');
  });

  it('uses the admin’s edited template, unknown placeholders left visible', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account, { system: 2, username: 'p2pedit1' });
    const saved = await t.as(t.adminToken).put(`${ADMIN}/P2P`, { body: 'Oi {usuario}! {desconhecido}' });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await messagesOf(reseller, line.id)).data[0]?.text).toBe('Oi p2pedit1! {desconhecido}');
    } finally {
      await t.as(t.adminToken).delete(`${ADMIN}/P2P`);
    }
  });

  it('gives a master its sub-reseller’s line and the admin any line; 404 outside the subtree', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account);
    for (const caller of [tree.master, tree.sub, t.adminToken]) {
      expect((await messagesOf(caller, line.id)).data).toHaveLength(7);
    }
    for (const foreign of [
      await createLine(t.app, tree.master.account),
      await createLine(t.app, tree.other.account),
    ]) {
      expectRefusal(await t.as(tree.sub).get(`/api/users/${foreign.id}/setup-messages`), NOT_FOUND);
    }
    expectRefusal(await t.as(t.adminToken).get('/api/users/999999/setup-messages'), NOT_FOUND);
  });

  it('refuses publishers and anonymous callers', async () => {
    const owner = await createSignedInAccount(t.app);
    const line = await createLine(t.app, owner.account);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher).get(`/api/users/${line.id}/setup-messages`), FORBIDDEN);
    expect((await t.as(undefined).get(`/api/users/${line.id}/setup-messages`)).statusCode).toBe(401);
  });
});

describe('admin setup message templates', () => {
  it('lists every app with its default, saves an edit and restores the default', async () => {
    const list = await t.as(t.adminToken).get(ADMIN);
    expect(list.statusCode, list.body).toBe(200);
    const templates = list.json<{ data: SetupTemplate[] }>().data;
    expect(templates.map((template) => template.app)).toEqual([...SETUP_APPS]);
    expect(templates.find((template) => template.app === 'ROKU')).toEqual({
      app: 'ROKU',
      body: DEFAULT_SETUP_TEMPLATES.ROKU,
      edited: false,
      default_body: DEFAULT_SETUP_TEMPLATES.ROKU,
      updated_at: null,
    });

    const saved = await t.as(t.adminToken).put(`${ADMIN}/ROKU`, { body: 'Roku: {usuario}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ app: 'ROKU', body: 'Roku: {usuario}', edited: true });
    const again = await t.as(t.adminToken).put(`${ADMIN}/ROKU`, { body: 'Roku 2: {usuario}' });
    expect(again.json()).toMatchObject({ body: 'Roku 2: {usuario}', edited: true });
    const [row] = await t.db
      .select()
      .from(setupMessageTemplates)
      .where(eq(setupMessageTemplates.app, 'ROKU'));
    expect(row?.body).toBe('Roku 2: {usuario}');

    const restored = await t.as(t.adminToken).delete(`${ADMIN}/ROKU`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      body: DEFAULT_SETUP_TEMPLATES.ROKU,
      edited: false,
      updated_at: null,
    });
    expect(
      await t.db.select().from(setupMessageTemplates).where(eq(setupMessageTemplates.app, 'ROKU')),
    ).toEqual([]);
  });

  it('refuses an empty or too long body in Portuguese, with the field, and an unknown app with 404', async () => {
    for (const body of [{}, { body: '   ' }]) {
      expectRefusal(await t.as(t.adminToken).put(`${ADMIN}/DUPLEX`, body), {
        status: 400,
        code: 'validation_failed',
        message: SETUP_MESSAGES.required,
        field: 'body',
      });
    }
    expectRefusal(
      await t.as(t.adminToken).put(`${ADMIN}/DUPLEX`, { body: 'x'.repeat(SETUP_TEMPLATE_MAX + 1) }),
      {
        status: 400,
        code: 'validation_failed',
        message: SETUP_MESSAGES.bodyMax,
        field: 'body',
      },
    );
    const notFound = { status: 404, code: 'not_found' as const, message: SETUP_MESSAGES.appNotFound };
    expectRefusal(await t.as(t.adminToken).put(`${ADMIN}/KODI`, { body: 'x' }), notFound);
    expectRefusal(await t.as(t.adminToken).delete(`${ADMIN}/kodi`), notFound);
    expect(
      await t.db.select().from(setupMessageTemplates).where(eq(setupMessageTemplates.app, 'DUPLEX')),
    ).toEqual([]);
  });

  it('refuses resellers and publishers', async () => {
    const reseller = await createSignedInAccount(t.app);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    for (const caller of [reseller, publisher]) {
      expectRefusal(await t.as(caller).get(ADMIN), FORBIDDEN);
      expectRefusal(await t.as(caller).put(`${ADMIN}/DUPLEX`, { body: 'x' }), FORBIDDEN);
      expectRefusal(await t.as(caller).delete(`${ADMIN}/DUPLEX`), FORBIDDEN);
    }
  });
});

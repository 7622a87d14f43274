import { SHORT_LINK_TYPES } from '@panel/shared/domains/short-link-types';
import { SHORT_LINK_MESSAGES } from '@panel/shared/domains/short-links-api';
import { LIST_MESSAGES } from '@panel/shared/lists/list-query';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shortLinks } from '../../db/schema';
import { addDomain, addVerifiedDomain, uniqueHost } from '../../../test/domains';
import { createLine, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp({ SHORT_LINK_SCHEME: 'http' });

const validation = (message: string, field: string) => ({
  status: 400,
  code: 'validation_failed' as const,
  message,
  field,
});
const unprocessable = (message: string, field: string) => ({
  status: 422,
  code: 'validation_failed' as const,
  message,
  field,
});

async function linkCount(lineId: number): Promise<number> {
  return (await t.db.select().from(shortLinks).where(eq(shortLinks.lineId, lineId))).length;
}

/** docs/product/api.md#short-links (decision 0049). */
describe('POST /api/shorturl', () => {
  it('creates a link of each type on the default domain, with the address a customer opens', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account);
    const other = await addVerifiedDomain(t.db, reseller.account.id, uniqueHost());
    const main = await addVerifiedDomain(t.db, reseller.account.id, uniqueHost(), {
      isDefault: true,
      verifiedAt: new Date(Date.now() - 86_400_000),
    });
    for (const type of SHORT_LINK_TYPES) {
      const response = await t.as(reseller).post('/api/shorturl', { user_id: line.id, type, url: 'ignored' });
      expect(response.statusCode, response.body).toBe(201);
      const link = response.json();
      expect(link.code).toMatch(/^[A-Za-z0-9]{7}$/);
      const host = type === 'ssiptv' ? `ss.${main.domain}` : main.domain;
      expect(link).toMatchObject({ type, domain: main.domain, url: `http://${host}/${link.code}` });
    }
    const chosen = await t
      .as(reseller)
      .post('/api/shorturl', { user_id: line.id, type: 'hls', domain: other.id });
    expect(chosen.json()).toMatchObject({
      domain: other.domain,
      url: `http://${other.domain}/${chosen.json().code}`,
    });
    expect(await linkCount(line.id)).toBe(5);
  });

  it('without a default, uses the newest verified domain; unverified ones never', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account);
    await addVerifiedDomain(t.db, reseller.account.id, uniqueHost(), {
      verifiedAt: new Date(Date.now() - 60_000),
    });
    const newest = await addVerifiedDomain(t.db, reseller.account.id, uniqueHost());
    await addDomain(t.db, reseller.account.id, uniqueHost(), { isDefault: true });
    const response = await t.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'epg' });
    expect(response.json()).toMatchObject({ domain: newest.domain });
  });

  it('lets a master make links for its sub-reseller’s line on its own domain, and the admin on any', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account);
    const masterDomain = await addVerifiedDomain(t.db, tree.master.account.id, uniqueHost());
    const byMaster = await t.as(tree.master).post('/api/shorturl', { user_id: line.id, type: 'mpgets' });
    expect(byMaster.json()).toMatchObject({ domain: masterDomain.domain });
    const byAdmin = await t
      .as(t.adminToken)
      .post('/api/shorturl', { user_id: line.id, type: 'hls', domain: masterDomain.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('refuses a bad type, user or domain id with the field, changing nothing', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account);
    await addVerifiedDomain(t.db, reseller.account.id, uniqueHost());
    const cases: [unknown, ReturnType<typeof validation>][] = [
      [{ user_id: line.id, type: 'm3u' }, validation(SHORT_LINK_MESSAGES.typeInvalid, 'type')],
      [{ user_id: line.id }, validation(SHORT_LINK_MESSAGES.typeInvalid, 'type')],
      [{ type: 'hls' }, validation(SHORT_LINK_MESSAGES.userRequired, 'user_id')],
      [
        { user_id: line.id, type: 'hls', domain: 'x' },
        validation(SHORT_LINK_MESSAGES.domainInvalid, 'domain'),
      ],
    ];
    for (const [body, refusal] of cases) {
      expectRefusal(await t.as(reseller).post('/api/shorturl', body), refusal, JSON.stringify(body));
    }
    expect(await linkCount(line.id)).toBe(0);
  });

  it('refuses an unverified domain, no verified domain at all, and P2P or hybrid lines (422)', async () => {
    const reseller = await createSignedInAccount(t.app);
    const line = await createLine(t.app, reseller.account);
    const pending = await addDomain(t.db, reseller.account.id, uniqueHost());
    expectRefusal(
      await t.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'hls' }),
      unprocessable(SHORT_LINK_MESSAGES.noVerifiedDomain, 'domain'),
    );
    expectRefusal(
      await t.as(reseller).post('/api/shorturl', { user_id: line.id, type: 'hls', domain: pending.id }),
      unprocessable(SHORT_LINK_MESSAGES.domainNotVerified, 'domain'),
    );
    await addVerifiedDomain(t.db, reseller.account.id, uniqueHost());
    for (const system of [2, 3]) {
      const other = await createLine(t.app, reseller.account, {
        system,
        macaddr: `10:20:30:40:50:6${system}`,
      });
      expectRefusal(
        await t.as(reseller).post('/api/shorturl', { user_id: other.id, type: 'hls' }),
        unprocessable(SHORT_LINK_MESSAGES.notForSystem, 'user_id'),
        `system ${system}`,
      );
      expect(await linkCount(other.id)).toBe(0);
    }
    expect(await linkCount(line.id)).toBe(0);
  });

  it('answers 404 for a line or a domain out of the caller’s reach', async () => {
    const tree = await createResellerTree(t.app);
    const own = await createLine(t.app, tree.sub.account);
    await addVerifiedDomain(t.db, tree.sub.account.id, uniqueHost());
    const masterDomain = await addVerifiedDomain(t.db, tree.master.account.id, uniqueHost());
    for (const owner of [tree.master, tree.other]) {
      const foreign = await createLine(t.app, owner.account);
      expectRefusal(
        await t.as(tree.sub).post('/api/shorturl', { user_id: foreign.id, type: 'hls' }),
        NOT_FOUND,
      );
      expect(await linkCount(foreign.id)).toBe(0);
    }
    for (const domain of [masterDomain.id, 987654]) {
      expectRefusal(
        await t.as(tree.sub).post('/api/shorturl', { user_id: own.id, type: 'hls', domain }),
        { status: 404, code: 'not_found', message: SHORT_LINK_MESSAGES.domainNotFound, field: 'domain' },
        `domain ${domain}`,
      );
    }
    expect(await linkCount(own.id)).toBe(0);
  });

  it('refuses publishers (403) and anonymous callers (401)', async () => {
    const owner = await createSignedInAccount(t.app);
    const line = await createLine(t.app, owner.account);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher).post('/api/shorturl', { user_id: line.id, type: 'hls' }), FORBIDDEN);
    expect((await t.as(undefined).post('/api/shorturl', { user_id: line.id, type: 'hls' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/users/:id/short-links and DELETE /api/short-links/:id', () => {
  it('lists the line’s links newest first and deletes one', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.sub.account);
    const domain = await addVerifiedDomain(t.db, tree.sub.account.id, uniqueHost());
    const first = (await t.as(tree.sub).post('/api/shorturl', { user_id: line.id, type: 'mpgets' })).json();
    const second = (await t.as(tree.sub).post('/api/shorturl', { user_id: line.id, type: 'ssiptv' })).json();
    for (const caller of [tree.sub, tree.master, t.adminToken]) {
      const list = await t.as(caller).get(`/api/users/${line.id}/short-links`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((link: { id: number }) => link.id)).toEqual([second.id, first.id]);
    }
    expect((await t.as(tree.sub).get(`/api/users/${line.id}/short-links`)).json().data[0]).toEqual({
      id: second.id,
      code: second.code,
      type: 'ssiptv',
      domain: domain.domain,
      url: `http://ss.${domain.domain}/${second.code}`,
      created_at: expect.any(String),
    });
    const removed = await t.as(tree.master).delete(`/api/short-links/${first.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await t.as(tree.sub).get(`/api/users/${line.id}/short-links`)).json().data;
    expect(after.map((link: { id: number }) => link.id)).toEqual([second.id]);
  });

  it('answers 404 for a line or link out of reach, and for a link already deleted', async () => {
    const tree = await createResellerTree(t.app);
    const line = await createLine(t.app, tree.other.account);
    await addVerifiedDomain(t.db, tree.other.account.id, uniqueHost());
    const link = (await t.as(tree.other).post('/api/shorturl', { user_id: line.id, type: 'hls' })).json();
    const linkNotFound = {
      status: 404,
      code: 'not_found' as const,
      message: SHORT_LINK_MESSAGES.linkNotFound,
    };
    for (const caller of [tree.master, tree.otherSub]) {
      expectRefusal(await t.as(caller).get(`/api/users/${line.id}/short-links`), NOT_FOUND);
      expectRefusal(await t.as(caller).delete(`/api/short-links/${link.id}`), linkNotFound);
    }
    expect(await linkCount(line.id)).toBe(1);
    expect((await t.as(tree.other).delete(`/api/short-links/${link.id}`)).statusCode).toBe(204);
    expectRefusal(await t.as(tree.other).delete(`/api/short-links/${link.id}`), linkNotFound);
    expectRefusal(
      await t.as(tree.other).delete('/api/short-links/abc'),
      validation(LIST_MESSAGES.invalidId, 'id'),
    );
  });

  it('refuses publishers on every short-link route', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expectRefusal(await t.as(publisher).get('/api/users/1/short-links'), FORBIDDEN);
    expectRefusal(await t.as(publisher).delete('/api/short-links/1'), FORBIDDEN);
    expectRefusal(await t.as(publisher).get('/api/short-links/domains'), FORBIDDEN);
  });
});

describe('GET /api/short-links/domains', () => {
  it('gives the caller’s verified domains, default first; the admin sees every verified domain', async () => {
    const tree = await createResellerTree(t.app);
    const older = await addVerifiedDomain(t.db, tree.sub.account.id, uniqueHost(), {
      verifiedAt: new Date(Date.now() - 60_000),
    });
    const newer = await addVerifiedDomain(t.db, tree.sub.account.id, uniqueHost());
    const byDefault = await addVerifiedDomain(t.db, tree.sub.account.id, uniqueHost(), {
      isDefault: true,
      verifiedAt: new Date(Date.now() - 120_000),
    });
    await addDomain(t.db, tree.sub.account.id, uniqueHost());
    const masters = await addVerifiedDomain(t.db, tree.master.account.id, uniqueHost());
    const response = await t.as(tree.sub).get('/api/short-links/domains');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { id: byDefault.id, domain: byDefault.domain, is_default: true },
      { id: newer.id, domain: newer.domain, is_default: false },
      { id: older.id, domain: older.domain, is_default: false },
    ]);
    const all = (await t.as(t.adminToken).get('/api/short-links/domains')).json().data;
    const ids = all.map((domain: { id: number }) => domain.id);
    expect(ids).toEqual(expect.arrayContaining([byDefault.id, newer.id, older.id, masters.id]));
    expect(all.find((domain: { id: number }) => domain.id === byDefault.id).is_default).toBe(false);
  });
});

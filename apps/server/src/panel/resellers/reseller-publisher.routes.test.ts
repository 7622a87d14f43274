import { PUBLISHER_MESSAGES } from '@panel/shared/catalog-requests/catalog-requests-api';
import { RESELLER_MESSAGES } from '@panel/shared/resellers/reseller-messages';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLine, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { expectRefusedAndUnchanged, FORBIDDEN, NOT_FOUND } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';
import { accounts, catalogRequestRequesters, catalogRequests } from '../../db/schema';

/** An admin makes an account a publisher and undoes it (decision 0054). */
const t = useTestApp();
const path = (id: number) => `/api/resellers/${id}/publisher`;

describe('PUT /api/resellers/:id/publisher', () => {
  it('makes a reseller without lines or sub-resellers a publisher, keeping its credits; it then signs in as one', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '15' });
    const response = await t.as(t.adminToken).put(path(account.id), { is_publisher: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Reseller>()).toMatchObject({ is_publisher: 1, credits: '15.00' });
    // The open session follows the new role at once.
    expect((await t.as(token).get('/api/profile')).json()).toMatchObject({
      type: 'publisher',
      is_publisher: 1,
    });
    expect((await t.as(token).get('/api/users')).statusCode).toBe(403);
    expect((await t.as(token).get('/api/resellers')).statusCode).toBe(403);
    expect((await t.as(token).get('/api/catalog')).statusCode).toBe(200);
    // Asking again is harmless.
    expect((await t.as(t.adminToken).put(path(account.id), { is_publisher: true })).statusCode).toBe(200);
    // The admin's publisher filter finds it.
    const listed = await t.as(t.adminToken).get(`/api/resellers?publisher=1&search=${account.username}`);
    expect(listed.json<{ data: Reseller[] }>().data.map((row) => row.id)).toEqual([account.id]);
  });

  it('undoes it: a reseller again, its requests left without a publisher', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const [request] = await t.db
      .insert(catalogRequests)
      .values({ tmdbId: 77, mediaType: 'movie', mediaTitle: 'Teste', publisherId: publisher.account.id })
      .returning();
    const response = await t.as(t.adminToken).put(path(publisher.account.id), { is_publisher: false });
    expect(response.json<Reseller>().is_publisher).toBe(0);
    const [after] = await t.db
      .select()
      .from(catalogRequests)
      .where(eq(catalogRequests.id, request?.id ?? 0));
    expect(after?.publisherId).toBeNull();
    expect((await t.as(publisher.token).get('/api/users')).statusCode).toBe(200);
  });

  it('refuses an account with lines or sub-resellers, and changes nothing', async () => {
    const { master, other } = await createResellerTree(t.app);
    const lonely = await createSignedInAccount(t.app);
    await createLine(t.app, lonely.account);
    for (const id of [master.account.id, lonely.account.id]) {
      await expectRefusedAndUnchanged(
        t.db,
        () => t.as(t.adminToken).put(path(id), { is_publisher: true }),
        { status: 409, code: 'conflict', message: PUBLISHER_MESSAGES.hasLinesOrResellers },
        { accounts: [id] },
      );
    }
    // Only admins: a master may not make its own sub-reseller a publisher.
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(other.token).put(path(other.account.id), { is_publisher: true }),
      FORBIDDEN,
      { accounts: [other.account.id] },
    );
  });

  it('refuses admins (404), the deleted-resellers bucket, unknown ids and a missing flag', async () => {
    const [bucket] = await t.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true));
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(t.adminToken).put(path(1), { is_publisher: true }),
      NOT_FOUND,
      { accounts: [1] },
    );
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(t.adminToken).put(path(bucket?.id ?? 0), { is_publisher: true }),
      { status: 403, code: 'forbidden', message: RESELLER_MESSAGES.bucketLocked },
    );
    await expectRefusedAndUnchanged(
      t.db,
      () => t.as(t.adminToken).put(path(987654), { is_publisher: true }),
      NOT_FOUND,
    );
    const { account } = await createSignedInAccount(t.app);
    const response = await t.as(t.adminToken).put(path(account.id), {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'is_publisher' });
  });
});

describe('the admin’s request-count filter (GET /api/resellers?requests=)', () => {
  it('lists accounts that made at least that many catalog requests', async () => {
    const { master, sub } = await createResellerTree(t.app);
    const titles = await t.db
      .insert(catalogRequests)
      .values([
        { tmdbId: 9001, mediaType: 'movie', mediaTitle: 'Um' },
        { tmdbId: 9002, mediaType: 'movie', mediaTitle: 'Dois' },
      ])
      .returning();
    await t.db
      .insert(catalogRequestRequesters)
      .values([
        ...titles.map((title) => ({ requestId: title.id, accountId: master.account.id })),
        { requestId: titles[0]?.id ?? 0, accountId: sub.account.id },
      ]);
    const ids = async (query: string) =>
      (await t.as(t.adminToken).get(`/api/resellers?per=100${query}`))
        .json<{ data: Reseller[] }>()
        .data.map((row) => row.id);
    expect(await ids('&requests=2')).toEqual([master.account.id]);
    expect(await ids('&requests=1')).toEqual(expect.arrayContaining([master.account.id, sub.account.id]));
    expect(await ids('&requests=1')).not.toContain(1);
    const wrong = await t.as(t.adminToken).get('/api/resellers?requests=-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'requests', message: 'Quantidade inválida' });
  });
});

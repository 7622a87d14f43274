import type { CatalogWork } from '@panel/shared/dashboard/catalog-work';
import { describe, expect, it } from 'vitest';
import { catalogRequests } from '../../db/schema';
import { createSignedInAccount, daysFromNow } from '../../../test/factories';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

// GET /api/dashboard/catalog, the publisher's dashboard (decision 0068). A file of its own: the counts are
// over every request of the database.
const t = useTestApp();
const URL = '/api/dashboard/catalog';

let nextTmdbId = 900_000;
async function request(status: 0 | 1 | 2 | 3, publisherId: number | null, daysAgo: number, title: string) {
  const [row] = await t.app.database.db
    .insert(catalogRequests)
    .values({
      tmdbId: nextTmdbId++,
      mediaType: 'movie',
      mediaTitle: title,
      status,
      publisherId,
      createdAt: daysFromNow(-daysAgo),
    })
    .returning({ id: catalogRequests.id });
  return row!.id;
}

async function work(token: string): Promise<CatalogWork> {
  const response = await t.as(token).get(URL);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogWork>();
}

describe('GET /api/dashboard/catalog', () => {
  it('counts every request by status with the publisher’s own, and gives its queue: its own first, then the oldest without a publisher', async () => {
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    const other = await createSignedInAccount(t.app, { role: 'publisher' });
    const reseller = await createSignedInAccount(t.app);

    // Empty: four zero rows in the screen's order, an empty queue.
    expect(await work(publisher.token)).toEqual({
      statuses: [
        { status: 0, total: 0, mine: 0 },
        { status: 2, total: 0, mine: 0 },
        { status: 3, total: 0, mine: 0 },
        { status: 1, total: 0, mine: 0 },
      ],
      queue: [],
      queue_total: 0,
    });

    const oldestFree = await request(2, null, 9, 'Sem publisher mais antiga');
    const mine = await request(2, publisher.account.id, 1, 'Minha na fila');
    const others = await request(2, other.account.id, 20, 'Na fila de outro publisher');
    const free = [];
    for (let day = 8; day >= 4; day--) free.push(await request(2, null, day, `Sem publisher ${day}`));
    await request(3, publisher.account.id, 3, 'Minha em processamento');
    await request(1, other.account.id, 3, 'No catálogo de outro');
    await request(0, null, 2, 'Em análise');

    const answer = await work(publisher.token);
    expect(answer.statuses).toEqual([
      { status: 0, total: 1, mine: 0 },
      { status: 2, total: 8, mine: 1 },
      { status: 3, total: 1, mine: 1 },
      { status: 1, total: 1, mine: 0 },
    ]);
    // Another publisher's queued request is not this one's work; five rows are shown of the seven.
    expect(answer.queue_total).toBe(7);
    expect(answer.queue.map((row) => row.id)).toEqual([mine, oldestFree, ...free.slice(0, 3)]);
    expect(answer.queue.map((row) => row.assigned_to_me)).toEqual([true, false, false, false, false]);
    expect(answer.queue[0]).toMatchObject({
      media_title: 'Minha na fila',
      status: 2,
      media_type: 'movie',
      // The admin's columns stay the admin's (decision 0055).
      publisher_id: null,
      publisher_username: null,
      total_requests: null,
    });

    // An admin: every queued request, those still without a publisher first; nothing is "its own".
    const admin = await work(t.adminToken);
    expect(admin.statuses.map((row) => row.mine)).toEqual([0, 0, 0, 0]);
    expect(admin.queue_total).toBe(8);
    expect(admin.queue.map((row) => row.id)).toEqual([oldestFree, ...free.slice(0, 4)]);
    expect(admin.queue.every((row) => !row.assigned_to_me)).toBe(true);
    expect(admin.queue.map((row) => row.id)).not.toContain(others);

    // A reseller's requests are its subtree's; the counts over every tree are not its to read.
    expectRefusal(await t.as(reseller.token).get(URL), FORBIDDEN);
  });
});

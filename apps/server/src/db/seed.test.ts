import { PANEL_SETTING_DEFAULTS } from '@panel/shared/settings/panel-settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import { verifyPassword } from '../lib/password-hash';
import { accounts, bouquets, packages, settings } from './schema/index';
import { seedDatabase } from './seed';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('first-start seed', () => {
  it('creates the admin with a generated password once, then never again', async () => {
    const first = await seedDatabase(database.db, { username: 'chefe' });
    expect(first.adminCreated).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const [admin] = await database.db.select().from(accounts).where(eq(accounts.role, 'admin'));
    expect(admin).toMatchObject({ username: 'chefe', role: 'admin', path: `/${admin?.id}/`, parentId: null });
    expect(await verifyPassword(admin!.passwordHash, first.generatedAdminPassword!)).toBe(true);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const second = await seedDatabase(database.db, { username: 'chefe' });
    expect(second).toEqual({ adminCreated: false });
    expect(await database.db.select().from(accounts).where(eq(accounts.role, 'admin'))).toHaveLength(1);
  });

  it('creates the REVENDAS_DELETADOS bucket once, blocked, under the first admin', async () => {
    await seedDatabase(database.db, { username: 'chefe' });
    await seedDatabase(database.db, { username: 'chefe' });
    const buckets = await database.db.select().from(accounts).where(eq(accounts.isDeletedBucket, true));
    expect(buckets).toHaveLength(1);
    const [admin] = await database.db.select().from(accounts).where(eq(accounts.role, 'admin'));
    expect(buckets[0]).toMatchObject({
      username: 'REVENDAS_DELETADOS',
      role: 'reseller',
      status: 0,
      credits: '0.00',
      parentId: admin?.id,
      path: `${admin?.path}${buckets[0]?.id}/`,
    });
  });

  it('stores the panel settings, the package catalogue of docs/product/constants.md#packages-and-systems and some bouquets', async () => {
    await seedDatabase(database.db, { username: 'chefe' });
    const stored = Object.fromEntries(
      (await database.db.select().from(settings)).map((row) => [row.key, row.value]),
    );
    expect(stored).toEqual(PANEL_SETTING_DEFAULTS);
    const rows = await database.db.select().from(packages);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([17, 42, 47, 53, 55, 57, 61]);
    expect(byId.get(17)).toMatchObject({ isDefault: true, isTrial: false });
    expect(byId.get(61)).toMatchObject({ isTrial: true, officialCredits: '0.00' });
    expect(byId.get(47)).toMatchObject({ isAdult: true });
    expect((await database.db.select().from(bouquets)).length).toBeGreaterThanOrEqual(3);
  });
});

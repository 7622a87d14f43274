import { CATALOG_MESSAGES } from '@panel/shared/catalog/catalog-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInAccount, createLine } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { packages } from '../../db/schema';

const t = useTestApp();

const newPackage = { package_name: 'Completo 4 meses', official_duration: 4, official_credits: '3.50' };

describe('packages', () => {
  it('lists packages for every role; non-admins see the active ones only', async () => {
    const { token } = await createSignedInAccount(t.app);
    await t.as(t.adminToken).post('/api/packages', { ...newPackage, id: 900, active: false });
    const asAdmin = await t.as(t.adminToken).get('/api/packages?per=50');
    expect(asAdmin.json().data.map((row: { id: number }) => row.id)).toContain(900);
    const asReseller = await t.as(token).get('/api/packages?per=50');
    expect(asReseller.statusCode).toBe(200);
    expect(asReseller.json().data.map((row: { id: number }) => row.id)).not.toContain(900);
    expect(asReseller.json().data.find((row: { id: number }) => row.id === 17)).toEqual({
      id: 17,
      package_name: 'Completo 1 mês',
      is_trial: false,
      is_adult: false,
      official_duration: 1,
      official_credits: '1.00',
      trial_hours: null,
      is_default: true,
      active: true,
    });
    expect((await t.as(token).get('/api/packages/900')).statusCode).toBe(404);
    const publisher = await createSignedInAccount(t.app, { role: 'publisher' });
    expect((await t.as(publisher.token).get('/api/packages')).statusCode).toBe(200);
  });

  it('lets only admins create, edit and remove packages', async () => {
    const { token } = await createSignedInAccount(t.app);
    expect((await t.as(token).post('/api/packages', newPackage)).statusCode).toBe(403);
    const created = await t.as(t.adminToken).post('/api/packages', newPackage);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ ...newPackage, is_trial: false, active: true });
    expect((await t.as(token).put(`/api/packages/${id}`, newPackage)).statusCode).toBe(403);
    const edited = await t.as(t.adminToken).put(`/api/packages/${id}`, {
      ...newPackage,
      official_credits: 4,
      is_default: true,
    });
    expect(edited.json()).toMatchObject({ official_credits: '4.00', is_default: true });
    const [old] = await t.db.select().from(packages).where(eq(packages.id, 17));
    expect(old?.isDefault).toBe(false);
    expect((await t.as(token).delete(`/api/packages/${id}`)).statusCode).toBe(403);
    expect((await t.as(t.adminToken).delete(`/api/packages/${id}`)).statusCode).toBe(204);
    expect((await t.as(t.adminToken).get(`/api/packages/${id}`)).statusCode).toBe(404);
    await t.as(t.adminToken).put('/api/packages/17', {
      package_name: 'Completo 1 mês',
      official_duration: 1,
      official_credits: '1.00',
      is_default: true,
    });
  });

  it('refuses to remove a package in use or one the spec names (409), and a taken id', async () => {
    const { account } = await createSignedInAccount(t.app);
    const created = await t.as(t.adminToken).post('/api/packages', { ...newPackage, id: 901 });
    expect(created.statusCode).toBe(201);
    await createLine(t.app, account, { packageId: 901 });
    const inUse = await t.as(t.adminToken).delete('/api/packages/901');
    expect(inUse.json()).toMatchObject({ status: 409, message: CATALOG_MESSAGES.packageInUse });
    const fixed = await t.as(t.adminToken).delete('/api/packages/61');
    expect(fixed.json()).toMatchObject({ status: 409, message: CATALOG_MESSAGES.packageFixed });
    const taken = await t.as(t.adminToken).post('/api/packages', { ...newPackage, id: 901 });
    expect(taken.json()).toMatchObject({ status: 409, field: 'id', message: CATALOG_MESSAGES.idTaken });
    const trialFlip = await t.as(t.adminToken).put('/api/packages/61', { ...newPackage, is_trial: false });
    expect(trialFlip.json()).toMatchObject({ status: 422, field: 'is_trial' });
  });

  it('validates packages: credits, months, trial hours', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newPackage, official_credits: '1.555' }, 'official_credits'],
      [{ ...newPackage, official_credits: -1 }, 'official_credits'],
      [{ ...newPackage, official_duration: 0 }, 'official_duration'],
      [{ ...newPackage, is_trial: true }, 'trial_hours'],
      [{ ...newPackage, package_name: '' }, 'package_name'],
    ];
    for (const [body, field] of cases) {
      const response = await t.as(t.adminToken).post('/api/packages', body);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ status: 400, field });
    }
  });
});

describe('bouquets', () => {
  it('lists for every role; admins create, edit and remove unused ones', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const list = await t.as(token).get('/api/bouquets?per=50');
    expect(list.json().data[0]).toEqual({ id: 1, name: 'Canais Abertos', sort_order: 1, is_adult: false });
    expect((await t.as(token).post('/api/bouquets', { name: 'Novo' })).statusCode).toBe(403);
    const created = await t.as(t.adminToken).post('/api/bouquets', { name: 'Documentários', sort_order: 7 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const edited = await t.as(t.adminToken).put(`/api/bouquets/${id}`, {
      name: 'Documentários HD',
      sort_order: 8,
    });
    expect(edited.json()).toEqual({ id, name: 'Documentários HD', sort_order: 8, is_adult: false });
    await createLine(t.app, account, { bouquets: [1, id] });
    const inUse = await t.as(t.adminToken).delete(`/api/bouquets/${id}`);
    expect(inUse.json()).toMatchObject({ status: 409, message: CATALOG_MESSAGES.bouquetInUse });
    const unused = await t.as(t.adminToken).post('/api/bouquets', { name: 'Temporário' });
    expect((await t.as(t.adminToken).delete(`/api/bouquets/${unused.json().id}`)).statusCode).toBe(204);
    expect((await t.as(t.adminToken).delete(`/api/bouquets/${unused.json().id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/complements', () => {
  it('answers groups, settings, active packages grouped iptv/trial/p2p, bouquets and server time', async () => {
    const { token } = await createSignedInAccount(t.app);
    const response = await t.as(token).get('/api/complements');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.groups).toEqual([
      { id: 1, name: 'Administrador' },
      { id: 2, name: 'Revenda' },
    ]);
    expect(body.settings).toContainEqual({ key: 'trial_user_create_enabled', value: 'true' });
    const ids = (group: { id: number }[]) => group.map((pkg) => pkg.id);
    expect(ids(body.packages.p2p)).toEqual([17, 42, 53, 55, 57]);
    expect(ids(body.packages.trial)).toEqual([61]);
    expect(ids(body.packages.iptv)).toEqual(expect.arrayContaining([17, 42, 47, 53, 55, 57]));
    expect(ids(body.packages.iptv)).not.toContain(61);
    expect(ids(body.packages.iptv)).not.toContain(900);
    expect(body.bouquets.length).toBeGreaterThanOrEqual(6);
    expect(Math.abs(body.server_time - Date.now() / 1000)).toBeLessThan(5);
  });
});

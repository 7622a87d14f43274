import { PANEL_SETTING_DEFAULTS } from '@panel/shared/settings/panel-settings';
import { PANEL_SETTINGS_MESSAGES } from '@panel/shared/settings/panel-settings-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema';
import { createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const PATH = '/api/admin/panel';

describe('panel settings (admin)', () => {
  it('answers every setting, the defaults when never changed', async () => {
    const response = await t.as(t.adminToken).get(PATH);
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(PANEL_SETTING_DEFAULTS).sort());
  });

  it('changes the given settings, stores them and leaves the others alone', async () => {
    const before = (await t.as(t.adminToken).get(PATH)).json<Record<string, string>>();
    const response = await t
      .as(t.adminToken)
      .put(PATH, { user_migration_list: 'true', main_domain: ' Painel.Exemplo.com.br ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...before,
      user_migration_list: 'true',
      main_domain: 'painel.exemplo.com.br',
    });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'user_migration_list'));
    expect(row?.value).toBe('true');
    const back = await t.as(t.adminToken).put(PATH, { user_migration_list: 'false' });
    expect(back.json()).toMatchObject({ user_migration_list: 'false', main_domain: 'painel.exemplo.com.br' });
  });

  it('refuses unknown keys, bad values and an empty change, in Portuguese', async () => {
    expectRefusal(await t.as(t.adminToken).put(PATH, { user_migration_list: 'sim' }), {
      status: 400,
      code: 'validation_failed',
      message: PANEL_SETTINGS_MESSAGES.flagInvalid,
      field: 'user_migration_list',
    });
    expectRefusal(await t.as(t.adminToken).put(PATH, { main_domain: 'não é domínio' }), {
      status: 400,
      code: 'validation_failed',
      message: PANEL_SETTINGS_MESSAGES.hostInvalid,
      field: 'main_domain',
    });
    expectRefusal(await t.as(t.adminToken).put(PATH, {}), {
      status: 400,
      code: 'validation_failed',
      message: PANEL_SETTINGS_MESSAGES.empty,
    });
    const unknown = await t.as(t.adminToken).put(PATH, { outra_coisa: 'true' });
    expect(unknown.statusCode).toBe(400);
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'outra_coisa'));
    expect(row).toBeUndefined();
  });

  it('is for admins only', async () => {
    for (const role of ['reseller', 'publisher'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      expectRefusal(await t.as(token).put(PATH, { user_migration_list: 'true' }), FORBIDDEN, role);
      expectRefusal(await t.as(token).get(PATH), FORBIDDEN, role);
    }
  });
});

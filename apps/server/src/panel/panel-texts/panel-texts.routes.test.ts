import { DEFAULT_PANEL_TEXTS } from '@panel/shared/panel-texts/default-panel-texts';
import {
  PANEL_TEXT_KEYS,
  PANEL_TEXTS_MESSAGES,
  type PanelText,
} from '@panel/shared/panel-texts/panel-texts-api';
import { RICH_TEXT_MAX, RICH_TEXT_MESSAGES } from '@panel/shared/rich-text/rich-text';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { panelTexts } from '../../db/schema';
import { createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const LIST = '/api/panel-texts';
const admin = (key: string) => `/api/admin/panel-texts/${key}`;

async function textsAs(token: string): Promise<PanelText[]> {
  const response = await t.as(token).get(LIST);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PanelText[] }>().data;
}

describe('the menu dialogs’ texts (decision 0059)', () => {
  it('answers the three defaults to every role before any edit', async () => {
    for (const role of ['admin', 'publisher', 'reseller'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      expect(await textsAs(token)).toEqual(
        PANEL_TEXT_KEYS.map((key) => ({
          key,
          body: DEFAULT_PANEL_TEXTS[key],
          edited: false,
          updated_at: null,
        })),
      );
    }
  });

  it('saves the admin’s text sanitised, shows it to resellers, and restores the default', async () => {
    const body =
      '<p><b>Regra nova</b> <i>importante</i><script>alert(1)</script><img src=x onerror=alert(2)></p>';
    const saved = await t.as(t.adminToken).put(admin('server_rules'), { body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PanelText>()).toMatchObject({
      key: 'server_rules',
      body: '<p><b>Regra nova</b> <i>importante</i></p>',
      edited: true,
    });
    const [row] = await t.db.select().from(panelTexts).where(eq(panelTexts.key, 'server_rules'));
    expect(row?.body).toBe('<p><b>Regra nova</b> <i>importante</i></p>');

    const { token } = await createSignedInAccount(t.app, { role: 'reseller' });
    const texts = await textsAs(token);
    expect(texts.find((text) => text.key === 'server_rules')?.body).toBe(
      '<p><b>Regra nova</b> <i>importante</i></p>',
    );
    expect(texts.find((text) => text.key === 'manual')).toMatchObject({ edited: false });

    const restored = await t.as(t.adminToken).delete(admin('server_rules'));
    expect(restored.json<PanelText>()).toEqual({
      key: 'server_rules',
      body: DEFAULT_PANEL_TEXTS.server_rules,
      edited: false,
      updated_at: null,
    });
    expect((await textsAs(token)).find((text) => text.key === 'server_rules')?.edited).toBe(false);
  });

  it('refuses an empty text, a text that is only payload, and a too long one', async () => {
    for (const body of ['', '<p> </p>', '<script>alert(1)</script>']) {
      expectRefusal(
        await t.as(t.adminToken).put(admin('manual'), { body }),
        { status: 400, code: 'validation_failed', message: PANEL_TEXTS_MESSAGES.required, field: 'body' },
        body,
      );
    }
    expectRefusal(await t.as(t.adminToken).put(admin('manual'), { body: 'a'.repeat(RICH_TEXT_MAX + 1) }), {
      status: 400,
      code: 'validation_failed',
      message: RICH_TEXT_MESSAGES.max,
      field: 'body',
    });
    const [row] = await t.db.select().from(panelTexts).where(eq(panelTexts.key, 'manual'));
    expect(row).toBeUndefined();
  });

  it('answers 404 for an unknown text', async () => {
    const notFound = { status: 404, code: 'not_found' as const, message: PANEL_TEXTS_MESSAGES.notFound };
    expectRefusal(await t.as(t.adminToken).put(admin('outro'), { body: '<p>x</p>' }), notFound);
    expectRefusal(await t.as(t.adminToken).delete(admin('outro')), notFound);
  });

  it('is edited by admins only', async () => {
    for (const role of ['reseller', 'publisher'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      expectRefusal(await t.as(token).put(admin('manual'), { body: '<p>x</p>' }), FORBIDDEN, role);
      expectRefusal(await t.as(token).delete(admin('manual')), FORBIDDEN, role);
    }
  });
});

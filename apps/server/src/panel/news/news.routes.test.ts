import { NEWS_MESSAGES, type AdminNews, type ImportantMessage } from '@panel/shared/news/news-schema';
import { RICH_TEXT_MAX, RICH_TEXT_MESSAGES } from '@panel/shared/rich-text/rich-text';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { news, settings } from '../../db/schema';
import { createSignedInAccount } from '../../../test/factories';
import { expectRefusal, FORBIDDEN } from '../../../test/refusals';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const ADMIN = '/api/admin/news';

const PAYLOADS =
  '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"><svg onload=window.__xss=3>' +
  '<a href="javascript:window.__xss=4">clique</a><iframe srcdoc="<script>parent.__xss=5</script>"></iframe>' +
  '<b onmouseover=window.__xss=6 style="color:red">negrito</b>';

async function stored() {
  const [row] = await t.db.select().from(news).where(eq(news.id, 1));
  const [flag] = await t.db.select().from(settings).where(eq(settings.key, 'show_modal_message'));
  return { message: row?.message, flag: flag?.value };
}

describe('the global message (docs/product/screens.md#global-message)', () => {
  it('saves the message with bold and italic and switches the pop-up on, in one request', async () => {
    const message = '<p><b>Manutenção</b> no domingo, <i>03h às 05h</i>.</p>';
    const response = await t.as(t.adminToken).put(ADMIN, { message, show_modal_message: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminNews>()).toMatchObject({ message, show_modal_message: true });
    expect(await stored()).toEqual({ message, flag: 'true' });

    const { token } = await createSignedInAccount(t.app, { role: 'reseller' });
    const read = await t.as(token).get('/api/news');
    expect(read.json<ImportantMessage>()).toEqual({ message, show_modal_message: true });
    expect((await t.as(t.adminToken).get(ADMIN)).json<AdminNews>()).toMatchObject({
      message,
      show_modal_message: true,
    });
  });

  it('strips scripts, handlers, links and attributes on the server before storing', async () => {
    const response = await t
      .as(t.adminToken)
      .put(ADMIN, { message: `<p><b>Aviso</b> ${PAYLOADS} <i>fim</i></p>`, show_modal_message: true });
    expect(response.statusCode, response.body).toBe(200);
    const { message } = await stored();
    expect(message).toBe('<p><b>Aviso</b> "&gt;clique<b>negrito</b> <i>fim</i></p>');
    expect(message).not.toMatch(/script|onerror|onload|onmouseover|javascript|iframe|svg|img|style/i);
    expect(response.json<AdminNews>().message).toBe(message);
  });

  it('serves a message stored unsanitised (an older row) sanitised', async () => {
    await t.db
      .update(news)
      .set({ message: `<b>Antigo</b>${PAYLOADS}` })
      .where(eq(news.id, 1));
    const read = await t.as(t.adminToken).get('/api/news');
    expect(read.json<ImportantMessage>().message).toBe('<b>Antigo</b>"&gt;clique<b>negrito</b>');
  });

  it('switches the pop-up off and keeps the message; GET /api/news then says off', async () => {
    const message = '<p>Só guardada</p>';
    const response = await t.as(t.adminToken).put(ADMIN, { message, show_modal_message: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toEqual({ message, flag: 'false' });
    expect((await t.as(t.adminToken).get('/api/news')).json()).toEqual({
      message,
      show_modal_message: false,
    });
  });

  it('refuses to switch on a message without words, also when only a payload was sent', async () => {
    const before = await stored();
    for (const message of ['', '<p></p>', '<script>alert(1)</script><img src=x onerror=alert(2)>']) {
      expectRefusal(
        await t.as(t.adminToken).put(ADMIN, { message, show_modal_message: true }),
        { status: 400, code: 'validation_failed', message: NEWS_MESSAGES.requiredWhenOn, field: 'message' },
        message,
      );
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses bad bodies in Portuguese, never 500', async () => {
    expectRefusal(
      await t
        .as(t.adminToken)
        .put(ADMIN, { message: 'a'.repeat(RICH_TEXT_MAX + 1), show_modal_message: false }),
      { status: 400, code: 'validation_failed', message: RICH_TEXT_MESSAGES.max, field: 'message' },
    );
    expectRefusal(await t.as(t.adminToken).put(ADMIN, { show_modal_message: false }), {
      status: 400,
      code: 'validation_failed',
      message: RICH_TEXT_MESSAGES.required,
      field: 'message',
    });
    const wrongType = await t.as(t.adminToken).put(ADMIN, { message: 'x', show_modal_message: 'sim' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ field: 'show_modal_message' });
  });

  it('is edited by admins only; every role reads it', async () => {
    for (const role of ['reseller', 'publisher'] as const) {
      const { token } = await createSignedInAccount(t.app, { role });
      expectRefusal(
        await t.as(token).put(ADMIN, { message: 'x', show_modal_message: true }),
        FORBIDDEN,
        role,
      );
      expectRefusal(await t.as(token).get(ADMIN), FORBIDDEN, role);
      expect((await t.as(token).get('/api/news')).statusCode).toBe(200);
    }
  });
});

import {
  REMINDER_MESSAGES,
  type ReminderList,
  type ReminderTemplate,
} from '@panel/shared/reminders/reminders-api';
import {
  RESELLER_NOTIFICATION_MESSAGES,
  type ResellerNotifications,
} from '@panel/shared/reseller-webhook/reseller-webhook-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLine, createSignedInAccount, daysFromNow } from '../../../test/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/provisioning-receiver';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { runInTransaction } from '../../db/run-in-transaction';
import { domains, reminderMarks } from '../../db/schema';
import { burnCredits, mintCredits } from '../ledger/ledger.service';
import { recordPaymentReceived } from '../reseller-webhook/reseller-events';

interface EventBody {
  event: string;
  reseller: { id: number; username: string };
  window?: string;
  line?: { id: number; username: string; phone: string | null };
  message?: string;
  customer_page_url?: string | null;
  credits?: string;
  threshold?: string;
  payment?: { id: string };
}

// The receiver verifies each delivery with the secret the reseller reads on its profile (401 otherwise),
// as the reseller's bot would; it is set once the reseller has saved its address.
let receiver: WebhookReceiver<EventBody>;
beforeAll(async () => {
  receiver = await startWebhookReceiver<EventBody>('unused', { keyOf: () => undefined });
});
afterAll(() => receiver?.close());

// Workers wait an hour between passes: every pass here is an explicit call.
const t = useTestApp(() => ({
  PANEL_PUBLIC_HOST: 'painel.exemplo.com',
  PROVISIONING_POLL_MS: '3600000',
  RESELLER_WEBHOOK_SCAN_MS: '3600000',
  PROVISIONING_TIMEOUT_MS: '1500',
  RESELLER_WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
}));

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

async function list(token: string, window: string): Promise<ReminderList> {
  const response = await t.as(token).get(`/api/reminders?window=${window}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReminderList>();
}

describe('the Lembretes lists', () => {
  it("lists only the caller's own paying customers, per window, with the rendered message and link", async () => {
    const master = await createSignedInAccount(t.app);
    const sub = await createSignedInAccount(t.app, { parent: master.account });
    const in7 = await createLine(t.app, master.account, {
      expDate: daysFromNow(5),
      fullName: 'Ana',
      phone: '(11) 98888-7777',
    });
    const in3 = await createLine(t.app, master.account, { expDate: hoursFromNow(50) });
    const in1 = await createLine(t.app, master.account, { expDate: hoursFromNow(5) });
    const expired = await createLine(t.app, master.account, { expDate: hoursFromNow(-5) });
    await createLine(t.app, master.account, { expDate: hoursFromNow(-30) }); // expired before yesterday
    await createLine(t.app, master.account, { expDate: daysFromNow(10) });
    await createLine(t.app, master.account, { expDate: hoursFromNow(5), isTrial: 1 });
    const subLine = await createLine(t.app, sub.account, { expDate: hoursFromNow(5) });

    const seven = await list(master.token, '7');
    expect(seven.counts).toEqual({ '7': 1, '3': 1, '1': 1, expired: 1 });
    expect(seven.data.map((row) => row.line_id)).toEqual([in7.id]);
    const [row] = seven.data;
    // No verified domain: the panel's address + /cliente (decision 0173).
    expect(row?.message).toContain('Olá Ana!');
    expect(row?.message).toContain(in7.username);
    expect(row?.message).toContain('https://painel.exemplo.com/cliente');
    expect(row?.whatsapp_url).toBe(
      `https://wa.me/5511988887777?text=${encodeURIComponent(row?.message ?? '')}`,
    );
    expect(row?.sent_at).toBeNull();
    expect((await list(master.token, '3')).data.map((each) => each.line_id)).toEqual([in3.id]);
    expect((await list(master.token, '1')).data.map((each) => each.line_id)).toEqual([in1.id]);
    expect((await list(master.token, 'expired')).data.map((each) => each.line_id)).toEqual([expired.id]);
    // The sub-reseller sees its own customer; the master does not (decision 0171).
    expect((await list(sub.token, '1')).data.map((each) => each.line_id)).toEqual([subLine.id]);

    // A verified domain replaces the link; the edited template is used with the line's data.
    await t.db.insert(domains).values({
      ownerId: master.account.id,
      domain: 'tv.revenda.com',
      verificationToken: 'x',
      verifiedAt: new Date(),
    });
    const saved = await t.as(master.token).put('/api/reminders/templates/7', {
      body: '{cliente}: {usuario} vence em {vencimento} ({dias} dias) {link_cliente} {desconhecido}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: ReminderTemplate[] }>().data.find((each) => each.window === '7')?.edited).toBe(
      true,
    );
    const [edited] = (await list(master.token, '7')).data;
    expect(edited?.message).toMatch(
      new RegExp(
        `^Ana: ${in7.username} vence em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} \\(5 dias\\) https://tv\\.revenda\\.com/ \\{desconhecido\\}$`,
      ),
    );

    const restored = await t.as(master.token).delete('/api/reminders/templates/7');
    expect(
      restored.json<{ data: ReminderTemplate[] }>().data.find((each) => each.window === '7')?.edited,
    ).toBe(false);
    const empty = await t.as(master.token).put('/api/reminders/templates/7', { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: REMINDER_MESSAGES.required, field: 'body' });
    expect((await t.as(master.token).get('/api/reminders?window=2')).statusCode).toBe(400);

    // 'Marcar como enviado' persists for this window; another reseller's line is 404; a line that is not
    // in the window, 422, and nothing is written.
    const sent = await t.as(master.token).post(`/api/reminders/${in7.id}/sent`, { window: '7' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await list(master.token, '7')).data[0]?.sent_at).toBe(sent.json<{ sent_at: string }>().sent_at);
    expect(
      (await t.as(master.token).post(`/api/reminders/${subLine.id}/sent`, { window: '1' })).statusCode,
    ).toBe(404);
    const outside = await t.as(master.token).post(`/api/reminders/${in7.id}/sent`, { window: '1' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ message: REMINDER_MESSAGES.notInWindow });
    expect(await t.db.select().from(reminderMarks)).toHaveLength(1);
  });
});

describe("a reseller's webhook", () => {
  it('delivers signed line events once per line and window, payments once, low balance once per crossing', async () => {
    const reseller = await createSignedInAccount(t.app, { credits: '50' });
    const quiet = await createSignedInAccount(t.app);
    const soon = await createLine(t.app, reseller.account, {
      expDate: hoursFromNow(20),
      phone: '11977776666',
    });
    const later = await createLine(t.app, reseller.account, { expDate: daysFromNow(6) });
    await createLine(t.app, quiet.account, { expDate: hoursFromNow(20) }); // no webhook: nothing queued

    const refused = await t.as(reseller.token).put('/api/profile/notifications', {
      webhook_url: 'ftp://x',
      low_balance_threshold: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: RESELLER_NOTIFICATION_MESSAGES.urlInvalid,
      field: 'webhook_url',
    });

    const saved = await t.as(reseller.token).put('/api/profile/notifications', {
      webhook_url: `${receiver.url}/bot`,
      low_balance_threshold: '60,5',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json<ResellerNotifications>();
    expect(settings).toMatchObject({ webhook_url: `${receiver.url}/bot`, low_balance_threshold: '60.50' });
    expect(settings.webhook_secret).toMatch(/^[0-9a-f]{64}$/);
    receiver.secret = settings.webhook_secret;
    const profile = await t.as(reseller.token).get('/api/profile');
    expect(profile.json()).toMatchObject({ credits: '50.00', low_balance_threshold: '60.50' });

    expect(await t.app.queueReminderEvents()).toBe(2);
    expect(await t.app.queueReminderEvents()).toBe(0);
    expect(await t.app.resellerWebhook.checkBalances()).toBe(1);
    expect(await t.app.resellerWebhook.checkBalances()).toBe(0);
    const payment = {
      reseller: { id: reseller.account.id, username: reseller.account.username },
      paymentId: 'mp-123',
      amount: '25.00',
      credits: '10.00',
      lineId: null,
      method: 'PIX',
      paidAt: new Date(),
    };
    await runInTransaction(t.db, (tx) => recordPaymentReceived(tx, payment));
    await runInTransaction(t.db, (tx) => recordPaymentReceived(tx, payment));
    expect(await t.app.resellerWebhook.deliverPending()).toBe(4);
    expect(await t.app.resellerWebhook.deliverPending()).toBe(0);

    const events = receiver.received.map((delivery) => [delivery.event, delivery.body.line?.id ?? null]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['line.expiring', soon.id],
        ['line.expiring', later.id],
        ['balance.low', null],
        ['payment.received', null],
      ]),
    );
    expect(events).toHaveLength(4);
    const soonEvent = receiver.received.find((delivery) => delivery.body.line?.id === soon.id)?.body;
    expect(soonEvent).toMatchObject({
      window: '1',
      reseller: { id: reseller.account.id },
      customer_page_url: 'https://painel.exemplo.com/cliente',
    });
    expect(soonEvent?.message).toContain(soon.username);
    expect(receiver.received.find((delivery) => delivery.event === 'balance.low')?.body).toMatchObject({
      credits: '50.00',
      threshold: '60.50',
    });
    expect(receiver.rejectedSignatures).toBe(0);

    // Back above the threshold, then below again: a second crossing, a second event.
    await runInTransaction(t.db, (tx) =>
      mintCredits(tx, {
        accountId: reseller.account.id,
        amountCents: 2000,
        actorId: TEST_ADMIN.id,
        action: 'bonus',
        type: 'credits',
      }),
    );
    expect(await t.app.resellerWebhook.checkBalances()).toBe(0);
    await runInTransaction(t.db, (tx) =>
      burnCredits(tx, {
        accountId: reseller.account.id,
        amountCents: 1500,
        actorId: TEST_ADMIN.id,
        action: 'bonus',
        type: 'credits',
      }),
    );
    expect(await t.app.resellerWebhook.checkBalances()).toBe(1);
    expect(await t.app.resellerWebhook.checkBalances()).toBe(0);

    // A new secret signs from the next delivery on: the old one no longer verifies.
    const rotated = (
      await t.as(reseller.token).post('/api/profile/notifications/secret')
    ).json<ResellerNotifications>();
    expect(rotated.webhook_secret).not.toBe(settings.webhook_secret);
    expect(await t.app.resellerWebhook.deliverPending()).toBe(0);
    expect(receiver.rejectedSignatures).toBe(1);
  });
});

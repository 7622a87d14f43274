import { parse } from 'csv-parse/sync';
import { ERROR_TEXT } from '@panel/shared/errors/error-catalogue';
import type { BulkAction, BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { BULK_MESSAGES } from '@panel/shared/line-bulk/bulk-messages';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLine, createResellerTree, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, lineRow, logsOfLine } from '../../../test/reads';
import { useTestApp } from '../../../test/test-app';
import { logs } from '../../db/schema';
import { expSeconds } from '../lines/line-view';

const t = useTestApp();

/** Records the action, runs it to the end as the panel does (chunk after chunk), and reads its result. */
async function runBulk(token: string, action: BulkAction, lineIds: number[]): Promise<BulkResult> {
  const created = await t.as(token).post('/api/users/bulk', { action, line_ids: lineIds });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  for (let calls = 0; calls < 50; calls++) {
    const run = await t.as(token).post(`/api/users/bulk/${id}/run`, {});
    expect(run.statusCode, run.body).toBe(200);
    if (run.json<{ finished: boolean }>().finished) break;
  }
  return (await t.as(token).get(`/api/users/bulk/${id}`)).json<BulkResult>();
}

const outcomeOf = (result: BulkResult, lineId: number) =>
  result.lines.find((line) => line.line_id === lineId);

describe('bulk renewal', () => {
  it('previews the sum of the single prices, then charges each line once and refuses the rest with their reasons', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    const stranger = await createSignedInAccount(t.app);
    const one = await createLine(t.app, account);
    const three = await createLine(t.app, account, { maxConnections: 3 });
    const trial = await createLine(t.app, account, { isTrial: 1, packageId: 61 });
    const foreign = await createLine(t.app, stranger.account);
    const ids = [one.id, three.id, trial.id, foreign.id];

    const preview = await t.as(token).post('/api/users/bulk/preview', {
      action: { kind: 'renew_month' },
      selection: { by: 'ids', ids: [...ids, one.id] },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      line_ids: [one.id, three.id, trial.id],
      count: 3,
      capped: false,
      missing: 1,
      paid: true,
      free: false,
      cost: '4.00',
      balance: '10.00',
      refusals: [{ reason: LINE_MESSAGES.trialConversionRequired, count: 1 }],
    });

    const result = await runBulk(token, { kind: 'renew_month' }, ids);
    expect(result).toMatchObject({
      total: 4,
      done: 2,
      refused: 2,
      pending: 0,
      charged: '4.00',
      finished: true,
    });
    expect(outcomeOf(result, three.id)).toMatchObject({
      outcome: 'done',
      charged: '3.00',
      username: three.username,
    });
    expect(outcomeOf(result, trial.id)).toMatchObject({
      outcome: 'refused',
      reason: LINE_MESSAGES.trialConversionRequired,
      username: trial.username,
    });
    // An id out of reach is refused like a 404 and never named or touched.
    expect(outcomeOf(result, foreign.id)).toMatchObject({
      outcome: 'refused',
      reason: ERROR_TEXT[404].message,
      username: null,
    });
    expect(await lineRow(t.db, foreign.id)).toEqual(foreign);
    expect(expSeconds((await lineRow(t.db, one.id))!)).toBe(addPanelMonths(expSeconds(one), 1));
    expect(await balanceOf(t.db, account.id)).toBe('6.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);

    // One log row for the action, and each line's own row naming it.
    const [bulkLog] = await t.db
      .select()
      .from(logs)
      .where(sql`${logs.details}->>'bulk_id' = ${String(result.id)}`);
    expect(bulkLog).toMatchObject({ action: 'bulk', valueInt: 4, details: { kind: 'renew_month' } });
    expect((await logsOfLine(t.db, three.id)).at(-1)).toMatchObject({
      action: 'renewed',
      details: { bulk_id: result.id },
    });

    const csv = await t.as(token).get(`/api/users/bulk/${result.id}/result.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header!.slice(0, 5)).toEqual(['ID', 'Usuário', 'Resultado', 'Motivo', 'Créditos']);
    expect(rows).toContainEqual(
      expect.arrayContaining([String(three.id), three.username, 'Feito', '', '3,00']),
    );

    // Another account's bulk action does not exist for the caller.
    expect((await t.as(stranger.token).get(`/api/users/bulk/${result.id}`)).statusCode).toBe(404);
    expect((await t.as(stranger.token).post(`/api/users/bulk/${result.id}/run`, {})).statusCode).toBe(404);
  });

  it('refuses the lines the balance no longer covers, never going negative', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '2' });
    const lines = [
      await createLine(t.app, account),
      await createLine(t.app, account),
      await createLine(t.app, account),
    ];
    const result = await runBulk(
      token,
      { kind: 'renew_month' },
      lines.map((line) => line.id),
    );
    expect(result).toMatchObject({ done: 2, refused: 1, charged: '2.00' });
    expect(outcomeOf(result, lines[2]!.id)?.reason).toBe(LEDGER_MESSAGES.insufficientCredits);
    expect(await balanceOf(t.db, account.id)).toBe('0.00');
  });
});

describe('bulk selection and free actions', () => {
  it('takes every line matching the /users filters, in the caller’s subtree only', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const mine = await createLine(t.app, master.account, { enabled: 0 });
    const subs = await createLine(t.app, sub.account, { enabled: 0 });
    await createLine(t.app, master.account);
    await createLine(t.app, other.account, { enabled: 0 });
    const preview = await t.as(master.token).post('/api/users/bulk/preview', {
      action: { kind: 'unblock' },
      selection: { by: 'filters', filters: { status: 0, order_by: 'id,asc' } },
    });
    expect(preview.json()).toMatchObject({
      line_ids: [mine.id, subs.id],
      count: 2,
      capped: false,
      paid: false,
      cost: '0.00',
    });
  });

  it('blocks, moves, changes bouquets, sends the renewal message and deletes, each line by its own rules', async () => {
    const { master, sub, other } = await createResellerTree(t.app);
    const iptv = await createLine(t.app, master.account, { phone: '11987654321' });
    const hybrid = await createLine(t.app, master.account, { system: 3, macaddr: '00:1a:79:00:00:01' });

    const blocked = await runBulk(master.token, { kind: 'block' }, [iptv.id, hybrid.id]);
    expect(blocked).toMatchObject({ done: 2, refused: 0 });
    expect((await lineRow(t.db, iptv.id))?.enabled).toBe(0);

    const moved = await runBulk(master.token, { kind: 'move', reseller_id: sub.account.id }, [iptv.id]);
    expect(moved.done).toBe(1);
    expect(await lineRow(t.db, iptv.id)).toMatchObject({
      resellerId: sub.account.id,
      ownerPath: sub.account.path,
    });
    expect((await logsOfLine(t.db, iptv.id)).at(-1)).toMatchObject({ action: 'line_moved' });
    // Out of reach: refused before anything is recorded.
    const foreign = await t.as(master.token).post('/api/users/bulk', {
      action: { kind: 'move', reseller_id: other.account.id },
      line_ids: [iptv.id],
    });
    expect(foreign.statusCode).toBe(404);

    const bouquets = await runBulk(master.token, { kind: 'bouquets', bouquet: [1] }, [iptv.id, hybrid.id]);
    expect(bouquets.done).toBe(2);
    expect((await lineRow(t.db, hybrid.id))?.bouquets).toEqual([1]);

    const messages = await runBulk(master.token, { kind: 'renewal_message' }, [iptv.id]);
    const [message] = messages.lines;
    expect(message?.phone).toBe('11987654321');
    expect(message?.link).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(decodeURIComponent(message!.link!.split('text=')[1]!)).toContain(`Usuário: ${iptv.username}`);

    const deleted = await runBulk(master.token, { kind: 'delete' }, [iptv.id]);
    expect(deleted.lines[0]).toMatchObject({ outcome: 'done', username: iptv.username });
    expect(await lineRow(t.db, iptv.id)).toBeUndefined();
  });

  it('refuses bad selections with the shared messages; a stopped action leaves its pending lines undone', async () => {
    const { account, token } = await createSignedInAccount(t.app);
    const line = await createLine(t.app, account);
    const tooMany = await t.as(token).post('/api/users/bulk', {
      action: { kind: 'block' },
      line_ids: Array.from({ length: 1001 }, (_, index) => index + 1),
    });
    expect(tooMany.json()).toMatchObject({ status: 400, message: BULK_MESSAGES.tooMany });
    const created = await t
      .as(token)
      .post('/api/users/bulk', { action: { kind: 'block' }, line_ids: [line.id] });
    const id = created.json<{ id: number }>().id;
    const cancelled = await t.as(token).post(`/api/users/bulk/${id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ cancelled: 1, pending: 0, finished: true });
    expect((await t.as(token).get(`/api/users/bulk/${id}`)).json<BulkResult>().lines[0]).toMatchObject({
      outcome: 'cancelled',
      reason: BULK_MESSAGES.cancelled,
    });
    expect((await lineRow(t.db, line.id))?.enabled).toBe(1);
    const [row] = await t.db.select().from(logs).where(eq(logs.action, 'bulk')).limit(1);
    expect(row).toBeDefined();
  });
});

import { parse } from 'csv-parse/sync';
import { ACTIVATION_CODE_MESSAGES } from '@panel/shared/activation-codes/activation-code-messages';
import type {
  ActivationCode,
  Batch,
  BuyBatchResult,
} from '@panel/shared/activation-codes/activation-codes-api';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activationBatches, activationCodes, lines, logs, provisioningOutbox } from '../../db/schema';
import { createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, lineRow } from '../../../test/reads';
import { createStreamingServer } from '../../../test/streaming-servers';
import { useTestApp } from '../../../test/test-app';
import { lineState } from '../provisioning/provisioning-outbox';

/** Activation codes through the real server (decisions 0145–0149): buy, first use, cancel, scope, CSV. */
const t = useTestApp();

async function buy(token: string, body: Record<string, unknown>): Promise<BuyBatchResult> {
  const response = await t.as(token).post('/api/activation-batches', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BuyBatchResult>();
}

async function codesOf(token: string, batchId: number, query = ''): Promise<ActivationCode[]> {
  const response = await t.as(token).get(`/api/activation-codes?batch=${batchId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ActivationCode[] }>().data;
}

const signIn = (code: string) => t.as(undefined).get(`/player_api.php?username=${code}&password=${code}`);

describe('activation codes', () => {
  it('a batch of 3 costs 3× the line price in one ledger movement; not enough credits refuses it all', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    const bought = await buy(token, { package_id: 17, quantity: 3, note: 'Loja Centro' });
    expect(bought).toMatchObject({ charged: '3.00', balance: '7.00' });
    expect(bought.batch).toMatchObject({ quantity: 3, in_stock: 3, unit_price: '1.00', total_price: '3.00' });
    const ledger = await ledgerRowsOf(t.db, account.id);
    expect(ledger.slice(1)).toEqual([
      expect.objectContaining({
        kind: 'spend',
        action: 'codes_bought',
        amount: '-3.00',
        balanceAfter: '7.00',
      }),
    ]);
    const codes = await codesOf(token, bought.batch.id);
    expect(codes.map((code) => [code.state, code.expires_at])).toEqual(Array(3).fill(['stock', null]));
    for (const code of codes) expect(code.code).toMatch(/^[1-9]\d{11}$/);
    // Stock is not a customer's line: neither listed, searched nor reachable in /users (decision 0149).
    const users = await t.as(token).get(`/api/users?search=${codes[0]!.code}`);
    expect(users.json()).toMatchObject({ data: [] });
    expect((await t.as(token).get(`/api/users/${codes[0]!.line_id}`)).statusCode).toBe(404);
    expect((await t.as(token).get('/api/dashboard/stats')).json()).toMatchObject({
      users: 0,
      users_active: 0,
    });

    // What the same line costs by hand: 3-month package (3,00) with 2 screens = 3 + 1 screen × 3 months.
    const screens = await buy(token, { package_id: 53, screens: 2, quantity: 1 });
    expect(screens).toMatchObject({ charged: '6.00', balance: '1.00' });

    const poor = await t.as(token).post('/api/activation-batches', { package_id: 17, quantity: 3 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ message: LEDGER_MESSAGES.insufficientCredits });
    expect(await balanceOf(t.db, account.id)).toBe('1.00');
    const batches = await t.db
      .select()
      .from(activationBatches)
      .where(eq(activationBatches.ownerId, account.id));
    expect(batches).toHaveLength(2);
    const owned = await t.db.select({ id: lines.id }).from(lines).where(eq(lines.resellerId, account.id));
    expect(owned).toHaveLength(4);

    const bad = await t.as(token).post('/api/activation-batches', { package_id: 17, quantity: 501 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ACTIVATION_CODE_MESSAGES.quantityRange, field: 'quantity' });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('the first player_api sign-in sets the expiry to that moment + the package; the code becomes a line', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    const other = await createSignedInAccount(t.app, { credits: '10' });
    const { batch } = await buy(token, { package_id: 42, quantity: 2 });
    const [code] = await codesOf(token, batch.id);
    const first = await signIn(code!.code);
    const info = first.json<{ user_info: { auth: number; status: string; exp_date: string } }>().user_info;
    expect(info).toMatchObject({ auth: 1, status: 'Active' });
    const [stored] = await t.db.select().from(activationCodes).where(eq(activationCodes.id, code!.id));
    const line = await lineRow(t.db, code!.line_id!);
    const expected = addPanelMonths(unixSeconds(stored!.activatedAt!), 2);
    expect(unixSeconds(line!.expDate)).toBe(expected);
    expect(info.exp_date).toBe(String(expected));
    // A second sign-in changes nothing, also with the code typed in its groups.
    const spaced = encodeURIComponent(
      `${code!.code.slice(0, 4)} ${code!.code.slice(4, 8)}-${code!.code.slice(8)}`,
    );
    const again = await t.as(undefined).get(`/player_api.php?username=${spaced}&password=${spaced}`);
    expect(again.json()).toMatchObject({ user_info: { auth: 1, exp_date: String(expected) } });
    expect(unixSeconds((await lineRow(t.db, line!.id))!.expDate)).toBe(expected);
    const logged = await t.db.select().from(logs).where(eq(logs.lineId, line!.id));
    expect(logged.map((row) => row.action)).toEqual(['code_activated']);

    const [used] = await codesOf(token, batch.id, '&state=used');
    expect(used).toMatchObject({ id: code!.id, state: 'active', expires_at: line!.expDate.toISOString() });
    // An ordinary line of /users now, found by its code by its owner only (decision 0149).
    expect((await t.as(token).get(`/api/users?search=${code!.code}`)).json()).toMatchObject({
      data: [{ id: line!.id, exp_date: expected }],
    });
    expect((await t.as(other.token).get(`/api/users?search=${code!.code}`)).json()).toMatchObject({
      data: [],
    });
    expect((await t.as(other.token).get(`/api/activation-codes?search=${code!.code}`)).json()).toMatchObject({
      data: [],
    });
    expect((await t.as(other.token).get(`/api/activation-batches/${batch.id}`)).statusCode).toBe(404);
    // A trial code follows the trial rules: free, and its hours from the first use.
    const trial = await buy(token, { trial: true, quantity: 1 });
    expect(trial).toMatchObject({ charged: '0.00', batch: { is_trial: true, screens: 1, months: 0 } });
    const [trialCode] = await codesOf(token, trial.batch.id);
    await signIn(trialCode!.code);
    const [trialStored] = await t.db
      .select()
      .from(activationCodes)
      .where(eq(activationCodes.id, trialCode!.id));
    const trialLine = await lineRow(t.db, trialCode!.line_id!);
    const hours = trial.batch.trial_hours!;
    expect(unixSeconds(trialLine!.expDate)).toBe(unixSeconds(trialStored!.activatedAt!) + hours * 3600);
    // An unknown code is a refused sign-in (counted by the flood protection, decision 0063).
    expect((await signIn('123456789012')).json()).toMatchObject({ user_info: { auth: 0 } });
  });

  it('an unused code cancelled returns its credits once and stops working at once', async () => {
    const { account, token } = await createSignedInAccount(t.app, { credits: '10' });
    const other = await createSignedInAccount(t.app, { credits: '10' });
    const { batch } = await buy(token, { package_id: 17, quantity: 2 });
    const [unused, used] = await codesOf(token, batch.id);
    await signIn(used!.code);
    expect((await t.as(other.token).post(`/api/activation-codes/${unused!.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await t.as(token).post(`/api/activation-codes/${unused!.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      refunded: '1.00',
      balance: '9.00',
      code: { state: 'cancelled' },
    });
    const again = await t.as(token).post(`/api/activation-codes/${unused!.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ACTIVATION_CODE_MESSAGES.notCancellable });
    expect((await t.as(token).post(`/api/activation-codes/${used!.id}/cancel`)).statusCode).toBe(409);
    expect(await balanceOf(t.db, account.id)).toBe('9.00');
    const refunds = (await ledgerRowsOf(t.db, account.id)).filter((row) => row.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ action: 'code_cancelled', amount: '1.00' })]);
    expect((await signIn(unused!.code)).json()).toMatchObject({ user_info: { auth: 0 } });
    expect(await lineRow(t.db, unused!.line_id!)).toBeUndefined();
    expect((await t.as(token).get(`/api/activation-batches/${batch.id}`)).json<Batch>()).toMatchObject({
      in_stock: 0,
      used: 1,
      cancelled: 1,
    });
    expect(await findLedgerMismatches(t.db)).toEqual([]);

    const csv = await t.as(token).get(`/api/activation-batches/${batch.id}/codes.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual(
      'Código;Código formatado;Estado;Ativado em;Expira em;Cancelado em;Lote;Pacote;Serviço;Telas;Nota'.split(
        ';',
      ),
    );
    expect(rows.map((row) => row[2])).toEqual(['Cancelado', 'Ativado']);
  });

  it('a P2P code is told to the P2P service at once and activated by its first reported session', async () => {
    const { token } = await createSignedInAccount(t.app, { credits: '10' });
    const edge = await createStreamingServer(t.app);
    const { batch } = await buy(token, { package_id: 17, system: 2, quantity: 1 });
    const [code] = await codesOf(token, batch.id);
    // The player API is not where a P2P line is watched: no activation there, and no expiry to show.
    expect((await signIn(code!.code)).json()).toMatchObject({
      user_info: { status: 'Disabled', exp_date: null },
    });
    const report = await t.as(edge.token).post('/api/ingest/v1/p2p-sessions', {
      batch_id: 'b-code-1',
      sessions: [
        {
          session_id: 's1',
          username: code!.code,
          channel_name: 'Globo HD',
          duration: 5,
          external_ip: '203.0.113.9',
          app_name: 'P2P Player',
          app_version: '2.1.0',
        },
      ],
    });
    expect(report.statusCode, report.body).toBe(200);
    const line = await lineRow(t.db, code!.line_id!);
    const outbox = await t.db
      .select()
      .from(provisioningOutbox)
      .where(eq(provisioningOutbox.lineId, line!.id))
      .orderBy(provisioningOutbox.id);
    expect(outbox.map((row) => row.event)).toEqual(['created', 'renewed']);
    // The SQL twin of lineState writes exactly what the panel writes.
    expect(outbox[1]!.payload).toEqual({ event: 'renewed', line: lineState(line!) });
    const [used] = await codesOf(token, batch.id);
    expect(used).toMatchObject({ state: 'active', expires_at: line!.expDate.toISOString() });
  });
});

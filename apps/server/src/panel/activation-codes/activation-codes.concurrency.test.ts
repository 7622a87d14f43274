import type { ActivationCode, BuyBatchResult } from '@panel/shared/activation-codes/activation-codes-api';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, logs } from '../../db/schema';
import { apiOf } from '../../../test/api';
import { createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, lineRow } from '../../../test/reads';
import { startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Real concurrency needs real connections: PGlite runs one statement at a time, so this file only runs
 * against PostgreSQL (TEST_DATABASE_URL, see `npm run test:pg`).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let testApp: TestApp;
beforeAll(async () => {
  if (onPostgres) testApp = await startTestApp();
});
afterAll(async () => {
  if (onPostgres) await testApp.close();
});
const as = apiOf(() => testApp.app);

async function buyCodes(token: string, quantity: number): Promise<ActivationCode[]> {
  const bought = await as(token).post('/api/activation-batches', { package_id: 17, quantity });
  expect(bought.statusCode, bought.body).toBe(201);
  const { batch } = bought.json<BuyBatchResult>();
  return (await as(token).get(`/api/activation-codes?batch=${batch.id}`)).json<{ data: ActivationCode[] }>()
    .data;
}

describe('activation codes under concurrency', () => {
  it.runIf(onPostgres)('50 simultaneous first uses of one code activate it once', async () => {
    const db = testApp.app.database.db;
    const { token } = await createSignedInAccount(testApp.app, { credits: '10' });
    const [code] = await buyCodes(token, 1);
    const uses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        as(undefined).get(
          index % 2 === 0
            ? `/player_api.php?username=${code!.code}&password=${code!.code}`
            : `/get.php?username=${code!.code}&password=${code!.code}&type=m3u_plus`,
        ),
      ),
    );
    expect(uses.map((use) => use.statusCode)).toEqual(Array(50).fill(200));
    const [stored] = await db.select().from(activationCodes).where(eq(activationCodes.id, code!.id));
    const line = await lineRow(db, code!.line_id!);
    expect(unixSeconds(line!.expDate)).toBe(addPanelMonths(unixSeconds(stored!.activatedAt!), 1));
    // Every answer saw the one expiry the one activation set.
    for (const use of uses.filter((_, index) => index % 2 === 0)) {
      expect(use.json()).toMatchObject({ user_info: { exp_date: String(unixSeconds(line!.expDate)) } });
    }
    const logged = await db.select().from(logs).where(eq(logs.lineId, line!.id));
    expect(logged.map((row) => row.action)).toEqual(['code_activated']);
  });

  it.runIf(onPostgres)('20 simultaneous cancels of one code refund it once', async () => {
    const db = testApp.app.database.db;
    const { account, token } = await createSignedInAccount(testApp.app, { credits: '10' });
    const [code] = await buyCodes(token, 1);
    const cancels = await Promise.all(
      Array.from({ length: 20 }, () => as(token).post(`/api/activation-codes/${code!.id}/cancel`)),
    );
    const statuses = cancels.map((cancel) => cancel.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await balanceOf(db, account.id)).toBe('10.00');
    expect((await ledgerRowsOf(db, account.id)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});

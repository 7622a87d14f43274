import type { BulkResult } from '@panel/shared/line-bulk/bulk-api';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths } from '@panel/shared/lines/panel-calendar';
import { LEDGER_MESSAGES } from '@panel/shared/money/ledger-entry-schema';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../../test/api';
import { createLine, createSignedInAccount } from '../../../test/factories';
import { findLedgerMismatches } from '../../../test/ledger-invariant';
import { balanceOf, ledgerRowsOf, lineRow } from '../../../test/reads';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { expSeconds } from '../lines/line-view';

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

describe('a bulk renewal under concurrency', () => {
  it.runIf(onPostgres)(
    'two runners and single renewals of the same lines: each line charged once per renewal, balance = ledger',
    async () => {
      const db = testApp.app.database.db;
      const { account, token } = await createSignedInAccount(testApp.app, { credits: '150' });
      const lines = [];
      for (let index = 0; index < 200; index++) {
        // Every tenth line is a trial, which a renewal without conversion refuses.
        const trial = index % 10 === 9;
        lines.push(await createLine(testApp.app, account, trial ? { isTrial: 1, packageId: 61 } : {}));
      }
      const created = await as(token).post('/api/users/bulk', {
        action: { kind: 'renew_month' },
        line_ids: lines.map((line) => line.id),
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: number }>().id;

      // Two tabs running the same action, and single renewals of 40 of its lines, all at once.
      const runner = async () => {
        for (let calls = 0; calls < 40; calls++) {
          const run = await as(token).post(`/api/users/bulk/${id}/run`, {});
          expect(run.statusCode).toBe(200);
          if (run.json<{ finished: boolean }>().finished) return;
        }
      };
      const singles = lines
        .filter((_, index) => index % 5 === 0)
        .map((line) => as(token).post(`/api/users/${line.id}/renew`, { months: 1 }));
      const [, , ...singleResponses] = await Promise.all([runner(), runner(), ...singles]);
      for (const response of singleResponses) expect([200, 409]).toContain(response.statusCode);

      const result = (await as(token).get(`/api/users/bulk/${id}`)).json<BulkResult>();
      expect(result.pending).toBe(0);
      expect(result.done + result.refused).toBe(200);
      const reasons = new Set(result.lines.flatMap((line) => (line.reason ? [line.reason] : [])));
      expect([...reasons].sort()).toEqual(
        [LINE_MESSAGES.trialConversionRequired, LEDGER_MESSAGES.insufficientCredits].sort(),
      );
      expect(
        result.lines.filter((line) => line.reason === LINE_MESSAGES.trialConversionRequired),
      ).toHaveLength(20);

      // Exactly the sum: one credit per renewal that went through, the bulk's and the singles'.
      const singlesDone = singleResponses.filter((response) => response.statusCode === 200).length;
      expect(result.charged).toBe(fromCents(result.done * 100));
      expect(await balanceOf(db, account.id)).toBe(fromCents(15_000 - (result.done + singlesDone) * 100));
      const spends = (await ledgerRowsOf(db, account.id)).filter((row) => row.kind === 'spend');
      expect(spends).toHaveLength(result.done + singlesDone);
      expect(spends.every((row) => toCents(row.amount) === -100)).toBe(true);
      expect(await findLedgerMismatches(db)).toEqual([]);

      // Each line moved by one month per renewal that charged it, never half.
      const singleDoneIds = new Set(
        singleResponses
          .filter((response) => response.statusCode === 200)
          .map((response) => response.json<{ line: { id: number } }>().line.id),
      );
      for (const line of lines) {
        const months =
          (result.lines.find((each) => each.line_id === line.id)?.outcome === 'done' ? 1 : 0) +
          (singleDoneIds.has(line.id) ? 1 : 0);
        let expected = expSeconds(line);
        for (let month = 0; month < months; month++) expected = addPanelMonths(expected, 1);
        expect(expSeconds((await lineRow(db, line.id))!), `line ${line.id}`).toBe(expected);
      }
    },
    120_000,
  );
});

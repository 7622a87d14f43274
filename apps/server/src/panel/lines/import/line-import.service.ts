import {
  LINE_IMPORT_MESSAGES,
  type LineImportPreview,
  type LineImportResult,
  type LineImportResultRow,
} from '@panel/shared/lines/line-import';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { nowSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../../db/database';
import { runInTransaction, type Transaction } from '../../../db/run-in-transaction';
import type { LineRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../../../lib/postgres-error';
import { lockAccountTree } from '../../accounts/account-tree-lock';
import type { Caller } from '../../auth/caller';
import { recordLineSync } from '../../external-panel/external-panel-outbox';
import { spendCredits } from '../../ledger/ledger.service';
import { recordLogsSql, type NewLogEntry } from '../../logs/logs.service';
import { enqueueProvisioning } from '../../provisioning/provisioning-outbox';
import { requireAccountInScope } from '../../scope/caller-scope';
import { freeUsername, randomPassword } from '../line-identity';
import { requireLineOwner } from '../line-scope';
import { fromSeconds, lineLogType } from '../line-view';
import { defaultBouquetIds, type NewLineRow } from '../lines.repository';
import { fileRefusal, readImportRows } from './line-import-file';
import { planLineImport, type PlannedLine, type PlannedRow } from './line-import-plan';
import { insertLines } from './line-import.repository';

const plannedLines = (rows: readonly PlannedRow[]): PlannedLine[] =>
  rows.flatMap((entry) => (entry.ok ? [entry.line] : []));
const totalCents = (lines: readonly PlannedLine[]) => lines.reduce((sum, line) => sum + line.costCents, 0);

/**
 * POST /api/users/import/preview: every row checked with single creation's rules and priced (decisions
 * 0156, 0157), the total the import will charge and the caller's balance. Writes nothing.
 */
export async function previewLineImport(
  db: Database,
  caller: Caller,
  file: Uint8Array | undefined,
): Promise<LineImportPreview> {
  const rows = readImportRows(file);
  const planned = await planLineImport(db, caller, rows, nowSeconds());
  const lines = plannedLines(planned);
  const total = totalCents(lines);
  const self = await requireAccountInScope(db, caller, caller.id);
  const balance = toCents(self.credits);
  return {
    rows: planned.map((entry) =>
      entry.ok
        ? {
            row: entry.line.row,
            username: entry.line.input.username ?? null,
            status: 'ok' as const,
            field: null,
            message: null,
            cost: fromCents(entry.line.costCents),
            exp_date: entry.line.expSeconds,
            screens: entry.line.screens,
            package_id: entry.line.pkg.id,
            system: entry.line.input.system,
          }
        : {
            row: entry.row,
            username: entry.username,
            status: 'error' as const,
            field: entry.field,
            message: entry.message,
            cost: '0.00',
            exp_date: null,
            screens: null,
            package_id: null,
            system: null,
          },
    ),
    valid: lines.length,
    invalid: planned.length - lines.length,
    total: fromCents(total),
    balance: fromCents(balance),
    enough_credits: caller.role === 'admin' || balance >= total,
  };
}

/** A random username no line has and no row of the file asks for. */
async function randomUsername(tx: Transaction, fileUsernames: ReadonlySet<string>): Promise<string> {
  for (;;) {
    const candidate = await freeUsername(tx, undefined);
    if (!fileUsernames.has(candidate)) return candidate;
  }
}

interface CreatedLine {
  line: LineRow;
  costCents: number;
}

/**
 * POST /api/users/import: the file again, checked and priced again inside one transaction under the
 * tree lock (decision 0157). When the lines to create or their total differ from what the preview showed
 * (`expected`), nothing is written (409). Otherwise every valid row becomes a line owned by the caller,
 * each charged through the ledger under 'user_created' with its own ledger and log row; a balance that
 * does not cover them all, or a username taken meanwhile, rolls everything back. Invalid rows are
 * reported as skipped.
 */
export async function importLines(
  db: Database,
  caller: Caller,
  file: Uint8Array | undefined,
  expected: { total: string; lines: number },
): Promise<LineImportResult> {
  const rows = readImportRows(file);
  try {
    return await runInTransaction(db, async (tx) => {
      await lockAccountTree(tx, 'keep');
      const owner = await requireLineOwner(tx, caller, undefined);
      const now = nowSeconds();
      const planned = await planLineImport(tx, caller, rows, now);
      const lines = plannedLines(planned);
      if (totalCents(lines) !== toCents(expected.total) || lines.length !== expected.lines)
        throw AppError.conflict(LINE_IMPORT_MESSAGES.previewChanged);
      if (lines.length === 0) throw fileRefusal(LINE_IMPORT_MESSAGES.nothingToImport);
      const bouquets = {
        adult: await defaultBouquetIds(tx, true),
        normal: await defaultBouquetIds(tx, false),
      };
      const fileUsernames = new Set(
        lines.flatMap((line) => (line.input.username ? [line.input.username] : [])),
      );
      const values: NewLineRow[] = [];
      for (const { input, pkg, screens, expSeconds } of lines) {
        values.push({
          resellerId: owner.id,
          ownerPath: owner.path,
          username: input.username ?? (await randomUsername(tx, fileUsernames)),
          password: input.password ?? randomPassword(),
          fullName: input.full_name || null,
          macaddr: input.macaddr ?? null,
          phone: input.as_number ?? null,
          maxConnections: screens,
          enabled: 1,
          expDate: fromSeconds(expSeconds),
          isTrial: 0,
          system: input.system,
          resellerNotes: input.reseller_notes || null,
          packageId: pkg.id,
          bouquets: pkg.isAdult ? bouquets.adult : bouquets.normal,
        });
        if (input.username === undefined) fileUsernames.add(values.at(-1)?.username ?? '');
      }
      const inserted = await insertLines(tx, values);
      const created = new Map<number, CreatedLine>();
      const logs: NewLogEntry[] = [];
      let balanceCents = toCents((await requireAccountInScope(tx, caller, caller.id)).credits);
      for (const [index, planned] of lines.entries()) {
        const line = inserted[index];
        if (!line) throw new Error('imported line missing');
        const type = lineLogType(line);
        // Each line is its own charge with its own ledger row (decision 0157); any refusal rolls all back.
        const spent = await spendCredits(tx, {
          accountId: caller.id,
          role: caller.role,
          amountCents: planned.costCents,
          actorId: caller.id,
          action: 'user_created',
          type,
          lineId: line.id,
        });
        balanceCents = spent.change.afterCents;
        logs.push({
          action: 'user_created',
          type,
          actorId: caller.id,
          lineId: line.id,
          lineUsername: line.username,
          valueCents: spent.charged ? planned.costCents : null,
          actorCredits: spent.charged ? spent.change : null,
          details: {
            package_id: planned.pkg.id,
            system: line.system,
            screens: line.maxConnections,
            price: fromCents(planned.costCents),
            source: 'import',
          },
        });
        await enqueueProvisioning(tx, line, 'created');
        created.set(planned.row, { line, costCents: spent.charged ? planned.costCents : 0 });
      }
      await tx.execute(recordLogsSql(logs));
      await recordLineSync(
        tx,
        [...created.values()].map(({ line }) => line),
        'created',
      );
      return importResult(planned, created, balanceCents);
    });
  } catch (error) {
    // A username or MAC taken by another request between the check and the insert.
    if (postgresErrorCode(error) === UNIQUE_VIOLATION)
      throw AppError.conflict(LINE_IMPORT_MESSAGES.previewChanged);
    throw error;
  }
}

function importResult(
  planned: readonly PlannedRow[],
  created: ReadonlyMap<number, CreatedLine>,
  balanceCents: number,
): LineImportResult {
  const rows = planned.map((entry): LineImportResultRow => {
    const made = entry.ok ? created.get(entry.line.row) : undefined;
    if (made)
      return {
        row: entry.ok ? entry.line.row : entry.row,
        status: 'created',
        field: null,
        message: null,
        line_id: made.line.id,
        username: made.line.username,
        password: made.line.password,
        cost: fromCents(made.costCents),
      };
    return {
      row: entry.ok ? entry.line.row : entry.row,
      status: 'skipped',
      field: entry.ok ? null : entry.field,
      message: entry.ok ? null : entry.message,
      line_id: null,
      username: entry.ok ? (entry.line.input.username ?? null) : entry.username,
      password: null,
      cost: '0.00',
    };
  });
  const charged = [...created.values()].reduce((sum, made) => sum + made.costCents, 0);
  return {
    rows,
    created: created.size,
    skipped: rows.length - created.size,
    charged: fromCents(charged),
    balance: fromCents(balanceCents),
  };
}

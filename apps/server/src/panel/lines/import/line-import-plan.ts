import { isSalePackage, SYSTEMS } from '@panel/shared/catalog/packages';
import { createLineSchema, MAX_LINE_SCREENS } from '@panel/shared/lines/line-api';
import { importedLineCents } from '@panel/shared/lines/line-costs';
import {
  IMPORT_FIELDS,
  LINE_IMPORT_LIMITS,
  LINE_IMPORT_MESSAGES,
  parseSpreadsheetDate,
  parseSpreadsheetSystem,
  type ImportField,
} from '@panel/shared/lines/line-import';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { addPanelMonths, panelTime } from '@panel/shared/lines/panel-calendar';
import { toCents } from '@panel/shared/money/credits';
import type { Database } from '../../../db/database';
import type { Caller } from '../../auth/caller';
import { allPackages, type PackageRow } from '../../catalog/packages.repository';
import type { CreateLine } from '../line-create.service';
import { takenUsernames } from '../lines.repository';
import type { ImportRow } from './line-import-file';
import { takenMacs } from './line-import.repository';

/** A row that will become a line: the same input single creation validates, and what it costs. */
export interface PlannedLine {
  row: number;
  input: CreateLine;
  pkg: PackageRow;
  screens: number;
  expSeconds: number;
  costCents: number;
}

export interface RefusedRow {
  row: number;
  username: string | null;
  field: ImportField;
  message: string;
}

export type PlannedRow = { ok: true; line: PlannedLine } | ({ ok: false } & RefusedRow);

class RowRefusal extends Error {
  constructor(
    readonly field: ImportField,
    message: string,
  ) {
    super(message);
  }
}

const normalisedName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

interface PackageBook {
  byId: Map<number, PackageRow>;
  byName: Map<string, PackageRow>;
  fallback: PackageRow | undefined;
}

async function packageBook(db: Database): Promise<PackageBook> {
  const rows = await allPackages(db, { activeOnly: false });
  return {
    byId: new Map(rows.map((pkg) => [pkg.id, pkg])),
    byName: new Map(rows.map((pkg) => [normalisedName(pkg.packageName), pkg])),
    fallback: rows.find((pkg) => pkg.isDefault && pkg.active),
  };
}

/** The package column: an id or a name (case and accents ignored); empty is the panel's default package. */
function packageOf(text: string, book: PackageBook): PackageRow {
  if (text === '') {
    if (!book.fallback) throw new RowRefusal('package', LINE_MESSAGES.packageRequired);
    return book.fallback;
  }
  const found = /^\d+$/.test(text) ? book.byId.get(Number(text)) : book.byName.get(normalisedName(text));
  if (!found) throw new RowRefusal('package', LINE_MESSAGES.packageInvalid);
  return found;
}

function screensOf(text: string, system: number): number {
  if (text === '') return 1;
  if (!/^\d+$/.test(text)) throw new RowRefusal('max_connections', LINE_IMPORT_MESSAGES.screensInvalid);
  const screens = Number(text);
  if (screens < 1) throw new RowRefusal('max_connections', LINE_MESSAGES.screensMinimum);
  if (screens > MAX_LINE_SCREENS) throw new RowRefusal('max_connections', LINE_MESSAGES.screensMaximum);
  // Screens are managed only on IPTV lines (docs/product/rules.md#line-actions): others keep one.
  if (screens > 1 && system !== SYSTEMS.iptv)
    throw new RowRefusal('max_connections', LINE_MESSAGES.screensNotAllowed);
  return screens;
}

/** The expiry the other panel had (a date alone: its last second, like a calendar renewal), or null. */
function expiryOf(text: string, now: number): number | null {
  if (text === '') return null;
  const parsed = parseSpreadsheetDate(text);
  if (!parsed) throw new RowRefusal('exp_date', LINE_IMPORT_MESSAGES.expiryInvalid);
  const { hours, minutes, seconds } = parsed.time ?? { hours: 23, minutes: 59, seconds: 59 };
  const exp = panelTime(parsed.date, hours, minutes, seconds);
  if (exp <= now) throw new RowRefusal('exp_date', LINE_IMPORT_MESSAGES.expiryPast);
  if (exp > addPanelMonths(now, LINE_IMPORT_LIMITS.maxExpiryMonths))
    throw new RowRefusal('exp_date', LINE_IMPORT_MESSAGES.expiryTooFar);
  return exp;
}

/** The field of a creation rule's issue, as the file's column. */
function importFieldOfIssue(path: readonly PropertyKey[]): ImportField {
  const key = String(path[0] ?? 'username');
  if (key === 'package_id') return 'package';
  return (IMPORT_FIELDS as readonly string[]).includes(key) ? (key as ImportField) : 'username';
}

/** Everything a row says about itself, checked with single creation's schema and rules (decision 0156). */
function planRow(row: ImportRow, book: PackageBook, caller: Caller, now: number): PlannedLine {
  const value = (field: ImportField) => row.values[field] ?? '';
  const system = parseSpreadsheetSystem(value('system'));
  let pkg: PackageRow | RowRefusal;
  try {
    pkg = packageOf(value('package'), book);
  } catch (error) {
    if (!(error instanceof RowRefusal)) throw error;
    pkg = error;
  }
  const parsed = createLineSchema.safeParse({
    system: system ?? value('system'),
    username: value('username') || undefined,
    password: value('password') || undefined,
    package_id: pkg instanceof RowRefusal ? 0 : pkg.id,
    full_name: value('full_name') || undefined,
    macaddr: value('macaddr') || undefined,
    reseller_notes: value('reseller_notes') || undefined,
    as_number: value('as_number') || undefined,
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new RowRefusal(importFieldOfIssue(issue?.path ?? []), issue?.message ?? LINE_MESSAGES.required);
  }
  const input = parsed.data;
  if (pkg instanceof RowRefusal) throw pkg;
  if (!isSalePackage({ id: pkg.id, active: pkg.active, is_trial: pkg.isTrial }, input.system))
    throw new RowRefusal('package', LINE_MESSAGES.packageInvalid);
  const screens = screensOf(value('max_connections'), input.system);
  const imported = expiryOf(value('exp_date'), now);
  const costCents =
    caller.role === 'admin'
      ? 0
      : importedLineCents({
          expSeconds: imported,
          nowSeconds: now,
          screens,
          packageCreditsCents: toCents(pkg.officialCredits),
        });
  return {
    row: row.row,
    input,
    pkg,
    screens,
    expSeconds: imported ?? addPanelMonths(now, pkg.officialDuration),
    costCents,
  };
}

/**
 * Every row of the file, checked and priced (decisions 0156, 0157): its own rules first, then the
 * usernames and MACs against the panel's lines and against the rows above it in the file. The same
 * function serves the preview and, inside the import's transaction, the import itself.
 */
export async function planLineImport(
  db: Database,
  caller: Caller,
  rows: readonly ImportRow[],
  now: number,
): Promise<PlannedRow[]> {
  const book = await packageBook(db);
  const first = rows.map((row): PlannedRow => {
    try {
      return { ok: true, line: planRow(row, book, caller, now) };
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      const username = row.values.username || null;
      return { ok: false, row: row.row, username, field: error.field, message: error.message };
    }
  });
  const planned = first.flatMap((entry) => (entry.ok ? [entry.line] : []));
  const usernames = planned.flatMap((line) => (line.input.username ? [line.input.username] : []));
  const macs = planned.flatMap((line) => (line.input.macaddr ? [line.input.macaddr] : []));
  const [usernamesTaken, macsTaken] = await Promise.all([takenUsernames(db, usernames), takenMacs(db, macs)]);
  const seenUsernames = new Set<string>();
  const seenMacs = new Set<string>();
  return first.map((entry): PlannedRow => {
    if (!entry.ok) return entry;
    const { input, row } = entry.line;
    const refuse = (field: ImportField, message: string): PlannedRow => ({
      ok: false,
      row,
      username: input.username ?? null,
      field,
      message,
    });
    const { username, macaddr } = input;
    if (username !== undefined && usernamesTaken.has(username))
      return refuse('username', LINE_MESSAGES.usernameTaken);
    if (username !== undefined && seenUsernames.has(username))
      return refuse('username', LINE_IMPORT_MESSAGES.usernameRepeated);
    if (macaddr !== undefined && macsTaken.has(macaddr)) return refuse('macaddr', LINE_MESSAGES.macTaken);
    if (macaddr !== undefined && seenMacs.has(macaddr))
      return refuse('macaddr', LINE_IMPORT_MESSAGES.macRepeated);
    // Only a row that will be created holds its username and MAC against the rows below it.
    if (username !== undefined) seenUsernames.add(username);
    if (macaddr !== undefined) seenMacs.add(macaddr);
    return entry;
  });
}

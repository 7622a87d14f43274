import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from './execute-rows';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { buildPgliteTemplate, pgliteTemplateFor } from './pglite-template';

const work = mkdtempSync(join(tmpdir(), 'panel-template-'));
const template = join(work, 'template');
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function tables(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir, pgliteTemplate: template });
  try {
    const rows = await executeRows<{ tablename: string }>(
      handle.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    return rows.map((row) => row.tablename);
  } finally {
    await handle.close();
  }
}

describe('PGlite first-start template (decision 0018)', () => {
  it('gives a first start a migrated database copied from the template, which then lives on its own', async () => {
    await buildPgliteTemplate(resolve(import.meta.dirname, 'migrations'), template);
    expect(pgliteTemplateFor(template)).toBe(template);
    const dataDir = join(work, 'data');
    expect(await tables(dataDir)).toEqual(
      expect.arrayContaining(['accounts', 'lines', 'credit_ledger', 'logs']),
    );
    // The copy is the database now: a write survives a restart, and the template stays untouched.
    const first = await openDatabase({ dataDir, pgliteTemplate: template });
    await first.db.execute(sql`insert into settings (key, value) values ('template_test', 'x')`);
    await first.close();
    const again = await openDatabase({ dataDir, pgliteTemplate: template });
    const kept = await executeRows(again.db, sql`select value from settings where key = 'template_test'`);
    expect(kept).toHaveLength(1);
    await again.close();
    const other = join(work, 'other');
    const handle = await openDatabase({ dataDir: other, pgliteTemplate: template });
    const fresh = await executeRows(handle.db, sql`select value from settings where key = 'template_test'`);
    expect(fresh).toHaveLength(0);
    await handle.close();
    // Four PGlite starts and a migrated build: well past the default 30 s on a loaded 2-core machine.
  }, 120_000);

  it('ignores a template made by another PGlite version', () => {
    writeFileSync(`${template}.json`, JSON.stringify({ pglite: '0.0.0' }));
    expect(pgliteTemplateFor(template)).toBeUndefined();
  });
});

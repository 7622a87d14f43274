/**
 * Prepares the database of the stored-XSS torture test (e2e/torture/xss.spec.ts): a fresh PostgreSQL
 * database, migrated and seeded like a first start, whose global message (news) carries script payloads
 * and is switched on. It is written here, not through PUT /api/admin/news, on purpose: a row the sanitiser
 * never saw must still be served and shown harmless (decision 0059); everything else the test stores through
 * the API. Prints the database URL.
 *
 *   node --import tsx torture/xss-prepare.ts          (prepare; prints the URL)
 *   node --import tsx torture/xss-prepare.ts --drop   (afterwards)
 */
import { sql } from 'drizzle-orm';
import { databaseUrl, dropDatabase, ensureDatabase } from '../scripts/bench/bench-env';
import { openDatabase } from '../src/db/database';
import { seedDatabase } from '../src/db/seed';
import { news, settings } from '../src/db/schema/index';
import { PG_SERVER } from './support';

const XSS_PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  '<a href="javascript:window.__xss=1">clique</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<b onmouseover=window.__xss=1>negrito</b>',
];

const name = 'panel_torture_xss';
if (process.argv.includes('--drop')) {
  await dropDatabase(PG_SERVER, name);
  process.exit(0);
}
await ensureDatabase(PG_SERVER, name, { fresh: true });
const url = databaseUrl(PG_SERVER, name);
const handle = await openDatabase({ url, dataDir: '' });
try {
  await seedDatabase(handle.db, {
    username: 'admin',
    password: process.env.XSS_ADMIN_PASSWORD ?? 'Adm1n@xss9',
  });
  await handle.db
    .update(news)
    .set({ message: `<b>Aviso</b> ${XSS_PAYLOADS.join(' ')} <i>fim</i>` })
    .where(sql`${news.id} = 1`);
  await handle.db
    .insert(settings)
    .values({ key: 'show_modal_message', value: 'true' })
    .onConflictDoUpdate({ target: settings.key, set: { value: 'true' } });
} finally {
  await handle.close();
}
console.log(url);

/**
 * npm run seed:large -- [--lines N] [--resellers M] [--library-only] [--origin URL]
 *
 * Fills the database the server would open (DATABASE_URL, else PGlite in DATA_DIR) with a realistic large
 * panel: migrations and the first-start seed first, then `large-dataset.ts`, then the content library of
 * `library-dataset.ts` (10,000 live channels, 60,000 movies, 3,000 series with 30,000 episodes, a guide, and
 * 200 bench lines `benchplay001` … that see all of it; decision 0042). Defaults: PostgreSQL 1,000,000
 * lines and 2,000 resellers; PGlite 100,000 lines and 2,000 resellers. Idempotent: run it again and only
 * what is missing is added. Generated resellers (`rev00001` …) sign in with SEED_RESELLER_PASSWORD
 * (default `Senha@forte9`); `rev00001` is the master whose subtree holds a tenth of the lines.
 *
 * --library-only: only the library and the bench lines (what P7–P10 need), not the resellers and lines.
 * --origin: the base of the library's source URLs (else BENCH_ORIGIN_URL, else http://127.0.0.1:9); it is
 * written when a row is created, and the benches rewrite the URLs of the streams they play.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { seedDatabase } from '../src/db/seed';
import { seedLargeDataset } from './large-dataset';
import { seedLibrary } from './library-dataset';

const { values } = parseArgs({
  options: {
    lines: { type: 'string' },
    resellers: { type: 'string' },
    'library-only': { type: 'boolean' },
    origin: { type: 'string' },
  },
  allowPositionals: false,
});
const config = loadConfig();
const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
const lines = Number(values.lines ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const resellers = Number(values.resellers ?? 2_000);
if (!Number.isInteger(lines) || lines < 0 || lines > 9_999_999) throw new Error('--lines: 0 … 9,999,999');
if (!Number.isInteger(resellers) || resellers < 1 || resellers > 99_999)
  throw new Error('--resellers: 1 … 99,999');

const target = config.DATABASE_URL
  ? config.DATABASE_URL.replace(/:[^:@/]+@/, ':***@')
  : `PGlite in ${config.DATA_DIR}`;
const libraryOnly = values['library-only'] === true;
console.log(
  libraryOnly
    ? `seed:large → ${target}: the content library and the bench lines only`
    : `seed:large → ${target}: ${lines.toLocaleString('en')} lines, ${resellers} resellers, the content library`,
);
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const first = await seedDatabase(handle.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  if (first.generatedAdminPassword) {
    console.log(`admin created: ${config.ADMIN_USERNAME} / ${first.generatedAdminPassword}`);
  }
  if (!libraryOnly) {
    const summary = await seedLargeDataset(handle, {
      lines,
      resellers,
      resellerPassword: process.env.SEED_RESELLER_PASSWORD ?? 'Senha@forte9',
      log: (message) => console.log(`  ${message}`),
    });
    console.log(
      `lines done in ${summary.seconds.toFixed(1)} s: ${summary.totalLines.toLocaleString('en')} lines in the database; ` +
        `${summary.bigMaster.username} (id ${summary.bigMaster.id}) holds ${summary.bigMaster.subtreeLines.toLocaleString('en')} in its subtree`,
    );
  }
  await seedLibrary(handle, { origin: values.origin, log: (message) => console.log(`  ${message}`) });
} finally {
  await handle.close();
}

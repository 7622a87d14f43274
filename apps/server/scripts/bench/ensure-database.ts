/**
 * Creates database `name` on the PostgreSQL server of TEST_DATABASE_URL (default the local one) unless it
 * exists, and prints its URL. `npm run bench` uses it for `panel_bench`.
 *
 *   node --import tsx scripts/bench/ensure-database.ts panel_bench
 */
import { DEFAULT_PG_SERVER, ensureDatabase } from './bench-env';

console.log(
  await ensureDatabase(process.env.TEST_DATABASE_URL ?? DEFAULT_PG_SERVER, process.argv[2] ?? 'panel_bench'),
);

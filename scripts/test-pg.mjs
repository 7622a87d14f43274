// Runs the server suite against a real PostgreSQL server: each test file creates a fresh database
// on it and drops it afterwards. TEST_DATABASE_URL names the server (default: the local one).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Server tests on PostgreSQL: ${url.replace(/:[^:@/]+@/, ':***@')}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', '@panel/server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);

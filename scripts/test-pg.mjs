// Runs the server suite against a real PostgreSQL server: each test file copies the run's migrated template
// into a fresh database on it and drops it afterwards (decision 0084). TEST_DATABASE_URL names the server
// (default: the local one).
//
// Only the files PostgreSQL can answer differently from PGlite run here (decision 0085): every file that
// opens a database or names TEST_DATABASE_URL, and always the files named for PostgreSQL (`*.pg.test.ts`,
// `*.roles.test.ts`, `*.concurrency.test.ts`, `*.repository.test.ts`). A file that opens no database (a
// parser, a header, a token) gives no new information on a second run; `npm test` runs it. Files named on
// the command line are run as given (`npm run test:pg -- path/to/file.test.ts`).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');

/** Always on PostgreSQL, whatever the file contains: the naming convention of decision 0085. */
const PG_FILE_NAMES = /\.(pg|roles|concurrency|repository)\.test\.ts$/;
/** What a test file does when it opens a database: the test app, a test database, or the server's opener. */
const OPENS_DATABASE =
  /\b(useTestApp|startTestApp|openTestDatabase|openDatabase|buildApp|TEST_DATABASE_URL)\b|test\/test-app|test-database|players\/panel/;

function testFiles(folder) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(path));
    else if (entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The server test files to run on PostgreSQL, relative to the repository (the include of apps/server/vitest.config.ts). */
function postgresFiles() {
  const files = [...testFiles(join(server, 'src')), ...testFiles(join(server, 'test'))];
  return files
    .filter((file) => PG_FILE_NAMES.test(file) || OPENS_DATABASE.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const named = args.some((arg) => arg.endsWith('.ts'));
const files = named ? [] : postgresFiles();
console.log(`Server tests on PostgreSQL: ${url.replace(/:[^:@/]+@/, ':***@')}`);
if (!named)
  console.log(`${files.length} files that open a database or are named for PostgreSQL (decision 0085)`);
const result = spawnSync('npx', ['vitest', 'run', '--project', '@panel/server', ...args, ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);

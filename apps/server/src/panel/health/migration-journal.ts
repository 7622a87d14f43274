import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MIGRATIONS_DIR } from '../../server-paths';

/** One migration of drizzle's journal: its tag and the `when` drizzle records once it is applied. */
export interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build ships (db/migrations/meta/_journal.json), read once at start. */
export function readMigrationJournal(migrationsDir: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(resolve(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

import { describe, expect, it } from 'vitest';
import { readMigrationJournal } from '../panel/health/migration-journal';

describe('the migrations journal', () => {
  // Drizzle applies a migration only when its `when` is later than the last applied one's: a migration
  // whose `when` is earlier (a number renumbered at a merge, a hand-set value) is skipped on every
  // database already past it, silently.
  it('lists migrations in order, each `when` later than the one before', () => {
    const journal = readMigrationJournal();
    journal.forEach((entry, index) => {
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal[index - 1]!.when);
    });
  });
});

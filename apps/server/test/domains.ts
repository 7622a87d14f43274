import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database';
import { domains, type DomainRow } from '../src/db/schema/index';

/**
 * A domain row straight in the database (the domains screen docs/product/screens.md#domains), for
 * tests of what a domain carries: short links and their redirect.
 */
export async function addDomain(
  db: Database,
  ownerId: number,
  host: string,
  overrides: Partial<typeof domains.$inferInsert> = {},
): Promise<DomainRow> {
  const [row] = await db
    .insert(domains)
    .values({ ownerId, domain: host, verificationToken: randomBytes(12).toString('hex'), ...overrides })
    .returning();
  if (!row) throw new Error('domain not inserted');
  return row;
}

/** A domain whose verification passed, so it carries short links. */
export function addVerifiedDomain(
  db: Database,
  ownerId: number,
  host: string,
  overrides: Partial<typeof domains.$inferInsert> = {},
): Promise<DomainRow> {
  return addDomain(db, ownerId, host, { verifiedAt: new Date(), ...overrides });
}

let hostSequence = 0;
/** A host name no other test of the database uses. */
export function uniqueHost(label = 'tv'): string {
  return `${label}${++hostSequence}x${Date.now() % 100000}.example.com`;
}

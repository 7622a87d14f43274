import { DEFAULT_PACKAGE_ID } from '@panel/shared/catalog/packages';
import type { FastifyInstance } from 'fastify';
import { lines, type AccountRow, type LineRow } from '../src/db/schema/index';

let sequence = 0;

/** A line straight in the database under `owner`, for tests that need one without the lines API. */
export async function insertLineRow(
  app: FastifyInstance,
  owner: AccountRow,
  overrides: Partial<typeof lines.$inferInsert> = {},
): Promise<LineRow> {
  const number = ++sequence;
  const [row] = await app.database.db
    .insert(lines)
    .values({
      resellerId: owner.id,
      ownerPath: owner.path,
      username: `linha${number}x${Date.now() % 100000}`,
      password: 'senha123abc',
      expDate: new Date(Date.now() + 30 * 86_400_000),
      packageId: DEFAULT_PACKAGE_ID,
      system: 2,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('line not inserted');
  return row;
}

import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/run-in-transaction';
import { creditSalePacks, creditSaleSettings } from '../../db/schema';

/** What an account sells its direct resellers by PIX (decision 0183): the price per credit and the packs. */
export interface CreditSale {
  enabled: boolean;
  unitPrice: string | null;
  packs: { credits: number; price: string }[];
}

/** What the account sells its direct resellers; a seller that never saved sells nothing. */
export async function findCreditSale(db: Database, accountId: number): Promise<CreditSale> {
  const [settings] = await db
    .select({
      enabled: creditSaleSettings.enabled,
      unitPrice: sql<string | null>`${creditSaleSettings.unitPrice}::text`,
    })
    .from(creditSaleSettings)
    .where(eq(creditSaleSettings.accountId, accountId));
  const packs = await db
    .select({ credits: creditSalePacks.credits, price: sql<string>`${creditSalePacks.price}::text` })
    .from(creditSalePacks)
    .where(eq(creditSalePacks.accountId, accountId))
    .orderBy(asc(creditSalePacks.credits));
  return { enabled: settings?.enabled ?? false, unitPrice: settings?.unitPrice ?? null, packs };
}

/** The account's credit sale becomes exactly `sale` (one transaction: the packs are never half replaced). */
export async function replaceCreditSale(tx: Transaction, accountId: number, sale: CreditSale): Promise<void> {
  const values = { enabled: sale.enabled, unitPrice: sale.unitPrice };
  await tx
    .insert(creditSaleSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: creditSaleSettings.accountId, set: { ...values, updatedAt: sql`now()` } });
  await tx.delete(creditSalePacks).where(eq(creditSalePacks.accountId, accountId));
  if (sale.packs.length === 0) return;
  await tx.insert(creditSalePacks).values(sale.packs.map((pack) => ({ accountId, ...pack })));
}

import type { PaymentState, PaymentTotals, RenewalPendingReason } from '@panel/shared/payments/payments-api';
import type { OrderBy } from '@panel/shared/lists/list-query';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { executeRows } from '../../db/execute-rows';
import type { Transaction } from '../../db/run-in-transaction';
import {
  accounts,
  lines,
  packages,
  paymentAccounts,
  paymentPrices,
  payments,
  type PaymentAccountRow,
  type PaymentRow,
} from '../../db/schema';

/** A payment with its package's name and months, as the panel shows it. */
export type PaymentRecord = PaymentRow & { packageName: string | null; months: number | null };

const recordColumns = {
  payment: payments,
  packageName: packages.packageName,
  months: packages.officialDuration,
};

function toRecord(row: {
  payment: PaymentRow;
  packageName: string | null;
  months: number | null;
}): PaymentRecord {
  return { ...row.payment, packageName: row.packageName, months: row.months };
}

// ---- payment accounts and prices -----------------------------------------------------------------

export async function findPaymentAccount(
  db: Database,
  accountId: number,
): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.accountId, accountId));
  return row;
}

export async function upsertPaymentAccount(
  db: Database,
  values: Omit<PaymentAccountRow, 'updatedAt'>,
): Promise<void> {
  const { accountId: _accountId, ...changes } = values;
  await db
    .insert(paymentAccounts)
    .values(values)
    .onConflictDoUpdate({ target: paymentAccounts.accountId, set: { ...changes, updatedAt: sql`now()` } });
}

/** Every package with the account's price, if it set one. */
export async function listPackagesWithPrices(db: Database, accountId: number) {
  return db
    .select({
      id: packages.id,
      name: packages.packageName,
      months: packages.officialDuration,
      officialCredits: sql<string>`${packages.officialCredits}::text`,
      active: packages.active,
      isTrial: packages.isTrial,
      price: sql<string | null>`${paymentPrices.price}::text`,
    })
    .from(packages)
    .leftJoin(
      paymentPrices,
      and(eq(paymentPrices.packageId, packages.id), eq(paymentPrices.accountId, accountId)),
    )
    .orderBy(asc(packages.id));
}

export async function findPrice(
  db: Database,
  accountId: number,
  packageId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ price: sql<string>`${paymentPrices.price}::text` })
    .from(paymentPrices)
    .where(and(eq(paymentPrices.accountId, accountId), eq(paymentPrices.packageId, packageId)));
  return row?.price;
}

/** The account's prices become exactly `prices` (one transaction: the list is never half replaced). */
export async function replacePrices(
  tx: Transaction,
  accountId: number,
  prices: readonly { packageId: number; price: string }[],
): Promise<void> {
  await tx.delete(paymentPrices).where(eq(paymentPrices.accountId, accountId));
  if (prices.length === 0) return;
  await tx.insert(paymentPrices).values(prices.map((entry) => ({ accountId, ...entry })));
}

// ---- payments --------------------------------------------------------------------------------------

export async function insertPayment(db: Database, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

export async function findPaymentRecord(db: Database, id: number): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(payments)
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(eq(payments.id, id));
  return row ? toRecord(row) : undefined;
}

export async function findPaymentByReference(
  db: Database,
  accountId: number,
  reference: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.reference, reference)));
  return row;
}

/** What Mercado Pago's create answered; a notification that came first may have set the id already. */
export async function recordProviderCharge(
  db: Database,
  id: number,
  charge: { providerPaymentId: string; pixCode: string | null; ticketUrl: string | null },
): Promise<void> {
  await db
    .update(payments)
    .set({
      providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${charge.providerPaymentId})`,
      pixCode: charge.pixCode,
      ticketUrl: charge.ticketUrl,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, id));
}

export async function setProviderPaymentId(
  db: Database,
  id: number,
  providerPaymentId: string,
): Promise<void> {
  await db
    .update(payments)
    .set({ providerPaymentId })
    .where(and(eq(payments.id, id), sql`${payments.providerPaymentId} is null`));
}

/**
 * The money arrived: the one transition that renews (decision 0164). Only a payment still waiting (or one
 * given up on: the money came late) moves; a second notification finds it paid and changes nothing. The
 * row stays locked until the transaction ends.
 */
export async function claimPaid(
  tx: Transaction,
  id: number,
  confirmedBy: number | null,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ state: 'paid', paidAt: sql`now()`, confirmedBy, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.state, ['pending', 'expired', 'cancelled'])))
    .returning();
  return row;
}

/** A paid payment whose renewal waits, locked; undefined when it no longer waits. */
export async function lockRenewalPending(tx: Transaction, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.state, 'renewal_pending')))
    .for('update');
  return row;
}

export async function markRenewal(
  tx: Transaction,
  id: number,
  outcome: { renewed: true } | { renewed: false; reason: RenewalPendingReason },
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set(
      outcome.renewed
        ? { state: 'paid', renewalPendingReason: null, renewedAt: sql`now()`, updatedAt: sql`now()` }
        : { state: 'renewal_pending', renewalPendingReason: outcome.reason, updatedAt: sql`now()` },
    )
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/** A state change that renews nothing (expired, cancelled, refunded), only from the states listed. */
export async function moveState(
  db: Database,
  id: number,
  from: readonly PaymentState[],
  to: 'expired' | 'cancelled' | 'refunded',
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ state: to, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), inArray(payments.state, [...from])))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Static PIX charges past their time: nobody confirmed them (decision 0163). */
export async function expireStaticCharges(db: Database): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ state: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.state, 'pending'),
        eq(payments.provider, 'static_pix'),
        lt(payments.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** Mercado Pago payments still pending and not looked at for `olderThanSeconds`, oldest first. */
export async function listProviderPending(
  db: Database,
  olderThanSeconds: number,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.state, 'pending'),
        eq(payments.provider, 'mercadopago'),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

export async function touchPayment(db: Database, id: number): Promise<void> {
  await db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * Paid credit purchases waiting for the seller's credits whose seller's balance now covers them (an admin
 * mints: always), oldest first (decision 0185).
 */
export async function listCoveredCreditPurchases(db: Database, limit: number): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`select p.id from ${payments} p
        join ${accounts} a on a.id = p.account_id
        where p.state = 'renewal_pending' and p.renewal_pending_reason = 'insufficient_credits'
          and p.purpose = 'credit_purchase' and (a.role = 'admin' or a.credits >= p.credits)
        order by p.paid_at, p.id
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The buyer's credit purchases, newest first (its 'Comprar créditos' history). */
export async function listBuyerPurchases(
  db: Database,
  buyerId: number,
  limit: number,
): Promise<PaymentRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(payments)
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(and(eq(payments.buyerAccountId, buyerId), eq(payments.purpose, 'credit_purchase')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map(toRecord);
}

/**
 * Paid renewals waiting for credits whose owner's balance now covers the package for the line's screens
 * (or who is an admin, who renews for free), oldest first (decision 0164).
 */
export async function listCoveredRenewals(db: Database, limit: number): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`select p.id from ${payments} p
        join ${accounts} a on a.id = p.account_id
        join ${lines} l on l.id = p.line_id
        join ${packages} k on k.id = p.package_id
        where p.state = 'renewal_pending' and p.renewal_pending_reason = 'insufficient_credits'
          and (a.role = 'admin' or a.credits >= k.official_credits * l.max_connections)
        order by p.paid_at, p.id
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface PaymentListFilter {
  accountId: number;
  state?: PaymentState;
  from: Date;
  to: Date;
}

function periodWhere(filter: PaymentListFilter): SQL | undefined {
  return and(
    eq(payments.accountId, filter.accountId),
    gte(payments.createdAt, filter.from),
    lt(payments.createdAt, filter.to),
  );
}

const ORDER_COLUMNS = {
  created_at: payments.createdAt,
  amount: payments.amount,
  state: payments.state,
} as const;

export async function listPayments(
  db: Database,
  filter: PaymentListFilter,
  page: { offset: number; limit: number; orderBy: OrderBy<keyof typeof ORDER_COLUMNS> },
): Promise<{ rows: PaymentRecord[]; total: number }> {
  const where = and(periodWhere(filter), filter.state ? eq(payments.state, filter.state) : undefined);
  const column = ORDER_COLUMNS[page.orderBy.field];
  const direction = page.orderBy.direction === 'asc' ? asc : desc;
  const rows = await db
    .select(recordColumns)
    .from(payments)
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(where)
    .orderBy(direction(column), direction(payments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(payments).where(where);
  return { rows: rows.map(toRecord), total: total?.value ?? 0 };
}

/** One page of the CSV export: the filter's payments with an id at most `through`, newest first. */
export async function paymentExportPage(
  db: Database,
  filter: PaymentListFilter,
  page: { through: number; limit: number },
): Promise<PaymentRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(payments)
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(
      and(
        periodWhere(filter),
        filter.state ? eq(payments.state, filter.state) : undefined,
        lte(payments.id, page.through),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(page.limit);
  return rows.map(toRecord);
}

/** The period's sums by what happened to the money; the state filter does not narrow them. */
export async function paymentTotals(db: Database, filter: PaymentListFilter): Promise<PaymentTotals> {
  const [row] = await db
    .select({
      received: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.state} in ('paid', 'renewal_pending')), 0)::text`,
      receivedCount: sql<number>`(count(*) filter (where ${payments.state} in ('paid', 'renewal_pending')))::int`,
      pending: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.state} = 'pending'), 0)::text`,
      pendingCount: sql<number>`(count(*) filter (where ${payments.state} = 'pending'))::int`,
      refunded: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.state} = 'refunded'), 0)::text`,
      refundedCount: sql<number>`(count(*) filter (where ${payments.state} = 'refunded'))::int`,
      renewalPendingCount: sql<number>`(count(*) filter (where ${payments.state} = 'renewal_pending'))::int`,
    })
    .from(payments)
    .where(periodWhere(filter));
  // numeric sums come back as exact decimal text; normalised to two decimals without a float in between.
  const money = (value: string | undefined) => fromCents(toCents(value ?? '0'));
  return {
    received: money(row?.received),
    received_count: Number(row?.receivedCount ?? 0),
    pending: money(row?.pending),
    pending_count: Number(row?.pendingCount ?? 0),
    refunded: money(row?.refunded),
    refunded_count: Number(row?.refundedCount ?? 0),
    renewal_pending_count: Number(row?.renewalPendingCount ?? 0),
  };
}

export async function countRenewalPending(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.state, 'renewal_pending')));
  return row?.value ?? 0;
}

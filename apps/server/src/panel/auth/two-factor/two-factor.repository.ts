import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { runInTransaction } from '../../../db/run-in-transaction';
import { accountTwoFactor, secondStepTickets, sessions, twoFactorRecoveryCodes } from '../../../db/schema';

export type TwoFactorRow = typeof accountTwoFactor.$inferSelect;

export async function findTwoFactor(db: Database, accountId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(accountTwoFactor).where(eq(accountTwoFactor.accountId, accountId));
  return row;
}

/** A new secret waiting for its first code; the one in force (if any) stays until then. */
export async function savePendingSecret(db: Database, accountId: number, sealed: string): Promise<void> {
  await db
    .insert(accountTwoFactor)
    .values({ accountId, pendingSecret: sealed })
    .onConflictDoUpdate({
      target: accountTwoFactor.accountId,
      set: { pendingSecret: sealed, updatedAt: sql`now()` },
    });
}

/**
 * The pending secret goes into force with the step of its confirming code, and its recovery codes
 * replace any earlier ones, in one transaction. False when it was confirmed meanwhile (a double submit).
 */
export async function enableTwoFactor(
  db: Database,
  accountId: number,
  pendingSecret: string,
  step: number,
  recoveryCodeHashes: readonly string[],
): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const updated = await tx
      .update(accountTwoFactor)
      .set({
        secret: pendingSecret,
        pendingSecret: null,
        enabledAt: sql`now()`,
        lastStep: step,
        resetAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(accountTwoFactor.accountId, accountId), eq(accountTwoFactor.pendingSecret, pendingSecret)),
      )
      .returning({ accountId: accountTwoFactor.accountId });
    if (updated.length === 0) return false;
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(recoveryCodeHashes.map((codeHash) => ({ accountId, codeHash })));
    // The sessions opened to set it up may now do everything (decision 0132).
    await tx.update(sessions).set({ twoFactorSetup: false }).where(eq(sessions.accountId, accountId));
    return true;
  });
}

/** Turned off by the account or reset by an admin: the secrets and recovery codes go. */
export async function clearTwoFactor(
  db: Database,
  accountId: number,
  options: { resetByAdmin: boolean },
): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const cleared = await tx
      .update(accountTwoFactor)
      .set({
        secret: null,
        pendingSecret: null,
        enabledAt: null,
        resetAt: options.resetByAdmin ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(accountTwoFactor.accountId, accountId), sql`${accountTwoFactor.enabledAt} is not null`))
      .returning({ accountId: accountTwoFactor.accountId });
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
    return cleared.length > 0;
  });
}

/**
 * Records `step` as the last accepted one, only if it is later than the one stored: of two requests
 * with the same code, one wins (no replay, on any number of server processes; decision 0130).
 */
export async function claimTotpStep(db: Database, accountId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(accountTwoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(accountTwoFactor.accountId, accountId),
        or(isNull(accountTwoFactor.lastStep), lt(accountTwoFactor.lastStep, step)),
      ),
    )
    .returning({ accountId: accountTwoFactor.accountId });
  return claimed.length > 0;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(db: Database, accountId: number, codeHash: string): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.accountId, accountId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.accountId, accountId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** The reset notice is told once: true for the sign-in that takes it. */
export async function takeResetNotice(db: Database, accountId: number): Promise<boolean> {
  const taken = await db
    .update(accountTwoFactor)
    .set({ resetAt: null })
    .where(and(eq(accountTwoFactor.accountId, accountId), sql`${accountTwoFactor.resetAt} is not null`))
    .returning({ accountId: accountTwoFactor.accountId });
  return taken.length > 0;
}

export type TicketRow = typeof secondStepTickets.$inferSelect;

export async function insertTicket(
  db: Database,
  values: Pick<TicketRow, 'ticketHash' | 'accountId' | 'purpose' | 'sessionTokenHash' | 'expiresAt'>,
): Promise<void> {
  await db.insert(secondStepTickets).values(values);
  // Old tickets are of no use: each new one sweeps the expired ones away.
  await db.delete(secondStepTickets).where(lt(secondStepTickets.expiresAt, sql`now() - interval '1 day'`));
}

/** A ticket still open: not used, not expired, with tries left. */
export async function findOpenTicket(
  db: Database,
  ticketHash: string,
  maxFailures: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(secondStepTickets)
    .where(
      and(
        eq(secondStepTickets.ticketHash, ticketHash),
        isNull(secondStepTickets.usedAt),
        gt(secondStepTickets.expiresAt, sql`now()`),
        lt(secondStepTickets.failures, maxFailures),
      ),
    );
  return row;
}

/** Spends a ticket: true for the one request that does (single use). */
export async function useTicket(db: Database, ticketHash: string): Promise<boolean> {
  const used = await db
    .update(secondStepTickets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(secondStepTickets.ticketHash, ticketHash), isNull(secondStepTickets.usedAt)))
    .returning({ ticketHash: secondStepTickets.ticketHash });
  return used.length > 0;
}

export async function countTicketFailure(db: Database, ticketHash: string): Promise<void> {
  await db
    .update(secondStepTickets)
    .set({ failures: sql`${secondStepTickets.failures} + 1` })
    .where(eq(secondStepTickets.ticketHash, ticketHash));
}

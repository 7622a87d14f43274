import type { CreditsStep } from './logs.repository';

/**
 * The sign of a log's movement (decision 0026): a debit reads negative, a credit positive, for the
 * account the log is about — the target when its balance moved (credits given, taken back, a new or
 * deleted reseller), otherwise the actor (a spend on a line). The magnitude is the amount moved.
 */
export function signedMovementCents(
  valueCents: number,
  actor: CreditsStep | null | undefined,
  target: CreditsStep | null | undefined,
): number {
  const step = target ?? actor;
  const magnitude = Math.abs(valueCents);
  return step && step.afterCents < step.beforeCents ? -magnitude : magnitude;
}

import type { QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from './query-keys';

/**
 * After any change to a line (create, renew, edit, block, delete, cleanup…): the /users lists and the
 * dashboard (its counters and 'Próximos vencimentos') are asked again, wherever the change was made.
 * Resolves once the lists on screen have their new answer.
 */
export async function refreshAfterLineChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.lines }),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.dashboard }),
  ]);
}

/**
 * The one refresh after a paid line action (renewals, days, screens, a new line): both lists as above,
 * and the profile, so the balance follows what the server charged.
 */
export async function refreshAfterPaidLineAction(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshAfterLineChange(queryClient),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.profile }),
  ]);
}

/**
 * After a payment changed (a charge started, a receipt confirmed, a state asked): the payments and their
 * alerts, and, since a confirmation may have renewed a line and spent credits, what a paid action refreshes.
 */
export async function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshAfterPaidLineAction(queryClient),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.payments }),
  ]);
}

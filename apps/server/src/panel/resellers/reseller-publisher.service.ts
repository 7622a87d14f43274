import { PUBLISHER_MESSAGES } from '@panel/shared/catalog-requests/catalog-requests-api';
import type { Reseller } from '@panel/shared/resellers/reseller-schema';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import { lockAccountTree } from '../accounts/account-tree-lock';
import type { Caller } from '../auth/caller';
import { releasePublisherRequests } from '../catalog-requests/catalog-requests.repository';
import { assertChangeable, readReseller, requireResellerInScope } from './reseller-access';
import { findResellerRecord, setAccountRole } from './resellers.repository';

/**
 * Admin only (decision 0054): makes an account a publisher, or a reseller again. A publisher has no lines
 * and no resellers (docs/product/roles.md#publisher), so an account that has either is refused; its credits
 * stay (a publisher needs credits to sign in). A publisher made a reseller again leaves its catalog
 * requests without a publisher. Under the tree's `reshape` lock, so no line or sub-reseller can be created
 * under the account while it changes.
 */
export async function setResellerPublisher(
  db: Database,
  caller: Caller,
  id: number,
  isPublisher: boolean,
): Promise<Reseller> {
  await runInTransaction(db, async (tx) => {
    await lockAccountTree(tx, 'reshape');
    const account = await requireResellerInScope(tx, caller, id, { lock: true });
    assertChangeable(caller, account);
    const wanted = isPublisher ? 'publisher' : 'reseller';
    if (account.role === wanted) return;
    if (isPublisher) {
      const record = await findResellerRecord(tx, id);
      if (record && (record.clientsCount > 0 || record.subResellersCount > 0))
        throw AppError.conflict(PUBLISHER_MESSAGES.hasLinesOrResellers);
    } else {
      await releasePublisherRequests(tx, id);
    }
    await setAccountRole(tx, id, wanted);
  });
  return readReseller(db, id);
}

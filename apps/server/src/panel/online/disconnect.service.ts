import { CONNECTION_MESSAGES } from '@panel/shared/online/online-api';
import type { Database } from '../../db/database';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../lib/app-error';
import {
  endConnections,
  enqueueEdgeDisconnect,
  lockActiveConnection,
  type ConnectionTracker,
} from '../../delivery/for-panel';
import type { Caller } from '../auth/caller';
import { lineLogType } from '../lines/line-view';
import { recordLog } from '../logs/logs.service';
import { currentListScopeOf } from '../scope/caller-scope';

/**
 * POST /api/users/connections/:id/disconnect (docs/product/screens.md#online-users): ends an active
 * connection of the caller's subtree ('disconnected'), logs it (`disconnect`), cuts a proxied relay at once
 * in whichever delivery process relays it (decision 0076) and tells the edge of a redirected one through the streaming server outbox. A foreign, unknown or
 * already ended id is a 404.
 */
export async function disconnectConnection(
  db: Database,
  tracker: ConnectionTracker,
  caller: Caller,
  connectionId: number,
): Promise<void> {
  const ended = await runInTransaction(db, async (tx) => {
    const scope = await currentListScopeOf(tx, caller);
    const pattern = scope.kind === 'all' ? null : scope.pattern;
    const connection = await lockActiveConnection(tx, connectionId, tracker.settings.ttlSeconds, pattern);
    if (!connection) throw AppError.notFound(CONNECTION_MESSAGES.connectionNotFound);
    await endConnections(tx, [connection.id], 'disconnected');
    if (connection.delivery === 'redirect') await enqueueEdgeDisconnect(tx, connection);
    await recordLog(tx, {
      action: 'disconnect',
      type: lineLogType({ isTrial: connection.lineIsTrial ? 1 : 0, system: connection.lineSystem }),
      actorId: caller.id,
      lineId: connection.lineId,
      lineUsername: connection.lineUsername,
      details: { connection_id: connection.id, stream_id: connection.streamId },
    });
    return connection;
  });
  await tracker.cut([ended.id]);
}

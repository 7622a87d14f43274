import type { Database } from '../../db/database';
import type { SecurityLog } from '../auth/security-log';
import { insertLog } from './logs.repository';

/** The auth module's security events as log rows of type 'security' (decisions 0134, 0135). */
export function securityLogOf(db: Database): SecurityLog {
  return (event) =>
    insertLog(db, {
      action: event.action,
      type: 'security',
      actorId: event.actorId,
      targetAccountId: event.targetAccountId ?? null,
      targetUsername: event.targetUsername ?? null,
      details: event.details ?? null,
    });
}

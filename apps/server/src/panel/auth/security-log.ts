import type { LogAction } from '@panel/shared/logs/log-codes';

/** What the account's log keeps of its security (decisions 0134, 0135): 2FA on, off, reset, a new place. */
export interface SecurityEvent {
  action: Extract<LogAction, 'two_factor_on' | 'two_factor_off' | 'two_factor_reset' | 'new_sign_in'>;
  actorId: number;
  targetAccountId?: number;
  targetUsername?: string;
  details?: Record<string, string | null>;
}

/**
 * Writes a security event to the logs. Handed in by app.ts (panel/logs/security-log.ts), since the logs
 * module reads the Caller of this one and must not be imported back.
 */
export type SecurityLog = (event: SecurityEvent) => Promise<void>;

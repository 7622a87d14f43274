import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../lists/list-query';
import {
  LOG_ACTIONS,
  LOG_ACTION_LABELS,
  LOG_TYPES,
  LOG_TYPE_LABELS,
  RESELLER_LOG_ACTIONS,
} from './log-codes';
import { LOG_MESSAGES, logsQuerySchema } from './log-schemas';

const messageOf = (query: Record<string, string>) => {
  const result = logsQuerySchema.safeParse(query);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('log codes', () => {
  it('lists every action and type code of docs/product/constants.md#log-codes (plus add_days, expiry_2359, the security codes, line_moved and bulk) with a Portuguese label', () => {
    expect([...LOG_ACTIONS].sort()).toEqual(
      [
        'add',
        'block',
        'created',
        'remove',
        'delete',
        'transfer_reseller',
        'unblock',
        'renewed',
        'renewed_calendar',
        'renewed_pix',
        'update_screen',
        'update_username',
        'update_password',
        'system_change',
        'user_created',
        'cleanup',
        'bonus',
        'add_days',
        'expiry_2359',
        'disconnect',
        'release_device',
        'portal_message',
        'two_factor_on',
        'two_factor_off',
        'two_factor_reset',
        'new_sign_in',
        'codes_bought',
        'code_activated',
        'code_cancelled',
        'line_moved',
        'bulk',
        'credits_bought_pix',
      ].sort(),
    );
    expect([...LOG_TYPES].sort()).toEqual(
      ['test_users', 'users', 'resellers', 'credits', 'migration', 'packages', 'reg_p2p', 'security'].sort(),
    );
    expect(LOG_ACTION_LABELS).toMatchObject({
      add: 'ADICIONAR',
      block: 'BLOQUEAR',
      renewed: 'RENOVAÇÃO',
      transfer_reseller: 'TRANSF. REVENDA',
      add_days: 'ADICIONAR DIAS',
      expiry_2359: 'VENCIMENTO 23:59',
      disconnect: 'DESCONECTAR',
      line_moved: 'MOVER USUÁRIO',
      bulk: 'AÇÃO EM MASSA',
    });
    expect(LOG_TYPE_LABELS.credits).toBe('CRÉDITOS');
    expect(RESELLER_LOG_ACTIONS).toEqual(['add', 'remove', 'created']);
  });
});

describe('GET /api/logs query', () => {
  it('has defaults: no period (server uses 6 months), newest first', () => {
    const query = logsQuerySchema.parse({});
    expect(query).toMatchObject({ page: 1, per: 10, order_by: { field: 'created_at', direction: 'desc' } });
    expect(query.dates).toBeUndefined();
  });
  it('reads dates=from,to as whole UTC days, both included', () => {
    const { dates } = logsQuerySchema.parse({ dates: '2026-01-01,2026-01-31' });
    expect(dates?.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(dates?.to.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
  it('accepts full ISO date-times with an offset', () => {
    const { dates } = logsQuerySchema.parse({ dates: '2026-01-01T00:00:00-03:00,2026-01-02T00:00:00-03:00' });
    expect(dates?.from.toISOString()).toBe('2026-01-01T03:00:00.000Z');
  });
  it('refuses malformed periods and impossible dates', () => {
    expect(messageOf({ dates: '2026-01-01' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '01/01/2026,31/01/2026' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '2026-02-31,2026-03-01' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '2026-01-01,2026-01-01,2026-01-02' })).toBe(LOG_MESSAGES.invalidPeriod);
  });

  it('refuses periods outside 1970–2999 and keeps its edges', () => {
    expect(messageOf({ dates: '2020-01-01,9999-12-31' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '0000-01-01,2020-01-01' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '1969-12-31,1970-01-02' })).toBe(LOG_MESSAGES.invalidPeriod);
    expect(messageOf({ dates: '2999-12-31,3000-01-01' })).toBe(LOG_MESSAGES.invalidPeriod);
    const { dates } = logsQuerySchema.parse({ dates: '1970-01-01,2999-12-31' });
    expect(dates?.from.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(dates?.to.toISOString()).toBe('3000-01-01T00:00:00.000Z');
  });
  it('refuses a period that ends before it starts', () => {
    expect(messageOf({ dates: '2026-02-01,2026-01-01' })).toBe(LOG_MESSAGES.periodOrder);
  });
  it('reads comma lists of known action and type codes', () => {
    expect(logsQuerySchema.parse({ actions: 'add,remove,add', types: 'credits' })).toMatchObject({
      actions: ['add', 'remove'],
      types: ['credits'],
    });
    expect(messageOf({ actions: 'add,steal' })).toBe(LOG_MESSAGES.invalidAction);
    expect(messageOf({ types: 'credits,money' })).toBe(LOG_MESSAGES.invalidType);
  });
  it('limits username filters to 64 characters and sorts by known fields only', () => {
    expect(messageOf({ reseller: 'x'.repeat(65) })).toBe(LOG_MESSAGES.textTooLong);
    expect(messageOf({ order_by: 'actor_id,asc' })).toBe(LIST_MESSAGES.invalidOrder);
  });
});

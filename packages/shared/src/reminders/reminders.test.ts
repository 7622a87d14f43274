import { describe, expect, it } from 'vitest';
import {
  isLowBalance,
  RESELLER_NOTIFICATION_MESSAGES,
  resellerNotificationsInputSchema,
} from '../reseller-webhook/reseller-webhook-api';
import { customerPageUrl } from './customer-page';
import { daysLeft, reminderWindowOf } from './reminder-windows';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 28, 12);

describe('reminder windows (decision 0171)', () => {
  it('puts a line in the smallest window its time left fits, and nowhere outside them', () => {
    expect(reminderWindowOf(NOW + 1, NOW)).toBe('1');
    expect(reminderWindowOf(NOW + 24 * HOUR, NOW)).toBe('1');
    expect(reminderWindowOf(NOW + 24 * HOUR + 1, NOW)).toBe('3');
    expect(reminderWindowOf(NOW + 72 * HOUR, NOW)).toBe('3');
    expect(reminderWindowOf(NOW + 72 * HOUR + 1, NOW)).toBe('7');
    expect(reminderWindowOf(NOW + 168 * HOUR, NOW)).toBe('7');
    expect(reminderWindowOf(NOW + 168 * HOUR + 1, NOW)).toBeNull();
    expect(reminderWindowOf(NOW, NOW)).toBe('expired');
    expect(reminderWindowOf(NOW - 24 * HOUR + 1, NOW)).toBe('expired');
    expect(reminderWindowOf(NOW - 24 * HOUR, NOW)).toBeNull();
  });

  it('counts whole days left, rounded up, 0 once expired', () => {
    expect(daysLeft(NOW + 1, NOW)).toBe(1);
    expect(daysLeft(NOW + 49 * HOUR, NOW)).toBe(3);
    expect(daysLeft(NOW - HOUR, NOW)).toBe(0);
  });
});

describe('customer page (decision 0173)', () => {
  it('is the first verified domain, else the panel + /cliente', () => {
    expect(
      customerPageUrl({ verifiedDomains: ['tv.revenda.com', 'b.com'], panelBaseUrl: 'https://painel.com' }),
    ).toBe('https://tv.revenda.com/');
    expect(customerPageUrl({ verifiedDomains: [], panelBaseUrl: 'https://painel.com/' })).toBe(
      'https://painel.com/cliente',
    );
    expect(customerPageUrl({ verifiedDomains: ['a.com'], panelBaseUrl: 'http://10.0.0.2:3000' })).toBe(
      'http://a.com/',
    );
  });
});

describe('notifications (decisions 0170, 0174)', () => {
  it('reads the threshold in pt-BR or dot notation, empty as off, and refuses the rest', () => {
    const parse = (value: string) =>
      resellerNotificationsInputSchema.safeParse({ webhook_url: '', low_balance_threshold: value });
    expect(parse('10,5').data?.low_balance_threshold).toBe('10.50');
    expect(parse('7').data?.low_balance_threshold).toBe('7.00');
    expect(parse('').data).toEqual({ webhook_url: null, low_balance_threshold: null });
    for (const bad of ['-1', '1,234', 'dez', '10.001']) {
      expect(parse(bad).error?.issues[0]?.message).toBe(RESELLER_NOTIFICATION_MESSAGES.thresholdInvalid);
    }
  });

  it('takes only http and https addresses', () => {
    const parse = (url: string) =>
      resellerNotificationsInputSchema.safeParse({ webhook_url: url, low_balance_threshold: '' });
    expect(parse('https://bot.exemplo.com:8443/painel?x=1').success).toBe(true);
    expect(parse('ftp://bot.exemplo.com').error?.issues[0]?.message).toBe(
      RESELLER_NOTIFICATION_MESSAGES.urlInvalid,
    );
    expect(parse('https://').success).toBe(false);
  });

  it('is low only strictly below the threshold, in cents', () => {
    expect(isLowBalance('9.99', '10.00')).toBe(true);
    expect(isLowBalance('10.00', '10')).toBe(false);
    expect(isLowBalance('0.00', null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { LINE_MESSAGES } from '../lines/line-messages';
import { bulkActionSchema, bulkCreateRequestSchema } from './bulk-api';
import { BULK_MESSAGES } from './bulk-messages';
import { quoteBulk } from './bulk-quote';

const iptv = (screens: number, trial = 0) => ({ max_connections: screens, is_trial: trial, system: 1 });
const p2p = { max_connections: 1, is_trial: 0, system: 2 };
const pkg = (id: number, credits: number) => ({ id, active: true, is_trial: false, credits_cents: credits });

describe('quoteBulk (decision 0151)', () => {
  it('sums each line’s single-renewal price and counts the trials refused without conversion', () => {
    const lines = [iptv(1), iptv(3), iptv(2, 1)];
    expect(quoteBulk({ kind: 'renew_month' }, lines)).toEqual({
      cents: 400,
      refusals: [{ reason: LINE_MESSAGES.trialConversionRequired, count: 1 }],
    });
    expect(quoteBulk({ kind: 'renew_month', convert_trial: true }, lines)).toEqual({
      cents: 600,
      refusals: [],
    });
  });

  it('prices a package by its credits × screens and refuses it for a service it is not sold for', () => {
    const action = { kind: 'renew_package', package_id: 30 } as const;
    expect(quoteBulk(action, [iptv(2), p2p], pkg(30, 550))).toEqual({
      cents: 1100,
      refusals: [{ reason: LINE_MESSAGES.packageInvalid, count: 1 }],
    });
    expect(quoteBulk(action, [iptv(1)], null).refusals).toEqual([
      { reason: LINE_MESSAGES.packageInvalid, count: 1 },
    ]);
  });

  it('free actions cost nothing', () => {
    expect(quoteBulk({ kind: 'block' }, [iptv(4, 1)])).toEqual({ cents: 0, refusals: [] });
  });

  it('the schemas refuse an empty selection, more than 1.000 lines and an unknown action', () => {
    const many = Array.from({ length: 1001 }, (_, index) => index + 1);
    const issue = (value: unknown) => bulkCreateRequestSchema.safeParse(value).error?.issues[0]?.message;
    expect(issue({ action: { kind: 'block' }, line_ids: [] })).toBe(BULK_MESSAGES.emptySelection);
    expect(issue({ action: { kind: 'block' }, line_ids: many })).toBe(BULK_MESSAGES.tooMany);
    expect(BULK_MESSAGES.tooMany).toBe('Selecione no máximo 1.000 usuários por ação.');
    expect(bulkActionSchema.safeParse({ kind: 'explode' }).error?.issues[0]?.message).toBe(
      BULK_MESSAGES.actionInvalid,
    );
  });
});

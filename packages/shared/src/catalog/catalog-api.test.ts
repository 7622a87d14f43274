import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, editPackageSchema, newPackageSchema } from './catalog-api';

const base = { package_name: 'Completo 4 meses', official_duration: 4, official_credits: '3.5' };

describe('package schemas', () => {
  it('accepts credits as a string or a number, at most two decimals', () => {
    expect(newPackageSchema.parse(base).official_credits).toBe('3.5');
    expect(newPackageSchema.parse({ ...base, official_credits: 2 }).official_credits).toBe('2');
    for (const official_credits of ['1.555', '-1', 'abc', 10_001]) {
      const result = newPackageSchema.safeParse({ ...base, official_credits });
      expect(result.error?.issues[0]?.message).toBe(CATALOG_MESSAGES.creditsInvalid);
    }
  });

  it('needs months for a normal package and hours for a trial', () => {
    expect(editPackageSchema.safeParse({ ...base, official_duration: 0 }).error?.issues[0]?.message).toBe(
      CATALOG_MESSAGES.durationInvalid,
    );
    expect(editPackageSchema.safeParse({ ...base, is_trial: true }).error?.issues[0]?.message).toBe(
      CATALOG_MESSAGES.trialHoursInvalid,
    );
    expect(
      editPackageSchema.parse({ ...base, is_trial: true, trial_hours: 4, official_duration: 0 }),
    ).toMatchObject({
      is_trial: true,
      trial_hours: 4,
    });
  });
});

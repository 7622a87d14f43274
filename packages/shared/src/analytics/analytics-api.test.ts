import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../lists/list-query';
import {
  ANALYTICS_MESSAGES,
  analyticsQuerySchema,
  topViewedQuerySchema,
  viewsPercentage,
} from './analytics-api';

const messageOf = (input: Record<string, string>) =>
  analyticsQuerySchema.safeParse(input).error?.issues[0]?.message;

describe('analytics query (decision 0047)', () => {
  it('defaults to movies over the whole period, most viewed first, 10 a page', () => {
    expect(analyticsQuerySchema.parse({})).toEqual({
      type: 'streams',
      period: 90,
      page: 1,
      per: 10,
      order_by: { field: 'total', direction: 'desc' },
    });
    expect(analyticsQuerySchema.parse({ type: 'lives', period: '14', order_by: 'total,asc' })).toMatchObject({
      type: 'lives',
      period: 14,
      order_by: { field: 'total', direction: 'asc' },
    });
    expect(topViewedQuerySchema.parse({})).toEqual({ period: 7 });
  });

  it('takes only the presets of the period select, and the four types', () => {
    for (const period of ['90', '1', '3', '7', '14', '30', '60']) {
      expect(analyticsQuerySchema.parse({ period }).period).toBe(Number(period));
    }
    for (const period of ['2', '0', '365', '-1', '7.5', 'abc', '']) {
      expect(messageOf({ period }), period).toBe(ANALYTICS_MESSAGES.invalidPeriod);
    }
    expect(messageOf({ type: 'movies' })).toBe(ANALYTICS_MESSAGES.invalidType);
    expect(messageOf({ order_by: 'title,asc' })).toBe(LIST_MESSAGES.invalidOrder);
  });
});

describe('viewsPercentage', () => {
  it('is the share in percent with 2 decimals, 0 when nothing was viewed', () => {
    expect(viewsPercentage(1, 3)).toBe(33.33);
    expect(viewsPercentage(2, 3)).toBe(66.67);
    expect(viewsPercentage(1, 8)).toBe(12.5);
    expect(viewsPercentage(5, 5)).toBe(100);
    expect(viewsPercentage(1, 1_000_000)).toBe(0);
    expect(viewsPercentage(0, 0)).toBe(0);
  });
});

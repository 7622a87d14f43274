import { useState } from 'react';
import { isLogPeriodPreset, periodDays, toDatesParam } from '../lib/log-period';
import type { PeriodValue } from '../components/period-filter';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/**
 * The `dates` of a log query from the period filter. "Now" is read once per visit, so the query key
 * stays the same while the page is open; an unfinished custom period sends none (the server's 6 months).
 */
export function useLogDates(value: PeriodValue): { dates?: string; error?: string } {
  const [now] = useState(nowSeconds);
  // A stored period from an older build that no longer exists counts as the default.
  const period = isLogPeriodPreset(value.period) ? value.period : '6months';
  const result = periodDays(period, now, value);
  return result.ok ? { dates: toDatesParam(result.from, result.to) } : { error: result.message };
}

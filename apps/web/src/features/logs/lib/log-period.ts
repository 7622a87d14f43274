import { LOG_MESSAGES } from '@panel/shared/logs/log-schemas';
import { LOG_PERIOD_PRESETS } from '@panel/shared/logs/log-codes';
import { panelDate, panelTime } from '@panel/shared/lines/panel-calendar';

export type LogPeriodPreset = (typeof LOG_PERIOD_PRESETS)[number];

/** docs/product/constants.md#log-codes "Log presets: today, yesterday, 7 days, 30 days, 6 months, 12 months, custom". */
export const LOG_PERIOD_LABELS: Record<LogPeriodPreset, string> = {
  today: 'Hoje',
  yesterday: 'Ontem',
  '7days': 'Últimos 7 dias',
  '30days': 'Últimos 30 dias',
  '6months': 'Últimos 6 meses',
  '12months': 'Últimos 12 meses',
  custom: 'Personalizado',
};

export function isLogPeriodPreset(value: string): value is LogPeriodPreset {
  return (LOG_PERIOD_PRESETS as readonly string[]).includes(value);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day `months` months earlier, clamped to the month's last day. */
function shiftMonthsBack(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

export type PeriodResult =
  | { ok: true; from: string; to: string }
  /** A custom period not filled in (or backwards); `message` says why when there is something to say. */
  | { ok: false; message?: string };

/**
 * First and last day (panel dates, both included) of a preset, counted from `now` in the panel's time
 * zone, so "today" is the same day for every browser and for the server.
 */
export function periodDays(
  preset: LogPeriodPreset,
  nowSeconds: number,
  custom: { from: string; to: string } = { from: '', to: '' },
): PeriodResult {
  const today = panelDate(nowSeconds);
  switch (preset) {
    case 'today':
      return { ok: true, from: today, to: today };
    case 'yesterday': {
      const yesterday = shiftDays(today, -1);
      return { ok: true, from: yesterday, to: yesterday };
    }
    case '7days':
      return { ok: true, from: shiftDays(today, -6), to: today };
    case '30days':
      return { ok: true, from: shiftDays(today, -29), to: today };
    case '6months':
      return { ok: true, from: shiftMonthsBack(today, 6), to: today };
    case '12months':
      return { ok: true, from: shiftMonthsBack(today, 12), to: today };
    case 'custom': {
      if (!DATE.test(custom.from) || !DATE.test(custom.to)) return { ok: false };
      if (custom.from > custom.to) return { ok: false, message: LOG_MESSAGES.periodOrder };
      return { ok: true, from: custom.from, to: custom.to };
    }
  }
}

/** `dates=from,to` of GET /api/logs: panel midnights as ISO date-times, the end exclusive. */
export function toDatesParam(from: string, to: string): string {
  const start = new Date(panelTime(from, 0, 0) * 1000).toISOString();
  const end = new Date(panelTime(shiftDays(to, 1), 0, 0) * 1000).toISOString();
  return `${start},${end}`;
}

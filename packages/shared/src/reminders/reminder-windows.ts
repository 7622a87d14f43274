/**
 * The reminder windows of the 'Lembretes' screen and of the reseller webhook (decision 0171): lines expiring
 * within 7, 3 and 1 days, and those that expired in the last 24 hours. The windows do not overlap: a line
 * is in the smallest one its time left fits, so each list is the customers to write to now.
 */
export const REMINDER_WINDOWS = ['7', '3', '1', 'expired'] as const;
export type ReminderWindow = (typeof REMINDER_WINDOWS)[number];

export const REMINDER_WINDOW_LABELS: Record<ReminderWindow, string> = {
  '7': 'Vencem em 7 dias',
  '3': 'Vencem em 3 dias',
  '1': 'Vencem em 1 dia',
  expired: 'Venceram ontem',
};

const DAY_MS = 86_400_000;

/** The expiry range of a window, `after < exp_date <= until`, in epoch milliseconds. */
export function reminderWindowRange(window: ReminderWindow, nowMs: number): { after: number; until: number } {
  switch (window) {
    case 'expired':
      return { after: nowMs - DAY_MS, until: nowMs };
    case '1':
      return { after: nowMs, until: nowMs + DAY_MS };
    case '3':
      return { after: nowMs + DAY_MS, until: nowMs + 3 * DAY_MS };
    case '7':
      return { after: nowMs + 3 * DAY_MS, until: nowMs + 7 * DAY_MS };
  }
}

/** The window a line expiring at `expMs` is in now, or null (more than 7 days left, or expired earlier). */
export function reminderWindowOf(expMs: number, nowMs: number): ReminderWindow | null {
  for (const window of REMINDER_WINDOWS) {
    const { after, until } = reminderWindowRange(window, nowMs);
    if (expMs > after && expMs <= until) return window;
  }
  return null;
}

/** Whole days left until the expiry, rounded up (0 once expired): what `{dias}` says. */
export function daysLeft(expMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expMs - nowMs) / DAY_MS));
}

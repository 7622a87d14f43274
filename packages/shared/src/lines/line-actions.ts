import { SYSTEMS } from '../catalog/packages';
import { MAX_LINE_SCREENS } from './line-api';
import { LINE_MESSAGES } from './line-messages';

interface LineFacts {
  system: number;
  is_trial: number;
  extra_days: number;
  extra_days_enabled: number;
}

/**
 * Which row actions a line offers (docs/product/rules.md#line-actions). The panel hides what is false; the
 * server refuses the same actions with the same rule.
 */
export function lineActions(line: LineFacts) {
  const trial = line.is_trial === 1;
  const p2p = line.system === SYSTEMS.p2p;
  const hybrid = line.system === SYSTEMS.hybrid;
  return {
    addDays: line.extra_days_enabled === 1 && line.extra_days === 0 && p2p && !trial,
    setExpiry2359: !trial,
    renewByCalendar: !trial,
    manageScreens: !trial && !p2p && !hybrid,
    shortLinks: !p2p && !hybrid,
    /** The user/app information modal with the playlist links: IPTV and hybrid lines play through this server. */
    userInfo: !p2p,
    /** The setup message of the line's app, to copy or send over WhatsApp: every line has one. */
    whatsapp: true,
    /** DreamTV and connect TV load an M3U playlist played through this server: IPTV lines only. */
    dreamTv: !p2p && !hybrid,
    connectTv: !p2p && !hybrid,
    resyncP2p: p2p,
    resyncHybrid: hybrid,
    hybridTransfer: !hybrid,
  };
}
export type LineActionFlags = ReturnType<typeof lineActions>;

/**
 * docs/product/rules.md#line-actions: a calendar renewal is refused for trials ('Não permitido') and for inactive lines (blocked or
 * expired: 'Usuário inativo'), checked in this order.
 */
export function calendarRenewalRefusal(
  line: LineFacts & { enabled: number; exp_date: number },
  nowSeconds: number,
): { title: string; message: string } | null {
  if (!lineActions(line).renewByCalendar) {
    return { title: LINE_MESSAGES.notAllowedTitle, message: LINE_MESSAGES.notForTrials };
  }
  if (line.enabled !== 1 || line.exp_date <= nowSeconds) {
    return { title: LINE_MESSAGES.inactiveTitle, message: LINE_MESSAGES.onlyActive };
  }
  return null;
}

/** A line keeps between 1 and MAX_LINE_SCREENS screens; the message for a change that breaks that. */
export function screensTotalError(currentScreens: number, change: number): string | null {
  const total = currentScreens + change;
  if (total < 1) return LINE_MESSAGES.screensMinimum;
  if (total > MAX_LINE_SCREENS) return LINE_MESSAGES.screensMaximum;
  return null;
}

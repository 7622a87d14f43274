import { SYSTEMS } from '../catalog/packages';

interface LineFacts {
  system: number;
  is_trial: number;
  extra_days: number;
  extra_days_enabled: number;
}

/**
 * Which row actions a line offers (spec §2 visibility rules, §6). The panel hides what is false; the
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
    resyncP2p: p2p,
    resyncHybrid: hybrid,
    hybridTransfer: !hybrid,
  };
}
export type LineActionFlags = ReturnType<typeof lineActions>;

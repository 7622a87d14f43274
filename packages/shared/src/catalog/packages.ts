/** Package and system constants of docs/product/constants.md#packages-and-systems. */
export const DEFAULT_PACKAGE_ID = 17;
export const TRIAL_PACKAGE_ID = 61;
export const P2P_PACKAGE_IDS = [17, 42, 53, 55, 57] as const;
export const ADULT_PACKAGE_ID = 47;

export const SYSTEMS = { iptv: 1, p2p: 2, hybrid: 3 } as const;
export type SystemCode = (typeof SYSTEMS)[keyof typeof SYSTEMS];

/** What the sale rule reads of a package: an API package, or a database row mapped to these names. */
export interface SaleCandidate {
  id: number;
  active: boolean;
  is_trial: boolean;
}

/**
 * The one sale rule (docs/product/entities.md#package, decision 0097): a normal line of `system` is sold or
 * renewed with an active package that is not a trial, and a P2P line only with one of the P2P packages. The
 * server refuses any other; the complements group the packages by it, so the panel offers no other.
 */
export function isSalePackage(pkg: SaleCandidate, system: number): boolean {
  const forSystem = system !== SYSTEMS.p2p || (P2P_PACKAGE_IDS as readonly number[]).includes(pkg.id);
  return pkg.active && !pkg.is_trial && forSystem;
}

/** Of the complements' lists (grouped by `isSalePackage`), the one a line of `system` is sold with. */
export function salePackagesFor<Package>(
  system: number,
  packages: { iptv: Package[]; p2p: Package[] },
): Package[] {
  return system === SYSTEMS.p2p ? packages.p2p : packages.iptv;
}

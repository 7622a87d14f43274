/** Package and system constants of docs/product/constants.md#packages-and-systems. */
export const DEFAULT_PACKAGE_ID = 17;
export const TRIAL_PACKAGE_ID = 61;
export const P2P_PACKAGE_IDS = [17, 42, 53, 55, 57] as const;
export const ADULT_PACKAGE_ID = 47;

export const SYSTEMS = { iptv: 1, p2p: 2, hybrid: 3 } as const;
export type SystemCode = (typeof SYSTEMS)[keyof typeof SYSTEMS];

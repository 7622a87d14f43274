/**
 * The client apps a setup message is written for (docs/product/screens.md#users): six IPTV apps, the P2P
 * app and the hybrid (MAC) app. Each has one message template the admin can edit.
 */
export const SETUP_APPS = ['DUPLEX', 'ROKU', 'SSIPTV', 'STB', 'SMARTERS', 'XCIPTV', 'P2P', 'HYBRID'] as const;
export type SetupApp = (typeof SETUP_APPS)[number];

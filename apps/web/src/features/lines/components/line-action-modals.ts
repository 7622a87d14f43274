import type { ComponentType } from 'react';
import { lazyModal } from '@/components/lazy-modal';
import type { LineActionModalProps } from './actions/line-action-modal';
import type { LineAction } from '@panel/shared/lines/line-action-labels';

/**
 * Row actions that open a modal of `./actions` (each takes `{ line, opened, onClose }`). Each is its own
 * chunk, fetched when it opens: with their forms (react-hook-form) they weigh more than the table (P4).
 */
export const LINE_ACTION_MODALS: Partial<Record<LineAction, ComponentType<LineActionModalProps>>> = {
  edit: lazyModal(() => import('./actions/edit-line-modal').then((m) => m.EditLineModal)),
  'user-info': lazyModal(() => import('./actions/line-info-modal').then((m) => m.LineInfoModal)),
  'short-links': lazyModal(() => import('./actions/short-links-modal').then((m) => m.ShortLinksModal)),
  whatsapp: lazyModal(() => import('./actions/whatsapp-modal').then((m) => m.WhatsAppModal)),
  'renew-month': lazyModal(() => import('./actions/renew-month-modal').then((m) => m.RenewMonthModal)),
  'renew-package': lazyModal(() =>
    import('./actions/renew-by-package-modal').then((m) => m.RenewByPackageModal),
  ),
  'renew-calendar': lazyModal(() =>
    import('./actions/renew-by-calendar-modal').then((m) => m.RenewByCalendarModal),
  ),
  'pix-charge': lazyModal(() => import('./actions/pix-charge-modal').then((m) => m.PixChargeModal)),
  'add-days': lazyModal(() => import('./actions/add-days-modal').then((m) => m.AddDaysModal)),
  'manage-screens': lazyModal(() =>
    import('./actions/manage-screens-modal').then((m) => m.ManageScreensModal),
  ),
  'change-service': lazyModal(() =>
    import('./actions/change-service-modal').then((m) => m.ChangeServiceModal),
  ),
  'hybrid-transfer': lazyModal(() =>
    import('./actions/hybrid-transfer-modal').then((m) => m.HybridTransferModal),
  ),
  dreamtv: lazyModal(() => import('./actions/dreamtv-modal').then((m) => m.DreamTvModal)),
  'connect-tv': lazyModal(() => import('./actions/connect-tv-modal').then((m) => m.ConnectTvModal)),
};

/** Row actions the page runs itself (a request, with a confirmation where it is destructive or paid). */
export const DIRECT_LINE_ACTIONS = [
  'expiry-2359',
  'block',
  'unblock',
  'resync-p2p',
  'resync-hybrid',
  'remove',
] as const satisfies readonly LineAction[];

/** What this build's row menu offers: the direct actions plus every modal that exists. */
export const OFFERED_LINE_ACTIONS: readonly LineAction[] = [
  ...DIRECT_LINE_ACTIONS,
  ...(Object.keys(LINE_ACTION_MODALS) as LineAction[]),
];

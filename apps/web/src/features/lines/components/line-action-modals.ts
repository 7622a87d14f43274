import type { ComponentType } from 'react';
import { AddDaysModal } from './actions/add-days-modal';
import { ChangeServiceModal } from './actions/change-service-modal';
import { EditLineModal } from './actions/edit-line-modal';
import { HybridTransferModal } from './actions/hybrid-transfer-modal';
import type { LineActionModalProps } from './actions/line-action-modal';
import { ManageScreensModal } from './actions/manage-screens-modal';
import { RenewByCalendarModal } from './actions/renew-by-calendar-modal';
import { RenewByPackageModal } from './actions/renew-by-package-modal';
import type { LineAction } from './line-row-actions';

/** Row actions that open a modal of `./actions` (each takes `{ line, opened, onClose }`). */
export const LINE_ACTION_MODALS: Partial<Record<LineAction, ComponentType<LineActionModalProps>>> = {
  edit: EditLineModal,
  'renew-package': RenewByPackageModal,
  'renew-calendar': RenewByCalendarModal,
  'add-days': AddDaysModal,
  'manage-screens': ManageScreensModal,
  'change-service': ChangeServiceModal,
  'hybrid-transfer': HybridTransferModal,
};

/** Row actions the page runs itself (a request, with a confirmation where it is destructive or paid). */
export const DIRECT_LINE_ACTIONS = [
  'renew-month',
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

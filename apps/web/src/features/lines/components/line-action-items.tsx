import { Menu } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBrandWhatsapp,
  IconCast,
  IconCalendarEvent,
  IconCalendarPlus,
  IconClock,
  IconDeviceTv,
  IconDeviceTvOld,
  IconEdit,
  IconInfoCircle,
  IconLink,
  IconLock,
  IconLockOpen,
  IconPackage,
  IconQrcode,
  IconRefresh,
  IconRepeat,
  IconTransfer,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LINE_ACTION_LABELS, type LineAction } from '@panel/shared/lines/line-action-labels';

const ICONS: Record<LineAction, ReactNode> = {
  edit: <IconEdit size={16} />,
  'user-info': <IconInfoCircle size={16} />,
  'short-links': <IconLink size={16} />,
  whatsapp: <IconBrandWhatsapp size={16} />,
  dreamtv: <IconDeviceTvOld size={16} />,
  'connect-tv': <IconCast size={16} />,
  'renew-month': <IconRepeat size={16} />,
  'renew-package': <IconPackage size={16} />,
  'renew-calendar': <IconCalendarEvent size={16} />,
  'pix-charge': <IconQrcode size={16} />,
  'add-days': <IconCalendarPlus size={16} />,
  'expiry-2359': <IconClock size={16} />,
  'manage-screens': <IconDeviceTv size={16} />,
  block: <IconLock size={16} />,
  unblock: <IconLockOpen size={16} />,
  'resync-p2p': <IconRefresh size={16} />,
  'resync-hybrid': <IconRefresh size={16} />,
  'change-service': <IconArrowsExchange size={16} />,
  'hybrid-transfer': <IconTransfer size={16} />,
  remove: <IconTrash size={16} />,
};

/** The items of a line's '…' menu (test ids `line-action-{action}`), in the order `actions` gives them. */
export function LineActionItems({
  actions,
  onPick,
}: {
  actions: readonly LineAction[];
  onPick: (action: LineAction) => void;
}) {
  const item = (action: LineAction) => (
    <Menu.Item
      key={action}
      leftSection={ICONS[action]}
      color={action === 'remove' ? 'red' : undefined}
      onClick={() => onPick(action)}
      data-testid={`line-action-${action}`}
    >
      {LINE_ACTION_LABELS[action]}
    </Menu.Item>
  );
  return (
    <>
      {actions.filter((action) => action !== 'remove').map(item)}
      {actions.includes('remove') && (
        <>
          {/* docs/product/screens.md#users-row-actions: remove is "hidden in the menu": last, apart, in red, and it asks first. */}
          <Menu.Divider />
          {item('remove')}
        </>
      )}
    </>
  );
}

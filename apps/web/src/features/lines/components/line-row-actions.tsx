import { ActionIcon, Menu, UnstyledButton, usePopoverContext } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBrandWhatsapp,
  IconCast,
  IconCalendarEvent,
  IconCalendarPlus,
  IconClock,
  IconDeviceTv,
  IconDeviceTvOld,
  IconDots,
  IconEdit,
  IconInfoCircle,
  IconLink,
  IconLock,
  IconLockOpen,
  IconPackage,
  IconRefresh,
  IconRepeat,
  IconTransfer,
  IconTrash,
} from '@tabler/icons-react';
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_ACTION_LABELS, LINE_ACTIONS, type LineAction } from '@panel/shared/lines/line-action-labels';
import { lineActions } from '@panel/shared/lines/line-actions';

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

/**
 * The actions a line's menu offers (docs/product/rules.md#line-actions through the shared `lineActions`, which the
 * server enforces too). Block or unblock by the line's state; changing the service is not offered to a
 * hybrid line (hybrid is a one-way door, decision 0012). `offered` leaves out actions this build lacks.
 */
export function availableLineActions(
  line: Line,
  offered: readonly LineAction[] = LINE_ACTIONS,
): LineAction[] {
  const rules = lineActions(line);
  const shown: Record<LineAction, boolean> = {
    edit: true,
    'user-info': rules.userInfo,
    'short-links': rules.shortLinks,
    whatsapp: rules.whatsapp,
    dreamtv: rules.dreamTv,
    'connect-tv': rules.connectTv,
    'renew-month': true,
    'renew-package': true,
    'renew-calendar': rules.renewByCalendar,
    'add-days': rules.addDays,
    'expiry-2359': rules.setExpiry2359,
    'manage-screens': rules.manageScreens,
    block: line.enabled === 1,
    unblock: line.enabled !== 1,
    'resync-p2p': rules.resyncP2p,
    'resync-hybrid': rules.resyncHybrid,
    'change-service': line.system !== SYSTEMS.hybrid,
    'hybrid-transfer': rules.hybridTransfer,
    remove: true,
  };
  return LINE_ACTIONS.filter((action) => shown[action] && offered.includes(action));
}

type OpenMenu = (line: Line, trigger: HTMLButtonElement) => void;

const LineActionsMenuContext = createContext<OpenMenu | null>(null);

/** Points the menu's floating dropdown (and its click-outside check) at the clicked trigger. */
function AnchorTo({ anchor }: { anchor: HTMLElement | null }) {
  const { reference } = usePopoverContext();
  useLayoutEffect(() => {
    if (anchor) reference(anchor);
  }, [anchor, reference]);
  return null;
}

interface LineActionsMenuProps {
  offered?: readonly LineAction[];
  onAction: (action: LineAction, line: Line) => void;
  children: ReactNode;
}

/**
 * The one '…' menu of a list (test ids `line-action-{action}`), opened under the row trigger that was
 * clicked (`LineActionsTrigger`). One Mantine Menu per table instead of one per row: 50 mounted menus
 * (floating-ui, transitions) were most of the render cost of /users (benchmark P5).
 */
export function LineActionsMenu({ offered, onAction, children }: LineActionsMenuProps) {
  // Always mounted (closed, empty) so that opening is an update: Mantine records the focused trigger
  // then, and gives the focus back to it when the menu closes (Escape, an item, a click outside).
  const [target, setTarget] = useState<{ line: Line; anchor: HTMLButtonElement; opened: boolean } | null>(
    null,
  );
  const open = useCallback<OpenMenu>((line, anchor) => {
    setTarget((current) =>
      // A second click on the open row's trigger closes the menu, like a Menu.Target.
      current?.opened && current.anchor === anchor
        ? { ...current, opened: false }
        : { line, anchor, opened: true },
    );
  }, []);
  const setOpened = useCallback(
    (opened: boolean) => setTarget((current) => (current ? { ...current, opened } : current)),
    [],
  );
  const line = target?.line;
  const actions = line ? availableLineActions(line, offered) : [];
  const item = (action: LineAction) => (
    <Menu.Item
      key={action}
      leftSection={ICONS[action]}
      color={action === 'remove' ? 'red' : undefined}
      onClick={() => line && onAction(action, line)}
      data-testid={`line-action-${action}`}
    >
      {LINE_ACTION_LABELS[action]}
    </Menu.Item>
  );
  return (
    <LineActionsMenuContext.Provider value={open}>
      {children}
      <Menu
        opened={target?.opened ?? false}
        onChange={setOpened}
        position="bottom-end"
        withinPortal
        shadow="md"
        width={280}
      >
        <AnchorTo anchor={target?.anchor ?? null} />
        <Menu.Dropdown
          mah={420}
          style={{ overflowY: 'auto' }}
          aria-label={line ? `Ações de ${line.username}` : undefined}
        >
          {actions.filter((action) => action !== 'remove').map(item)}
          {actions.includes('remove') && (
            <>
              {/* docs/product/screens.md#users-row-actions: remove is "hidden in the menu": last, apart, in red, and it asks first. */}
              <Menu.Divider />
              {item('remove')}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </LineActionsMenuContext.Provider>
  );
}

const TRIGGER_CLASS = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const TRIGGER_ICON_CLASS = `${ActionIcon.classes.icon} mantine-ActionIcon-icon`;
// ActionIcon variant="subtle" in the primary colour, as Mantine resolves it.
const TRIGGER_STYLE = {
  '--ai-bg': 'transparent',
  '--ai-hover': 'var(--mantine-color-blue-light-hover)',
  '--ai-color': 'var(--mantine-color-blue-light-color)',
  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties;

/** A row's '…' button (test id `line-actions`): looks like an ActionIcon, opens the list's LineActionsMenu. */
export function LineActionsTrigger({ line }: { line: Line }) {
  const open = useContext(LineActionsMenuContext);
  return (
    <button
      type="button"
      className={TRIGGER_CLASS}
      data-variant="subtle"
      style={TRIGGER_STYLE}
      aria-label={`Ações de ${line.username}`}
      aria-haspopup="menu"
      data-testid="line-actions"
      onClick={(event) => open?.(line, event.currentTarget)}
    >
      <span className={TRIGGER_ICON_CLASS}>
        <IconDots size={18} />
      </span>
    </button>
  );
}

interface LineRowActionsProps {
  line: Line;
  offered?: readonly LineAction[];
  onAction: (action: LineAction, line: Line) => void;
}

/** One line's trigger with its own LineActionsMenu (a list shares one menu: LineActionsMenu + trigger). */
export function LineRowActions({ line, offered, onAction }: LineRowActionsProps) {
  return (
    <LineActionsMenu offered={offered} onAction={onAction}>
      <LineActionsTrigger line={line} />
    </LineActionsMenu>
  );
}

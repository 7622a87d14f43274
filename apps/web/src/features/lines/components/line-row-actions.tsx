import { ActionIcon, Menu, UnstyledButton, usePopoverContext } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { SYSTEMS } from '@panel/shared/catalog/packages';
import type { Line } from '@panel/shared/lines/line-api';
import { LINE_ACTIONS, type LineAction } from '@panel/shared/lines/line-action-labels';
import { lineActions } from '@panel/shared/lines/line-actions';

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
    // Every line may be charged; the dialog says when the line is not the caller's own (decision 0160).
    'pix-charge': true,
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

// The menu's items (labels, one icon per action) arrive after the list has painted, not with it: the /users
// JavaScript budget (benchmark P4, decision 0053). The list asks for them once it is mounted.
const loadItems = () => import('./line-action-items').then((module) => module.LineActionItems);
type ItemsComponent = Awaited<ReturnType<typeof loadItems>>;

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
 * The one '…' menu of a list (its items: line-action-items.tsx), opened under the row trigger that was
 * clicked (`LineActionsTrigger`). One Mantine Menu per table instead of one per row: 50 mounted menus
 * (floating-ui, transitions) were most of the render cost of /users (benchmark P5).
 */
export function LineActionsMenu({ offered, onAction, children }: LineActionsMenuProps) {
  // Always mounted (closed, empty) so that opening is an update: Mantine records the focused trigger
  // then, and gives the focus back to it when the menu closes (Escape, an item, a click outside).
  const [target, setTarget] = useState<{ line: Line; anchor: HTMLButtonElement; opened: boolean } | null>(
    null,
  );
  const [Items, setItems] = useState<ItemsComponent | null>(null);
  const open = useCallback<OpenMenu>((line, anchor) => {
    // Opened once its items are here: a Mantine Menu whose items arrive while it is open stays hidden.
    void loadItems().then((component) => {
      setItems(() => component);
      setTarget((current) =>
        // A second click on the open row's trigger closes the menu, like a Menu.Target.
        current?.opened && current.anchor === anchor
          ? { ...current, opened: false }
          : { line, anchor, opened: true },
      );
    });
  }, []);
  const setOpened = useCallback(
    (opened: boolean) => setTarget((current) => (current ? { ...current, opened } : current)),
    [],
  );
  const line = target?.line;
  const actions = line ? availableLineActions(line, offered) : [];
  useEffect(() => {
    void loadItems();
  }, []);
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
          {line && Items && <Items actions={actions} onPick={(action) => onAction(action, line)} />}
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

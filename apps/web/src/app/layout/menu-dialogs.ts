import type { ComponentType } from 'react';
import type { BuiltMenuDialog, MenuDialog } from '@/config/menu-definition';

export interface MenuDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The dialog of every built menu item (migration, manual, server rules, responsibilities). Typed from
 * the menu definition; none is built yet, so this is empty until one is.
 */
const MENU_DIALOGS: Record<BuiltMenuDialog, ComponentType<MenuDialogProps>> = {};

/** The same registry, looked up by any dialog name (unbuilt ones are missing). */
export const MENU_DIALOG_LOOKUP: Partial<Record<MenuDialog, ComponentType<MenuDialogProps>>> = MENU_DIALOGS;

import type { ComponentType } from 'react';
import type { BuiltMenuDialog, MenuDialog } from '@/config/menu-definition';
import { lazyModal } from '@/components/lazy-modal';

export interface MenuDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The dialog of every built menu item (migration, manual, server rules, responsibilities). Typed from
 * the menu definition. Each is lazy-loaded: its code arrives when it first opens.
 */
const MENU_DIALOGS: Record<BuiltMenuDialog, ComponentType<MenuDialogProps>> = {
  userMigration: lazyModal(() =>
    import('./migration-menu-dialog').then((module) => module.MigrationMenuDialog),
  ),
  manual: lazyModal(() =>
    import('@/features/news/components/panel-text-dialog').then((module) => module.ManualDialog),
  ),
  serverRules: lazyModal(() =>
    import('@/features/news/components/panel-text-dialog').then((module) => module.ServerRulesDialog),
  ),
  responsibilities: lazyModal(() =>
    import('@/features/news/components/panel-text-dialog').then((module) => module.ResponsibilitiesDialog),
  ),
};

/** The same registry, looked up by any dialog name (unbuilt ones are missing). */
export const MENU_DIALOG_LOOKUP: Partial<Record<MenuDialog, ComponentType<MenuDialogProps>>> = MENU_DIALOGS;

import type { AccountType } from '@panel/shared/profile/profile-schema';
import type { PanelSettingKey } from '@panel/shared/settings/panel-settings';

/** The shapes of the panel's menu (menu-definition.ts holds the items) and who sees an item. */

/** Who sees an item. Hiding is not a permission: the server checks every call again. */
export type Audience =
  | 'everyone'
  | 'admin'
  | 'adminOrPublisher'
  | 'nonAdmin'
  /** Screens of the reseller tree (resellers): the API refuses publishers, so they never see them. */
  | 'adminOrReseller'
  /**
   * 'Comprar créditos' (decision 0186): resellers, unless the account is known not to be able to buy (its
   * parent sells nothing). The menu knows it from the offer; the route guard admits every reseller and the
   * screen says why nothing can be bought.
   */
  | 'creditBuyer'
  /** The migrate-client entry: admins, or everyone when setting user_migration_list is 'true'. */
  | 'adminOrMigrationList';

export interface AudienceContext {
  type: AccountType;
  /** Panel settings as far as loaded (key/value strings 'true'/'false'). */
  settings?: Partial<Record<PanelSettingKey, string>>;
  /** Whether the account's parent sells it credits by PIX, once known (decision 0186). */
  buysCredits?: boolean;
}

export function isInAudience(audience: Audience, context: AudienceContext): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'admin':
      return context.type === 'admin';
    case 'adminOrPublisher':
      return context.type === 'admin' || context.type === 'publisher';
    case 'nonAdmin':
      return context.type !== 'admin';
    case 'adminOrReseller':
      return context.type === 'admin' || context.type === 'reseller';
    case 'creditBuyer':
      return context.type === 'reseller' && context.buysCredits !== false;
    case 'adminOrMigrationList':
      return context.type === 'admin' || context.settings?.user_migration_list === 'true';
  }
}

/** Navigation label keys (i18n namespace `nav`, pt-BR is the source). */
export type NavLabelKey =
  | 'dashboard'
  | 'users'
  | 'usersList'
  | 'usersCreate'
  | 'usersIptvOnline'
  | 'usersP2pOnline'
  | 'resellers'
  | 'resellersList'
  | 'resellersCreate'
  | 'resellersLogs'
  | 'domains'
  | 'payments'
  | 'buyCredits'
  | 'reminders'
  | 'activationCodes'
  | 'logs'
  | 'catalogRequests'
  | 'catalogRequestsCreate'
  | 'catalogGarbage'
  | 'admin'
  | 'adminSettings'
  | 'adminNews'
  | 'contentSources'
  | 'streamingServers'
  | 'setupMessages'
  | 'analyticsMovies'
  | 'analyticsSeries'
  | 'analyticsChannels'
  | 'analyticsLives'
  | 'adminTransfer'
  | 'migrateClient'
  | 'manual'
  | 'serverRules'
  | 'responsibilities'
  | 'changePassword'
  | 'settings'
  | 'lockPanel'
  | 'logout';

/** Dialogs opened from the menu instead of a route (docs/product/screens.md#menu). */
export type MenuDialog = 'userMigration' | 'manual' | 'serverRules' | 'responsibilities';

/** The menu icons; app/ maps them to components so this file stays free of React. */
export type MenuIcon =
  | 'dashboard'
  | 'users'
  | 'resellers'
  | 'domains'
  | 'payments'
  | 'buyCredits'
  | 'reminders'
  | 'codes'
  | 'logs'
  | 'catalog'
  | 'garbage'
  | 'admin'
  | 'transfer'
  | 'migration'
  | 'manual'
  | 'rules'
  | 'responsibilities'
  | 'password'
  | 'settings'
  | 'lock'
  | 'logout';

/**
 * Every audience of `audiences` admits the account: who may open a route (its group's audience and its
 * own). A route is opened by the same accounts that see its menu item (decision 0068).
 */
export function isInEveryAudience(audiences: readonly Audience[], context: AudienceContext): boolean {
  return audiences.every((audience) => isInAudience(audience, context));
}

export type MenuTarget =
  | { kind: 'route'; path: string }
  | { kind: 'dialog'; dialog: MenuDialog }
  /** Session actions of the settings menu (lock, logout). */
  | { kind: 'action'; action: 'lock' | 'logout' };

export interface MenuLeaf {
  id: string;
  label: NavLabelKey;
  icon?: MenuIcon;
  audience: Audience;
  target: MenuTarget;
  built: boolean;
}

export interface MenuGroup {
  id: string;
  label: NavLabelKey;
  icon: MenuIcon;
  audience: Audience;
  children: readonly MenuLeaf[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

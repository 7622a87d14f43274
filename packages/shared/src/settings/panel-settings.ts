/** Panel settings of docs/product/constants.md#panel-settings: key/value strings 'true'/'false' (main_domain is a host name). */
export const PANEL_SETTING_DEFAULTS = {
  show_modal_message: 'false',
  trial_user_create_enabled: 'true',
  five_admin_resellers_migration: 'false',
  five_admin_users_migration: 'false',
  user_migration_list: 'false',
  main_domain: 'localhost',
  /** 'true': a stream start beyond a line's screens ends its oldest connection instead of being refused (decision 0044). */
  screens_end_oldest: 'false',
  /** Who must use two-factor sign-in: 'none', 'admins', 'masters' or 'all' (decision 0132). */
  two_factor_required: 'none',
} as const;
export type PanelSettingKey = keyof typeof PANEL_SETTING_DEFAULTS;
export const PANEL_SETTING_KEYS = Object.keys(PANEL_SETTING_DEFAULTS) as PanelSettingKey[];

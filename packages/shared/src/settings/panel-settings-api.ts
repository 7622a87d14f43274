import { z } from 'zod';
import { TWO_FACTOR_REQUIRED_LEVELS } from '../auth/two-factor-policy';
import { PANEL_SETTING_DEFAULTS, type PanelSettingKey } from './panel-settings';

/** PUT /api/admin/panel (docs/product/constants.md#panel-settings): the admin changes panel settings. */
export const PANEL_SETTINGS_MESSAGES = {
  flagInvalid: "Informe 'true' ou 'false'",
  twoFactorLevelInvalid: 'Escolha uma das opções de verificação em duas etapas',
  hostInvalid: 'Informe um domínio válido',
  empty: 'Informe pelo menos uma configuração',
  /** docs/product/messages.md#toasts "setting changed": the profile's switches and the admin's panel settings. */
  saved: 'Configuração alterada com sucesso!',
} as const;

const flag = z.enum(['true', 'false'], { error: PANEL_SETTINGS_MESSAGES.flagInvalid });
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const settingSchemas = {
  show_modal_message: flag,
  trial_user_create_enabled: flag,
  five_admin_resellers_migration: flag,
  five_admin_users_migration: flag,
  user_migration_list: flag,
  screens_end_oldest: flag,
  main_domain: z
    .string({ error: PANEL_SETTINGS_MESSAGES.hostInvalid })
    .trim()
    .toLowerCase()
    .regex(HOST_NAME, PANEL_SETTINGS_MESSAGES.hostInvalid),
  two_factor_required: z.enum(TWO_FACTOR_REQUIRED_LEVELS, {
    error: PANEL_SETTINGS_MESSAGES.twoFactorLevelInvalid,
  }),
} satisfies Record<PanelSettingKey, z.ZodType<string>>;

/** Only known keys, each optional (the server refuses an empty change). Unknown keys are refused (strict). */
export const panelSettingsUpdateSchema = z.strictObject({
  show_modal_message: settingSchemas.show_modal_message.optional(),
  trial_user_create_enabled: settingSchemas.trial_user_create_enabled.optional(),
  five_admin_resellers_migration: settingSchemas.five_admin_resellers_migration.optional(),
  five_admin_users_migration: settingSchemas.five_admin_users_migration.optional(),
  user_migration_list: settingSchemas.user_migration_list.optional(),
  screens_end_oldest: settingSchemas.screens_end_oldest.optional(),
  main_domain: settingSchemas.main_domain.optional(),
  two_factor_required: settingSchemas.two_factor_required.optional(),
});
export type PanelSettingsUpdate = z.infer<typeof panelSettingsUpdateSchema>;

/** Every setting with its current value (the default when never set). */
export const panelSettingsSchema = z.object(
  Object.fromEntries(Object.keys(PANEL_SETTING_DEFAULTS).map((key) => [key, z.string()])) as Record<
    PanelSettingKey,
    z.ZodString
  >,
);
export type PanelSettings = z.infer<typeof panelSettingsSchema>;

/** Admin only; nothing else reads them (the complements carry what resellers need). */
export const PANEL_SETTINGS_KEY = ['panel-settings'] as const;
export const EXTERNAL_PANEL_KEY = ['panel-settings', 'external-panel'] as const;

/**
 * Texts of the UI kit's own controls, in Portuguese: the kit's English defaults are replaced in the
 * panel's theme (decision 0073: no English where a user looks, screen readers included).
 */
export const UI_KIT_TEXTS = {
  /** The eye button of every password field (Mantine's default: 'Toggle password visibility'). */
  passwordVisibility: 'Mostrar ou ocultar a senha',
} as const;

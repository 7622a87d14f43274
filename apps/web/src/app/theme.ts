import { createTheme } from '@mantine/core';
import { MOBILE_SIDEBAR_BREAKPOINT_PX } from '@panel/shared/ui/ui-constants';
import { UI_KIT_TEXTS } from '@panel/shared/ui/ui-texts';

/** `md` is the sidebar breakpoint of docs/product/screens.md#layout (998 px): below it the sidebar becomes the mobile menu. */
export const SIDEBAR_BREAKPOINT = 'md';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: `${MOBILE_SIDEBAR_BREAKPOINT_PX / 16}em`,
    lg: '75em',
    xl: '88em',
  },
  // docs/product/screens.md#shared-table-behaviour: "Select menus capped at 300 px". Plain objects, not Select.extend(): importing the
  // components here would pull them into the /login chunk.
  components: {
    Select: { defaultProps: { maxDropdownHeight: 300 } },
    MultiSelect: { defaultProps: { maxDropdownHeight: 300 } },
    Autocomplete: { defaultProps: { maxDropdownHeight: 300 } },
    // Decision 0073: the eye button's accessible name is Portuguese, not Mantine's English default.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': UI_KIT_TEXTS.passwordVisibility } },
    },
  },
});

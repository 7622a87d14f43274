import { useMediaQuery } from '@mantine/hooks';

/** docs/product/screens.md#layout: "Mobile is detected by user agent (iPhone, iPad, iPod, Android)". */
export function isMobileUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android/i.test(userAgent);
}

/** Below Mantine's `sm` breakpoint (48em) a table no longer fits; narrow desktop windows count as mobile. */
export const NARROW_VIEWPORT_QUERY = '(max-width: 47.99em)';

/**
 * Whether lists show cards instead of tables: only when the profile asks for it ("Exibir tabelas em
 * modo vertical (Mobile)", mobile_table_mode) and the device is a phone or tablet or the window is narrow.
 */
export function useCardMode(mobileTableMode: boolean | number | undefined): boolean {
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, false, { getInitialValueInEffect: false });
  const mobileAgent = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
  return Boolean(mobileTableMode) && (mobileAgent || narrow === true);
}

/** useCardMode's answer outside React, at this moment: for a request made before the screen renders. */
export function cardModeNow(mobileTableMode: boolean | number | undefined): boolean {
  const narrow = typeof window !== 'undefined' && window.matchMedia(NARROW_VIEWPORT_QUERY).matches;
  const mobileAgent = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
  return Boolean(mobileTableMode) && (mobileAgent || narrow);
}

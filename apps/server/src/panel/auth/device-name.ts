import { SESSION_LIST_MESSAGES } from '@panel/shared/auth/two-factor-messages';
import Bowser from 'bowser';

/**
 * A session's device as a person reads it, from its user agent (decision 0134): browser and system
 * without versions ('Chrome em Windows'), so a browser update is not a new device.
 */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return SESSION_LIST_MESSAGES.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || undefined;
  const system = parsed.os.name || undefined;
  if (browser && system) return SESSION_LIST_MESSAGES.deviceName(browser, system);
  return browser ?? system ?? SESSION_LIST_MESSAGES.unknownDevice;
}

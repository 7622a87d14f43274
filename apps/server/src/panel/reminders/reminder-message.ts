import { customerPageUrl } from '@panel/shared/reminders/customer-page';
import { DEFAULT_REMINDER_TEMPLATES, type ReminderValues } from '@panel/shared/reminders/reminder-templates';
import { daysLeft, type ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { renderSetupMessage } from '@panel/shared/setup-messages/render-setup-message';
import { whatsAppUrl } from '@panel/shared/setup-messages/whatsapp-url';
import { panelDateTime } from '../setup-messages/setup-values';
import type { ReminderLine } from './reminders.repository';

/** A reseller's customer page, or null when neither a verified domain nor the panel's address is known. */
export function resellerCustomerPage(
  verifiedDomains: readonly string[],
  panelBaseUrl: string | null,
): string | null {
  if (!panelBaseUrl) return verifiedDomains[0] ? `https://${verifiedDomains[0]}/` : null;
  return customerPageUrl({ verifiedDomains, panelBaseUrl });
}

export interface RenderedReminder {
  message: string;
  whatsappUrl: string;
  daysLeft: number;
}

/**
 * One line's reminder: the reseller's template for the window (or the default) filled by the setup
 * messages' renderer (decision 0172), and the wa.me link that opens it.
 */
export function renderReminder(
  line: Omit<ReminderLine, 'sentAt'>,
  window: ReminderWindow,
  template: string | undefined,
  customerPage: string | null,
  nowMs: number,
): RenderedReminder {
  const days = daysLeft(line.expDate.getTime(), nowMs);
  const values: ReminderValues = {
    // A greeting needs a name: the username when the reseller typed none.
    cliente: line.fullName || line.username,
    usuario: line.username,
    senha: line.password,
    vencimento: panelDateTime(line.expDate),
    telas: String(line.maxConnections),
    mac: line.macaddr ?? '',
    dias: String(days),
    link_cliente: customerPage ?? '',
  };
  const message = renderSetupMessage(template ?? DEFAULT_REMINDER_TEMPLATES[window], values);
  return { message, whatsappUrl: whatsAppUrl(line.phone ?? '', message), daysLeft: days };
}

import type { ComponentType } from 'react';
import type { Line } from '@panel/shared/lines/line-api';

/** A dialog acting on one line, mounted while it is open. */
export type LineDialog = ComponentType<{ line: Line; opened: boolean; onClose: () => void }>;

/**
 * The renewals 'Próximos vencimentos' offers. They are the /users dialogs (price, request, refresh),
 * handed in by app/: a feature never imports another feature (decision 0030).
 */
export interface RenewalDialogs {
  month: LineDialog;
  package: LineDialog;
}

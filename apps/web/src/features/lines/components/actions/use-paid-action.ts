import { useState } from 'react';
import type { LineActionResult } from '@panel/shared/lines/line-api';
import { showSuccessToast } from '@/lib/toasts';
import { chargedDiffers } from './charged-notice';

/**
 * The end of every paid line action: a success toast, then the dialog closes — unless the server charged
 * something else than the preview showed, in which case `outcome` holds its answer for the ChargedNotice.
 */
export function usePaidAction(successToast: string, onClose: () => void) {
  const [outcome, setOutcome] = useState<LineActionResult | null>(null);
  /** The mutation's onSuccess, given what the dialog showed before confirming. */
  const settled = (previewedCents: number) => (result: LineActionResult) => {
    showSuccessToast(successToast);
    if (chargedDiffers(result, previewedCents)) setOutcome(result);
    else onClose();
  };
  return { outcome, settled };
}

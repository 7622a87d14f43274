import { useState } from 'react';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/**
 * Unix seconds when the modal opened: the price preview and the calendar window are computed against
 * one fixed moment. The server decides with its own clock; a difference shows as 'Cobrado: …'.
 */
export function useNowSeconds(): number {
  const [now] = useState(nowSeconds);
  return now;
}

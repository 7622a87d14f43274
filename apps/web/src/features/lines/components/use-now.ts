import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`: status and expiry badges ('Expira hoje', EXPIRADO)
 * follow the clock while the list stays open, without reading the clock during render.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

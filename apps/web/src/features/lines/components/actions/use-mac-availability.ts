import { useQuery } from '@tanstack/react-query';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { formatMacInput, normaliseMac } from '@panel/shared/lines/mac-address';
import { ApiError } from '@/lib/api-client';
import { mapError } from '@/lib/map-error';
import { checkMac } from '../../api/check-mac';

export type MacAvailability =
  /** Fewer than 12 hex digits typed: nothing asked yet. */
  | { state: 'incomplete' }
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'taken'; message: string }
  | { state: 'error'; message: string };

interface Options {
  /** The line being edited: its own MAC counts as free. */
  userId?: number;
  /** A MAC that needs no question (the line's current one). */
  knownFree?: string | null;
}

/**
 * docs/product/rules.md#mac-address: checked with POST /users/checkmac once 12 hex digits are typed; a 409 means taken
 * ('Este MAC address já está em uso.'). Each complete MAC is asked once per opening.
 */
export function useMacAvailability(mac: string, { userId, knownFree }: Options = {}): MacAvailability {
  const hex = normaliseMac(mac);
  const alreadyFree =
    hex !== null && knownFree !== null && knownFree !== undefined && normaliseMac(knownFree) === hex;
  const query = useQuery({
    queryKey: ['lines-checkmac', hex, userId ?? null],
    queryFn: ({ signal }) => checkMac(formatMacInput(hex ?? ''), userId, signal).then(() => true),
    enabled: hex !== null && !alreadyFree,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    // The field shows the answer; no toast.
    meta: { silentError: true },
  });
  if (hex === null) return { state: 'incomplete' };
  if (alreadyFree) return { state: 'free' };
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 409) {
      return { state: 'taken', message: LINE_MESSAGES.macTaken };
    }
    return { state: 'error', message: mapError(error).message };
  }
  if (query.isSuccess) return { state: 'free' };
  return { state: 'checking' };
}

/** The message to show under the MAC input for a check result, if any. */
export function macAvailabilityError(availability: MacAvailability): string | undefined {
  return availability.state === 'taken' || availability.state === 'error' ? availability.message : undefined;
}

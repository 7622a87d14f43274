import { createContext, useContext } from 'react';

/**
 * "The top-bar balance refreshes after any credit change" (issue): features that move credits call
 * this after a success. app/ provides it (it knows the profile query); features never import profile.
 */
const BalanceRefreshContext = createContext<() => void>(() => {});

export const BalanceRefreshProvider = BalanceRefreshContext.Provider;

export function useRefreshBalance(): () => void {
  return useContext(BalanceRefreshContext);
}

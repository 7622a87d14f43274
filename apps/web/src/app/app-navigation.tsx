import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation for code outside React: the session-failure handler (a failed call may go to /lock). */
export interface AppNavigation {
  currentPath: () => string;
  /** Resolves once the new location is on screen. */
  navigate: (path: string) => Promise<void>;
}

/**
 * The app uses React Router's component router (`<BrowserRouter>`), not the data router: the panel has no
 * loaders or actions, and the data router's code is ~16 kB gzipped more on every screen (P4, decision
 * 0018). So navigation outside React goes through `NavigationBridge`, rendered inside the router.
 */
export function createAppNavigation() {
  let navigateTo: ((path: string) => void) | undefined;
  let waiting: (() => void)[] = [];

  const navigation: AppNavigation = {
    currentPath: () => window.location.pathname,
    navigate: (path) =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        // Calls start after the first render, when the bridge is there; a full load is the fallback.
        if (navigateTo) navigateTo(path);
        else window.location.assign(path);
      }),
  };

  function NavigationBridge() {
    const navigate = useNavigate();
    const { key } = useLocation();
    useEffect(() => {
      navigateTo = (path) => void navigate(path);
    }, [navigate]);
    useEffect(() => {
      const settled = waiting;
      waiting = [];
      settled.forEach((resolve) => resolve());
    }, [key]);
    return null;
  }

  return { navigation, NavigationBridge };
}

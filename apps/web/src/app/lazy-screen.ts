import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@panel/shared/profile/profile-schema';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen module: its component, and what it may ask the API for before it renders (decision 0110). */
interface ScreenModule {
  default: ComponentType;
  /** `opens`: whether the route's guard lets this profile in; a screen it would not open asks for nothing. */
  prefetch?: (queryClient: QueryClient, opens: (profile: Profile) => boolean) => void;
}

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /**
   * Starts fetching the screen's code now; rendering it later reuses the same download. With a query
   * client, the screen's first data is asked for as soon as its code is there, if `opens` lets the profile in.
   */
  preload(queryClient?: QueryClient, opens?: (profile: Profile) => boolean): void;
};

/** A screen in its own chunk (React.lazy) that can be asked for before it renders. */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loading: Promise<ScreenModule> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), {
    preload(queryClient?: QueryClient, opens: (profile: Profile) => boolean = () => true) {
      once().then(
        (screen) => {
          if (queryClient) screen.prefetch?.(queryClient, opens);
        },
        // A failed download is React.lazy's to report, when the screen renders.
        () => undefined,
      );
    },
  });
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the screen's code now; rendering it later reuses the same download. */
  preload(): void;
};

/** A screen in its own chunk (React.lazy) that can be asked for before it renders. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), {
    preload() {
      // A failed download is React.lazy's to report, when the screen renders.
      once().catch(() => undefined);
    },
  });
}

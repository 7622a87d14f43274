import type { ReactNode } from 'react';
import classes from './app-frame.module.css';

interface AppFrameProps {
  header: ReactNode;
  navbar: ReactNode;
  /** Extra class of the sidebar (its colours). */
  navbarClassName?: string;
  mobileOpened: boolean;
  desktopOpened: boolean;
  children: ReactNode;
}

/**
 * The frame of every signed-in screen: top bar, sidebar (below 998 px the full-width mobile menu) and the
 * page. Mantine's AppShell drew the same, but its code (with the scroll lock its header imports) was
 * about 9 kB gzipped of every screen's first download (benchmark P4, decision 0053).
 */
export function AppFrame({
  header,
  navbar,
  navbarClassName,
  mobileOpened,
  desktopOpened,
  children,
}: AppFrameProps) {
  return (
    <>
      <header className={classes.header}>{header}</header>
      <nav
        className={navbarClassName ? `${classes.navbar} ${navbarClassName}` : classes.navbar}
        data-mobile-opened={mobileOpened || undefined}
        data-desktop-opened={desktopOpened || undefined}
      >
        {navbar}
      </nav>
      <main className={classes.main} data-desktop-opened={desktopOpened || undefined}>
        {children}
      </main>
    </>
  );
}

/** The class of the sidebar part that takes the height left (the menu's ScrollArea). */
export const FRAME_GROW_CLASS = classes.grow;

import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import type { MenuDialog } from '@/config/menu-definition';
import { useProfile } from '@/lib/queries/profile-query';
import { useProfileColorScheme } from '@/features/profile/hooks/use-profile-color-scheme';
import { rememberAvatar } from '@/lib/auth-storage';
import { SIDEBAR_BREAKPOINT } from '../theme';
import { AppHeader } from './app-header';
import classes from './app-navbar.module.css';
import { AppNavbar } from './app-navbar';
import { MENU_DIALOG_LOOKUP } from './menu-dialogs';

// Opens 3 s after the panel loads at the earliest, so it is fetched after the shell paints (P4).
const ImportantMessageModal = lazy(() =>
  import('@/features/news/components/important-message-modal').then((m) => ({
    default: m.ImportantMessageModal,
  })),
);

/** The authenticated shell: sidebar, top bar, the page, and the important-message modal. */
export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [openDialog, setOpenDialog] = useState<MenuDialog | null>(null);
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  useProfileColorScheme();

  useEffect(() => {
    if (profile?.avatar) rememberAvatar(profile.avatar);
  }, [profile?.avatar]);

  // The mobile menu closes once a page is chosen.
  const closeMobile = mobile.close;
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  const Dialog = openDialog ? MENU_DIALOG_LOOKUP[openDialog] : undefined;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: SIDEBAR_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          accountType={profile?.type}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        <AppNavbar profile={profile} onOpenDialog={setOpenDialog} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <Suspense fallback={null}>
        <ImportantMessageModal />
      </Suspense>
      {Dialog && <Dialog opened onClose={() => setOpenDialog(null)} />}
    </AppShell>
  );
}

import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import type { MenuDialog } from '@/config/menu-definition';
import { useProfile } from '@/lib/queries/profile-query';
import { useProfileColorScheme } from '@/features/profile/hooks/use-profile-color-scheme';
import { rememberAvatar } from '@/lib/auth-storage';
import { AppFrame } from './app-frame';
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
    <AppFrame
      mobileOpened={mobileOpened}
      desktopOpened={desktopOpened}
      navbarClassName={classes.navbar}
      header={
        <AppHeader
          accountType={profile?.type}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={mobile.toggle}
          onToggleDesktop={desktop.toggle}
        />
      }
      navbar={<AppNavbar profile={profile} onOpenDialog={setOpenDialog} onNavigate={mobile.close} />}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <ImportantMessageModal />
      </Suspense>
      {Dialog && <Dialog opened onClose={() => setOpenDialog(null)} />}
    </AppFrame>
  );
}

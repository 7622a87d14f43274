import { Notifications } from '@mantine/notifications';

/**
 * Where toasts render. Its own chunk (see providers.tsx): the container, its transitions and swipe
 * handling are not needed to paint any screen. `notifications.show()` only writes to the store, so a
 * toast raised before this mounts is shown as soon as it does.
 */
export function ToastHost() {
  // Bottom right: toasts never cover the top bar (balance, theme, settings).
  return <Notifications position="bottom-right" limit={5} />;
}

import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { useTvAppsStatus } from '../../api/tv-apps';
import { ActionRefused } from './action-refused';

/** Shows `children` once the server says the service is configured; otherwise says plainly that it is not. */
export function Configured({
  kind,
  onClose,
  children,
}: {
  kind: 'dreamtv' | 'connect-tv';
  onClose: () => void;
  children: ReactNode;
}) {
  const status = useTvAppsStatus();
  if (status.isPending) return <Loader size="sm" data-testid={`${kind}-loading`} />;
  const configured = kind === 'dreamtv' ? status.data?.dreamtv : status.data?.connectTv;
  // A failed status read leaves the decision to the server, which answers 503 with the same message.
  if (configured === false)
    return (
      <ActionRefused
        color="blue"
        message={
          kind === 'dreamtv' ? TV_APPS_MESSAGES.dreamTvNotConfigured : TV_APPS_MESSAGES.connectTvNotConfigured
        }
        testId={`${kind}-not-configured`}
        onClose={onClose}
      />
    );
  return <>{children}</>;
}

import { ActionIcon } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The drawer (Mantine's Drawer, its lists and the share text) loads on the first click: every screen's
// first download holds only this icon, without even a Mantine Tooltip (P4, decision 0058).
const ReleasesDrawer = lazy(() => import('./releases-drawer').then((m) => ({ default: m.ReleasesDrawer })));

/** The top bar's content-updates icon; `label` is the translated 'Novidades'. */
export function ReleasesButton({ label }: { label: string }) {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        title={label}
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
        data-testid="releases-open"
      >
        <IconMovie size={20} stroke={1.6} />
      </ActionIcon>
      {requested && (
        <Suspense fallback={null}>
          <ReleasesDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

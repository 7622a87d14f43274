import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';

/** Stands where a dialog is about to open while its code arrives. */
function ModalLoader() {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} role="status" aria-label="Carregando">
      <Loader />
    </Center>
  );
}

/**
 * A dialog whose code is fetched when it is first rendered, i.e. when it opens (P4: a screen's first
 * download holds what it paints, not every dialog it can open). Render it only while it is open;
 * `load` resolves to the component, e.g. `() => import('./x-modal').then((m) => m.XModal)`.
 */
export function lazyModal<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: P) {
    return (
      <Suspense fallback={<ModalLoader />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

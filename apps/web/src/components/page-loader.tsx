import { Center, Loader } from '@mantine/core';

/** Shown only while something really loads (docs/product/contradictions.md#preloader: no artificial preloader wait). */
export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label="Carregando">
      <Loader />
    </Center>
  );
}

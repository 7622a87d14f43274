import { LoadingOverlay } from '@mantine/core';

/** Covers a list's rows while a later page, sort or filter loads over them (DataTable `fetching`). */
export function FetchingOverlay() {
  return <LoadingOverlay visible zIndex={1} />;
}

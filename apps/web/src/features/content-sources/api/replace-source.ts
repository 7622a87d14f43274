import type { QueryClient } from '@tanstack/react-query';
import type { ContentSource } from '@panel/shared/content-sources/content-sources-api';
import { CONTENT_KEYS } from './content-source-keys';

/** Writes a fresher answer about one source into the list on screen. */
export function replaceSource(queryClient: QueryClient, source: ContentSource): void {
  queryClient.setQueryData<ContentSource[]>(CONTENT_KEYS.sources, (list) =>
    list?.map((candidate) => (candidate.id === source.id ? source : candidate)),
  );
}

import type { CategoryKind } from '@panel/shared/content/stream-kinds';

/** Query keys of the content-sources screen (admin only; nothing else reads them). */
export const CONTENT_KEYS = {
  root: ['content'] as const,
  sources: ['content', 'sources'] as const,
  source: (id: number) => ['content', 'sources', id] as const,
  categories: (kind: CategoryKind) => ['content', 'categories', kind] as const,
};

import type { ListMeta } from '@panel/shared/lists/list-query';
import { formatCount } from '@panel/shared/ui/ui-constants';

/** Spec §2 "Shared table behaviour": the text under every paginated table. */
export function pageFooterText(meta: Pick<ListMeta, 'page' | 'pages' | 'total'>): string {
  return `Página ${meta.page} a ${meta.pages} - Quantidade ${formatCount(meta.total)}`;
}

/** Spec §8 empty state of every table. */
export const EMPTY_TABLE_TEXT = 'Nenhum Resultado';

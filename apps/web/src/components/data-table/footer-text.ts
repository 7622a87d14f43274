import type { ListMeta } from '@panel/shared/lists/list-query';
import { formatCount } from '@panel/shared/ui/ui-constants';

/**
 * docs/product/screens.md#shared-table-behaviour: the text under every paginated table. A list that stops counting at
 * a cap (`total_exact: false`, /api/users) says "mais de N" instead of pretending N is the total.
 */
export function pageFooterText(
  meta: Pick<ListMeta, 'page' | 'pages' | 'total'> & { total_exact?: boolean },
): string {
  const total = meta.total_exact === false ? `mais de ${formatCount(meta.total)}` : formatCount(meta.total);
  return `Página ${meta.page} a ${meta.pages} - Quantidade ${total}`;
}

/** The empty state of every table (docs/product/messages.md#empty-states). */
export const EMPTY_TABLE_TEXT = 'Nenhum Resultado';

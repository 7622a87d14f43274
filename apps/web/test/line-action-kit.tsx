import { Notifications, notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Complements } from '@panel/shared/catalog/catalog-api';
import type { Line, LineActionResult } from '@panel/shared/lines/line-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import type { LineActionModalProps } from '@/features/lines/components/actions/line-action-modal';
import { complementsQueryOptions } from '@/lib/queries/complements-query';
import { profileQueryOptions } from '@/lib/queries/profile-query';
import { QUERY_ROOTS } from '@/lib/queries/query-keys';
import { buildComplements, buildLine, buildPackage } from './fixtures/line';
import { buildProfile } from './fixtures/profile';
import { createTestQueryClient, renderWithProviders } from './render';
import { nowSeconds } from '@panel/shared/time/unix-seconds';

/** Tests of the row-action modals: a line, the complements and the profile seeded in the cache. */

const DAY = 86_400;

/** A line of the modals: id 31, two screens, active for 10 more days, two bouquets. */
export function buildModalLine(overrides: Partial<Line> = {}): Line {
  return buildLine({
    id: 31,
    password: 'senha@19',
    exp_date: nowSeconds() + 10 * DAY,
    created_at: nowSeconds() - 30 * DAY,
    extra_days_enabled: 1,
    bouquet: [1, 2],
    ...overrides,
  });
}

const modalPackage = (
  id: number,
  package_name: string,
  official_credits: string,
  official_duration: number,
) => buildPackage({ id, package_name, official_credits, official_duration, is_default: id === 17 });

/** The modals' complements: a monthly and a quarterly IPTV package, a P2P package on both lists. */
export const COMPLEMENTS: Complements = buildComplements({
  packages: {
    iptv: [
      modalPackage(17, 'Mensal', '1.00', 1),
      modalPackage(20, 'Trimestral IPTV', '2.50', 3),
      modalPackage(42, 'P2P Trimestral', '3.00', 3),
    ],
    trial: [],
    p2p: [modalPackage(17, 'Mensal', '1.00', 1), modalPackage(42, 'P2P Trimestral', '3.00', 3)],
  },
  bouquets: [
    { id: 1, name: 'Canais', sort_order: 1, is_adult: false },
    { id: 2, name: 'Filmes', sort_order: 2, is_adult: false },
    { id: 3, name: 'Séries', sort_order: 3, is_adult: false },
  ],
});

export function actionResult(line: Line, charged: string, balance = '90.00'): LineActionResult {
  return { line, charged, balance };
}

interface RenderOptions {
  type?: AccountType;
}

/** A page of the /users list, in the cache to see an action refresh it. */
const LIST_KEY = [...QUERY_ROOTS.lines, 'list', { page: 1, per: 10 }];
/** 'Próximos vencimentos', in the cache to see an action refresh the dashboard too. */
const EXPIRING_KEY = [...QUERY_ROOTS.dashboard, 'expiring'];

/**
 * Renders one modal opened, with <Notifications /> so the toasts can be read, and the cache entries a
 * line action refreshes (lib/queries/line-refresh): the /users list, the dashboard and the profile.
 */
export function renderActionModal(
  Modal: (props: LineActionModalProps) => ReactNode,
  line: Line,
  { type = 'reseller' }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(complementsQueryOptions().queryKey, COMPLEMENTS);
  queryClient.setQueryData(
    profileQueryOptions().queryKey,
    buildProfile({ type, member_group_id: type === 'admin' ? 1 : 2 }),
  );
  queryClient.setQueryData(LIST_KEY, {
    data: [line],
    meta: { page: 1, pages: 1, per: 10, total: 1, total_exact: true },
  });
  queryClient.setQueryData(EXPIRING_KEY, { data: [line] });
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <Notifications />
      <Modal line={line} opened onClose={onClose} />
    </>,
    { queryClient },
  );
  // Invalidated, or asked again already (the modal watches the profile, so it refetches at once).
  const refreshed = (queryKey: readonly unknown[]) => {
    const state = queryClient.getQueryState(queryKey);
    return state?.isInvalidated === true || (state?.fetchStatus ?? 'idle') !== 'idle';
  };
  return {
    ...view,
    onClose,
    /** The /users list and the dashboard's list were both refreshed. */
    listInvalidated: () => refreshed(LIST_KEY) && refreshed(EXPIRING_KEY),
    /** The profile (the top bar's balance) was refreshed. */
    balanceRefreshed: () => refreshed(profileQueryOptions().queryKey),
  };
}

export function cleanNotifications(): void {
  notifications.clean();
}

/** The 409 of the ledger when the caller cannot pay (no field). */
export const INSUFFICIENT_CREDITS = {
  status: 409,
  body: { status: 409, code: 'insufficient_credits', message: 'Créditos insuficientes.' },
};

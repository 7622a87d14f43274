import { Notifications, notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Complements, Package } from '@panel/shared/catalog/catalog-api';
import type { Line, LineActionResult } from '@panel/shared/lines/line-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';
import { BalanceRefreshProvider } from '@/lib/balance-refresh';
import { buildProfile } from '@/test/profile-fixture';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { complementsQueryOptions } from '../../api/get-complements';
import { PROFILE_QUERY_KEY } from '../../api/get-profile-type';
import { linesQueryKeys } from '../../api/list-lines';
import type { LineActionModalProps } from './line-action-modal';

/** Tests of the row-action modals: a line, the complements and the profile seeded in the cache. */

const DAY = 86_400;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function buildLine(overrides: Partial<Line> = {}): Line {
  return {
    id: 31,
    username: 'cliente01',
    password: 'senha@19',
    full_name: 'Maria Souza',
    macaddr: null,
    as_number: null,
    max_connections: 2,
    enabled: 1,
    exp_date: nowSeconds() + 10 * DAY,
    created_at: nowSeconds() - 30 * DAY,
    is_trial: 0,
    system: 1,
    extra_days: 0,
    extra_days_enabled: 1,
    reseller_id: 7,
    master_username: 'revenda01',
    reseller_notes: null,
    package_id: 17,
    packages: [17],
    bouquet: [1, 2],
    dreamtv_device_id: null,
    dreamtv_playlist_id: null,
    ...overrides,
  };
}

function buildPackage(id: number, name: string, credits: string, months: number): Package {
  return {
    id,
    package_name: name,
    is_trial: false,
    is_adult: false,
    official_duration: months,
    official_credits: credits,
    trial_hours: null,
    is_default: id === 17,
    active: true,
  };
}

export const COMPLEMENTS: Complements = {
  groups: [],
  settings: [],
  packages: {
    iptv: [
      buildPackage(17, 'Mensal', '1.00', 1),
      buildPackage(20, 'Trimestral IPTV', '2.50', 3),
      buildPackage(42, 'P2P Trimestral', '3.00', 3),
    ],
    trial: [],
    p2p: [buildPackage(17, 'Mensal', '1.00', 1), buildPackage(42, 'P2P Trimestral', '3.00', 3)],
  },
  bouquets: [
    { id: 1, name: 'Canais', sort_order: 1, is_adult: false },
    { id: 2, name: 'Filmes', sort_order: 2, is_adult: false },
    { id: 3, name: 'Séries', sort_order: 3, is_adult: false },
  ],
  server_time: nowSeconds(),
};

export function actionResult(line: Line, charged: string, balance = '90.00'): LineActionResult {
  return { line, charged, balance };
}

interface RenderOptions {
  type?: AccountType;
}

/** Renders one modal opened, with <Notifications /> so the toasts can be read. */
export function renderActionModal(
  Modal: (props: LineActionModalProps) => ReactNode,
  line: Line,
  { type = 'reseller' }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(complementsQueryOptions().queryKey, COMPLEMENTS);
  queryClient.setQueryData(
    PROFILE_QUERY_KEY,
    buildProfile({ type, member_group_id: type === 'admin' ? 1 : 2 }),
  );
  // A list page in the cache, to see the modal invalidate it.
  queryClient.setQueryData(linesQueryKeys.list({ page: 1, per: 10 }), {
    data: [line],
    meta: { page: 1, pages: 1, per: 10, total: 1, total_exact: true },
  });
  const onClose = vi.fn();
  const refreshBalance = vi.fn();
  const view = renderWithProviders(
    <BalanceRefreshProvider value={refreshBalance}>
      <Notifications />
      <Modal line={line} opened onClose={onClose} />
    </BalanceRefreshProvider>,
    { queryClient },
  );
  const listInvalidated = () =>
    queryClient.getQueryState(linesQueryKeys.list({ page: 1, per: 10 }))?.isInvalidated === true;
  return { ...view, onClose, refreshBalance, listInvalidated };
}

export function cleanNotifications(): void {
  notifications.clean();
}

/** The 409 of the ledger when the caller cannot pay (no field). */
export const INSUFFICIENT_CREDITS = {
  status: 409,
  body: { status: 409, code: 'insufficient_credits', message: 'Créditos insuficientes.' },
};

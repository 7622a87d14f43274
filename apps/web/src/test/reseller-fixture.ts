import type { Reseller } from '@panel/shared/resellers/reseller-schema';

export function buildReseller(overrides: Partial<Reseller> = {}): Reseller {
  return {
    id: 21,
    username: 'subrevenda',
    status: 1,
    credits: '100.00',
    date_registered: 1_763_700_000,
    last_login: null,
    ip: null,
    sub_resellers_count: 0,
    clients_count: 0,
    email: null,
    master_id: 7,
    master_username: 'revenda01',
    notes: null,
    is_publisher: 0,
    is_deleted_bucket: false,
    ...overrides,
  };
}

import type { Complements, Package } from '@panel/shared/catalog/catalog-api';
import type { Line } from '@panel/shared/lines/line-api';

export function buildLine(overrides: Partial<Line> = {}): Line {
  return {
    id: 101,
    username: 'cliente01',
    password: 'senha9x',
    full_name: 'Maria Souza',
    macaddr: null,
    as_number: null,
    max_connections: 2,
    enabled: 1,
    // Far in the future: ATIVO, success badge.
    exp_date: 4_102_444_800,
    created_at: 1_763_700_000,
    is_trial: 0,
    system: 1,
    extra_days: 0,
    extra_days_enabled: 0,
    reseller_id: 7,
    master_username: 'revenda01',
    reseller_notes: null,
    package_id: 17,
    packages: [17],
    bouquet: [1],
    dreamtv_device_id: null,
    dreamtv_playlist_id: null,
    ...overrides,
  };
}

export function buildPackage(overrides: Partial<Package> = {}): Package {
  return {
    id: 17,
    package_name: 'Completo 1 mês',
    is_trial: false,
    is_adult: false,
    official_duration: 1,
    official_credits: '1.00',
    trial_hours: null,
    is_default: true,
    active: true,
    ...overrides,
  };
}

/** GET /api/complements with an IPTV-only package (33), the P2P one (17) and the trial (61). */
export function buildComplements(settings: Record<string, string> = {}): Complements {
  const p2p = buildPackage();
  const iptvOnly = buildPackage({
    id: 33,
    package_name: 'Trimestral',
    official_duration: 3,
    official_credits: '2.50',
    is_default: false,
  });
  const trial = buildPackage({
    id: 61,
    package_name: 'Teste',
    is_trial: true,
    official_duration: 0,
    official_credits: '0.00',
    trial_hours: 4,
    is_default: false,
  });
  return {
    groups: [],
    settings: Object.entries({ trial_user_create_enabled: 'true', ...settings }).map(([key, value]) => ({
      key,
      value,
    })),
    packages: { iptv: [p2p, iptvOnly], trial: [trial], p2p: [p2p] },
    bouquets: [{ id: 1, name: 'Canais', sort_order: 1, is_adult: false }],
    server_time: 1_763_700_000,
  };
}

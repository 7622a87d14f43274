import { NEW_USERS_DAYS } from '@panel/shared/dashboard/dashboard-api';
import type { DashboardStats } from '@panel/shared/dashboard/dashboard-api';
import type { AccountType } from '@panel/shared/profile/profile-schema';

export const DASHBOARD_TITLE = 'Dashboard';

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  admin: 'Administrador',
  publisher: 'Publisher',
  reseller: 'Revendedor',
};

/** docs/product/screens.md#dashboard counter cards, in order (the online two: decisions 0046, 0047). */
export const COUNTERS: readonly { key: keyof DashboardStats; label: string; testId: string }[] = [
  { key: 'resellers', label: 'Revendas', testId: 'counter-resellers' },
  { key: 'users', label: 'Usuários', testId: 'counter-users' },
  { key: 'users_active', label: 'Usuários Ativos', testId: 'counter-users-active' },
  { key: 'users_new', label: `Novos Usuários Últimos ${NEW_USERS_DAYS} dias`, testId: 'counter-users-new' },
  { key: 'users_online', label: 'Usuários Online', testId: 'counter-users-online' },
  { key: 'conections_online', label: 'Conexões Realtime', testId: 'counter-connections-online' },
];

export const SHOW_NUMBERS = 'Mostrar números';
export const HIDE_NUMBERS = 'Ocultar números';
/** What a hidden number looks like. */
export const HIDDEN_NUMBER = '••••';

export const QUICK_LINKS = {
  users: 'Meus usuários',
  resellers: 'Meus revendas',
  quickTest: 'Criar teste rápido',
} as const;

export const EXPIRING_TITLE = 'Próximos vencimentos';
export const EXPIRING_EMPTY = 'Não há vencimentos próximos';

/** The top-viewed bar charts (docs/product/screens.md#dashboard; decision 0058). */
export const TOP_VIEWED_TITLES = {
  movies: 'Filmes mais assistidos',
  series: 'Séries mais assistidas',
} as const;
export const TOP_VIEWED_SERIES_LABEL = 'Visualizações';
export const TOP_VIEWED_PERIOD = (days: number) => `Últimos ${days} dias`;
export const TOP_VIEWED_EMPTY = 'Nenhum Resultado';

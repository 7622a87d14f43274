import { formatCredits } from '@panel/shared/money/credits';

/** Words of the migration dialog (docs/product/screens.md#migration-dialog). */
export const MIGRATION_TEXTS = {
  title: 'Migrar cliente',
  urlLabel: 'URL da lista (playlist)',
  urlPlaceholder: 'http://servidor:porta/get.php?username=...&password=...',
  urlDescription: 'A lista M3U ou o login Xtream (player_api.php) do cliente no outro provedor.',
  verify: 'Verificar',
  back: 'Voltar',
  migrate: 'Migrar',
  serviceLabel: 'Serviço',
  servicePlaceholder: 'Selecione o serviço',
  fields: {
    server_dns: 'Servidor (DNS)',
    username: 'Usuário',
    formatted_exp_date: 'Vencimento',
    total_days: 'Dias restantes',
    max_connections: 'Telas',
    credits_to_deduct: 'Créditos a descontar',
  },
  /** docs/product/costs.md#admins-act-for-free */
  adminFree: 'Grátis (admin)',
  balance: (credits: string) => `Seu saldo: ${formatCredits(credits)} créditos`,
  notEnough: 'Créditos insuficientes para esta migração.',
} as const;

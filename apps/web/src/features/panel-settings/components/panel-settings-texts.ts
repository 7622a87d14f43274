import type { PanelSettingKey } from '@panel/shared/settings/panel-settings';

type FlagKey = Exclude<PanelSettingKey, 'main_domain' | 'two_factor_required'>;

/** Texts of /admin/settings (docs/product/screens.md#panel-settings). */
export const PANEL_SETTINGS_TEXTS = {
  title: 'Configurações do painel',
  adminSection: 'Configurações administrativas',
  otherSection: 'Outras configurações',
  switches: {
    trial_user_create_enabled: {
      label: 'Criação de testes',
      description: 'Revendas podem criar testes grátis. Desligado: a criação de teste é recusada.',
    },
    five_admin_resellers_migration: {
      label: 'Sincronização de revendas com o painel externo',
      description: 'Cada revenda criada ou alterada é enviada ao painel externo.',
    },
    five_admin_users_migration: {
      label: 'Sincronização de usuários com o painel externo',
      description: 'Cada usuário criado ou alterado é enviado ao painel externo.',
    },
    show_modal_message: {
      label: 'Mensagem importante',
      description: 'Exibe a mensagem importante em pop-up para todas as revendas.',
    },
    user_migration_list: {
      label: 'Migração de clientes para revendas',
      description: 'Revendas podem migrar clientes de outro provedor.',
    },
    screens_end_oldest: {
      label: 'Encerrar a conexão mais antiga',
      description:
        'Ao passar do limite de telas, a conexão mais antiga é encerrada em vez de recusar a nova.',
    },
  } satisfies Record<FlagKey, { label: string; description: string }>,
  twoFactor: 'Verificação em duas etapas',
  twoFactorDescription:
    'Quem precisa de um código do aplicativo autenticador ao entrar. Quem ainda não configurou é levado à configuração no próximo acesso.',
  mainDomain: 'Domínio principal',
  mainDomainDescription: 'O domínio do painel.',
  save: 'Salvar',
  externalPanel: 'Painel externo',
  externalHost: (host: string) => `Envia para ${host}`,
  pending: 'Pendentes',
  failed: 'Falharam',
  lastDelivered: 'Último envio',
  never: 'Nunca',
  lastError: 'Último erro',
  retryFailed: 'Reenviar falhas',
} as const;

/** The three switches of the administrative settings (docs/product/screens.md#panel-settings), in this order. */
export const ADMIN_SWITCHES = [
  'trial_user_create_enabled',
  'five_admin_resellers_migration',
  'five_admin_users_migration',
] as const satisfies readonly FlagKey[];
export const OTHER_SWITCHES = [
  'show_modal_message',
  'user_migration_list',
  'screens_end_oldest',
] as const satisfies readonly FlagKey[];

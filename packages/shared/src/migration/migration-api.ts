import { z } from 'zod';
import { lineUsernameSchema, newLinePasswordSchema } from '../lines/line-credentials';
import { FIELD_MESSAGES } from '../validation/field-messages';

/**
 * Migration of a customer from another provider (docs/product/rules.md#migration-form,
 * docs/product/entities.md#migration-check, decision 0052): the panel reads the customer's line from the
 * other provider's player API and creates the same line here, charged for its remaining days and screens.
 */
export const MIGRATION_MESSAGES = {
  required: FIELD_MESSAGES.required,
  serviceRequired: 'Tipo de serviço é obrigatório',
  serviceHint: 'É necessário informar para qual serviço você deseja migrar seu cliente',
  urlInvalid:
    'Informe a URL da lista do cliente (get.php ou player_api.php com username e password), começando com http:// ou https://',
  urlNotAllowed: 'Este endereço não pode ser consultado pelo painel.',
  unreachable: 'Não foi possível consultar o servidor do outro provedor. Verifique a URL e tente novamente.',
  refused: 'O servidor do outro provedor recusou este usuário e senha.',
  expired: 'Esta linha está vencida no outro provedor: não há dias para migrar.',
  noExpiry: 'Esta linha não tem data de vencimento no outro provedor: não é possível calcular os dias.',
  // A login outside this panel's rules migrates under new credentials (decision 0067).
  usernameOutsideRules:
    'O usuário desta linha não segue as regras deste painel (letras minúsculas, números, @ e !, pelo menos 6 caracteres): o cliente será migrado com o novo usuário abaixo.',
  passwordOutsideRules:
    'A senha desta linha não segue as regras deste painel (letras, números, @ ! ?): o cliente será migrado com a nova senha abaixo.',
  tellCustomer:
    'Depois da migração, envie ao cliente os novos dados de acesso: os antigos não funcionam neste painel.',
  newUsernameRequired: 'O usuário desta linha não segue as regras deste painel: informe um novo usuário.',
  newPasswordRequired: 'A senha desta linha não segue as regras deste painel: informe uma nova senha.',
  newUsernameLabel: 'Novo usuário',
  newPasswordLabel: 'Nova senha',
  migratedTitle: 'Usuário migrado',
  migratedWithNewCredentials:
    'O cliente foi migrado com novos dados de acesso: envie a ele o usuário e a senha abaixo.',
  tooManyScreens: 'Esta linha tem mais de 100 telas no outro provedor: não é possível migrar.',
  usernameTaken:
    'Já existe um usuário com este nome neste painel: não é possível migrar com o mesmo usuário.',
  notAllowed: 'A migração de clientes não está liberada para revendas neste momento.',
  migrated: 'Usuário migrado com sucesso',
} as const;

/** Target services of a migration (docs/product/constants.md): IPTV or P2P. */
export const MIGRATION_SERVICES = ['iptv', 'p2p'] as const;
export type MigrationService = (typeof MIGRATION_SERVICES)[number];
export const MIGRATION_SERVICE_LABELS: Record<MigrationService, string> = { iptv: 'IPTV', p2p: 'P2P' };

const urlSchema = z
  .string({ error: MIGRATION_MESSAGES.required })
  .trim()
  .min(1, MIGRATION_MESSAGES.required)
  .max(2000, MIGRATION_MESSAGES.urlInvalid);

export const migrationCheckSchema = z.object({ url: urlSchema });
export type MigrationCheckInput = z.infer<typeof migrationCheckSchema>;

/**
 * `username` and `password`, when sent, replace the provider's (decision 0067) and follow the rules of a
 * new line; a provider's credential outside this panel's rules must be replaced.
 */
export const migrationMigrateSchema = z.object({
  url: urlSchema,
  service: z.enum(MIGRATION_SERVICES, { error: MIGRATION_MESSAGES.serviceRequired }),
  username: lineUsernameSchema.optional(),
  password: newLinePasswordSchema.optional(),
});
export type MigrationMigrateInput = z.infer<typeof migrationMigrateSchema>;

/** The check's answer (docs/product/entities.md#migration-check). `credits_to_deduct` is a decimal string. */
export const migrationCheckResultSchema = z.object({
  server_dns: z.string(),
  username: z.string(),
  /** DD/MM/YYYY, panel time. */
  formatted_exp_date: z.string(),
  total_days: z.number().int(),
  max_connections: z.number().int(),
  credits_to_deduct: z.string(),
  /** A free username close to the provider's, when the provider's breaks this panel's rules; else null. */
  suggested_username: z.string().nullable(),
  /** A password close to the provider's, when the provider's breaks this panel's rules; else null. */
  suggested_password: z.string().nullable(),
});
export type MigrationCheckResult = z.infer<typeof migrationCheckResultSchema>;

/** The provider's characters a kept password may hold (decision 0052): the rules' characters, any length. */
const KEPT_PASSWORD_CHARACTERS = /^[A-Za-z0-9@!?]{1,64}$/;

/**
 * Whether the provider's credentials can be kept as they are (decision 0052): the username by the line
 * rules, the password by its characters (a short or sequential password the customer already uses is
 * kept). What cannot be kept is replaced by new credentials (decision 0067).
 */
export function keepableProviderCredentials(username: string, password: string) {
  return {
    username: lineUsernameSchema.safeParse(username).success,
    password: KEPT_PASSWORD_CHARACTERS.test(password),
  };
}

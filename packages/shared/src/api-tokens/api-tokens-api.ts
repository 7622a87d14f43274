import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { FIELD_MESSAGES } from '../validation/field-messages';
import { parseAddressRule } from './address-rules';

/**
 * API tokens (decision 0137, docs/product/api.md#api-tokens): an admin or reseller makes a token for its
 * bots and billing system, with scopes, an optional validity and an optional address allow-list. The token
 * is shown once; the panel keeps its SHA-256 and last 4 characters. It acts as its owner, limited to its
 * scopes. Schemas shared by the server's routes and the profile's 'API' section.
 */

/** What a token may do; each /api route says which one it needs (apps/server/src/plugins/access.ts). */
export const API_TOKEN_SCOPES = ['read', 'lines', 'credits', 'resellers'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Leitura',
  lines: 'Linhas',
  credits: 'Créditos',
  resellers: 'Revendas',
};

export const API_TOKEN_SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  read: 'Consultar linhas, revendas, créditos, logs e o painel',
  lines: 'Criar, renovar, bloquear, editar e remover linhas (testes incluídos)',
  credits: 'Transferir créditos para sub-revendas',
  resellers: 'Criar, editar e bloquear sub-revendas',
};

/**
 * Every token starts with this, so a leaked one is recognised (by people and secret scanners) and the
 * server tells it from a session token without a lookup: a session token is 43 characters, an API token
 * is the prefix and 43 more.
 */
export const API_TOKEN_PREFIX = 'pnl_';
const SECRET_CHARS = 43;

export function isApiTokenText(token: string): boolean {
  return token.length === API_TOKEN_PREFIX.length + SECRET_CHARS && token.startsWith(API_TOKEN_PREFIX);
}

export const API_TOKEN_LIMITS = {
  nameMax: 60,
  addressesMax: 20,
  /** Tokens not revoked nor expired per account. */
  activePerAccount: 20,
  expiryDaysMax: 3650,
} as const;

/** Validity choices of the panel's form; the API takes any number of days up to expiryDaysMax. */
export const API_TOKEN_EXPIRY_CHOICES = [
  { days: null, label: 'Sem validade' },
  { days: 30, label: '30 dias' },
  { days: 90, label: '90 dias' },
  { days: 365, label: '1 ano' },
] as const;

export const API_TOKEN_MESSAGES = {
  required: FIELD_MESSAGES.required,
  nameMax: `Máximo de ${API_TOKEN_LIMITS.nameMax} caracteres`,
  scopesRequired: 'Escolha ao menos uma permissão',
  scopeInvalid: 'Permissão inválida',
  addressInvalid: 'Endereço inválido: use um IP (203.0.113.7) ou uma faixa CIDR (203.0.113.0/24)',
  addressesMax: `Máximo de ${API_TOKEN_LIMITS.addressesMax} endereços`,
  expiryInvalid: `Validade inválida: de 1 a ${API_TOKEN_LIMITS.expiryDaysMax} dias`,
  tooManyTokens: `Limite de ${API_TOKEN_LIMITS.activePerAccount} tokens ativos por conta. Revogue um token antes de criar outro.`,
  tokenNotFound: 'Token de API não encontrado.',
  alreadyRevoked: 'Este token de API já foi revogado.',
  created: 'Token criado. Copie-o agora: ele não será mostrado novamente.',
  revoked: 'Token revogado: ele não poderá mais ser usado.',
  /** 401: the token is unknown. */
  unknown: 'Token de API inválido.',
  /** 401. */
  revokedRefused: 'Este token de API foi revogado.',
  /** 401. */
  expired: 'Este token de API expirou.',
  /** 401: the owner is blocked or removed. */
  ownerInactive: 'A conta dona deste token de API está bloqueada.',
  /** 403: the request's address is outside the allow-list. */
  addressRefused: 'Este token de API não aceita pedidos deste endereço.',
  /** 403: the route takes no token (tokens, sessions, password, 2FA, the panel's admin pages). */
  routeRefusesTokens: 'Esta ação não aceita token de API: faça-a no painel.',
} as const;

/** 403: the token lacks the scope the route needs. */
export function missingScopeMessage(scope: ApiTokenScope): string {
  return `Este token de API não tem a permissão "${API_TOKEN_SCOPE_LABELS[scope]}" exigida por esta ação.`;
}

/** Status words of the lists. */
export const API_TOKEN_STATUS_LABELS = { active: 'Ativo', expired: 'Expirado', revoked: 'Revogado' } as const;
export type ApiTokenStatus = keyof typeof API_TOKEN_STATUS_LABELS;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's last 4 characters. */
  token_hint: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  allowed_addresses: z.array(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
  /** The owner (the admin's list shows it). */
  owner_id: z.number().int(),
  owner: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; null: never expires. */
  expires_at: z.string().nullable(),
  /** ISO 8601; null: never used. */
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  /** ISO 8601; null while not revoked. */
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ data: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** A created token and its secret, answered once. */
export const createdApiTokenSchema = z.object({
  api_token: apiTokenSchema,
  token: z
    .string()
    .describe('Send it as `Authorization: Bearer <token>`; shown only in this answer, stored as its hash.'),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

const addressesSchema = z
  .array(z.string({ error: API_TOKEN_MESSAGES.addressInvalid }).trim(), {
    error: API_TOKEN_MESSAGES.addressInvalid,
  })
  .max(API_TOKEN_LIMITS.addressesMax, API_TOKEN_MESSAGES.addressesMax)
  .transform((entries) => [...new Set(entries.filter((entry) => entry !== ''))])
  .refine((entries) => entries.every((entry) => parseAddressRule(entry) !== null), {
    message: API_TOKEN_MESSAGES.addressInvalid,
  });

export const apiTokenInputSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.required })
    .trim()
    .min(1, API_TOKEN_MESSAGES.required)
    .max(API_TOKEN_LIMITS.nameMax, API_TOKEN_MESSAGES.nameMax),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeInvalid }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Days from now until the token stops working; null or absent: no expiry. */
  expires_in_days: z
    .number({ error: API_TOKEN_MESSAGES.expiryInvalid })
    .int(API_TOKEN_MESSAGES.expiryInvalid)
    .min(1, API_TOKEN_MESSAGES.expiryInvalid)
    .max(API_TOKEN_LIMITS.expiryDaysMax, API_TOKEN_MESSAGES.expiryInvalid)
    .nullable()
    .optional()
    .transform((days) => days ?? null),
  /** IPs or CIDR ranges the token is accepted from; empty or absent: any address. */
  allowed_addresses: addressesSchema.optional().transform((entries) => entries ?? []),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

export const apiTokenIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: API_TOKEN_MESSAGES.tokenNotFound })
    .int(API_TOKEN_MESSAGES.tokenNotFound)
    .min(1, API_TOKEN_MESSAGES.tokenNotFound)
    .max(MAX_ID, API_TOKEN_MESSAGES.tokenNotFound),
});

import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';

/**
 * A reseller's own domains (docs/product/screens.md#domains, decision 0048): the rule of the 'Novo domínio'
 * form and the API's shapes, shared by the server's routes and the panel's screen.
 */

/** The example host the format message shows (docs/product/rules.md#domain-form). */
export const DOMAIN_EXAMPLE_HOST = 'meudominio.com.br';

/** Where a domain that is not pointed at the panel serves its verification token (decision 0048). */
export const DOMAIN_TOKEN_PATH = '/.well-known/painel-dominio.txt';

export const DOMAIN_MESSAGES = {
  required: 'O domínio é obrigatório',
  invalid: `Formato de domínio inválido (ex: ${DOMAIN_EXAMPLE_HOST})`,
  /** A bare IP address or an internal name (localhost, *.local, *.internal…): never a reseller's domain. */
  internal:
    'Informe um domínio público: endereços IP e nomes internos (como localhost ou .internal) não são aceitos.',
  taken: 'Este domínio já está cadastrado no painel.',
  /**
   * The panel's own host (PANEL_PUBLIC_HOST, the host of PLAYER_BASE_URL, the 'Domínio principal'
   * setting): a reseller's domain answers only short links and players, so the panel would be lost there.
   */
  panelHost: 'Este é o endereço do próprio painel e não pode ser cadastrado como domínio de revenda.',
  notFound: 'Domínio não encontrado.',
  added: 'Domínio adicionado com sucesso',
  removed: 'Domínio removido com sucesso',
  defaultSet: 'Domínio definido como padrão',
  verified: 'Domínio verificado com sucesso',
  stillPending: 'O domínio ainda não aponta para o painel',
} as const;

/** Why a verification failed, as the screen shows it (decision 0048). */
export const DOMAIN_CHECK_ERRORS = {
  notPointed: 'O DNS do domínio não aponta para o painel e o arquivo de verificação não foi encontrado.',
  notConfigured:
    'O painel não tem endereço público configurado e o arquivo de verificação não foi encontrado.',
  /** The domain resolves to a loopback, private, link-local or metadata address, which the panel never asks. */
  privateAddress:
    'O domínio aponta para um endereço interno (loopback, rede privada ou metadados da nuvem), que o painel não consulta.',
  /**
   * Another account claims the same pending host (decision 0070): a DNS pointed at the panel cannot say
   * whose it is, only the account's own token served by the domain's own web server can.
   */
  contested:
    'Outra conta também cadastrou este domínio, então apontar o DNS para o painel não basta: publique o arquivo de verificação no servidor do próprio domínio para comprovar que ele é seu.',
  /** Another account verified the host first (decision 0070). */
  taken: 'Outra conta já verificou este domínio.',
  /** A claim of the panel's own host (registered before such hosts were refused): never verified. */
  panelHost: 'Este é o endereço do próprio painel e não pode ser verificado como domínio de revenda.',
} as const;

/** At most 253 characters; labels of letters, digits and inner hyphens; a top-level domain of letters. */
const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** True when `value` (already trimmed and lowercased) is a host the form accepts. */
export function isDomainName(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** Top-level names that only ever mean a private network or the machine itself (RFC 6761, RFC 6762, ICANN). */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa'];

/**
 * True when `value` (trimmed, lowercased) is a bare IPv4/IPv6 address or an internal name: `localhost`, a
 * single label, or a name under one of INTERNAL_SUFFIXES (`metadata.google.internal`, `printer.local`…).
 * The form refuses them with DOMAIN_MESSAGES.internal (decision 0048).
 */
export function isInternalHost(value: string): boolean {
  const host = value.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return true;
  if (host.split(':').length >= 3 && /^[0-9a-f:.]+(?:%.+)?$/.test(host)) return true;
  if (/^[a-z0-9-]+$/.test(host)) return true;
  return INTERNAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * The 'Novo domínio' form: required, lowercased, not an IP or internal name, host labels plus a top-level
 * domain of letters.
 */
export const domainInputSchema = z.object({
  domain: z
    .string({ error: DOMAIN_MESSAGES.required })
    .trim()
    .min(1, DOMAIN_MESSAGES.required)
    .transform((value) => value.toLowerCase())
    .refine((value) => !isInternalHost(value), { message: DOMAIN_MESSAGES.internal, abort: true })
    .refine(isDomainName, DOMAIN_MESSAGES.invalid),
});
export type DomainInput = z.input<typeof domainInputSchema>;

export const domainSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  is_default: z.boolean(),
  /** The nameservers the reseller points the domain at (DOMAIN_NAMESERVERS); null: not configured. */
  nameserver_1: z.string().nullable(),
  nameserver_2: z.string().nullable(),
  /** The owner's username: the admin's 'Revenda' column. */
  reseller_name: z.string(),
  /** What `DOMAIN_TOKEN_PATH` must answer when the DNS does not point at the panel. */
  verification_token: z.string(),
  /** ISO 8601; null while pending. */
  verified_at: z.string().nullable(),
  /** ISO 8601 of the last check; null when never checked. */
  checked_at: z.string().nullable(),
  /** Why the last check failed; null when it passed or never ran. */
  check_error: z.string().nullable(),
  created_at: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;

export const domainListSchema = z.object({ data: z.array(domainSchema) });
export type DomainList = z.infer<typeof domainListSchema>;

export const domainIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: DOMAIN_MESSAGES.notFound })
    .int(DOMAIN_MESSAGES.notFound)
    .min(1, DOMAIN_MESSAGES.notFound)
    .max(MAX_ID, DOMAIN_MESSAGES.notFound),
});

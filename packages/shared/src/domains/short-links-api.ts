import { z } from 'zod';
import { MAX_ID } from '../lists/list-query';
import { SHORT_LINK_TYPES, type ShortLinkType } from './short-link-types';

/**
 * Short links of a line on one of the reseller's verified domains (docs/product/screens.md#short-links,
 * decision 0049). Schemas and texts shared by the server's routes and the panel's modal.
 */
export const SHORT_LINK_MESSAGES = {
  typeInvalid: 'Escolha o tipo do link: M3U, HLS, SS IPTV ou EPG',
  userRequired: 'Informe o usuário',
  domainInvalid: 'Domínio inválido',
  domainNotFound: 'Domínio não encontrado.',
  domainNotVerified: 'Este domínio ainda não foi verificado. Verifique-o na tela de domínios.',
  noVerifiedDomain: 'Você precisa de um domínio verificado para criar links curtos.',
  notForSystem: 'Links curtos não estão disponíveis para usuários P2P ou híbridos.',
  linkNotFound: 'Link curto não encontrado.',
  created: 'Link curto criado com sucesso',
  deleted: 'Link curto removido',
  /** The redirect's plain-text answers, read by whoever opens a dead link. */
  redirectNotFound: 'Link não encontrado.',
  redirectInactive: 'Este link está indisponível: o usuário está bloqueado ou expirado.',
} as const;

/** How the modal names each type (the spec's type names, with what they load). */
export const SHORT_LINK_TYPE_LABELS: Record<ShortLinkType, string> = {
  mpgets: 'Lista M3U (MPEG-TS)',
  hls: 'Lista HLS (M3U8)',
  ssiptv: 'SS IPTV',
  epg: 'Guia de programação (EPG)',
};

/**
 * POST /api/shorturl, the spec's shape: `domain` is the id of one of the caller's verified domains
 * (absent: the default one, else the newest verified); `url` is accepted for the spec's shape and ignored:
 * the server computes the target from the line itself (decision 0049).
 */
export const createShortLinkSchema = z.object({
  user_id: z.coerce
    .number({ error: SHORT_LINK_MESSAGES.userRequired })
    .int(SHORT_LINK_MESSAGES.userRequired)
    .min(1, SHORT_LINK_MESSAGES.userRequired)
    .max(MAX_ID, SHORT_LINK_MESSAGES.userRequired),
  type: z.enum(SHORT_LINK_TYPES, { error: SHORT_LINK_MESSAGES.typeInvalid }),
  domain: z.coerce
    .number({ error: SHORT_LINK_MESSAGES.domainInvalid })
    .int(SHORT_LINK_MESSAGES.domainInvalid)
    .min(1, SHORT_LINK_MESSAGES.domainInvalid)
    .max(MAX_ID, SHORT_LINK_MESSAGES.domainInvalid)
    .optional(),
  url: z.string().max(2000).optional(),
});
export type CreateShortLinkInput = z.infer<typeof createShortLinkSchema>;

export const shortLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(SHORT_LINK_TYPES),
  /** The domain's host name (without the `ss.` of SS IPTV links). */
  domain: z.string(),
  /** The address a customer opens. */
  url: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

export const shortLinkListSchema = z.object({ data: z.array(shortLinkSchema) });
export type ShortLinkList = z.infer<typeof shortLinkListSchema>;

/** A verified domain the caller may put links on; the default first. */
export const shortLinkDomainSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  is_default: z.boolean(),
});
export type ShortLinkDomain = z.infer<typeof shortLinkDomainSchema>;

export const shortLinkDomainListSchema = z.object({ data: z.array(shortLinkDomainSchema) });
export type ShortLinkDomainList = z.infer<typeof shortLinkDomainListSchema>;

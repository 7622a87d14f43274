import { SYSTEMS } from '@panel/shared/catalog/packages';
import { shortLinkUrl, type ShortLinkType } from '@panel/shared/domains/short-link-types';
import {
  SHORT_LINK_MESSAGES,
  type CreateShortLinkInput,
  type ShortLink,
  type ShortLinkDomain,
} from '@panel/shared/domains/short-links-api';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../../lib/postgres-error';
import type { Caller } from '../auth/caller';
import { lineRefusal } from '../lines/line-errors';
import { requireLineInScope } from '../lines/line-scope';
import { newShortLinkCode } from '../../delivery/for-panel';
import {
  deleteShortLinkInScope,
  findDomain,
  findUsableDomains,
  insertShortLink,
  listLineShortLinks,
} from './short-links.repository';

const CODE_ATTEMPTS = 5;

/**
 * Short links of the caller's lines on its verified domains (docs/product/screens.md#short-links, decision
 * 0049). `scheme` is SHORT_LINK_SCHEME: how the customer reaches the reseller's domain.
 */
export function createShortLinksService(db: Database, scheme: 'http' | 'https') {
  const toShortLink = (link: {
    id: number;
    code: string;
    type: ShortLinkType;
    domain: string;
    createdAt: Date;
  }): ShortLink => ({
    id: link.id,
    code: link.code,
    type: link.type,
    domain: link.domain,
    url: shortLinkUrl(scheme, link.domain, link.type, link.code),
    created_at: link.createdAt.toISOString(),
  });

  /** The named domain when the caller may use it, else the default (or newest) verified one. */
  async function domainFor(caller: Caller, id: number | undefined): Promise<{ id: number; domain: string }> {
    if (id === undefined) {
      const [first] = await findUsableDomains(db, caller);
      if (!first) throw lineRefusal(SHORT_LINK_MESSAGES.noVerifiedDomain, 'domain');
      return first;
    }
    const domain = await findDomain(db, id);
    if (!domain || (caller.role !== 'admin' && domain.ownerId !== caller.id)) {
      throw new AppError(404, 'not_found', SHORT_LINK_MESSAGES.domainNotFound, 'domain');
    }
    if (!domain.verifiedAt) throw lineRefusal(SHORT_LINK_MESSAGES.domainNotVerified, 'domain');
    return domain;
  }

  return {
    async domains(caller: Caller): Promise<{ data: ShortLinkDomain[] }> {
      const rows = await findUsableDomains(db, caller);
      return {
        data: rows.map((row) => ({
          id: row.id,
          domain: row.domain,
          is_default: row.isDefault && row.ownerId === caller.id,
        })),
      };
    },

    async create(caller: Caller, input: CreateShortLinkInput): Promise<ShortLink> {
      const line = await requireLineInScope(db, caller, input.user_id);
      // Short links load this server's playlists: IPTV lines only (docs/product/rules.md#line-actions).
      if (line.system !== SYSTEMS.iptv) throw lineRefusal(SHORT_LINK_MESSAGES.notForSystem, 'user_id');
      const domain = await domainFor(caller, input.domain);
      for (let attempt = 1; ; attempt++) {
        try {
          const row = await insertShortLink(db, {
            code: newShortLinkCode(),
            domainId: domain.id,
            lineId: line.id,
            type: input.type,
            createdBy: caller.id,
          });
          return toShortLink({ ...row, domain: domain.domain });
        } catch (error) {
          if (postgresErrorCode(error) !== UNIQUE_VIOLATION || attempt >= CODE_ATTEMPTS) throw error;
        }
      }
    },

    async list(caller: Caller, lineId: number): Promise<{ data: ShortLink[] }> {
      const line = await requireLineInScope(db, caller, lineId);
      return { data: (await listLineShortLinks(db, line.id)).map(toShortLink) };
    },

    async remove(caller: Caller, id: number): Promise<void> {
      if (!(await deleteShortLinkInScope(db, caller, id))) {
        throw AppError.notFound(SHORT_LINK_MESSAGES.linkNotFound);
      }
    },
  };
}

import { randomBytes } from 'node:crypto';
import { DOMAIN_CHECK_ERRORS, DOMAIN_MESSAGES, type Domain } from '@panel/shared/domains/domains-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../../lib/postgres-error';
import type { Caller } from '../auth/caller';
import { checkDomain, type DomainCheckOptions } from './domain-check';
import {
  deleteDomain,
  findDomain,
  hasOtherClaim,
  insertDomain,
  isMainDomain,
  isVerifiedHost,
  listDomains,
  pendingDomains,
  recordCheckFailed,
  recordCheckPassed,
  setDefaultDomain,
  type DomainWithOwner,
} from './domains.repository';
import { configuredPanelHosts, isPanelHostByConfig } from '../../lib/panel-hosts';

/** How many pending domains one background pass checks. */
const PENDING_BATCH = 20;

const notFound = () => AppError.notFound(DOMAIN_MESSAGES.notFound);
const taken = () => new AppError(422, 'validation_failed', DOMAIN_MESSAGES.taken, 'domain');

/** The admin sees and manages every account's domains; anyone else only their own (docs/product/roles.md). */
const scopeOf = (caller: Caller) => (caller.role === 'admin' ? undefined : caller.id);

export function domainCheckOptions(config: Config): DomainCheckOptions {
  return {
    dnsServers: config.DOMAIN_DNS_SERVERS,
    panelAddresses: config.PANEL_PUBLIC_ADDRESSES,
    panelHost: config.PANEL_PUBLIC_HOST,
    httpPort: config.DOMAIN_HTTP_CHECK_PORT,
    timeoutMs: config.DOMAIN_CHECK_TIMEOUT_MS,
    allowPrivateHosts: config.DOMAIN_ALLOW_PRIVATE_HOSTS,
  };
}

/**
 * A reseller's own domains (docs/product/screens.md#domains, decision 0048). Every write to `domains` is
 * here: creating, verifying, deleting and setting the default. `onVerifiedChange` runs after a check or a
 * deletion, which may change the hosts that carry short links (the redirect's host cache, decision 0049).
 * A host is claimed by any account that adds it until one verifies it (decision 0070); the panel's own
 * hosts are never claimed (decision 0069).
 */
export function createDomainsService(db: Database, config: Config, onVerifiedChange: () => void = () => {}) {
  const checkOptions = domainCheckOptions(config);
  const panelHosts = configuredPanelHosts(config);
  const isPanelHost = async (host: string) =>
    isPanelHostByConfig(host, panelHosts) || (await isMainDomain(db, host));
  const [nameserver1 = null, nameserver2 = null] = config.DOMAIN_NAMESERVERS;

  const toApi = (row: DomainWithOwner): Domain => ({
    id: row.id,
    domain: row.domain,
    is_default: row.isDefault,
    nameserver_1: nameserver1,
    nameserver_2: nameserver2,
    reseller_name: row.ownerName,
    verification_token: row.verificationToken,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    checked_at: row.checkedAt?.toISOString() ?? null,
    check_error: row.checkError,
    created_at: row.createdAt.toISOString(),
  });

  /**
   * Checks one claim now and stores the outcome (verified_at, checked_at, check_error). While another
   * account claims the same host, only the claim's own token served by the domain counts (decision 0070).
   */
  async function verifyDomain(id: number, domain: string, token: string): Promise<void> {
    if (await isPanelHost(domain)) {
      await recordCheckFailed(db, id, DOMAIN_CHECK_ERRORS.panelHost);
    } else {
      const contested = await hasOtherClaim(db, domain, id);
      const result = await checkDomain(domain, token, { ...checkOptions, tokenFileOnly: contested });
      if (result.verified) {
        await recordCheckPassed(db, id, domain, DOMAIN_CHECK_ERRORS.taken);
      } else {
        const explained = contested && result.error !== DOMAIN_CHECK_ERRORS.privateAddress;
        await recordCheckFailed(db, id, explained ? DOMAIN_CHECK_ERRORS.contested : result.error);
      }
    }
    onVerifiedChange();
  }

  async function answer(id: number): Promise<Domain> {
    const row = await findDomain(db, id, undefined);
    if (!row) throw notFound();
    return toApi(row);
  }

  return {
    async list(caller: Caller): Promise<Domain[]> {
      return (await listDomains(db, scopeOf(caller))).map(toApi);
    },

    /**
     * Adds the caller's claim of a host and checks it at once; an unverified claim is still created
     * (pending). Refused: the panel's own hosts, a host some account verified, one the caller claims already.
     */
    async create(caller: Caller, input: { domain: string }): Promise<Domain> {
      if (await isPanelHost(input.domain))
        throw new AppError(422, 'validation_failed', DOMAIN_MESSAGES.panelHost, 'domain');
      if (await isVerifiedHost(db, input.domain)) throw taken();
      let row;
      try {
        row = await insertDomain(db, {
          ownerId: caller.id,
          domain: input.domain,
          verificationToken: randomBytes(18).toString('base64url'),
        });
      } catch (error) {
        if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw taken();
        throw error;
      }
      await verifyDomain(row.id, row.domain, row.verificationToken);
      return answer(row.id);
    },

    async verify(caller: Caller, id: number): Promise<Domain> {
      const row = await findDomain(db, id, scopeOf(caller));
      if (!row) throw notFound();
      await verifyDomain(row.id, row.domain, row.verificationToken);
      return answer(row.id);
    },

    async remove(caller: Caller, id: number): Promise<void> {
      if (!(await deleteDomain(db, id, scopeOf(caller)))) throw notFound();
      onVerifiedChange();
    },

    /** Only the caller's own domains: an admin cannot set a default from the list (docs/product/roles.md). */
    async setDefault(caller: Caller, id: number): Promise<Domain> {
      if (!(await setDefaultDomain(db, id, caller.id))) throw notFound();
      return answer(id);
    },

    /** One background pass: checks again the pending domains not checked for `olderThanMs`. */
    async verifyPending(olderThanMs: number): Promise<number> {
      const rows = await pendingDomains(db, olderThanMs, PENDING_BATCH);
      for (const row of rows) await verifyDomain(row.id, row.domain, row.verificationToken);
      return rows.length;
    },

    /** The token the panel answers at the token-file path for `host`, when it is a registered domain. */
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;

import { timingSafeEqual } from 'node:crypto';
import { activationCodeOf, isWaitingExpiry } from '@panel/shared/activation-codes/activation-code';
import { isSalePackage, SYSTEMS } from '@panel/shared/catalog/packages';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import type {
  CustomerLineStatus,
  CustomerOverview,
  CustomerPayment,
  CustomerSignIn,
} from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { fromCents, toCents } from '@panel/shared/money/credits';
import { SETUP_PLACEHOLDERS } from '@panel/shared/setup-messages/render-setup-message';
import { SETUP_APP_LABELS } from '@panel/shared/setup-messages/setup-apps';
import { unixSeconds } from '@panel/shared/time/unix-seconds';
import type { Database } from '../../db/database';
import type { LineRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FastifyInstance } from 'fastify';
import { qrCodeDataUrl } from '../auth/two-factor/totp';
import type { PaymentChargesService } from '../payments/payment-charges.service';
import type { MercadoPagoSync } from '../payments/mercadopago-sync';
import {
  findPaymentAccount,
  findPaymentRecord,
  listPackagesWithPrices,
  type PaymentRecord,
} from '../payments/payments.repository';
import { createSetupMessagesService } from '../setup-messages/setup-messages.service';
import { readCustomerBrand } from './branding.service';
import {
  findLineById,
  findLineByUsername,
  latestOpenPaymentId,
  watchingNow,
} from './customer-page.repository';
import type { CustomerSessionClaims, CustomerSessions } from './customer-session';

/** Where the customer is: a reseller's verified domain (its owner) or the panel's own host (decision 0177). */
export interface CustomerHost {
  /** The domain owner, whose subtree's lines alone sign in here; undefined on the panel's host. */
  owner: { id: number; path: string } | undefined;
  /** The origin the line's links are built on: the domain itself, else the panel's public base. */
  baseUrl: string;
  /** Where Mercado Pago reaches the panel when PAYMENT_NOTIFICATION_BASE_URL is unset. */
  panelOrigin: string;
}

export const sessionEnded = () => new AppError(401, 'unauthenticated', CUSTOMER_PAGE_MESSAGES.sessionEnded);

export class CustomerSignInBlocked extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('customer sign-in blocked');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether a line may be signed in to on this host: any on the panel's, its subtree's on a domain. */
function belongsHere(line: LineRow, host: CustomerHost): boolean {
  return !host.owner || line.ownerPath.startsWith(host.owner.path);
}

export function customerLineStatus(line: LineRow, now: Date): CustomerLineStatus {
  if (line.enabled !== 1) return 'blocked';
  if (isWaitingExpiry(unixSeconds(line.expDate))) return 'not_activated';
  return line.expDate.getTime() <= now.getTime() ? 'expired' : 'active';
}

/**
 * A code still waiting has no clock to extend, and a blocked line was stopped by its reseller: neither is
 * renewed online (decision 0179); the page tells the customer to talk to the reseller.
 */
function renewable(status: CustomerLineStatus): boolean {
  return status === 'active' || status === 'expired';
}

/** The first word of a player's user agent ('IPTVSmartersPro/3.1 …' → 'IPTVSmartersPro'). */
function deviceOf(userAgent: string | null): string | null {
  const first = userAgent
    ?.trim()
    .split(/[\s/(;]/)[0]
    ?.slice(0, 40);
  return first ? first : null;
}

async function toCustomerPayment(record: PaymentRecord): Promise<CustomerPayment> {
  const pixCode = record.state === 'pending' ? record.pixCode : null;
  return {
    id: record.id,
    state: record.state,
    amount: fromCents(toCents(record.amount)),
    package_name: record.packageName,
    months: record.months,
    pix_code: pixCode,
    pix_qr: pixCode ? await qrCodeDataUrl(pixCode) : null,
    manual_confirmation: record.provider === 'static_pix',
    expires_at: record.expiresAt.toISOString(),
    paid_at: record.paidAt?.toISOString() ?? null,
    renewed_at: record.renewedAt?.toISOString() ?? null,
  };
}

/**
 * The customer page (decisions 0175–0179): a line signs in under the line authentication's flood protection,
 * reads its overview and renews by PIX to its owner's payment account.
 */
export function createCustomerPageService(deps: {
  db: Database;
  lineAuth: FastifyInstance['lineAuth'];
  sessions: CustomerSessions;
  charges: PaymentChargesService;
  sync: MercadoPagoSync;
  shortLinkScheme: 'http' | 'https';
  connectionTtlSeconds: number;
}) {
  const { db, lineAuth, sessions, charges, sync } = deps;
  const setupMessages = createSetupMessagesService(db, deps.shortLinkScheme);

  /**
   * The line of a username and password, or of an activation code (its line's username and password,
   * decision 0145). Never activates a code: signing in only looks (decision 0176). A line of another
   * subtree on a reseller's domain answers as wrong credentials, and counts as one (decision 0177).
   */
  async function signIn(input: CustomerSignIn, host: CustomerHost, address: string): Promise<LineRow> {
    const byCode = 'code' in input;
    const username = byCode ? (activationCodeOf(input.code) ?? input.code) : input.username;
    const password = byCode ? username : input.password;
    const outcome = await lineAuth.authenticate({ username, password, address }, async () => {
      const line = await findLineByUsername(db, username);
      if (!line || !sameText(line.password, password) || !belongsHere(line, host)) return undefined;
      return line;
    });
    if (outcome.outcome === 'blocked') throw new CustomerSignInBlocked(outcome.retryAfterSeconds);
    if (outcome.outcome === 'refused') {
      const message = byCode ? CUSTOMER_PAGE_MESSAGES.invalidCode : CUSTOMER_PAGE_MESSAGES.invalidCredentials;
      throw new AppError(401, 'invalid_credentials', message);
    }
    return outcome.line;
  }

  /** The signed-in line: the cookie's, still with the password it signed in with and still belonging here. */
  async function sessionLine(
    claims: CustomerSessionClaims | undefined,
    host: CustomerHost,
  ): Promise<LineRow> {
    if (!claims) throw sessionEnded();
    const line = await findLineById(db, claims.lineId);
    if (!line || !belongsHere(line, host)) throw sessionEnded();
    if (!sameText(sessions.passwordTag(line.id, line.password), claims.passwordTag)) throw sessionEnded();
    return line;
  }

  /** The packages the owner sells online for this line, with its price; none while it cannot be paid. */
  async function renewalOptions(line: LineRow, status: CustomerLineStatus) {
    if (!renewable(status)) return [];
    const account = await findPaymentAccount(db, line.resellerId);
    const configured =
      account?.provider === 'static_pix'
        ? Boolean(account.pixKey && account.merchantName && account.merchantCity)
        : account?.provider === 'mercadopago' && sync.accessTokenOf(account) !== undefined;
    if (!configured) return [];
    const packages = await listPackagesWithPrices(db, line.resellerId);
    return packages
      .filter(
        (pkg) =>
          pkg.price !== null &&
          isSalePackage({ id: pkg.id, active: pkg.active, is_trial: pkg.isTrial }, line.system),
      )
      .map((pkg) => ({
        package_id: pkg.id,
        name: pkg.name,
        months: pkg.months,
        price: fromCents(toCents(pkg.price ?? '0')),
      }));
  }

  async function overview(line: LineRow, host: CustomerHost): Promise<CustomerOverview> {
    const now = new Date();
    const status = customerLineStatus(line, now);
    const since = new Date(now.getTime() - deps.connectionTtlSeconds * 1000);
    const [watching, messages, brand, options, currentId] = await Promise.all([
      watchingNow(db, line.id, since),
      setupMessages.forCustomer(line, host.baseUrl),
      readCustomerBrand(db, line.resellerId),
      renewalOptions(line, status),
      latestOpenPaymentId(db, line),
    ]);
    const current = currentId === undefined ? undefined : await findPaymentRecord(db, currentId);
    const links = playlistLinks(host.baseUrl, line.username, line.password);
    return {
      line: {
        username: line.username,
        system: line.system,
        status,
        exp_date: status === 'not_activated' ? null : line.expDate.toISOString(),
        max_connections: line.maxConnections,
        is_trial: line.isTrial === 1,
      },
      watching: [
        ...watching.live.map((row) => ({
          started_at: row.startedAt.toISOString(),
          device: deviceOf(row.userAgent),
          title: row.watching || null,
        })),
        ...watching.p2p.map((row) => ({
          started_at: new Date(row.lastSeenAt.getTime() - row.durationSeconds * 1000).toISOString(),
          device: row.appName || null,
          title: row.channelName || null,
        })),
      ],
      // A P2P line plays in the P2P app, not through this server's addresses.
      links:
        line.system === SYSTEMS.p2p
          ? []
          : [
              { label: SETUP_PLACEHOLDERS.dns, url: links.playerApiBase },
              { label: SETUP_PLACEHOLDERS.url_m3u, url: links.m3u },
              { label: SETUP_PLACEHOLDERS.url_m3u_plus, url: links.m3uPlus },
              { label: SETUP_PLACEHOLDERS.url_hls, url: links.hls },
              { label: SETUP_PLACEHOLDERS.url_epg, url: links.epg },
            ],
      apps: await Promise.all(
        messages.map(async (message) => ({
          app: message.app,
          label: SETUP_APP_LABELS[message.app],
          text: message.text,
          qr: message.qr ? await qrCodeDataUrl(message.qr) : null,
        })),
      ),
      brand,
      renewal: { options, current: current ? await toCustomerPayment(current) : null },
    };
  }

  /** POST renewals: a PIX charge to the owner's account, started by nobody of the panel (created_by null). */
  async function renew(line: LineRow, packageId: number, host: CustomerHost): Promise<CustomerPayment> {
    if (!renewable(customerLineStatus(line, new Date()))) {
      throw new AppError(422, 'validation_failed', CUSTOMER_PAGE_MESSAGES.renewUnavailable, 'package_id');
    }
    const record = await charges.chargeLine({
      accountId: line.resellerId,
      line,
      packageId,
      createdBy: null,
      origin: host.panelOrigin,
    });
    return toCustomerPayment(record);
  }

  /** One of this line's payments; any other id is a 404. */
  async function renewal(line: LineRow, id: number): Promise<CustomerPayment> {
    const record = await findPaymentRecord(db, id);
    if (!record || record.lineId !== line.id) throw AppError.notFound();
    return toCustomerPayment(record);
  }

  return { signIn, sessionLine, overview, renew, renewal };
}

export type CustomerPageService = ReturnType<typeof createCustomerPageService>;

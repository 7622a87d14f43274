import {
  BRAND_LOGO_MAX_BYTES,
  brandingInputSchema,
  DEFAULT_BRAND_COLOR,
  type Branding,
  type BrandingInput,
  type CustomerBrand,
} from '@panel/shared/customer-page/customer-page-api';
import { CUSTOMER_API_PATHS } from '@panel/shared/customer-page/customer-page-paths';
import { brazilianWhatsapp } from '@panel/shared/customer-page/brand-whatsapp';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { customerPageUrl } from '@panel/shared/reminders/customer-page';
import { whatsAppUrl } from '@panel/shared/setup-messages/whatsapp-url';
import type { Database } from '../../db/database';
import type { AccountBrandingRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../auth/caller';
import { verifiedDomainsOf } from '../reminders/reminders.repository';
import {
  findBranding,
  findBrandingFacts,
  saveBranding,
  type BrandingFacts,
} from './customer-page.repository';

type LogoType = NonNullable<AccountBrandingRow['logoType']>;

/** The image type its first bytes say (decision 0178); what the data URL claims is not trusted. */
function imageTypeOf(bytes: Buffer): LogoType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

const invalid = (message: string, field: string) => new AppError(422, 'validation_failed', message, field);

/** A logo sent as 'data:image/…;base64,…': a PNG, JPEG or WebP of at most BRAND_LOGO_MAX_BYTES. */
function parseLogo(dataUrl: string): { type: LogoType; base64: string } {
  const match = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  const bytes = match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
  const type = bytes && bytes.length <= BRAND_LOGO_MAX_BYTES ? imageTypeOf(bytes) : undefined;
  if (!bytes || !type) throw invalid(CUSTOMER_PAGE_MESSAGES.brandLogoInvalid, 'logo');
  return { type, base64: bytes.toString('base64') };
}

/** The same-origin address of an account's logo, versioned by its last change so it may be cached long. */
export function logoUrl(accountId: number, updatedAt: Date): string {
  const path = CUSTOMER_API_PATHS.logo.replace(':accountId', String(accountId));
  return `${path}?v=${Math.floor(updatedAt.getTime() / 1000)}`;
}

/** The brand the customer page shows before anyone signs in on the panel's own host. */
export const PANEL_BRAND: CustomerBrand = {
  name: CUSTOMER_PAGE_MESSAGES.title,
  color: DEFAULT_BRAND_COLOR,
  logo_url: null,
  whatsapp_url: null,
};

/** An account's brand as its customers see it; what it left empty falls back to the panel's. */
export function customerBrandOf(accountId: number, facts: BrandingFacts | undefined): CustomerBrand {
  if (!facts) return PANEL_BRAND;
  return {
    name: facts.name || PANEL_BRAND.name,
    color: facts.color || DEFAULT_BRAND_COLOR,
    logo_url: facts.logoType ? logoUrl(accountId, facts.updatedAt) : null,
    whatsapp_url: facts.whatsapp ? whatsAppUrl(`+${facts.whatsapp}`, '') : null,
  };
}

/** The brand of an account, read from the database. */
export async function readCustomerBrand(db: Database, accountId: number): Promise<CustomerBrand> {
  return customerBrandOf(accountId, await findBrandingFacts(db, accountId));
}

/**
 * 'Página do cliente' on the profile (decision 0178): the caller's name, colour, WhatsApp and logo, and
 * where its customers sign in (decision 0173). Content errors are 422 with the field, nothing saved.
 */
export function createBrandingService(db: Database) {
  async function get(caller: Caller, panelBaseUrl: string): Promise<Branding> {
    const [row, domains] = await Promise.all([
      findBrandingFacts(db, caller.id),
      verifiedDomainsOf(db, [caller.id]),
    ]);
    return {
      name: row?.name ?? '',
      color: row?.color ?? '',
      whatsapp: row?.whatsapp ? `+${row.whatsapp}` : '',
      logo_url: row?.logoType ? logoUrl(caller.id, row.updatedAt) : null,
      customer_page_url: customerPageUrl({
        verifiedDomains: domains.get(caller.id) ?? [],
        panelBaseUrl,
      }),
    };
  }

  async function save(caller: Caller, body: unknown, panelBaseUrl: string): Promise<Branding> {
    const parsed = brandingInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(issue?.message ?? CUSTOMER_PAGE_MESSAGES.required, String(issue?.path[0] ?? ''));
    }
    const input: BrandingInput = parsed.data;
    await saveBranding(db, caller.id, {
      name: input.name,
      color: input.color.toLowerCase(),
      whatsapp: input.whatsapp ? (brazilianWhatsapp(input.whatsapp) ?? '') : '',
      logo: input.logo === undefined ? undefined : input.logo === null ? null : parseLogo(input.logo),
    });
    return get(caller, panelBaseUrl);
  }

  /** The logo's bytes and type, or undefined when the account has none. */
  async function logo(accountId: number): Promise<{ type: string; bytes: Buffer } | undefined> {
    const row = await findBranding(db, accountId);
    if (!row?.logoType || !row.logoBase64) return undefined;
    return { type: row.logoType, bytes: Buffer.from(row.logoBase64, 'base64') };
  }

  return { get, save, logo };
}

export type BrandingService = ReturnType<typeof createBrandingService>;

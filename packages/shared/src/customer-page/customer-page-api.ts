import { z } from 'zod';
import { SETUP_APPS } from '../setup-messages/setup-apps';
import { PAYMENT_STATES } from '../payments/payments-api';
import { brazilianWhatsapp } from './brand-whatsapp';
import { CUSTOMER_PAGE_MESSAGES } from './customer-page-messages';

/**
 * The customer page's API (decision 0175): a line's customer signs in with the line's username and
 * password, or an activation code, on its reseller's verified domain (at '/') or at the panel's
 * '/cliente'. The same paths answer on both hosts. Schemas for the server; the page imports the types only.
 */

// ---- Branding (set by the reseller on its profile, 'Página do cliente') ------------------------------

export const BRAND_NAME_MAX = 40;
export const BRAND_LOGO_MAX_BYTES = 200 * 1024;
export const BRAND_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The panel's own colour, used when a reseller chose none. */
export const DEFAULT_BRAND_COLOR = '#1c7ed6';

export const customerBrandSchema = z.object({
  name: z.string(),
  /** '#rrggbb'. */
  color: z.string(),
  /** Same-origin path of the logo, or null. */
  logo_url: z.string().nullable(),
  /** 'https://wa.me/55…', or null when the reseller gave no number. */
  whatsapp_url: z.string().nullable(),
});
export type CustomerBrand = z.infer<typeof customerBrandSchema>;

// ---- Sign in ----------------------------------------------------------------------------------------

const required = (max: number) =>
  z
    .string({ error: CUSTOMER_PAGE_MESSAGES.required })
    .trim()
    .min(1, CUSTOMER_PAGE_MESSAGES.required)
    .max(max, CUSTOMER_PAGE_MESSAGES.invalidCredentials);

/** POST session: the line's username and password, or an activation code (spaces and hyphens allowed). */
export const customerSignInSchema = z.union([
  z.object({ username: required(100), password: required(100) }),
  z.object({ code: required(40) }),
]);
export type CustomerSignIn = z.infer<typeof customerSignInSchema>;

// ---- Overview ---------------------------------------------------------------------------------------

export const CUSTOMER_LINE_STATUSES = ['active', 'expired', 'blocked', 'not_activated'] as const;
export type CustomerLineStatus = (typeof CUSTOMER_LINE_STATUSES)[number];

export const customerPaymentSchema = z.object({
  id: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** Reais, decimal string ('25.90'). */
  amount: z.string(),
  package_name: z.string().nullable(),
  months: z.number().int().nullable(),
  /** 'PIX copia e cola'; null once the payment no longer waits. */
  pix_code: z.string().nullable(),
  /** The QR code of pix_code as a 'data:image/svg+xml;base64,…' URL; null with pix_code. */
  pix_qr: z.string().nullable(),
  /** Static PIX: the reseller confirms by hand (the page says so). */
  manual_confirmation: z.boolean(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  renewed_at: z.string().nullable(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

export const customerOverviewSchema = z.object({
  line: z.object({
    username: z.string(),
    /** 1 IPTV, 2 P2P, 3 hybrid. */
    system: z.number().int(),
    status: z.enum(CUSTOMER_LINE_STATUSES),
    /** ISO 8601; null while an activation code waits for its first use. */
    exp_date: z.string().nullable(),
    max_connections: z.number().int(),
    is_trial: z.boolean(),
  }),
  /** The devices playing now. */
  watching: z.array(
    z.object({
      started_at: z.string(),
      /** The app, from its user agent, when known. */
      device: z.string().nullable(),
      /** What is playing, when known. */
      title: z.string().nullable(),
    }),
  ),
  /** The line's addresses, each with a label ('Servidor (Xtream)', 'Lista M3U', 'Guia (EPG)'…). */
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  /** The setup messages of the apps that fit the line (not the renewal one), with their QR code. */
  apps: z.array(
    z.object({
      app: z.enum(SETUP_APPS),
      label: z.string(),
      text: z.string(),
      /** The QR code of the app's playlist address, as a data URL; null when the app has none. */
      qr: z.string().nullable(),
    }),
  ),
  /** The branding of the line's reseller (who sells and receives). */
  brand: customerBrandSchema,
  renewal: z.object({
    /** The plans the reseller sells online, with its price; empty: 'renewUnavailable'. */
    options: z.array(
      z.object({
        package_id: z.number().int(),
        name: z.string(),
        months: z.number().int(),
        price: z.string(),
      }),
    ),
    /** The latest payment still waiting, or paid with the renewal pending; null when none. */
    current: customerPaymentSchema.nullable(),
  }),
});
export type CustomerOverview = z.infer<typeof customerOverviewSchema>;

export const customerRenewalInputSchema = z.object({
  package_id: z
    .number({ error: CUSTOMER_PAGE_MESSAGES.required })
    .int(CUSTOMER_PAGE_MESSAGES.required)
    .min(1, CUSTOMER_PAGE_MESSAGES.required)
    .max(2_147_483_647, CUSTOMER_PAGE_MESSAGES.required),
});
export type CustomerRenewalInput = z.infer<typeof customerRenewalInputSchema>;

// ---- Branding on the reseller's profile (panel API) ----------------------------------------------------

/** GET/PUT /api/profile/branding. The logo travels as a data URL; null removes it, absent keeps it. */
export const brandingInputSchema = z.object({
  name: z.string().trim().max(BRAND_NAME_MAX, CUSTOMER_PAGE_MESSAGES.brandNameMax),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, CUSTOMER_PAGE_MESSAGES.brandColorInvalid)
    .or(z.literal('')),
  /** Empty: no WhatsApp button; else a Brazilian number (brazilianWhatsapp), stored as its digits with 55. */
  whatsapp: z
    .string()
    .trim()
    .max(20, CUSTOMER_PAGE_MESSAGES.brandWhatsappInvalid)
    .refine(
      (value) => value === '' || brazilianWhatsapp(value) !== undefined,
      CUSTOMER_PAGE_MESSAGES.brandWhatsappInvalid,
    ),
  logo: z.string().max(300_000, CUSTOMER_PAGE_MESSAGES.brandLogoInvalid).nullable().optional(),
});
export type BrandingInput = z.infer<typeof brandingInputSchema>;

export const brandingSchema = z.object({
  name: z.string(),
  color: z.string(),
  whatsapp: z.string(),
  logo_url: z.string().nullable(),
  /** Where this reseller's customers sign in (decision 0173). */
  customer_page_url: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;

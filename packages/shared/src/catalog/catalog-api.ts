import { FIELD_MESSAGES } from '../validation/field-messages';
import { z } from 'zod';
import { MAX_ID, orderBySchema, pageSchema, perSchema, listResponseSchema } from '../lists/list-query';
import { creditsStringSchema } from '../money/credits';

/** Texts of the package and bouquet forms and of the server's refusals on them. */
export const CATALOG_MESSAGES = {
  required: FIELD_MESSAGES.required,
  nameMax: 'Máximo de 80 caracteres',
  creditsInvalid: 'Informe um valor de créditos válido (ex: 1.50)',
  durationInvalid: 'Informe a duração em meses (1 a 120)',
  trialHoursInvalid: 'Informe a duração do teste em horas (1 a 720)',
  idTaken: 'Já existe um pacote com este ID.',
  packageInUse: 'Este pacote está em uso por usuários e não pode ser removido.',
  packageFixed: 'Este pacote faz parte do sistema e não pode ser removido.',
  packageTrialFixed: 'O tipo (teste ou normal) deste pacote do sistema não pode ser alterado.',
  bouquetInUse: 'Este bouquet está em uso por usuários e não pode ser removido.',
} as const;

/** One package (docs/product/entities.md#package). Credits are a two-decimal string; a trial lasts `trial_hours`. */
export const packageSchema = z.object({
  id: z.number().int(),
  package_name: z.string(),
  is_trial: z.boolean(),
  is_adult: z.boolean(),
  /** Months a normal package adds (0 for trials). */
  official_duration: z.number().int(),
  official_credits: creditsStringSchema,
  trial_hours: z.number().int().nullable(),
  is_default: z.boolean(),
  active: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

const nameSchema = z
  .string({ error: CATALOG_MESSAGES.required })
  .trim()
  .min(1, CATALOG_MESSAGES.required)
  .max(80, CATALOG_MESSAGES.nameMax);

/** "1", "1.5", "1.50" or a number; at most 10.000 credits; stored exactly (numeric). */
const packageCreditsSchema = z
  .union([z.string(), z.number()], { error: CATALOG_MESSAGES.creditsInvalid })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, CATALOG_MESSAGES.creditsInvalid)
      .refine((value) => Number(value) <= 10_000, CATALOG_MESSAGES.creditsInvalid),
  );

const packageFields = {
  package_name: nameSchema,
  is_trial: z.boolean().default(false),
  is_adult: z.boolean().default(false),
  official_duration: z
    .number({ error: CATALOG_MESSAGES.durationInvalid })
    .int(CATALOG_MESSAGES.durationInvalid)
    .min(0, CATALOG_MESSAGES.durationInvalid)
    .max(120, CATALOG_MESSAGES.durationInvalid)
    .default(1),
  official_credits: packageCreditsSchema,
  trial_hours: z
    .number({ error: CATALOG_MESSAGES.trialHoursInvalid })
    .int(CATALOG_MESSAGES.trialHoursInvalid)
    .min(1, CATALOG_MESSAGES.trialHoursInvalid)
    .max(720, CATALOG_MESSAGES.trialHoursInvalid)
    .nullable()
    .default(null),
  /** Setting a package as default makes every other one non-default. */
  is_default: z.boolean().default(false),
  active: z.boolean().default(true),
};

function refinePackage(
  value: { is_trial: boolean; official_duration: number; trial_hours: number | null },
  context: z.RefinementCtx,
): void {
  if (value.is_trial && value.trial_hours === null) {
    context.addIssue({ code: 'custom', path: ['trial_hours'], message: CATALOG_MESSAGES.trialHoursInvalid });
  }
  if (!value.is_trial && value.official_duration < 1) {
    context.addIssue({
      code: 'custom',
      path: ['official_duration'],
      message: CATALOG_MESSAGES.durationInvalid,
    });
  }
}

/** POST /api/packages (admin). Ids are fixed by the spec for some packages, so one may be given. */
export const newPackageSchema = z
  .object({ id: z.number().int().min(1).max(MAX_ID).optional(), ...packageFields })
  .superRefine(refinePackage);
export type NewPackageInput = z.input<typeof newPackageSchema>;
export type NewPackage = z.output<typeof newPackageSchema>;

/** PUT /api/packages/:id (admin): the whole package. */
export const editPackageSchema = z.object(packageFields).superRefine(refinePackage);
export type EditPackageInput = z.input<typeof editPackageSchema>;
export type EditPackage = z.output<typeof editPackageSchema>;

export const PACKAGE_ORDER_FIELDS = ['id', 'package_name', 'official_credits', 'official_duration'] as const;
export const packageListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(PACKAGE_ORDER_FIELDS, { field: 'id', direction: 'asc' }),
});
export const packageListSchema = listResponseSchema(packageSchema);
export type PackageList = z.infer<typeof packageListSchema>;

/** Channel groups a line can see. */
export const bouquetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
  is_adult: z.boolean(),
});
export type Bouquet = z.infer<typeof bouquetSchema>;

export const bouquetInputSchema = z.object({
  name: nameSchema,
  sort_order: z.number().int().min(0).max(100_000).default(0),
  is_adult: z.boolean().default(false),
});
export type BouquetInput = z.input<typeof bouquetInputSchema>;

export const BOUQUET_ORDER_FIELDS = ['id', 'name', 'sort_order'] as const;
export const bouquetListQuerySchema = z.object({
  page: pageSchema,
  per: perSchema,
  order_by: orderBySchema(BOUQUET_ORDER_FIELDS, { field: 'sort_order', direction: 'asc' }),
});
export const bouquetListSchema = listResponseSchema(bouquetSchema);
export type BouquetList = z.infer<typeof bouquetListSchema>;

/** GET /api/complements (docs/product/entities.md#complements): what the forms of the panel need in one call. */
export const complementsSchema = z.object({
  /** Member groups: 1 admin, 2 reseller (docs/product/roles.md). */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
  /** Active packages: IPTV (every normal one), trial, and P2P (the fixed ids 17, 42, 53, 55, 57). */
  packages: z.object({
    iptv: z.array(packageSchema),
    trial: z.array(packageSchema),
    p2p: z.array(packageSchema),
  }),
  bouquets: z.array(bouquetSchema),
  /** Unix seconds. */
  server_time: z.number().int(),
});
export type Complements = z.infer<typeof complementsSchema>;

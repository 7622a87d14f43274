import { z } from 'zod';
import { avatarSchema } from './avatars';

export const ACCOUNT_TYPES = ['admin', 'publisher', 'reseller'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const flag = z.union([z.literal(0), z.literal(1)]);

/** GET /api/profile. `status: true` tells the panel the login is alive (docs/product/rules.md#sessions). */
export const profileSchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  avatar: z.string(),
  credits: z.string(),
  bonus_credits: z.string(),
  dark_mode: flag,
  mobile_table_mode: flag,
  member_group_id: z.number().int(),
  is_publisher: flag,
  type: z.enum(ACCOUNT_TYPES),
  /** The reseller's low-balance alert (decision 0174): the top bar warns while `credits` is below it. */
  low_balance_threshold: z.string().nullable().default(null),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/profile: any subset of the three preferences. */
export const profileUpdateSchema = z
  .object({
    dark_mode: flag.optional(),
    mobile_table_mode: flag.optional(),
    avatar: avatarSchema.optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

import { resolve } from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Every setting comes from a validated environment variable; nothing else configures the server. */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText,
    DATA_DIR: z.string().default('./data'),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    ADMIN_PASSWORD: optionalText,
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
    RECAPTCHA_SITE_KEY: optionalText,
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
    SIGNING_SECRET: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
    SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
    SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  })
  .superRefine((value, context) => {
    if (value.CAPTCHA_PROVIDER === 'recaptcha' && (!value.RECAPTCHA_SITE_KEY || !value.RECAPTCHA_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message: 'CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

import { z } from 'zod'

/**
 * The runtime contract (DESIGN.md): every setting comes from the environment,
 * secrets only from there. Read once; `envProblem()` tells start-up what is wrong.
 */
const DEV_SECRET = 'dev-only-secret-change-me-in-production'

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URI: z.string().min(1).default('file:./data/boosters.db'),
  PAYLOAD_SECRET: z.string().optional(),
  SERVER_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  RATE_LIMIT_FORMS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** Signs Stripe's webhook calls; unset → POST /api/stripe/webhook answers 404 (docs/payments.md). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** e.g. smtps://user:pass@smtp.example.org:465; unset → no email is sent and the admin is told. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lady Hawks Boosters <no-reply@localhost>'),
  /** First retry delay of a failed email; doubles on each attempt (cms/email/outbox.ts). */
  EMAIL_RETRY_MS: z.coerce.number().int().min(10).default(60_000),
  /** The club's time zone: game times are wall-clock times there (calendar feed, "upcoming"). */
  CLUB_TIME_ZONE: z
    .string()
    .default('America/Chicago')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'Not an IANA time zone (e.g. America/Chicago)'),
})

const parsed = schema.safeParse(process.env)
const raw = parsed.success ? parsed.data : schema.parse({})
const isProduction = raw.NODE_ENV === 'production'

export const env = {
  ...raw,
  isProduction,
  isTest: raw.NODE_ENV === 'test',
  PAYLOAD_SECRET: raw.PAYLOAD_SECRET || DEV_SECRET,
  /** Filled in by the server once it listens when PORT=0 (tests). */
  SERVER_URL: (raw.SERVER_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
  isMongo: /^mongodb(\+srv)?:\/\//.test(raw.DATABASE_URI),
}

/** One line explaining why the server must not start, or null. */
export function envProblem(): string | null {
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `Invalid environment: ${issue.path.join('.')}: ${issue.message}`
  }
  if (isProduction && !raw.PAYLOAD_SECRET) {
    return 'PAYLOAD_SECRET must be set when NODE_ENV=production (a long random string, e.g. `openssl rand -hex 32`).'
  }
  if (isProduction && (raw.PAYLOAD_SECRET === DEV_SECRET || /test|change-?me|example/i.test(raw.PAYLOAD_SECRET ?? ''))) {
    return 'PAYLOAD_SECRET is a development or test value; set a long random string for production.'
  }
  if (isProduction && raw.PAYLOAD_SECRET && raw.PAYLOAD_SECRET.length < 32) {
    return 'PAYLOAD_SECRET must be at least 32 characters long in production.'
  }
  return null
}

import { existsSync } from 'node:fs'
import { z } from 'zod'
import { DEFAULT_CLUB_TIME_ZONE, todayIn } from '#shared/clubDay'
import { estimatedEntropyBits } from './secretStrength'

/**
 * The runtime contract (docs/DESIGN.md): every setting comes from the environment,
 * secrets only from there. Read once; `envProblem()` tells start-up what is wrong.
 *
 * Every server command (`npm start`, `node dist/server.mjs`, the backup, restore and admin commands) reads `.env`
 * from the folder it runs in when there is one, as compose does: a server started by hand gets the same settings as
 * the one compose starts. A variable already in the environment wins over the file. Test servers get their whole
 * environment from the harness (NODE_ENV=test), never from a developer's `.env`.
 */
if (process.env.NODE_ENV !== 'test' && existsSync('.env')) process.loadEnvFile('.env')

const DEV_SECRET = 'dev-only-secret-change-me-in-production'

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback)

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URI: z.string().min(1).default('file:./data/boosters.db'),
  PAYLOAD_SECRET: z.string().optional(),
  SERVER_URL: z.string().url().optional(),
  /** demo: sample content, only into an empty database (cms/db/seed.ts); unset: demo in development, none in production. */
  SEED: z.enum(['demo', 'none']).optional(),
  /** open: the first admin is made in the web dialog (the spec's); closed: only on the server (`admin-create`). */
  WEB_SETUP: z.enum(['open', 'closed']).default('open'),
  RATE_LIMIT_FORMS: positiveInt(20),
  RATE_LIMIT_LOGIN: positiveInt(30),
  /** Recovery requests, reset links and sign-in links tried per IP per 15 minutes (besides RATE_LIMIT_LOGIN). */
  RATE_LIMIT_RECOVERY: positiveInt(10),
  /** Failed logins per account in one hour, from all sources together, before it refuses new devices. */
  LOGIN_ACCOUNT_CEILING: positiveInt(100),
  /** The first wait after the free failed logins of one source, doubling after (tests lengthen it so no answer races the clock). */
  LOGIN_FIRST_WAIT_SECONDS: positiveInt(1),
  /** Minutes without a request after which a session ends (the 12 h cap applies as well). */
  SESSION_IDLE_MINUTES: positiveInt(30),
  /** Days the audit log keeps a row. */
  AUDIT_RETENTION_DAYS: positiveInt(365),
  /**
   * Tests only (ignored unless NODE_ENV=test): the time the periodic tasks (pruning) take as now,
   * so a test can run them a month ahead instead of writing old rows into the database.
   */
  TEST_TASK_CLOCK: z.string().datetime().optional(),
  /**
   * Tests only (ignored unless NODE_ENV=test): `off` empties Payload's own list of origins whose cookie it honours, so a
   * test of cross-site writes proves our check (cms/security/csrf.ts) refuses them, not Payload's.
   */
  TEST_PAYLOAD_CSRF: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** The external giving platform /donate links to; an admin's site text (giving/platformUrl) wins over it. Unset: no link. */
  GIVING_PLATFORM_URL: z.string().url().or(z.literal('')).default(''),
  /** Stripe's embedded buy button: card payments are on only when both are set (README "Card payments"). */
  STRIPE_BUY_BUTTON_ID: z.string().trim().default(''),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().default(''),
  /** A second buy button with a monthly price (docs/payments.md "Monthly gifts"). */
  STRIPE_MONTHLY_BUY_BUTTON_ID: z.string().trim().default(''),
  /** The social profiles' defaults; an admin's site texts (social/facebook, social/instagram) win over them. */
  FACEBOOK_URL: z.string().url().or(z.literal('')).default('https://www.facebook.com/ladyhawksboosters'),
  INSTAGRAM_URL: z.string().url().or(z.literal('')).default('https://www.instagram.com/ladyhawksboosters'),
  /** Signs Stripe's webhook calls; unset → POST /api/stripe/webhook answers 404 (docs/payments.md). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * A restricted, read-only Stripe key (balance transactions, payouts, payment intents: Read): each card gift then
   * records Stripe's fee and net amount, and each payout the gifts it carries (docs/payments.md "Stripe payouts").
   */
  STRIPE_SECRET_KEY: z.string().trim().default(''),
  /** Tests only (ignored unless NODE_ENV=test): the local stand-in for Stripe's API (testing/stripeApi.ts), e.g. http://127.0.0.1:4242. */
  TEST_STRIPE_API: z.string().url().optional(),
  /**
   * A restricted Stripe key allowed only to create Checkout Sessions (Write on Checkout Sessions): families then pay
   * membership dues by card on Stripe's page (docs/MEMBERSHIP.md "Paying"). Unset: /join gives the cash and check instructions.
   */
  STRIPE_CHECKOUT_KEY: z.string().trim().default(''),
  /** The customer portal's login link (Stripe Dashboard → Customer portal), put in every monthly gift's receipt. */
  STRIPE_PORTAL_URL: z.string().url().or(z.literal('')).optional(),
  /** e.g. smtps://user:pass@smtp.example.org:465; unset → no email is sent and the admin is told. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lady Hawks Boosters <no-reply@localhost>'),
  /** Messages sent per hour at most, by all processes together (cms/outbox/outbox.ts); 0: no limit. */
  EMAIL_PER_HOUR: z.coerce.number().int().min(0).default(0),
  /** First retry delay of a failed email; doubles on each attempt (cms/outbox/outbox.ts). */
  EMAIL_RETRY_MS: z.coerce.number().int().min(10).default(60_000),
  /** Where the uploads (media/) and the local backups (backups/) are kept; empty: beside the SQLite database file, or ./data on MongoDB. */
  DATA_DIR: z.string().default(''),
  /** Hours between the scheduled backups of the database and uploads (cms/db/backups.ts); 0: none. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).default(24),
  /** The hour (0–23, in CLUB_TIME_ZONE) the scheduled backups keep to: nightly at 3 by default (cms/db/backups.ts nextBackupAt). */
  BACKUP_AT: z.coerce.number().int().min(0).max(23).default(3),
  /** How many backups of each kind (scheduled, before migrations) are kept; older ones are deleted. */
  BACKUP_KEEP: positiveInt(7),
  /** S3-compatible storage for the scheduled backups, path style: https://<endpoint>/<bucket>[/<folder>]. Unset: data/backups. */
  BACKUP_S3_URL: z.string().url().or(z.literal('')).default(''),
  BACKUP_S3_ACCESS_KEY_ID: z.string().default(''),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** The storage's region (e.g. us-east-1); empty: guessed from the address (AWS, R2), else us-east-1. */
  BACKUP_S3_REGION: z.string().default(''),
  /** The address the server listens on; empty: every interface (what a container needs; compose publishes it on 127.0.0.1). */
  HOST: z.string().default(''),
  /** Writes are refused (503) while the data folder's disk has less than this many MB free (cms/http/storage.ts). */
  DISK_RESERVE_MB: z.coerce.number().min(0).default(100),
  /** The club's time zone: game times are wall-clock times there (calendar feed, "upcoming"). */
  CLUB_TIME_ZONE: z
    .string()
    .default(DEFAULT_CLUB_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'Not an IANA time zone (e.g. America/Chicago)'),
})

/** Every setting the server reads (README "Configuration", .env.example: cms/env.unit.test.ts keeps the three the same). */
export const SETTING_NAMES = Object.keys(schema.shape)

// An empty value (`MAIL_FROM=` in .env) means the default, as if unset.
const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')))
const raw = parsed.success ? parsed.data : schema.parse({})
const isProduction = raw.NODE_ENV === 'production'

export const env = {
  ...raw,
  /** Demo content only where asked for: explicitly in production, by default elsewhere (a first `npm start`). */
  SEED: raw.SEED ?? (isProduction ? 'none' : 'demo'),
  /** SEED was set, not defaulted: a refused seed is then worth a warning (cms/db/seed.ts). */
  seedExplicit: raw.SEED !== undefined,
  isProduction,
  isTest: raw.NODE_ENV === 'test',
  /** What the periodic tasks take as now: the clock, or TEST_TASK_CLOCK in tests. */
  taskNow: () => (raw.NODE_ENV === 'test' && raw.TEST_TASK_CLOCK ? Date.parse(raw.TEST_TASK_CLOCK) : Date.now()),
  PAYLOAD_SECRET: raw.PAYLOAD_SECRET || DEV_SECRET,
  /** Filled in by the server once it listens when PORT=0 (tests). */
  SERVER_URL: (raw.SERVER_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
  isMongo: /^mongodb(\+srv)?:\/\//.test(raw.DATABASE_URI),
}

/** The club's calendar day (YYYY-MM-DD in CLUB_TIME_ZONE) of an instant, now by default: a gift's day (docs/payments.md). */
export const clubDayOf = (instant: number | Date = Date.now()) => todayIn(env.CLUB_TIME_ZONE, instant)

/** A start refused before anything was written: cms/server.ts says why in one line. */
export class StartRefused extends Error {}

/** One line explaining why the server must not start, or null. */
export function envProblem(): string | null {
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `Invalid environment: ${issue.path.join('.')}: ${issue.message}`
  }
  const proxyProblem = trustProxyProblem(raw.TRUST_PROXY)
  if (proxyProblem) return proxyProblem
  if (raw.BACKUP_S3_URL && !(raw.BACKUP_S3_ACCESS_KEY_ID && raw.BACKUP_S3_SECRET_ACCESS_KEY))
    return "BACKUP_S3_URL is set: BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set too (the storage's access key)."
  if (!isProduction) return null
  const senderProblem = mailFromProblem()
  if (senderProblem) return senderProblem
  const secret = raw.PAYLOAD_SECRET
  if (!secret) return 'PAYLOAD_SECRET must be set when NODE_ENV=production (a long random string, e.g. `openssl rand -hex 32`).'
  if (secret === DEV_SECRET || /test|change-?me|example/i.test(secret)) {
    return 'PAYLOAD_SECRET is a development or test value; set a long random string for production.'
  }
  if (secret.length < 32) return 'PAYLOAD_SECRET must be at least 32 characters long in production.'
  const bits = estimatedEntropyBits(secret)
  if (bits < MIN_SECRET_BITS) {
    return `PAYLOAD_SECRET is too predictable (about ${Math.floor(bits)} bits of randomness, ${MIN_SECRET_BITS} needed): make one with \`openssl rand -hex 32\`.`
  }
  return null
}

/**
 * Production mail needs a real sender of the club's own domain (docs/EMAIL.md): without one, receipts would leave
 * "from" no-reply@localhost, which every provider refuses or files as spam.
 */
function mailFromProblem(): string | null {
  if (!raw.SMTP_URL) return null
  const address = /<([^>]+)>/.exec(raw.MAIL_FROM)?.[1] ?? raw.MAIL_FROM
  const domain = address.split('@')[1]?.trim().toLowerCase() ?? ''
  if (!process.env.MAIL_FROM?.trim() || !domain || /(^|\.)(localhost|localdomain|example\.(org|com|net)|invalid|test)$/.test(domain)) {
    return `MAIL_FROM must be set to a real address of the club's domain when SMTP_URL is set in production (it is "${raw.MAIL_FROM}"), e.g. MAIL_FROM="Lady Hawks Boosters <receipts@your-club.org>"; docs/EMAIL.md.`
  }
  return null
}

/** 128 bits: beyond any guessing; `openssl rand -hex 32` carries 256 (cms/secretStrength.ts). */
const MIN_SECRET_BITS = 128

/**
 * TRUST_PROXY names the proxy (addresses, subnets or `loopback`,
 * `uniquelocal`, `linklocal`), never a hop count: with a count, a client that
 * reaches the app directly could write its own X-Forwarded-For and pick any
 * address, escaping every per-IP limit.
 */
function trustProxyProblem(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null
  if (/^\s*(\d+|true)\s*$/i.test(value)) {
    return `TRUST_PROXY must list the proxy's own addresses (e.g. "loopback" or "172.28.0.1"), not "${value.trim()}": a hop count lets direct clients forge their address.`
  }
  const named = new Set(['loopback', 'linklocal', 'uniquelocal'])
  for (const part of value.split(',').map((p) => p.trim())) {
    if (!named.has(part) && !/^[0-9a-f:.]+(\/\d{1,3})?$/i.test(part)) {
      return `TRUST_PROXY: "${part}" is not an IP address, a subnet or loopback/linklocal/uniquelocal.`
    }
  }
  return null
}

/** The Express `trust proxy` setting: only the listed proxy addresses, or nobody. */
export const trustProxySetting = (): string | false => (raw.TRUST_PROXY?.trim() ? raw.TRUST_PROXY.trim() : false)

import { BUSINESS_TYPES } from './businessTypes'
import { MONEY_PATTERN, normalizeMoney } from './money'
import { isNotGiven } from './notGiven'
import { APPLICATION_STATUSES, CONTACT_STATUSES, MONEY_STATUSES, PAYMENT_METHODS, SPONSORSHIP_LEVELS, VOID_CATEGORIES } from './payments'
import { z } from './zod'
import { TEXT_FLAG_VALUES } from './textFlag'

/**
 * One schema per payload the server accepts (docs/API.md; rules pinned by schemas.unit.test.ts). Pure zod: the browser
 * imports these too, so a form and its endpoint agree on every rule.
 * Objects strip unknown keys: a `status` or `role` sent by a client is dropped.
 */

const text = (max: number) => z.string().trim().min(1).max(max)
/** Optional free text: not given (shared/notGiven.ts) is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (isNotGiven(v) ? null : v))
/**
 * Any optional field: given empty ('' or blank, or null) it is null, as the collections store it
 * (cms/hooks/notGiven.ts); left out, it stays out (an edit keeps it).
 */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v !== undefined && isNotGiven(v) ? null : v), schema.nullish())
/** An optional field whose collection has a default: given empty it is that default, as the collections store it. */
const orDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  z.preprocess((v) => (v !== undefined && isNotGiven(v) ? fallback : v), schema.optional())
const email = z.string().trim().max(254).pipe(z.email())
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email().nullable())

/** What a visitor reads when a website is not a full https:// address (the sponsor form, both with and without JavaScript). */
export const WEBSITE_MESSAGE = 'Enter the full address starting with https://, for example https://example.com'

/** A website we may link to: https, a host with a dot, nothing else (no "not a url", no http:, no javascript:). */
export function isHttpsAddress(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false
  try {
    const { protocol, hostname } = new URL(value)
    return protocol === 'https:' && /^[^.]+(\.[^.]+)+$/.test(hostname)
  } catch {
    return false
  }
}

/**
 * "whitfieldhardware.com" → "https://whitfieldhardware.com": a website typed without its scheme is completed, as people
 * write them on a card; one with a scheme (http:, javascript:) is kept as typed, for isHttpsAddress to judge.
 */
export const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`)

/** An optional website: empty means "not given", a bare address gets https://, anything else must be an https:// address. */
const optionalWebsite = (max: number) =>
  optionalText(max)
    .transform((v) => (v === null ? null : withScheme(v)))
    .refine((v) => v === null || isHttpsAddress(v), { message: WEBSITE_MESSAGE })

/** A positive-or-zero amount with at most 2 decimals, given as a string or number. */
export const money = z
  .union([z.string(), z.number()])
  .refine((v) => MONEY_PATTERN.test(typeof v === 'number' ? String(v) : v.trim()), {
    message: 'Must be an amount in dollars with at most 2 decimals, up to 99999999.99',
  })
  .transform((v) => normalizeMoney(v))

const positiveMoney = money.refine((v) => v !== '0.00', { message: 'Must be greater than 0' })

/** Integers arrive from forms as numbers or numeric strings; anything else is left for z.number() to refuse. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v), z.number().int().min(min).max(max))
/** A required whole number: not given is "Required" (on an edit too), never a silent 0. */
const integer = (min: number, max: number) => z.preprocess((v) => (isNotGiven(v) ? undefined : v), wholeNumber(min, max))
/** A score from a form: a number, a numeric string, or empty / null for "not played yet". */
const score = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === '' || v === null ? null : Number(v)))
  .pipe(z.number().int().min(0).max(999).nullable())

const booleanText = z.enum(TEXT_FLAG_VALUES)

// Auth -----------------------------------------------------------------------

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 256

export const setupSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(USERNAME_PATTERN, { message: 'Use only letters, numbers, dots, dashes and underscores' }),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  email: optionalEmail,
})

/** A second-factor code: 6 digits from the authenticator app, or a recovery code (xxxxx-xxxxx). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter the 6-digit code from your authenticator app, or a recovery code' })
  .max(40, { message: 'That is not an authentication code' })

export const loginSchema = z.object({
  username: z.string().trim().min(1).max(50),
  password: z.string().min(1).max(PASSWORD_MAX),
  /** Only for accounts with two-factor sign-in on (docs/API.md); asked for after the password. */
  code: secondFactorCodeSchema.optional(),
  /** Only for an account made on the server (`admin-create`): its own password, asked for after the one it was given. */
  newPassword: z.string().min(1).max(PASSWORD_MAX).optional(),
})

/** Two-factor sign-in (SECURITY.md §1): confirm the enrolment or new recovery codes with a code; turning it off also needs the password. */
export const secondFactorConfirmSchema = z.object({ code: secondFactorCodeSchema })
export const secondFactorDisableSchema = z.object({
  password: z.string().min(1, { message: 'Enter your password' }).max(PASSWORD_MAX),
  code: secondFactorCodeSchema,
})
export const securitySettingsSchema = z.object({ requireTotpForAdmins: z.boolean() })

export const unlockSchema = z.object({ username: loginSchema.shape.username })

/** Account recovery by email (docs/API.md): the request, then the new password with the link's token. */
export const recoveryRequestSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254) })
export const recoveryResetSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{1,200}$/i, { message: 'Invalid link' }),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
})

/** A staff invitation sent again (cms/api/auth.ts): mailed, or with `link` its link answered to pass on by hand. */
export const invitationSchema = z.object({ link: z.boolean().optional() })

/** A signed-in account's new email (POST /api/admin/email). */
export const emailChangeSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254) })

/** A new email address's confirmation link (/admin?confirm-email=…, cms/auth/recovery.ts). */
export const emailConfirmSchema = z.object({ token: z.string().regex(/^[0-9a-f]{20,200}$/i, { message: 'Invalid link' }) })

/** A one-time sign-in link's token (/admin/login?signin=…, cms/auth/signInLink.ts). */
export const signInLinkSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, { message: 'Invalid link' }) })

export const passwordChangeSchema = z.object({
  currentPassword: loginSchema.shape.password,
  newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
})

// Admin lists ----------------------------------------------------------------

/** Admin lists answer one page: at most LIST_LIMIT_MAX records (docs/API.md). */
export const LIST_LIMIT_DEFAULT = 50
export const LIST_LIMIT_MAX = 100

export const listPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
})

// Public forms ---------------------------------------------------------------

export const contactSchema = z.object({
  name: text(200),
  email,
  message: text(5000),
})

export { BUSINESS_TYPES }

export { SPONSORSHIP_LEVELS }

export const sponsorApplicationSchema = z.object({
  contactName: text(200),
  contactEmail: email,
  contactPhone: text(40),
  companyName: text(200),
  companyAddress: text(500),
  companyWebsite: optionalWebsite(300),
  companyTwitter: optionalText(100),
  companyInstagram: optionalText(100),
  businessType: z.enum(BUSINESS_TYPES),
  sponsorshipLevel: z.enum(SPONSORSHIP_LEVELS),
  notes: optionalText(2000),
})

// Admin ----------------------------------------------------------------------

export const campaignSchema = z.object({
  name: text(200),
  description: text(5000),
  goalAmount: positiveMoney,
  imageUrl: optionalText(500),
})

/** An update may also end a campaign or reflect offline gifts. */
export const campaignUpdateSchema = campaignSchema.partial().extend({
  currentAmount: money.optional(),
  isActive: booleanText.optional(),
})

export const teamMemberSchema = z.object({
  name: text(100),
  jerseyNumber: integer(0, 99),
  position: text(50),
  grade: text(20),
  height: optionalText(20),
  bio: optionalText(2000),
  imageUrl: optionalText(500),
  // A photo uploaded to Payload's media collection (the portal's Team dialog): the record's imageUrl is filled from it.
  image: z.string().trim().min(1).max(100).nullable().optional(),
  displayOrder: orDefault(wholeNumber(0, 10_000), 0),
  // Consent switches for minors (shared/roster.ts): false always hides the photo / the last name.
  showPhoto: z.boolean().nullable().optional(),
  showFullName: z.boolean().nullable().optional(),
})
/** The admin API says jerseyNumber; the record stores number (docs/PRODUCT.md, Records). */
export function teamMemberRecord<T extends { jerseyNumber: number }>(input: T): Omit<T, 'jerseyNumber'> & { number: number }
export function teamMemberRecord<T extends { jerseyNumber?: number }>(input: T): Omit<T, 'jerseyNumber'> & { number?: number }
export function teamMemberRecord({ jerseyNumber, ...rest }: { jerseyNumber?: number }) {
  return jerseyNumber === undefined ? rest : { ...rest, number: jerseyNumber }
}

export const teamMemberUpdateSchema = teamMemberSchema.partial()

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const isoDate = z
  .string()
  .trim()
  .regex(DATE_PATTERN, { message: 'Use the date format YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'Not a real calendar date',
  })

export const gameSchema = z.object({
  opponent: text(255),
  gameDate: isoDate,
  gameTime: text(10),
  location: text(255),
  isHome: z.boolean().default(true),
  ourScore: score.optional().transform((v) => v ?? null),
  opponentScore: score.optional().transform((v) => v ?? null),
  /** Shown under the game on the site, e.g. "Free admission". */
  note: optionalText(255),
  cancelled: z.boolean().default(false),
})
export const gameUpdateSchema = z.object({
  opponent: text(255).optional(),
  gameDate: isoDate.optional(),
  gameTime: text(10).optional(),
  location: text(255).optional(),
  isHome: z.boolean().optional(),
  ourScore: score.optional(),
  opponentScore: score.optional(),
  note: optionalText(255).optional(),
  cancelled: z.boolean().optional(),
})

/** A level's benefits, one a line; blank lines dropped. */
const benefitLines = z
  .array(z.string().trim().max(200))
  .max(30)
  .transform((list) => list.filter((b) => b.length > 0))

export const sponsorshipTierSchema = z.object({
  name: text(100),
  amount: positiveMoney,
  color: text(30).default('green'),
  description: optionalText(2000),
  benefits: benefitLines.default([]),
  displayOrder: orDefault(wholeNumber(0, 10_000), 0).default(0),
  /** The public level this tier is (bronze, silver, gold), if any. */
  level: optional(z.enum(SPONSORSHIP_LEVELS)),
  /** Good-faith value of the benefits (tickets, ads), printed on receipts as not deductible. */
  goodsValue: optional(money),
})
export const sponsorshipTierUpdateSchema = z.object({
  name: text(100).optional(),
  amount: positiveMoney.optional(),
  color: text(30).optional(),
  description: optionalText(2000).optional(),
  benefits: benefitLines.optional(),
  displayOrder: orDefault(wholeNumber(0, 10_000), 0),
  level: sponsorshipTierSchema.shape.level,
  goodsValue: sponsorshipTierSchema.shape.goodsValue,
  // The spec's isActive (offered on /sponsor or not): an admin's change; an editor's is refused, not dropped.
  isActive: booleanText.optional(),
})

export const siteContentSchema = z.object({
  section: text(100),
  key: text(100),
  value: z.string().max(10_000),
})

// Payments: offline gifts and sponsorships entered by the treasurer (docs/payments.md) --

const optionalDate = optional(isoDate).transform((v) => v ?? null)

/** Fields every money record may carry besides its amount and payer. */
const moneyRecordExtras = {
  reference: optionalText(255),
  receivedAt: optionalDate,
  notes: optionalText(2000),
  /** A gift handed over is usually completed when entered; the spec's default is pending. */
  status: z.enum(['pending', 'completed']).default('pending'),
}

export const donationSchema = z.object({
  donorName: text(200),
  donorEmail: email,
  amount: positiveMoney,
  campaignId: optionalText(100),
  paymentMethod: z.enum(PAYMENT_METHODS).default('stripe'),
  ...moneyRecordExtras,
})

/** A status move, and for offline gifts corrections of what was typed. */
export const moneyUpdateSchema = z.object({
  status: z.enum(MONEY_STATUSES).optional(),
  /** With partially_refunded: how much has been refunded in all. */
  refundedAmount: positiveMoney.optional(),
  /** Required with void: the treasurer's note, and the category the donor's notice names. */
  voidReason: optionalText(500),
  voidCategory: z.enum(VOID_CATEGORIES).optional(),
  amount: positiveMoney.optional(),
  reference: optionalText(255).optional(),
  receivedAt: optionalDate.optional(),
  notes: optionalText(2000).optional(),
  /** With a refund or a void: the club's day it happened (a check returned two weeks ago); the club's today when left out. */
  refundedOn: isoDate.optional(),
  voidedOn: isoDate.optional(),
})

export const donationUpdateSchema = moneyUpdateSchema.extend({
  donorName: text(200).optional(),
  donorEmail: email.optional(),
  campaignId: optionalText(100).optional(),
})

export const sponsorshipSchema = z.object({
  sponsorName: text(200),
  sponsorEmail: email,
  sponsorCompany: optionalText(200),
  tier: z.enum(SPONSORSHIP_LEVELS),
  amount: positiveMoney,
  paymentMethod: optional(z.enum(PAYMENT_METHODS)),
  website: optionalText(300),
  logoUrl: optionalText(500),
  expiresAt: optionalDate,
  ...moneyRecordExtras,
})

export const sponsorshipUpdateSchema = moneyUpdateSchema.extend({
  sponsorName: text(200).optional(),
  sponsorEmail: email.optional(),
  sponsorCompany: optionalText(200).optional(),
  tier: z.enum(SPONSORSHIP_LEVELS).optional(),
  /** How it was paid: asked when an approved application's payment arrives (completed). */
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  website: optionalText(300).optional(),
  logoUrl: optionalText(500).optional(),
  /** An uploaded logo's id (Media): it fills logoUrl (the portal's Add logo). */
  logo: optionalText(100).optional(),
  expiresAt: optionalDate.optional(),
})

export const contactStatusSchema = z.object({ status: z.enum(CONTACT_STATUSES) })
export const applicationStatusSchema = z.object({ status: z.enum(APPLICATION_STATUSES) })

/** GET /api/admin/donations filters; page and limit as in every admin list (the CSV export ignores them: it holds every record). */
export const donationFilterSchema = z.object({
  status: z.enum(MONEY_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  campaign: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...listPageSchema.shape,
})

/** GET /api/admin/reports/giving: gifts (completed, less refunds) received between two days, grouped. */
export const GIVING_GROUPS = ['month', 'year', 'campaign', 'method'] as const
export const givingReportSchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  by: z.enum(GIVING_GROUPS),
})

/** GET /api/admin/donors(.csv): one calendar year's donors (every year without it), paged like every list. */
export const donorsQuerySchema = z.object({
  year: integer(1900, 9999).optional(),
  ...listPageSchema.shape,
})

export const statementQuerySchema = z.object({ email, year: integer(1900, 9999) })
/** GET /api/admin/statements: the statements mailed (kept as sent), of a year and of one donor if given, paged like every list. */
export const keptStatementsQuerySchema = z.object({
  year: integer(1900, 9999).optional(),
  email: email.optional(),
  ...listPageSchema.shape,
})
/** GET /api/admin/statements.pdf?id=: one mailed statement's PDF. */
export const keptStatementQuerySchema = z.object({ id: text(100) })
/**
 * POST /api/admin/donors/statements: mail every donor of `year` their statement, once; with `force` ("Send
 * again") only corrected statements, to the donors whose figures changed since their last one (and a first
 * statement to a donor who never had one); with `email`, that donor's alone. A year not over needs `early`.
 */
export const statementsSendSchema = z.object({
  year: integer(1900, 9999),
  force: z.boolean().optional(),
  /** One donor's statement: sent again (a copy when nothing changed, else a corrected one, or their first). */
  email: email.optional(),
  /** The year is not over yet: the admin was told when it ends and chose to mail now. */
  early: z.boolean().optional(),
})
/** GET /api/admin/donors/statements/progress?year=: how that year's statement mails stand. */
export const statementsProgressSchema = z.object({ year: integer(1900, 9999) })

/**
 * POST /api/admin/deposits: completed check and cash gifts taken to the bank together on a club day
 * (docs/ACCOUNTING.md "Deposits"). Sponsorships paid by check or cash go to the bank too.
 */
const recordIds = z.array(z.string().trim().min(1).max(100)).max(500)
export const depositSchema = z
  .object({ depositedOn: isoDate, donationIds: recordIds.default([]), sponsorshipIds: recordIds.default([]) })
  .refine((d) => d.donationIds.length + d.sponsorshipIds.length > 0, {
    message: 'Choose at least one gift to deposit',
    path: ['donationIds'],
  })

/** GET /api/admin/ledger.csv: the money movements between two club days (either may be open). */
export const ledgerQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() })

/** The Form 990 reports (GET /api/admin/reports/large-donors, /reports/year): one calendar year of the club. */
export const reportYearSchema = z.object({ year: integer(1900, 9999) })

/** POST /api/admin/monthly-gifts/year-receipts: the cumulative receipts of a past year, sent now. */
export const yearReceiptsSendSchema = z.object({ year: integer(1900, 9999) })

/** The Sponsorship Payments list's filters: a sponsorship has no campaign. */
export const sponsorshipFilterSchema = donationFilterSchema.omit({ campaign: true })

export type ContactInput = z.input<typeof contactSchema>
export type SponsorApplicationInput = z.input<typeof sponsorApplicationSchema>
export type CampaignInput = z.input<typeof campaignSchema>
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>
export type TeamMemberInput = z.input<typeof teamMemberSchema>
export type GameInput = z.input<typeof gameSchema>
export type SponsorshipTierInput = z.input<typeof sponsorshipTierSchema>
export type SiteContentInput = z.input<typeof siteContentSchema>
export type DonationInput = z.input<typeof donationSchema>
export type DonationUpdateInput = z.input<typeof donationUpdateSchema>

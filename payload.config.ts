import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { resolve } from 'node:path'
import { buildConfig } from 'payload'
import { sharp } from './cms/collections/sharpOnDemand'
import { withDomainModels } from './cms/collections'
import { contentModel } from './cms/content/model'
import { inboxModel } from './cms/inbox/model'
import { membershipModel } from './cms/membership/model'
import { moneyModel } from './cms/money/model'
import { teamModel } from './cms/team/model'
import { volunteersModel } from './cms/volunteers/model'
import { databaseAdapter } from './cms/db/adapter'
import { emailAdapter } from './cms/outbox/mailer'
import { ReceiptSettings } from './cms/globals/ReceiptSettings'
import { SecuritySettings } from './cms/globals/SecuritySettings'
import { env } from './cms/env'
import { clientErrorsAtInfo } from './cms/http/errors'
import { repoRoot } from './cms/paths'
import { PHOTO_TOO_LARGE } from '#shared/photos'
import { cookiePrefix, securityConfig } from './cms/security/config'

// Where `payload generate:importmap` resolves the admin's component paths (the CLI only).
const adminDir = resolve(repoRoot, 'cms/admin')

/** The domains' data models (docs/decisions/017); their servers are listed in cms/domains.ts. */
const model = withDomainModels([moneyModel, inboxModel, contentModel, teamModel, membershipModel, volunteersModel])

/**
 * Payload's admin panel is served at /admin by our Express server through
 * Next.js (cms/admin/next.ts), with the spec's portal as its login, first-user
 * and dashboard views. Payload's own REST lives under /cms-api so the spec's
 * /api paths stay ours (cms/api); GraphQL is off.
 */
export default buildConfig({
  secret: env.PAYLOAD_SECRET,
  serverURL: env.SERVER_URL,
  collections: model.collections,
  globals: [SecuritySettings, ReceiptSettings, ...model.globals],
  db: await databaseAdapter(),
  email: emailAdapter(),
  editor: lexicalEditor(),
  sharp,
  upload: { limits: { fileSize: securityConfig.maxUploadBytes }, responseOnLimit: PHOTO_TOO_LARGE },
  routes: { admin: '/admin', api: '/cms-api' },
  admin: {
    user: 'admin-users',
    meta: { titleSuffix: ' · Lady Hawks Boosters' },
    // Payload's own initials picture: Gravatar is an outside service our CSP blocks (and a leak of staff emails' hashes).
    avatar: 'default',
    importMap: { baseDir: adminDir, importMapFile: `${adminDir}/app/(payload)/admin/importMap.js`, autoGenerate: false },
    components: {
      providers: ['/views/PortalProvider#PortalProvider'],
      views: {
        dashboard: { Component: '/views/Portal#PortalDashboard' },
        login: { Component: '/views/Portal#PortalLogin' },
        createFirstUser: { Component: '/views/Portal#PortalLogin' },
        // A page an account may not open says so (cms/admin/views/Refused.tsx), not "Not Found".
        refused: { Component: '/views/Refused#RefusedView', path: '/refused' },
      },
    },
  },
  cookiePrefix,
  // Cookies are honoured only from our own origin (docs/DESIGN.md); a test of our own guard may empty the list (TEST_PAYLOAD_CSRF).
  csrf: env.isTest && env.TEST_PAYLOAD_CSRF === 'off' ? [] : [env.SERVER_URL],
  cors: [],
  graphQL: { disable: true },
  telemetry: false,
  // `npm run generate:types` writes the collection types; `npm run typecheck` fails when the committed file is stale.
  typescript: { autoGenerate: false, outputFile: resolve(repoRoot, 'cms/payload-types.ts') },
  debug: false,
  logger: { options: { level: env.LOG_LEVEL, hooks: clientErrorsAtInfo } },
  // A failed login is logged once, at warn, without a stack, by cms/auth/loginGuard.ts (username and address).
  loggingLevels: {
    Forbidden: 'info',
    NotFound: 'info',
    ValidationError: 'info',
    AuthenticationError: false,
    // Our own login errors (cms/auth/loginGuard.ts), by class name; Payload's type lists only its own.
    ...({ LoginThrottled: false, SecondFactorRequired: false } as object),
    // A refusal by the collections' rules (cms/hooks/refuse.ts) is an answer, not a fault.
    ...({ RuleRefused: 'info' } as object),
    QueryError: 'info',
  },
})

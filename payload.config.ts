import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import { collections } from './cms/collections'
import { databaseAdapter } from './cms/db/adapter'
import { emailAdapter } from './cms/email/mailer'
import { env } from './cms/env'
import { cookiePrefix } from './cms/security/config'

/**
 * Payload runs headless inside our Express server: no admin panel, no
 * generic REST or GraphQL routes. The spec's /api endpoints (cms/api) call
 * the Local API.
 */
export default buildConfig({
  secret: env.PAYLOAD_SECRET,
  serverURL: env.SERVER_URL,
  collections,
  db: await databaseAdapter(),
  email: emailAdapter(),
  admin: { user: 'admin-users', disable: true },
  cookiePrefix,
  // Cookies are honoured only from our own origin (DESIGN.md).
  csrf: [env.SERVER_URL],
  cors: [],
  graphQL: { disable: true },
  telemetry: false,
  // `npm run generate:types` writes the collection types; a unit test fails when the committed file is stale.
  typescript: { autoGenerate: false, outputFile: fileURLToPath(new URL('./cms/payload-types.ts', import.meta.url)) },
  debug: false,
  logger: { options: { level: env.LOG_LEVEL } },
  loggingLevels: { Forbidden: 'info', NotFound: 'info', ValidationError: 'info' },
})

import { buildConfig } from 'payload'
import { collections } from './cms/collections'
import { databaseAdapter } from './cms/db/adapter'
import { env } from './cms/env'
import { smtpEmailAdapter } from './cms/auth/smtpEmail'
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
  admin: { user: 'admin-users', disable: true },
  cookiePrefix,
  // Cookies are honoured only from our own origin (DESIGN.md).
  csrf: [env.SERVER_URL],
  cors: [],
  graphQL: { disable: true },
  telemetry: false,
  // Without SMTP_URL, no adapter: recovery refuses to send rather than print links to the log.
  ...(env.SMTP_URL ? { email: smtpEmailAdapter(env.SMTP_URL, env.MAIL_FROM) } : {}),
  typescript: { autoGenerate: false },
  debug: false,
  logger: { options: { level: env.LOG_LEVEL } },
  loggingLevels: { Forbidden: 'info', NotFound: 'info', ValidationError: 'info' },
})

import { randomBytes } from 'node:crypto'
import { envProblem } from '../env'
import { ownerOnlyFiles } from '../db/ownerOnlyFiles'

/**
 * `npm run admin:reset -- <username>`, on the server: gives the account a new
 * random password, ends every one of its sessions, turns its two-factor sign-in
 * off (the phone may be what was lost), lifts its login throttle and records it in the audit
 * log. The way back in when nobody can sign in (SECURITY.md §1). Run it as the
 * user that runs the site, against the same DATABASE_URI.
 */
ownerOnlyFiles()
const problem = envProblem()
if (problem) fail(problem)
const username = process.argv[2]?.trim().toLowerCase()
if (!username) fail('Usage: npm run admin:reset -- <username>')

// Lexical's packages one by one before the config imports them (cms/lexicalPreload.ts: Node 20 may otherwise exit 13).
const { loadConfig } = await import('../lexicalPreload')
const config = await loadConfig()
const { initPayload } = await import('../initPayload')
const { audit } = await import('../audit/log')
const { checkPasswordPolicy } = await import('../security/passwords')
const { SECOND_FACTOR_OFF } = await import('./totp')
const { loginThrottle } = await import('./throttle')

const payload = await initPayload({ config })
try {
  const found = await payload.find({ collection: 'admin-users', where: { username: { equals: username } }, limit: 1, depth: 0 })
  const account = found.docs[0]
  if (!account) fail(`No admin account named "${username}".`)
  let password = ''
  do password = randomBytes(18).toString('base64url')
  while (checkPasswordPolicy(password, username))
  await payload.update({ collection: 'admin-users', id: account.id, data: { password }, depth: 0, context: { skipAudit: true } })
  await payload.db.updateOne({ collection: 'admin-users', id: account.id, data: { sessions: [] }, returning: false })
  // Separately: the adapter writes the sessions array through an upsert that cannot carry other columns.
  await payload.db.updateOne({ collection: 'admin-users', id: account.id, data: SECOND_FACTOR_OFF, returning: false })
  // The running server reads the throttle from the database: the account's failure counts end at once.
  await loginThrottle(payload).forgetAccount(username)
  await audit(payload, {
    event: 'password-reset',
    actor: 'server command',
    targetCollection: 'admin-users',
    targetId: String(account.id),
    changedFields: ['password', 'sessions', 'totpEnabled'],
    detail: { throttleLifted: true },
  })
  console.log(`New password for ${username}: ${password}`)
  console.log(
    'Every session of this account has ended, its login throttle is lifted and two-factor sign-in is off. Sign in with it, then choose your own under Account.',
  )
} finally {
  await payload.destroy()
}
process.exit(0)

function fail(message: string): never {
  console.error(`Cannot reset: ${message}`)
  process.exit(1)
}

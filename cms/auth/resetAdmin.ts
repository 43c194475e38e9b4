import { audit } from '../audit/log'
import { loginThrottle } from './throttle'
import { SECOND_FACTOR_OFF } from './totp'
import { CommandRefused, randomPassword, runAccountCommand } from './serverCommand'

/**
 * `npm run admin:reset -- <username>`, on the server: gives the account a new
 * random password, ends every one of its sessions, turns its two-factor sign-in
 * off (the phone may be what was lost), lifts its login throttle and records it in the audit
 * log. The way back in when nobody can sign in (SECURITY.md §1). Run it as the
 * user that runs the site, against the same DATABASE_URI.
 */
await runAccountCommand('reset', 'npm run admin:reset -- <username>', async (payload, username) => {
  const found = await payload.find({ collection: 'admin-users', where: { username: { equals: username } }, limit: 1, depth: 0 })
  const account = found.docs[0]
  if (!account) throw new CommandRefused(`No admin account named "${username}".`)
  const password = randomPassword(username)
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
})

import { audit } from '../audit/log'
import { CommandRefused, randomPassword, runAccountCommand } from './serverCommand'

/**
 * `node dist/admin-create.mjs <username>` (in Docker: `docker compose exec app node dist/admin-create.mjs
 * <username>`; in development `npm run admin:create -- <username>`): makes an admin account on the server, the
 * way to the first admin where the web's setup dialog is closed (WEB_SETUP=closed). It prints a one-time
 * password: the account's first sign-in asks for the owner's own before any session (cms/auth/loginGuard.ts).
 */
await runAccountCommand('create the admin', 'node dist/admin-create.mjs <username>', async (payload, username) => {
  const { totalDocs } = await payload.count({ collection: 'admin-users', where: { username: { equals: username } } })
  if (totalDocs > 0)
    throw new CommandRefused(`An account named "${username}" exists already (npm run admin:reset gives it a new password).`)
  const password = randomPassword(username)
  let account
  try {
    account = await payload.create({
      collection: 'admin-users',
      data: { username, password, role: 'admin', passwordChangeRequired: true },
      depth: 0,
      context: { skipAudit: true },
    })
  } catch (err) {
    // Payload's validation (the username's letters, its length): said as it is, without a stack trace.
    throw new CommandRefused((err as { data?: { errors?: Array<{ message: string }> } }).data?.errors?.[0]?.message ?? String(err))
  }
  await audit(payload, { event: 'setup', actor: 'server command', targetCollection: 'admin-users', targetId: String(account.id) })
  console.log(`Admin account "${username}" created. One-time password: ${password}`)
  console.log('Sign in at /admin with it: you will be asked to choose your own password before anything else.')
})

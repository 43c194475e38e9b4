import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { ownerOnlyFiles } from '../db/ownerOnlyFiles'
import { envProblem } from '../env'
import { checkPasswordPolicy } from '../security/passwords'

/**
 * An account command run on the server (`admin-reset`, `admin-create`), as the user that runs the site and
 * against the same DATABASE_URI: checks the settings, starts Payload without the web server, runs, and exits
 * 0, or 1 with "Cannot <verb>: <why>".
 */
export async function runAccountCommand(verb: string, usage: string, run: (payload: Payload, username: string) => Promise<void>) {
  const fail = (message: string): never => {
    console.error(`Cannot ${verb}: ${message}`)
    process.exit(1)
  }
  ownerOnlyFiles()
  const problem = envProblem()
  if (problem) fail(problem)
  const username = process.argv[2]?.trim().toLowerCase()
  if (!username) fail(`Usage: ${usage}`)
  // Lexical's packages one by one before the config imports them (cms/lexicalPreload.ts: Node 20 may otherwise exit 13).
  const { loadConfig } = await import('../lexicalPreload')
  const config = await loadConfig()
  const { initPayload } = await import('../initPayload')
  const payload = await initPayload({ config })
  try {
    await run(payload, username!)
  } catch (err) {
    if (err instanceof CommandRefused) fail(err.message)
    throw err
  } finally {
    await payload.destroy()
  }
  process.exit(0)
}

/** Why the command did nothing, said to whoever ran it. */
export class CommandRefused extends Error {}

/** A random password the policy accepts, shown once to whoever runs the command. */
export function randomPassword(username: string): string {
  let password: string
  do password = randomBytes(18).toString('base64url')
  while (checkPasswordPolicy(password, username))
  return password
}

import type { Payload, PayloadRequest } from 'payload'
import { env } from '../env'
import { inTransaction } from './transaction'

/**
 * The collections that are the server's own bookkeeping, not the club's data: rows in them do not make a database
 * "used". Every other collection of the config counts, money, people, pages, media and accounts alike, and so does a
 * collection added later, without anyone remembering this list.
 */
const BOOKKEEPING = new Set([
  // What the server processes agree on: task times, rate-limit counts, the content stamp (cms/db/serverState.ts).
  'server-state',
  // Failed-login counts and unused sign-in link hashes (cms/auth/throttle.ts).
  'login-throttle',
  // Payload's own: which migrations ran, its key-value store, document locks and staff's admin-screen preferences.
  'payload-migrations',
  'payload-kv',
  'payload-locked-documents',
  'payload-preferences',
])

/** What the database holds of the club's data: `"donations: 1"`-style counts, empty when it holds none. */
export async function clubDataHeld(payload: Payload, req?: PayloadRequest): Promise<string[]> {
  const held: string[] = []
  for (const { slug } of payload.config.collections) {
    if (BOOKKEEPING.has(slug)) continue
    const { totalDocs } = await payload.db.count({ collection: slug, where: {}, req })
    if (totalDocs > 0) held.push(`${slug}: ${totalDocs}`)
  }
  // A global (settings such as the roster's or the receipts') counts once someone saved it.
  for (const { slug } of payload.config.globals) {
    const stored = (await payload.db.findGlobal({ slug, req })) as { createdAt?: unknown; updatedAt?: unknown } | null
    if (stored?.createdAt || stored?.updatedAt) held.push(`${slug}: set`)
  }
  return held
}

/** A domain's demo records, written in the seed's transaction (`req`). */
export type DomainSeed = (payload: Payload, req: PayloadRequest) => Promise<void>

/**
 * SEED=demo fills a new, empty database with realistic sample content taken from the spec, so a fresh `npm start`
 * shows a living site. Only into a database that holds none of the club's data (clubDataHeld); in production only
 * when SEED=demo is set explicitly (cms/env.ts). It never creates an admin account. All of it is written in one
 * transaction, with the emptiness check: a failure or a second process starting at once adds nothing.
 */
export async function seedDatabase(payload: Payload, domainSeeds: DomainSeed[] = []) {
  const added = await inTransaction(payload, null, async (req) => {
    const held = await clubDataHeld(payload, req)
    if (held.length) {
      // One line: why nothing was added. Said as a warning when someone asked for it explicitly.
      const level = env.seedExplicit ? 'warn' : 'info'
      payload.logger[level]({ msg: `SEED=demo: no demo content added, the database holds the club's data (${held.join(', ')})` })
      return false
    }
    payload.logger.info({ msg: 'Empty database: adding demo content (SEED=demo)' })
    // The domains' demo records, in the root's order (the money's campaigns and gifts, the games and site text, the
    // team's players, then a membership season and its families linking them…).
    for (const seed of domainSeeds) await seed(payload, req)
    return true
  })
  return added
}

import type { RequestHandler } from 'express'
import type { Payload } from 'payload'
import { backupStatus } from '../db/backups'
import { migrations } from '../db/migrations'
import { env } from '../env'
import { RELEASE } from '../release'
import { storageProblem } from './storage'

/** Outbox states that still have to go out (cms/outbox/outbox.ts). */
const WAITING = ['pending', 'held', 'sending']

/**
 * GET /healthz, for the Dockerfile's HEALTHCHECK, compose and load balancers:
 * 200 when the database answers and every committed migration is applied
 * (MongoDB has none: its data steps run at start, cms/collections/migrate.ts), else
 * 503. Also says how much mail is waiting or failed and which build runs
 * (BUILD_ID, set when the image is built), and when the last backup was written: 503 "backup overdue" once
 * two intervals of BACKUP_EVERY_HOURS passed without one (cms/db/backups.ts), and `storeFailing` while the S3
 * storage refuses them (they are kept on the server meanwhile). A full or read-only disk answers 503 "disk full" or
 * "disk read-only" (every write is refused meanwhile: ./storage.ts). Counts only, nothing about a person.
 */
export function healthCheck(payload: Payload): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store')
    const { version, build } = RELEASE
    try {
      const count = async (status: string[]) =>
        (await payload.count({ collection: 'email-outbox', where: { status: { in: status } }, overrideAccess: true })).totalDocs
      const applied = env.isMongo
        ? migrations.map((m) => m.name)
        : (await payload.find({ collection: 'payload-migrations', pagination: false, depth: 0, overrideAccess: true })).docs.map(
            (d) => d.name,
          )
      const pending = migrations.map((m) => m.name).filter((name) => !applied.includes(name))
      const mailQueue = { waiting: await count(WAITING), failed: await count(['failed']) }
      const backup = await backupStatus(payload)
      const storage = storageProblem()
      const status = pending.length ? 'migrations pending' : storage ? `disk ${storage.problem}` : backup.overdue ? 'backup overdue' : 'ok'
      if (backup.overdue)
        payload.logger.error({ msg: `No backup for two intervals of BACKUP_EVERY_HOURS (last: ${backup.last ?? 'none'})` })
      res.status(status === 'ok' ? 200 : 503).json({
        status,
        database: 'ok',
        pendingMigrations: pending,
        mailQueue,
        storage: storage?.problem ?? 'ok',
        backup: { last: backup.last, everyHours: backup.everyHours, overdue: backup.overdue, storeFailing: backup.storeFailure !== null },
        version,
        build,
      })
    } catch (err) {
      payload.logger.error({ msg: 'Health check: the database did not answer', err })
      res.status(503).json({ status: 'database unreachable', database: 'unreachable', version, build })
    }
  }
}

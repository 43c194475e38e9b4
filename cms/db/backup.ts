import { ownerOnlyFiles } from './ownerOnlyFiles'
import { env, envProblem } from '../env'

/**
 * `node dist/backup.mjs [<file>]` (in Docker `docker compose exec app node dist/backup.mjs`; from the sources
 * `npm run backup`): one backup of the database and the uploads now, while the site keeps serving, to where the
 * scheduled ones go (data/backups, or the S3 storage of BACKUP_S3_URL), or to <file>. cms/db/backups.ts says what is
 * in it; `node dist/restore.mjs <backup>` puts it back.
 */

// The archive holds password hashes and families' data: created owner-only.
ownerOnlyFiles()

const fail = (message: string): never => {
  console.error(`Cannot back up: ${message}`)
  process.exit(1)
}
const problem = envProblem()
if (problem) fail(problem)

const { BackupProblem, createBackup } = await import('./backups')
const { loadConfig } = await import('../lexicalPreload')
const { initPayload } = await import('../initPayload')
const { existsSync } = await import('node:fs')
const { sqlitePath } = await import('./snapshot')
if (!env.isMongo && !existsSync(sqlitePath())) fail(`No database at ${sqlitePath()} (DATABASE_URI=${env.DATABASE_URI}).`)
const target = process.argv[2]
if (target && existsSync(target)) fail(`${target} already exists: choose another file name.`)

const payload = await initPayload({ config: await loadConfig() })
try {
  const result = await createBackup(payload, { target })
  console.log(`Backup written to ${result.location} (${result.bytes} bytes, the database and ${result.media} uploaded file(s)).`)
  if (result.storeFailure) console.log(`The S3 storage refused it (${result.storeFailure}): it is kept on this server instead.`)
} catch (err) {
  fail(err instanceof BackupProblem ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`)
} finally {
  await payload.destroy()
}
process.exit(0)

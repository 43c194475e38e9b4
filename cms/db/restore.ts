import { ownerOnlyFiles } from './ownerOnlyFiles'
import { envProblem } from '../env'

/**
 * `node dist/restore.mjs <backup>` (in Docker, with the app stopped: `docker compose run --rm --no-deps app node
 * dist/restore.mjs <backup>`; from the sources `npm run restore -- <backup>`): the database and the uploads become
 * the backup's. <backup> is an archive file, or its name in data/backups or in the S3 storage. What was there is
 * moved to data/before-restore-<time>/. Start the app again afterwards: newer migrations apply themselves.
 */

ownerOnlyFiles()

const fail = (message: string): never => {
  console.error(`Cannot restore: ${message}`)
  process.exit(1)
}
const problem = envProblem()
if (problem) fail(problem)
const backup = process.argv[2]
if (!backup) fail('Usage: node dist/restore.mjs <backup file or name> (stop the app first)')

const { BackupProblem, restoreBackup } = await import('./backups')
try {
  const { restored, aside } = await restoreBackup(backup!, async () => {
    const { loadConfig } = await import('../lexicalPreload')
    const { initPayload } = await import('../initPayload')
    return initPayload({ config: await loadConfig() })
  })
  console.log(`Restored ${restored}: the database and the uploads. What was there before is in ${aside}. Start the app again.`)
} catch (err) {
  fail(err instanceof BackupProblem ? err.message : `Restore failed: ${err instanceof Error ? err.message : String(err)}`)
}
process.exit(0)

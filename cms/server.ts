import { envProblem } from './env'
import { ownerOnlyFiles } from './security/ownerOnlyFiles'

ownerOnlyFiles()

/**
 * `npm start` entry: refuse to start on a bad environment (one line, no stack),
 * then open the database, apply migrations, seed, and serve.
 */
const problem = envProblem()
if (problem) {
  console.error(`Cannot start: ${problem}`)
  process.exit(1)
}

const { startServer } = await import('./start')
await startServer()

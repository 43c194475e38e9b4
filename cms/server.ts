import { env, envProblem, StartRefused } from './env'
import { ownerOnlyFiles } from './db/ownerOnlyFiles'
import { jsonConsole, logLine } from './http/log'

ownerOnlyFiles()
// Everything the process prints is a JSON line from here on, Next's and libraries' console output included.
jsonConsole()

/**
 * `npm start` entry: refuse to start on a bad environment (one line, no stack),
 * then open the database, apply migrations, seed, and serve.
 */
const problem = envProblem()
if (problem) {
  logLine('fatal', 'boosters', `Cannot start: ${problem}`)
  process.exit(1)
}

// `npm run dev` passes --dev: the site is served from its sources with hot reload.
const dev = process.argv.includes('--dev')
if (dev && env.isProduction) {
  logLine('fatal', 'boosters', 'Cannot start: --dev serves unbuilt sources and is not for NODE_ENV=production.')
  process.exit(1)
}
const { preloadLexical } = await import('./lexicalPreload')
await preloadLexical()

const { startServer } = await import('./start')
try {
  await startServer({ dev })
} catch (err) {
  if (!(err instanceof StartRefused)) throw err
  logLine('fatal', 'boosters', `Cannot start: ${err.message}`)
  process.exit(1)
}

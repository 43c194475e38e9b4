import { envProblem } from './env'

/**
 * `npm start` entry: refuse to start on a bad environment (one line, no stack),
 * then open the database, apply migrations, seed, and serve.
 */
const problem = envProblem()
if (problem) {
  console.error(`Cannot start: ${problem}`)
  process.exit(1)
}

const { preloadLexical } = await import('./lexicalPreload')
await preloadLexical()
const { startServer } = await import('./start')
await startServer()

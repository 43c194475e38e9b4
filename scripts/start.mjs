// `npm start`: build what is missing or older than its sources (the site, the compiled server and
// Payload's admin; before serving, never while serving), then run the compiled server.
import { buildIfOutdated, isOutdated } from './build.mjs'

const stale = ['site', 'server', 'admin'].filter(isOutdated)
if (stale.length) {
  // Builds are production builds; the server then runs with NODE_ENV as it was given (a first start
  // must not become a production start that refuses the development secret).
  const given = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    for (const name of stale) await buildIfOutdated(name)
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
  if (given === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = given
}

// Beside this script, whatever folder it runs in: the server reads that folder's .env (cms/env.ts).
await import(new URL('../dist/server.mjs', import.meta.url).href)

// `npm start`: build what is missing or older than its sources (before
// serving, never while serving), then run the compiled server.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const SITE_OUTPUTS = ['site/dist/index.html', 'site/dist-server/entry-server.js']
const SERVER_OUTPUT = 'dist/server.mjs'

function newestMtime(path) {
  if (!existsSync(path)) return 0
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs
  let newest = 0
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'dist-server' || entry.name === 'node_modules') continue
    newest = Math.max(newest, newestMtime(join(path, entry.name)))
  }
  return newest
}

const outdated = (outputs, sources) => {
  const built = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)))
  return built === 0 || Math.max(...sources.map(newestMtime)) > built
}

const siteStale = outdated(SITE_OUTPUTS, ['site', 'shared'])
const serverStale = outdated([SERVER_OUTPUT], ['cms', 'shared', 'payload.config.ts', 'package-lock.json'])
if (siteStale || serverStale) {
  console.log(`Building ${[siteStale && 'the site', serverStale && 'the server'].filter(Boolean).join(' and ')}…`)
  // A build is always a production build (React's production bundle); the server then runs in the
  // environment it was given, so a plain `npm start` keeps its development defaults (README).
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const { buildServer, buildSite } = await import('./build.mjs')
  if (siteStale) await buildSite()
  if (serverStale) await buildServer()
  if (previous === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = previous
}

await import(pathToFileURL(SERVER_OUTPUT).href)

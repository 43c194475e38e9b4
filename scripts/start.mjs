// `npm start`: build the site if it is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const built = 'site/dist/index.html'

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const sourcesChanged = () =>
  Math.max(newestMtime('site'), newestMtime('shared')) > statSync(built).mtimeMs

if (!existsSync(built) || sourcesChanged()) {
  console.log('Building the site…')
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'site/vite.config.ts'], {
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'cms/server.ts'], { stdio: 'inherit' })
process.exit(server.status ?? 1)

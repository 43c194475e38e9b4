// `npm start`: build the site and the admin if missing or older than their sources, then run the server.
import { spawnSync } from 'node:child_process'
import { buildIfOutdated } from './build.mjs'

try {
  buildIfOutdated('site')
  buildIfOutdated('admin')
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'cms/server.ts'], { stdio: 'inherit' })
process.exit(server.status ?? 1)

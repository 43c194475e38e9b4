// The two production builds: the site (Vite) and Payload's admin (Next). `npm run build` runs both;
// `npm start` and the test setup run each only when it is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const SKIP = new Set(['dist', 'node_modules', '.next'])

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    // Tests are not part of a build.
    if (SKIP.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    newest = Math.max(newest, newestMtime(join(path, entry.name)))
  }
  return newest
}

const outdated = (built, sources) =>
  !existsSync(join(root, built)) || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(join(root, built)).mtimeMs

function run(what, args, env) {
  console.log(`Building ${what}…`)
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`Building ${what} failed`)
}

export const builds = {
  site: {
    built: 'site/dist/index.html',
    sources: ['site', 'shared'],
    build: () => run('the site', ['node_modules/vite/bin/vite.js', 'build', '--config', 'site/vite.config.ts'], { NODE_ENV: 'production' }),
  },
  // What Next bundles: its app folder and views, the portal (site/src/admin), the config and what it imports.
  admin: {
    built: 'cms/admin/.next/BUILD_ID',
    sources: [
      'cms/admin/app', 'cms/admin/views', 'cms/admin/next.config.mjs', 'cms/admin/postcss.config.mjs',
      'payload.config.ts', 'cms/collections', 'cms/access', 'cms/hooks', 'cms/security', 'cms/db/adapter.ts', 'cms/env.ts',
      'shared', 'site/src',
    ],
    build: () => run('the admin panel', ['node_modules/next/dist/bin/next', 'build', 'cms/admin'], { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }),
  },
}

export function build(name) {
  builds[name].build()
}

export function buildIfOutdated(name) {
  const { built, sources, build } = builds[name]
  if (outdated(built, sources)) build()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(builds)) build(name)
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}

// `npm run build`: every production build. The site for browsers (site/dist, with brotli and gzip
// twins of every text asset) and its server-rendering entry (site/dist-server), the compiled server
// (dist/server.mjs), and Payload's admin (Next, cms/admin/.next). `npm start` and the test setup
// run each only when it is missing or older than its sources (`buildIfOutdated`).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { writePayloadForNext } from '../cms/admin/payloadForNext.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const viteConfig = join(root, 'site/vite.config.ts')
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/

export async function buildSite({ logLevel = 'info' } = {}) {
  const { build } = await import('vite')
  await build({ configFile: viteConfig, logLevel })
  await build({
    configFile: viteConfig,
    logLevel,
    build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server', emptyOutDir: true },
  })
  precompress(join(root, 'site/dist'))
}

/**
 * Brotli and gzip twins, written once here instead of compressing per request. The site's visitors get brotli's best
 * (quality 11); the admin's 4.5 MB took 5.9 CPU s so, against 0.6 at quality 9 for 8 % more bytes, kept a year.
 */
function precompress(dir, quality = 11) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) precompress(path, quality)
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= 1024) {
      const content = readFileSync(path)
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }))
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
    }
  }
}

/**
 * One file for the server and its JavaScript dependencies, Payload's included: Node then reads a few modules instead
 * of resolving and compiling about a thousand, which was most of a cold start (a start and stop 1.45 → 1.05 CPU s on
 * Node 20; docs/SCALING.md). Next and React stay in node_modules, where Next's runtime loads them, and Next's build of
 * the admin reaches Payload only through `payload`, `payload/shared` and `payload/internal`, which lead to the
 * server's own copy (`sharePayloadWithNext`): the process holds one Payload. Native and optional database packages
 * stay too, and Vite, which only `npm run dev` loads.
 *
 * The SQLite adapter and Drizzle were bundled first: drizzle-orm's package.json is 177 KB, and Node 22 and later read
 * it again for each of its 260 modules (nodejs/node#58126): a start on Node 24, production's, 2.37 → 1.19 CPU s.
 */
export async function buildServer() {
  const { build } = await import('esbuild')
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  await build({
    // The server commands compiled too (dist/admin-reset.mjs, dist/admin-create.mjs, dist/backup.mjs, dist/restore.mjs): the image has
    // no TypeScript sources or tsx to run them with.
    entryPoints: {
      server: join(root, 'cms/server.ts'),
      'admin-reset': join(root, 'cms/auth/resetAdmin.ts'),
      'admin-create': join(root, 'cms/auth/createAdmin.ts'),
      backup: join(root, 'cms/db/backup.ts'),
      restore: join(root, 'cms/db/restore.ts'),
    },
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    // The server's dynamic imports stay real ones (chunks beside server.mjs, so cms/paths.ts finds the root):
    // cms/server.ts loads Lexical's packages one by one before anything imports Payload's config.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [
      'next',
      'next/*',
      'react',
      'react-dom',
      'react/*',
      'react-dom/*',
      // Only `npm run dev` loads Vite (cms/dev/viteDev.ts).
      'vite',
      'libsql',
      '@libsql/*',
      'sharp',
      'mongodb',
      'mongoose',
      'pino',
      'pino-pretty',
      'thread-stream',
      // pdfkit reads its own data files beside its code (cms/email/pdf.ts); fontkit is the one pdfkit loads.
      'pdfkit',
      'fontkit',
    ],
    plugins: [payloadNodeFindConfigOnly],
    // Bundled CommonJS packages call require(); give the ES module one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'error',
  })
  // Which build this is (cms/release.ts, /healthz): the image passes its commit as BUILD_ID; `dev` otherwise.
  writeFileSync(join(root, 'dist/build.json'), `${JSON.stringify({ build: process.env.BUILD_ID || 'dev' })}\n`)
}

/**
 * The bundled SQLite adapter imports one function from `payload/node`, `findConfig` (for a migration of blocks we do
 * not run), and `payload/node` also exports Payload's type generator: json-schema-to-typescript and, with it, all of
 * prettier were loaded at every start (about 0.1 CPU s of a start's 1.45). The function is bundled from its own file.
 */
const payloadNodeFindConfigOnly = {
  name: 'payload-node-find-config-only',
  setup(build) {
    build.onResolve({ filter: /^payload\/node$/ }, () => ({ path: join(root, 'node_modules/payload/dist/config/find.js') }))
  },
}

/** Payload's admin: `next build cms/admin` in its own process (a minute or two on 2 cores, 1.6 GB peak). */
export async function buildAdmin() {
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', 'cms/admin'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error('Building the admin panel failed')
  await writePayloadForNext(join(root, 'cms/admin/.next'))
  // The server sends Next's assets with these twins (cms/admin/next.ts): 4.5 MB of scripts and styles, 1.1 MB in brotli.
  precompress(join(root, 'cms/admin/.next/static'), 9)
}

const SKIP = new Set(['dist', 'dist-server', 'node_modules', '.next'])

function newestMtime(path) {
  if (!existsSync(path)) return 0
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

/** Each build: what it writes, what it is made from, and how to make it. */
export const builds = {
  site: {
    outputs: ['site/dist/index.html', 'site/dist-server/entry-server.js'],
    sources: ['site', 'ui', 'shared'],
    build: () => buildSite(),
  },
  // What Next bundles: its app folder and views, the portal (cms/portal), the UI it shares with the site (ui/), the config and what it imports.
  admin: {
    outputs: ['cms/admin/.next/BUILD_ID'],
    sources: ['cms', 'payload.config.ts', 'shared', 'ui', 'package-lock.json', 'scripts/build.mjs'],
    build: () => buildAdmin(),
  },
  // After the admin: Next's build writes cms/admin/next-env.d.ts, which would make a server built before it outdated.
  server: {
    outputs: ['dist/server.mjs', 'dist/admin-reset.mjs', 'dist/admin-create.mjs', 'dist/backup.mjs', 'dist/restore.mjs'],
    sources: ['cms', 'shared', 'payload.config.ts', 'package-lock.json'],
    build: () => buildServer(),
  },
}

export function isOutdated(name) {
  const { outputs, sources } = builds[name]
  const built = Math.min(...outputs.map((o) => (existsSync(join(root, o)) ? statSync(join(root, o)).mtimeMs : 0)))
  return built === 0 || Math.max(...sources.map((s) => newestMtime(join(root, s)))) > built
}

export async function buildIfOutdated(name) {
  if (!isOutdated(name)) return
  console.log(`Building ${name === 'site' ? 'the site' : name === 'server' ? 'the server' : 'the admin panel'}…`)
  await builds[name].build()
}

// `node scripts/build.mjs [--if-outdated] [site|server|admin …]`: every build, or those named; with --if-outdated only
// those missing or older than their sources (`.ci/run` builds so beside its checks, and the test setup then finds them current).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.env.NODE_ENV = 'production'
  const args = process.argv.slice(2)
  const ifOutdated = args.includes('--if-outdated')
  const names = args.filter((arg) => arg !== '--if-outdated')
  try {
    for (const name of names.length ? names : Object.keys(builds)) await (ifOutdated ? buildIfOutdated(name) : builds[name].build())
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}

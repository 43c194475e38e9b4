// `npm run build`: the site for browsers (site/dist, with brotli and gzip
// twins of every text asset), the server-rendering entry (site/dist-server)
// and the compiled server (dist/server.mjs), so `npm start` transpiles nothing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

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

/** Brotli (max quality) and gzip twins, written once here instead of compressing per request. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) precompress(path)
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= 1024) {
      const content = readFileSync(path)
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
    }
  }
}

/**
 * One file for the server and its dependencies: Node then reads one module
 * instead of resolving and compiling thousands (Payload, Drizzle, Express),
 * which is most of a cold start. Native and optional database packages stay
 * in node_modules.
 */
export async function buildServer() {
  const { build } = await import('esbuild')
  await build({
    entryPoints: [join(root, 'cms/server.ts')],
    outfile: join(root, 'dist/server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['libsql', '@libsql/*', 'sharp', '@payloadcms/db-mongodb', 'mongodb', 'mongoose', 'pino', 'pino-pretty', 'thread-stream'],
    // Bundled CommonJS packages call require(); give the ES module one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'error',
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.env.NODE_ENV = 'production'
  await buildSite()
  await buildServer()
}

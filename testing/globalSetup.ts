import chromium from '@sparticuz/chromium'

/**
 * Browser tests run against the production build, as visitors get it: the
 * browser bundle and the server-rendering entry (scripts/build.mjs). Vitest
 * sets NODE_ENV=test, which would make Vite bundle React's development build.
 */
export default async function setup() {
  if (!process.env.MONGODB_URI) console.log('MongoDB API suite skipped: set MONGODB_URI to run the API tests against MongoDB too.')
  // The bundled Chromium is unpacked to /tmp on first use. Done here, once, before the workers start:
  // two workers unpacking it at the same time race, and one fails with `spawn ETXTBSY`.
  if (!process.env.CHROMIUM_PATH) await chromium.executablePath()
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    // @ts-expect-error a plain JS build script without type declarations
    const { buildSite } = await import('../scripts/build.mjs')
    await buildSite({ logLevel: 'warn' })
  } finally {
    process.env.NODE_ENV = previous
  }
}

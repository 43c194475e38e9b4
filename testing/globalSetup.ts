import { build } from 'vite'
import { buildIfOutdated } from '../scripts/build.mjs'

/**
 * Browser tests run against the production build, as visitors get it. Vitest
 * sets NODE_ENV=test, which would make Vite bundle React's development build.
 */
export default async function setup() {
  if (!process.env.MONGODB_URI) console.log('MongoDB API suite skipped: set MONGODB_URI to run the API tests against MongoDB too.')
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile: new URL('../site/vite.config.ts', import.meta.url).pathname, logLevel: 'warn' })
  } finally {
    process.env.NODE_ENV = previous
  }
  // Payload's admin (Next): about two minutes on 2 cores, so only when its sources changed.
  buildIfOutdated('admin')
}

import chromium from '@sparticuz/chromium'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfOutdated } from '../scripts/build.mjs'
import { prepareDatabaseTemplate } from './server'

/**
 * Browser tests run against the production builds, as visitors get them: the
 * site (browser bundle and server-rendering entry, seconds), Payload's admin
 * (Next, a minute or two on 2 cores) and the compiled server, each built only when
 * missing or older than its sources (scripts/build.mjs). Vitest sets NODE_ENV=test, which would make Vite and
 * Next bundle React's development build.
 */
export default async function setup() {
  if (!process.env.MONGODB_URI) console.log('MongoDB API suite skipped: set MONGODB_URI to run the API tests against MongoDB too.')
  // The bundled Chromium is unpacked to /tmp on first use. Done here, once, before the workers start:
  // two workers unpacking it at the same time race, and one fails with `spawn ETXTBSY`.
  if (!process.env.CHROMIUM_PATH) await chromium.executablePath()
  // Next's types mark NODE_ENV read-only; the builds need it set for their duration.
  const env = process.env as Record<string, string | undefined>
  const previous = env.NODE_ENV
  env.NODE_ENV = 'production'
  try {
    await buildIfOutdated('site')
    await buildIfOutdated('admin')
    // The compiled server (`npm start`'s), which every test server runs (testing/server.ts): built inside a test,
    // it raced that test's start-up timer on a busy machine.
    await buildIfOutdated('server')
  } finally {
    env.NODE_ENV = previous
  }
  // Node's module compile cache for every process the tests start (servers, the server's commands, on production's Node):
  // each compiles the bundle's modules and Next's once per run instead of once per start. A test server's start cost
  // 0.74 CPU s with it against 1.04 without (five pairs in turn; docs/SCALING.md, "A test server's start with Node's
  // compile cache"). Set before the template's server starts, which fills it; the workers inherit it.
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'boosters-test-compile-cache')
  // What it returns removes the run's demo templates after the run.
  return prepareDatabaseTemplate()
}

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SETTING_NAMES } from './env'

/**
 * One list of settings, written three times: README's Configuration table (what a volunteer reads),
 * `.env.example` (what compose reads once copied to `.env`) and the server's schema (cms/env.ts).
 * A setting added to one and forgotten in another would never reach the container, or never be explained.
 */
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')

/** The names in the first column of README's Configuration table (a cell may name several: `A`, `B`). */
const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1))
const documented = table
  .split('\n')
  .filter((line) => /^\| `/.test(line))
  .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]))
const listed = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1])

/** Read by compose only (its MongoDB's root user), never by the server. */
const COMPOSE_ONLY = ['APP_IMAGE', 'MONGO_ROOT_USERNAME', 'MONGO_ROOT_PASSWORD']
/** Tests only (ignored unless NODE_ENV=test): not a setting for a club. */
const TEST_ONLY = ['TEST_TASK_CLOCK', 'TEST_STRIPE_API', 'TEST_PAYLOAD_CSRF']
/** Read by the build (scripts/build.mjs writes it into dist/build.json), never by the server: an empty one in .env hid the image's. */
const BUILD_ONLY = ['BUILD_ID']

describe('settings: README, .env.example and cms/env.ts', () => {
  it('README documents every setting the server reads, and only those (and compose own)', () => {
    expect(documented.length).toBeGreaterThan(25)
    expect(new Set(documented).size, 'each documented once').toBe(documented.length)
    expect([...documented].sort()).toEqual([...SETTING_NAMES.filter((n) => !TEST_ONLY.includes(n)), ...COMPOSE_ONLY, ...BUILD_ONLY].sort())
  })

  it('.env.example lists every documented setting once, and nothing else: not the build, which no .env may blank', () => {
    expect(new Set(listed).size, 'each listed once').toBe(listed.length)
    expect([...listed].sort()).toEqual(documented.filter((name) => !BUILD_ONLY.includes(name)).sort())
  })

  it('compose reads only documented settings', () => {
    const compose = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8')
    const used = [...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1])
    expect(used.length).toBeGreaterThan(2)
    expect(used.filter((name) => !documented.includes(name))).toEqual([])
  })

  it('.env.example holds no secret and makes the first admin on the server', () => {
    expect(envExample).toMatch(/^PAYLOAD_SECRET=$/m)
    expect(envExample).toMatch(/^MONGO_ROOT_PASSWORD=$/m)
    expect(envExample).toMatch(/^WEB_SETUP=closed$/m)
    expect(envExample).not.toMatch(/^(SMTP_URL|STRIPE_WEBHOOK_SECRET|STRIPE_SECRET_KEY)=\S/m)
  })
})

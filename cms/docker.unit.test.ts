import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { dockerfileInstructions } from '../scripts/dockerfile.mjs'

/**
 * Docker cannot run here, so the Dockerfile's and docker-compose.yml's rules
 * are checked as text (README "Production with Docker", docs/SCALING.md):
 * the server runs as a non-root user on Node 24, can write its data directory
 * (database, uploads) which compose keeps in a named volume, is health-checked
 * through /healthz, and the image carries no build or test tools.
 */
const compose = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8')
const { instructions, runtime, runs: runSteps } = dockerfileInstructions()
const runs = runSteps.join('\n')

/** The `app` service of docker-compose.yml, up to the next top-level or service key. */
const appService = compose.slice(compose.indexOf('\n  app:'), compose.indexOf('\nnetworks:'))

describe('the production image (Dockerfile)', () => {
  it('builds and runs on Node 24', () => {
    const froms = instructions.filter((i) => i.startsWith('FROM '))
    expect(froms.length).toBeGreaterThanOrEqual(2)
    for (const from of froms) expect(from).toMatch(/^FROM node:24-bookworm-slim\b/)
  })

  it('runs as the unprivileged node user, set after the last root step', () => {
    const users = runtime.filter((i) => i.startsWith('USER '))
    expect(users).toEqual(['USER node'])
    const userAt = runtime.indexOf('USER node')
    expect(
      runtime.slice(userAt).some((i) => /^(RUN|COPY|ADD) /.test(i)),
      'nothing is installed as the node user',
    ).toBe(false)
    expect(runtime.at(-1)).toBe('CMD ["node", "dist/server.mjs"]')
  })

  it('gives the node user a writable data directory for the database and uploads, and nothing else of the code', () => {
    expect(runs).toMatch(/mkdir -p \/app\/data\/media\b/)
    expect(runs).toMatch(/chown -R node:node \/app\/data\b/)
    // The code itself stays root-owned: no chown of /app as a whole.
    expect(runs).not.toMatch(/chown\b[^\n]*\s\/app(\s|$)/)
    expect(runtime.filter((i) => i.startsWith('COPY ')).every((i) => !i.includes('--chown'))).toBe(true)
  })

  it('health-checks /healthz', () => {
    const check = runtime.find((i) => i.startsWith('HEALTHCHECK '))
    expect(check).toMatch(/CMD \["node", "-e", ".*\/healthz'/)
    expect(check).toMatch(/process\.exit\(r\.ok \? 0 : 1\)/)
  })

  it('installs production dependencies only, without compilers, type checkers, schema tools or the unused Monaco', () => {
    expect(runs).toMatch(/npm ci --omit=dev\b/)
    for (const tool of ['typescript', '@next/swc-*', 'drizzle-kit', 'esbuild', '@esbuild', 'tsx', 'monaco-editor']) {
      expect(runs, tool).toContain(`node_modules/${tool} `.trimEnd())
    }
    // The server cannot start without it (the Dockerfile says why).
    expect(runs).not.toMatch(/node_modules\/prettier\b/)
  })
})

describe('docker compose', () => {
  it('keeps the app data (uploads, SQLite) in a named volume', () => {
    expect(appService).toMatch(/\n {4}volumes:\n {6}(#[^\n]*\n {6})*- app-data:\/app\/data\n/)
    expect(compose).toMatch(/\nvolumes:\n(\s+\S+:\n)*\s+app-data:/)
  })

  it('health-checks the app through /healthz', () => {
    expect(appService).toMatch(/healthcheck:[\s\S]*\/healthz/)
  })
})

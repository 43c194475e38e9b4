import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isOutdated } from '../scripts/build.mjs'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** The server's commands: each one's bundle in dist/ (scripts/build.mjs) and its source. */
const SOURCES = {
  server: 'cms/server.ts',
  'admin-reset': 'cms/auth/resetAdmin.ts',
  'admin-create': 'cms/auth/createAdmin.ts',
  backup: 'cms/db/backup.ts',
  restore: 'cms/db/restore.ts',
} as const

export type ServerCommand = keyof typeof SOURCES

/**
 * V8's optimizing compiler off in the processes tests start. A test server lives seconds to a minute, and TurboFan
 * spent more CPU on its background compiles than the optimized code saved: the same start, login and 520 requests cost
 * 0.3–0.46 CPU s and 0.4–1.6 ms a request less without it (six pairs in turn), and a whole run's servers 388 CPU s
 * against 443 (docs/SCALING.md, "The test suite's time"). On Node 24, which npm's scripts run on (docs/decisions/022),
 * nine API files cost the same with it as without (two rounds), so the flag stays. Only the speed of the JavaScript
 * changes, not what it does; V8's first tiers still compile. Production keeps TurboFan: a server that runs for weeks
 * earns it back.
 */
const TEST_PROCESS_FLAGS = ['--no-turbofan']

/**
 * Every server and command the tests start hashes passwords with 1,000 rounds instead of 600,000 (the preload says
 * why): processes sharing a database must agree, so `startServer` gives it to each way it starts one.
 */
export const TEST_PRELOAD = ['--import', join(repoRoot, 'testing/quickPasswordHashes.mjs')]

/** In the environment of every process sharing a database whose passwords must cost what they cost in production. */
export const PRODUCTION_PASSWORD_HASHING = { TEST_PASSWORD_HASHING: 'production' }

/**
 * Node's arguments for a command: its bundle (`node dist/<command>.mjs`, as the image runs it) when current, else its
 * source through tsx, as `npm run <script>` does (a run without the test setup, or a file edited since). The bundle
 * costs a third of the CPU: `admin-reset` took 1.8 CPU s against 4.8 through tsx. testing/server.ts starts servers so.
 */
export const commandEntry = (command: ServerCommand): string[] => [
  ...TEST_PROCESS_FLAGS,
  ...TEST_PRELOAD,
  ...(isOutdated('server') ? ['--import', 'tsx', SOURCES[command]] : [join(repoRoot, `dist/${command}.mjs`)]),
]

/**
 * Runs one of the server's commands in a process of its own (`commandEntry`). `env` is the whole environment the
 * command gets (a test may leave a setting out).
 */
export function runServerCommand(command: ServerCommand, args: string[], env: NodeJS.ProcessEnv, cwd = repoRoot) {
  const entry = commandEntry(command)
  return new Promise<{ code: number | null; output: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [...entry, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let stderr = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => {
      output += c
      stderr += c
    })
    child.on('exit', (code) => done({ code, output, stderr }))
  })
}

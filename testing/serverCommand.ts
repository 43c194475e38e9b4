import { spawn } from 'node:child_process'
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
 * Runs one of the server's commands in a process of its own, as the image does (`node dist/<command>.mjs`); from its
 * source through tsx, as `npm run <script>` does, when the bundle is older than the sources (testing/server.ts does
 * the same for the server). The bundle costs a third of the CPU: `admin-reset` took 1.8 CPU s against 4.8 through tsx.
 * `env` is the whole environment the command gets (a test may leave a setting out).
 */
export function runServerCommand(command: ServerCommand, args: string[], env: NodeJS.ProcessEnv) {
  const entry = isOutdated('server') ? ['--import', 'tsx', SOURCES[command]] : [`dist/${command}.mjs`]
  return new Promise<{ code: number | null; output: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [...entry, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
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

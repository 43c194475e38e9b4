import { createClient, type Client } from '@libsql/client'
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_CLUB_TIME_ZONE, todayIn } from '#shared/clubDay'
import { freePort, listensOn } from './port'
import { commandEntry, TEST_PRELOAD } from './serverCommand'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

export type TestServer = {
  /** Origin of the running server, e.g. http://localhost:41234 */
  url: string
  /** The server process's id, to tell its open files from the test's own. */
  pid: number
  dataDir: string
  databaseUri: string
  /** Everything the server printed, for debugging a failed test. */
  output: () => string
  /** SIGTERM and wait for a clean exit. */
  stop: () => Promise<number | null>
  /** SIGKILL: the crash case. */
  kill: () => Promise<void>
}

export type StartOptions = {
  seed?: 'demo' | 'none'
  env?: Record<string, string>
  /** Reuse the database of an earlier server (restart after a crash). */
  dataDir?: string
  /** Start as `npm run dev` does: the site from its sources through Vite. */
  dev?: boolean
  /** Start as `npm start` does: build what is missing, then run the compiled server (scripts/start.mjs). */
  compiled?: boolean
  /** The folder the server runs in (it reads that folder's `.env`, cms/env.ts); the repository by default. */
  cwd?: string
  /**
   * A server started by hand: it gets only PATH, PORT and `env`, none of the harness's test settings (NODE_ENV=test,
   * the test secret…), so its settings come from `cwd`'s `.env`. Its database is wherever those settings say.
   */
  bare?: boolean
}

/**
 * The command that runs the server. The compiled bundle (dist/server.mjs, `npm start`'s, built by
 * testing/globalSetup.ts) when it is current: a start costs less than half the CPU of compiling
 * cms/server.ts with tsx (docs/SCALING.md, "The test suite's time"), and the suite starts a server a hundred times. From the sources through tsx
 * when the bundle is missing or older than them (a run without the global setup, or a file edited since).
 */
function serverCommand(options: StartOptions): string[] {
  if (options.compiled) return [...TEST_PRELOAD, join(repoRoot, 'scripts/start.mjs')]
  if (options.dev) return [...TEST_PRELOAD, '--import', 'tsx', 'cms/server.ts', '--dev']
  return commandEntry('server')
}

const TEMPLATE_ENV = 'BOOSTERS_TEST_DATABASE_TEMPLATE'

/**
 * An empty database with every migration applied, made once per set of migrations (testing/globalSetup.ts) and
 * copied for each test server that gets a new database: running the twenty-odd migrations cost every start about
 * 0.8 CPU s. The server still runs its migrations at start (none pending then); a server given a `dataDir` or a
 * DATABASE_URI (the upgrade, backup and crash tests) starts from what is there, an empty folder included, as before.
 */
function databaseTemplatePath(): string {
  const hash = createHash('sha256')
  const migrationsDir = join(repoRoot, 'cms/db/migrations')
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(join(migrationsDir, name)))
  // Payload's version decides its own tables (payload_migrations and the like).
  hash.update(readFileSync(join(repoRoot, 'package-lock.json')))
  return join(tmpdir(), `boosters-test-template-${hash.digest('hex').slice(0, 16)}.db`)
}

/** Keeps a stopped server's database as a template at `template`: its task times cleared, one file, renamed into place. */
async function saveAsTemplate(dataDir: string, template: string) {
  const db = createClient({ url: `file:${join(dataDir, 'test.db')}` })
  // The tasks' next runs belong to that one start: each test server claims its own at its start.
  await db.execute('DELETE FROM server_state')
  await db.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  // Renamed into place whole: another run, or another worker, may be reading the same path.
  const partial = `${template}.${process.pid}`
  copyFileSync(join(dataDir, 'test.db'), partial)
  renameSync(partial, template)
}

/**
 * Makes the template once (a server started on an empty folder, then stopped), and the run's folder for the demo
 * templates (`demoTemplate`); their paths go to the test workers. Returns what removes that folder after the run.
 */
export async function prepareDatabaseTemplate(): Promise<() => void> {
  const template = databaseTemplatePath()
  if (!existsSync(template)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'boosters-template-'))
    try {
      const server = await startServer({ dataDir })
      await server.stop()
      await saveAsTemplate(dataDir, template)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  process.env[TEMPLATE_ENV] = template
  const demoTemplates = mkdtempSync(join(tmpdir(), 'boosters-demo-templates-'))
  process.env[DEMO_TEMPLATES_ENV] = demoTemplates
  return () => rmSync(demoTemplates, { recursive: true, force: true })
}

/**
 * A new data folder holding an empty database with every migration applied (`test.db`, from the template), for a
 * test that starts several servers on the same data (`startServer({ dataDir })`) and removes it itself.
 */
export function newDataDir(template = process.env[TEMPLATE_ENV]): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-test-'))
  if (template && existsSync(template)) copyFileSync(template, join(dataDir, 'test.db'))
  return dataDir
}

const DEMO_TEMPLATES_ENV = 'BOOSTERS_TEST_DEMO_TEMPLATES'
const demoTemplatesMade = new Map<string, Promise<string>>()

/**
 * The empty template with SEED=demo's content added, for a server started with `seed: 'demo'` on a new database:
 * seeding cost each such start about 0.65 CPU s, and a run has about 25. Made by the run's first such start (a server
 * started with SEED=demo on a copy of the empty template, then stopped) and kept in the run's own folder, not between
 * runs: the seed is code under test, and it places its games, seasons and shifts around the club's today, so there is
 * one per club day and time zone (a run crossing midnight makes another). None outside the test setup's run.
 */
async function demoTemplate(timeZone: string): Promise<string | undefined> {
  const folder = process.env[DEMO_TEMPLATES_ENV]
  if (!folder || !existsSync(folder)) return undefined
  const template = join(folder, `demo-${timeZone.replaceAll('/', '_')}-${todayIn(timeZone)}.db`)
  if (existsSync(template)) return template
  let made = demoTemplatesMade.get(template)
  if (!made) {
    made = (async () => {
      const dataDir = newDataDir()
      try {
        const server = await startServer({ dataDir, seed: 'demo', env: { CLUB_TIME_ZONE: timeZone } })
        await server.stop()
        await saveAsTemplate(dataDir, template)
        return template
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    })()
    demoTemplatesMade.set(template, made)
    // A failed attempt is not remembered: the next demo start in this worker tries again.
    made.catch(() => demoTemplatesMade.delete(template))
  }
  return made
}

/**
 * Starts the real server in its own process on a free port and a fresh SQLite file, as `npm start`
 * runs it, and resolves once it is listening. Tests talk to it over HTTP only.
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      // The origin must be known before start: it is the server's CSRF allowlist.
      return await startOn(Number(options.env?.PORT) || (await freePort()), options)
    } catch (err) {
      // The port freePort found was taken before our server bound it: another one, unless the test named the port.
      if (options.env?.PORT || attempt === 3 || !/Cannot start: port \d+ is in use/.test(String(err))) throw err
    }
  }
}

async function startOn(port: number, options: StartOptions): Promise<TestServer> {
  // The demo content comes with the database when a template holds it (the server then has nothing to seed).
  const seededTemplate =
    options.seed === 'demo' && !options.dataDir && !options.env?.DATABASE_URI && !options.bare
      ? await demoTemplate(options.env?.CLUB_TIME_ZONE ?? process.env.CLUB_TIME_ZONE ?? DEFAULT_CLUB_TIME_ZONE)
      : undefined
  const dataDir =
    options.dataDir ?? (options.env?.DATABASE_URI ? mkdtempSync(join(tmpdir(), 'boosters-test-')) : newDataDir(seededTemplate))
  const databaseUri = options.env?.DATABASE_URI ?? `file:${join(dataDir, 'test.db')}`
  const harness: Record<string, string | undefined> = options.bare
    ? { PATH: process.env.PATH, PORT: String(port) }
    : {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        SERVER_URL: `http://localhost:${port}`,
        DATABASE_URI: databaseUri,
        SEED: seededTemplate ? 'none' : (options.seed ?? 'none'),
        PAYLOAD_SECRET: 'test-secret-not-for-production-0123456789',
        LOG_LEVEL: 'warn',
        // No backup at every test server's start; the backup tests turn it on.
        BACKUP_EVERY_HOURS: '0',
        // On MongoDB the uploads and backups would go to the repository's ./data, shared by every test server: its own.
        ...(/^mongodb/.test(databaseUri) ? { DATA_DIR: dataDir } : {}),
      }
  const child: ChildProcess = spawn(process.execPath, serverCommand(options), {
    cwd: options.cwd ?? repoRoot,
    env: { ...harness, ...options.env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  // Listening once it answers HTTP: the start line is an `info` log line, which LOG_LEVEL=warn leaves out.
  const url = `http://localhost:${port}`
  await new Promise<void>((resolve, reject) => {
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      child.kill('SIGKILL')
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      reject(error)
    }
    const timer = setTimeout(() => fail(new Error(`server did not start in 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => (output += chunk.toString())
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`server exited with ${code} before listening:\n${output}`))
    })
    const knock = () => {
      if (settled) return
      fetch(`${url}/healthz`).then(
        () => {
          if (settled) return
          // Another server may have taken the port first (listensOn): ours has not answered yet.
          if (!listensOn(child.pid!, port)) return setTimeout(knock, 50)
          settled = true
          clearTimeout(timer)
          resolve()
        },
        () => setTimeout(knock, 50),
      )
    }
    knock()
  })

  return {
    url,
    pid: child.pid!,
    dataDir,
    databaseUri,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = await exited
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      return code
    },
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** A fetch that behaves like our own pages: JSON, same Origin, cookie jar of one. */
export class ApiClient {
  cookie = ''
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        Origin: this.baseUrl,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }).catch((err: Error & { cause?: { code?: string; message?: string } }) => {
      // Undici says only "fetch failed": name the request and why (refused, reset, closed), so a failure tells a server
      // that died from one that dropped a connection.
      throw new Error(`${method} ${this.baseUrl}${path}: ${err.message} (${err.cause?.code ?? err.cause?.message ?? 'no cause'})`, {
        cause: err,
      })
    })
    const setCookies = res.headers.getSetCookie()
    for (const c of setCookies) this.cookie = c.split(';')[0]
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json, setCookies }
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers)
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers)
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers)
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers)
}

export const TEST_ADMIN = { username: 'coach.admin', password: 'correct-horse-battery', email: 'admin@ladyhawks.test' }

/** Creates the first admin through the setup endpoint and logs in. */
export async function loggedInAdmin(url: string): Promise<ApiClient> {
  const client = new ApiClient(url)
  const setup = await client.post('/api/admin/setup', TEST_ADMIN)
  if (setup.status !== 201 && setup.status !== 403) throw new Error(`setup failed: ${setup.status} ${setup.text}`)
  const login = await client.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`)
  return client
}

export type StaffAccount = { username: string; password: string; role: 'admin' | 'editor'; email?: string }

/**
 * A staff account made as the club makes one (cms/auth/accountChanges.ts): an admin creates it with an email, never a
 * password, and its owner chooses hers through the invitation's link (asked for as a link, so no mail server is needed).
 * `headers` go with each request (an X-Forwarded-For where the server trusts the proxy). Answers the created account.
 */
export async function addStaffAccount(admin: ApiClient, account: StaffAccount, headers: Record<string, string> = {}) {
  const { username, password, role, email = `${username}@staff.ladyhawks.test` } = account
  const created = await admin.post('/cms-api/admin-users', { username, email, role }, headers)
  if (created.status !== 201) throw new Error(`creating ${username} answered ${created.status}: ${created.text}`)
  const id = created.json.doc.id as string
  const invitation = await admin.post(`/api/admin/staff/${id}/invitation`, { link: true }, headers)
  if (invitation.status !== 200) throw new Error(`inviting ${username} answered ${invitation.status}: ${invitation.text}`)
  const token = new URL(invitation.json.link).searchParams.get('reset')
  const chosen = await new ApiClient(admin.baseUrl).post('/api/admin/recover/reset', { token, password }, headers)
  if (chosen.status !== 200) throw new Error(`choosing ${username}'s password answered ${chosen.status}: ${chosen.text}`)
  return created.json.doc as { id: string; username: string; email: string; role: string }
}

/** An editor account made as the club makes one (`addStaffAccount`), signed in through Payload's own login: the door its screens save through. */
export async function signedInEditor(admin: ApiClient, account: { username: string; password: string }): Promise<ApiClient> {
  await addStaffAccount(admin, { ...account, role: 'editor' })
  const editor = new ApiClient(admin.baseUrl)
  const login = await editor.post('/cms-api/admin-users/login', account)
  if (login.status !== 200) throw new Error(`${account.username}'s sign-in answered ${login.status}: ${login.text}`)
  return editor
}

/** A direct connection to a test server's SQLite file, for checks the API cannot make; it waits for the server's writes. */
export async function openDatabase(server: TestServer): Promise<Client> {
  const db = createClient({ url: server.databaseUri })
  await db.execute('PRAGMA busy_timeout = 5000')
  return db
}

/**
 * Runs `work` while the server's SQLite database refuses the COMMIT of every transaction that inserts into or deletes
 * from `table`, as a full disk or an I/O error would: each such write leaves a link to nothing, which SQLite checks
 * only at COMMIT (a deferred foreign key). `work` gets a connection of its own to read the file; the refusal is
 * removed after it, whatever it did.
 */
export async function whileCommitsRefused<T>(
  server: TestServer,
  table: string,
  event: 'INSERT' | 'DELETE',
  work: (db: Client) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(server)
  await db.executeMultiple(`
    CREATE TABLE commit_refused (row TEXT REFERENCES "${table}"(id) DEFERRABLE INITIALLY DEFERRED);
    CREATE TRIGGER refuse_commit AFTER ${event} ON "${table}" BEGIN INSERT INTO commit_refused VALUES ('no such row'); END;`)
  try {
    return await work(db)
  } finally {
    await db.executeMultiple('DROP TRIGGER refuse_commit; DROP TABLE commit_refused;')
    db.close()
  }
}

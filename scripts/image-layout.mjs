// `npm run check:image` (after `npm run build`): builds the Docker image's runtime file layout without Docker, by
// running the Dockerfile's own runtime steps (its `npm ci --omit=dev … && rm -rf …` and its mkdir/chown) in a temporary
// directory, then starts the compiled server there as an unprivileged user (uid 65534, standing in for the image's
// `node` user; needs root to switch) and checks what the image must do: /healthz answers 200, the first admin can be
// set up, an upload is stored under data/media, the compiled admin:reset gives a password that signs in, the compiled
// admin-create makes an admin whose one-time password must be replaced at its first sign-in, the public and admin
// pages answer, the scheduled backup runs at the first start and the compiled backup command on demand. Prints the installed size
// (docs/SCALING.md, "The image"). `--node <path>` runs the server on another Node binary (e.g. Node 24);
// `--idle-minutes <n>` then leaves it idle that long, printing its RSS every 30 s (docs/SCALING.md, the idle server).
import { execFile, execSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dockerfileInstructions } from './dockerfile.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const nodeArg = process.argv.indexOf('--node')
const nodeBinary = nodeArg > 0 ? process.argv[nodeArg + 1] : process.execPath
const idleArg = process.argv.indexOf('--idle-minutes')
const idleMinutes = idleArg > 0 ? Number(process.argv[idleArg + 1]) : 0
const UID = 65534

const { runtime, runs } = dockerfileInstructions()

const root = mkdtempSync(join(tmpdir(), 'boosters-image-'))
chmodSync(root, 0o755)
const sh = (command) => execSync(command, { cwd: root, stdio: 'inherit', shell: '/bin/sh' })
try {
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(repo, file), join(root, file))
  // The install step, as written (but this machine's npm cache is left alone).
  const install = runs.find((r) => r.includes('npm ci --omit=dev'))
  sh(install.replace(/&&\s*npm cache clean --force/, ''))
  // The build outputs (COPY --from=build /app/<x> ./<y>) and plain COPYs, from this working tree.
  for (const copy of runtime.filter((i) => i.startsWith('COPY ') && !i.includes('package.json'))) {
    const [from, to] = copy
      .replace(/^COPY (--from=build )?/, '')
      .split(/\s+/)
      .map((p) => p.replace(/^\/app\//, '').replace(/^\.\//, ''))
    if (!existsSync(join(repo, from))) throw new Error(`${from} is missing: run npm run build first`)
    // The build stage deletes Turbopack's cache and the source maps before the image copies the admin's build
    // (Dockerfile): so here.
    const notCache = (source) => !source.startsWith(join(repo, 'cms/admin/.next/cache')) && !source.endsWith('.map')
    cpSync(join(repo, from), to.endsWith('/') ? join(root, to, from.split('/').pop()) : join(root, to), {
      recursive: true,
      filter: notCache,
    })
  }
  // The data directory step, with this machine's stand-in for the image's `node` user; /app is the layout's root.
  const dataStep = runs.find((r) => r.includes('chown'))
  sh(dataStep.replaceAll('node:node', `${UID}:${UID}`).replaceAll('/app/', `${root}/`))

  const packages = readdirSync(join(root, 'node_modules')).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(root, 'node_modules', name)).map((n) => `${name}/${n}`) : name.startsWith('.') ? [] : [name],
  )
  const size = execSync('du -sm node_modules', { cwd: root }).toString().split('\t')[0]
  const total = execSync('du -sm .', { cwd: root }).toString().split('\t')[0]
  console.log(`\nnode_modules: ${packages.length} top-level packages, ${size} MB; all the image adds to its base: ${total} MB`)

  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
  const url = `http://localhost:${port}`
  let output = ''
  const serverEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    SERVER_URL: url,
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    // info: the start line and the access log, which the checks below read.
    LOG_LEVEL: 'info',
  }
  const server = spawn(nodeBinary, ['dist/server.mjs'], {
    cwd: root,
    uid: UID,
    gid: UID,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.on('data', (c) => (output += c))
  server.stderr.on('data', (c) => (output += c))
  try {
    for (let i = 0; !output.includes('listening on'); i++) {
      if (server.exitCode !== null || i > 1200) throw new Error(`the server did not start:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const check = (what, ok, detail = '') => {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what} ${detail}`)
      if (!ok) process.exitCode = 1
    }
    const health = await fetch(`${url}/healthz`)
    check('/healthz answers 200', health.status === 200, JSON.stringify(await health.json()))
    const headers = { Origin: url, 'Content-Type': 'application/json' }
    const admin = { username: 'image.check', password: 'correct-horse-battery-image', email: 'image@check.test' }
    check(
      'first admin set up',
      (await fetch(`${url}/api/admin/setup`, { method: 'POST', headers, body: JSON.stringify(admin) })).status === 201,
    )
    const login = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    })
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]
    check('admin logged in', login.status === 200)
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
    const form = new FormData()
    form.append('file', new Blob([png], { type: 'image/png' }), 'pixel.png')
    form.append('_payload', JSON.stringify({ alt: 'One pixel' }))
    const upload = await fetch(`${url}/cms-api/media`, { method: 'POST', headers: { Origin: url, Cookie: cookie }, body: form })
    const stored = existsSync(join(root, 'data/media')) ? readdirSync(join(root, 'data/media')) : []
    check(
      'upload stored in data/media by the unprivileged user',
      upload.status === 201 && stored.includes('pixel.png'),
      `${upload.status} ${stored}`,
    )
    check('home page answers 200', (await fetch(`${url}/?from=check`)).status === 200)
    check('admin answers 200', (await fetch(`${url}/admin`, { headers: { Cookie: cookie } })).status === 200)
    // The way back in (README, "Commands"), compiled, as the same user, beside the server; after the pages, as it ends sessions.
    // Asynchronously: a blocked event loop would reuse a kept-alive connection the server has closed meanwhile.
    const runCommand = (args) =>
      new Promise((resolve) =>
        execFile(nodeBinary, args, { cwd: root, uid: UID, gid: UID, env: serverEnv }, (error, stdout, stderr) =>
          resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
        ),
      )
    const reset = await runCommand(['dist/admin-reset.mjs', admin.username])
    const newPassword = /New password for \S+: (\S+)/.exec(reset.stdout)?.[1]
    const relogin = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: admin.username, password: newPassword }),
    })
    check('admin reset by dist/admin-reset.mjs, its new password signs in', reset.status === 0 && relogin.status === 200, reset.stderr)
    // The first admin where the web's setup is closed (compose): made on the server, its one-time password replaced at sign-in.
    const created = await runCommand(['dist/admin-create.mjs', 'image.owner'])
    const oneTime = /One-time password: (\S+)/.exec(created.stdout)?.[1]
    const firstLogin = (extra) =>
      fetch(`${url}/api/admin/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: 'image.owner', password: oneTime, ...extra }),
      })
    const asked = await firstLogin({})
    const replaced = await firstLogin({ newPassword: 'the-owners-own-password-7' })
    check(
      'admin created by dist/admin-create.mjs: its one-time password asks for a new one, which signs in',
      created.status === 0 && asked.status === 401 && (await asked.json()).newPasswordRequired === true && replaced.status === 200,
      created.stderr,
    )
    // Backups (docs/DEPLOY.md "Backups"): the schedule's first one at the first start, and one on demand, compiled,
    // as the same user, into data/backups.
    const archives = () => readdirSync(join(root, 'data/backups')).filter((f) => /^backup-.*\.tar\.gz$/.test(f))
    for (let i = 0; archives().length === 0 && i < 600; i++) await new Promise((r) => setTimeout(r, 100))
    check('the scheduled backup ran at the first start', archives().length === 1, archives().join(' '))
    const backup = await runCommand(['dist/backup.mjs'])
    check(
      'a backup on demand by dist/backup.mjs, the database and the uploaded photo',
      backup.status === 0 && /the database and [1-9]\d* uploaded file/.test(backup.stdout) && archives().length === 2,
      backup.stdout + backup.stderr,
    )
    // The idle server's memory (docs/SCALING.md "The image"), once it has served the pages above.
    const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024)
    const nodeVersion = execSync(`${nodeBinary} --version`).toString().trim()
    console.log(`server RSS after the checks: ${rssMb()} MB on Node ${nodeVersion}`)
    const samples = []
    for (let second = 30; second <= idleMinutes * 60; second += 30) {
      await new Promise((r) => setTimeout(r, 30_000))
      samples.push(rssMb())
      console.log(`server RSS after ${second} s idle: ${samples.at(-1)} MB`)
    }
    if (samples.length)
      console.log(`idle RSS on Node ${nodeVersion}: ${Math.min(...samples)}–${Math.max(...samples)} MB, last ${samples.at(-1)} MB`)
    // README "Logs": every line the server printed is JSON, and the access log names no query string.
    const lines = output.trim().split('\n')
    const unparsed = lines.filter((line) => {
      try {
        JSON.parse(line)
        return false
      } catch {
        return true
      }
    })
    check('the server printed JSON lines only', unparsed.length === 0, unparsed.slice(0, 3).join(' | '))
    check(
      'an access line per request, path without its query',
      output.includes('"name":"access","msg":"GET / 200"') && !output.includes('from=check'),
    )
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
  }
  if (process.exitCode) console.log(output)
} finally {
  rmSync(root, { recursive: true, force: true })
}

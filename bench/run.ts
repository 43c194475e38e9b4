/**
 * `npm run bench`: the performance budgets (docs/SCALING.md), measured in one
 * run beside two floors on the same machine:
 *  - a static one-paragraph HTML page (the Lighthouse floor for LCP),
 *  - a bare node:http server sending our responses' bytes and header lines from memory (the throughput floor).
 * It starts the production server (`npm start` with NODE_ENV=production) on a
 * fresh demo database, runs Lighthouse (mobile, simulated throttling) on the
 * public pages and autocannon on the public lists, and prints every figure
 * beside its budget. It exits 1 when any figure is over its budget (a benchmark, so
 * not part of `npm test`, but a budget that cannot fail is no budget).
 *
 * BENCH_RUNS (default 5) Lighthouse runs per page: the median reported, and every run's LCP held to the budget.
 * BENCH_SECONDS (default 5) autocannon duration per target and round; BENCH_LOAD_ROUNDS (default 3) rounds, the servers
 * taking turns (CPU per request and p99 beside the bare server's, each the median of its rounds).
 * BENCH_PAGES (default all four) comma-separated pages for Lighthouse.
 * BENCH_SKIP_LOAD=1 skips autocannon.
 * BENCH_REPORTS=<dir> keeps each Lighthouse report there as JSON (to see what the LCP waited for).
 * BENCH_LOG_LEVEL (default info, production's) the server's LOG_LEVEL.
 * BENCH_GIFTS (default 2000) and BENCH_SPONSORSHIPS (default 300) recorded before the Overview is timed.
 * BENCH_MESSAGES (default 5000) contact messages stored (through POST /api/contact) before a visitor's
 *   wait is measured while an admin opens the Overview (moved here from cms/api/paging.api.test.ts).
 *
 * Beside Lighthouse, each page's wait from first paint to interactive (the app's code arrived and
 * hydrated: data-hydrated, site/src/main.tsx) under the same mobile conditions applied through
 * Chrome's DevTools protocol (150 ms round trip, 1.6 Mbps, CPU × 4): the time during which a
 * control works only because it needs no code (docs/decisions/005-public-pages-without-javascript.md).
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, get as httpGet, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import chromium from '@sparticuz/chromium'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { launchBrowser } from '../testing/browser'
import { freePort } from '../testing/port'
import { ApiClient, loggedInAdmin, TEST_ADMIN } from '../testing/server'

const TEST_ADMIN_LOGIN = { username: TEST_ADMIN.username, password: TEST_ADMIN.password }

const SECRET = randomBytes(32).toString('hex')
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3)
const PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? ['/', '/donate', '/sponsor', '/qr-donate']
/** Measured under load beside the bare server: the public lists and the two most visited pages, as browsers fetch them. */
const LOADED = ['/api/campaigns', '/api/team', '/', '/donate']

type Row = { what: string; value: string; budget: string; ok: boolean | null }
const rows: Row[] = []
const report = (what: string, value: string, budget = '', ok: boolean | null = null) => {
  rows.push({ what, value, budget, ok })
  console.log(`${what.padEnd(44)} ${value.padStart(14)}   ${budget.padEnd(24)} ${ok === null ? '' : ok ? 'ok' : 'OVER BUDGET'}`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Starts `npm start` in production mode. The first start builds what is
 * missing and seeds the new database; the server is then stopped and started
 * again, and that second cold start (an existing database, as in production)
 * is the one timed to the first 200 on /.
 */
async function startProductionServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-bench-'))
  const first = await launchServer(dataDir, false, env)
  await first.stop()
  return launchServer(dataDir, true, env)
}

/** Card payments on: the buy button's ids (its script loads only when the card dialog opens, never in a Lighthouse run). */
const CARD_PAYMENTS = { STRIPE_BUY_BUTTON_ID: 'buy_btn_bench', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench' }

async function launchServer(dataDir: string, removeDataOnStop = false, extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SERVER_URL: `http://localhost:${port}`,
      DATABASE_URI: `file:${join(dataDir, 'bench.db')}`,
      PAYLOAD_SECRET: SECRET,
      SEED: 'demo',
      // Production's level: the access line each request writes is part of what a request costs.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMIT_FORMS: '1000000',
      RATE_LIMIT_LOGIN: '1000000',
      // The login-timing figure speaks from many visitor addresses, each below the per-source throttle.
      TRUST_PROXY: 'loopback',
      LOGIN_ACCOUNT_CEILING: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // Listening once it answers HTTP.
  await new Promise<void>((resolve, reject) => {
    // The end of what it printed, for the error below (an access line per request would fill memory).
    const onData = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
    const knock = () =>
      fetch(`http://localhost:${port}/healthz`).then(
        () => resolve(),
        () => setTimeout(knock, 50),
      )
    knock()
  })
  const url = `http://localhost:${port}`
  // Wait for the first 200 on / (what a visitor waits for).
  while ((await fetch(url).catch(() => null))?.status !== 200) await new Promise((r) => setTimeout(r, 20))
  const firstOk = performance.now() - started
  return {
    url,
    firstOk,
    dataDir,
    databaseUri: `file:${join(dataDir, 'bench.db')}`,
    // scripts/start.mjs imports the server into its own process: this pid is the server's.
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      if (removeDataOnStop) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, () => resolve(`http://localhost:${(server.address() as { port: number }).port}`)))
}

/**
 * The Lighthouse floor: one paragraph of static HTML, compressed like a good static host would. With `headerLines`
 * (name, value, …) it sends those too: the budget's floor goes without; the one with our pages' security headers is
 * printed beside it, so that what they cost stays in view: the opener policy, which only the admin's pages send now,
 * moved the navigation's commit into a task Lantern counts four times, 10–24 ms (docs/SCALING.md, "Which tasks
 * Lantern counts").
 */
async function startFloorPage(headerLines: string[] = []) {
  const html = gzipSync(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
      '<title>Floor</title><meta name="description" content="A static floor page."></head><body><main><h1>Floor</h1>' +
      '<p>One paragraph of static HTML, the fastest page this machine can serve.</p></main></body></html>',
  )
  const server = createServer((_req, res) => {
    res.writeHead(200, [
      ...headerLines,
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Encoding',
      'gzip',
      'Content-Length',
      String(html.length),
    ])
    res.end(html)
  })
  return { url: await listen(server), close: () => server.close() }
}

/** Our page's header lines but those that describe its body (type, encoding, length, validators, caching). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'cdn-cache-control', 'vary'])
const securityHeaderLines = (sent: SentResponse) =>
  sent.headers.flatMap((value, i) => (i % 2 === 0 && !BODY_HEADERS.has(value.toLowerCase()) ? [value, sent.headers[i + 1]] : []))

/**
 * The throughput floor: a bare node:http server, in a process of its own (so its CPU time can be read
 * like the app's), sending the same bytes from memory. With `sameHeaders` (the budget's floor) it sends the
 * same header lines as ours too, copied from our response (the security headers, ETag, Cache-Control, Vary…):
 * a static host configured for this site would send them as well, and node spends per request on each line it
 * writes. Without, only Content-Type, Content-Encoding and Content-Length (the figure printed beside it, so what
 * our headers cost is in view). Either way node adds its own Date, Connection and Keep-Alive.
 */
async function startBareServer(responses: Map<string, SentResponse>, sameHeaders: boolean) {
  const file = join(mkdtempSync(join(tmpdir(), 'boosters-bare-')), 'responses.json')
  const sent = [...responses].map(([path, r]) => [
    path,
    {
      headers: sameHeaders
        ? r.headers
        : ['Content-Type', r.type, ...(r.encoding ? ['Content-Encoding', r.encoding] : []), 'Content-Length', String(r.body.length)],
      body: r.body.toString('base64'),
    },
  ])
  writeFileSync(file, JSON.stringify(sent))
  const script = `
    const responses = new Map(JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
      .map(([path, r]) => [path, { ...r, body: Buffer.from(r.body, 'base64') }]))
    const server = require('node:http').createServer((req, res) => {
      const r = responses.get(req.url)
      if (!r) return res.writeHead(404).end()
      res.writeHead(200, r.headers)
      res.end(r.body)
    })
    server.listen(0, () => console.log('port ' + server.address().port))`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => resolve(/port (\d+)/.exec(String(chunk))![1])),
  )
  return { url: `http://localhost:${port}`, pid: child.pid!, close: () => child.kill() }
}

/** A response as sent: its header lines in order (name, value, …; without node's own Date, Connection, Keep-Alive) and its bytes. */
type SentResponse = { type: string; encoding: string | null; headers: string[]; body: Buffer }

/** Header lines node's http server writes by itself. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** A response's bytes as sent (node's fetch would decode them). */
const sentResponse = (url: string) =>
  new Promise<SentResponse>((resolve, reject) =>
    httpGet(url, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const headers: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!NODE_OWN_HEADERS.has(res.rawHeaders[i].toLowerCase())) headers.push(res.rawHeaders[i], res.rawHeaders[i + 1])
        resolve({
          type: String(res.headers['content-type']),
          encoding: res.headers['content-encoding'] ?? null,
          headers,
          body: Buffer.concat(chunks),
        })
      })
    }).on('error', reject),
  )

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** A process's CPU time so far (user + system), in microseconds, from /proc (Linux). */
function cpuMicros(pid: number) {
  // After the command name: utime and stime are the 12th and 13th fields, in clock ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS
}

async function lighthouseRuns(port: number, url: string) {
  const results = []
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined)
    const lhr = result!.lhr
    if (process.env.BENCH_REPORTS) {
      mkdirSync(process.env.BENCH_REPORTS, { recursive: true })
      writeFileSync(
        join(process.env.BENCH_REPORTS, `${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '_')}-${i + 1}.json`),
        JSON.stringify(lhr),
      )
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? []
    const serverTimes =
      (lhr.audits['network-server-latency']?.details as { items?: { origin: string; serverResponseTime: number }[] })?.items ?? []
    results.push({
      score: (lhr.categories.performance.score ?? 0) * 100,
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      html: requests.find((r) => r.resourceType === 'Document')?.transferSize ?? NaN,
      // Lantern's server time for the page: the median over every request to its origin, the modules asked for after
      // the first paint included. It goes into the simulated first byte, so it is printed beside each run's LCP.
      serverTime: serverTimes.find((item) => item.origin === new URL(url).origin)?.serverResponseTime ?? 0,
    })
  }
  return {
    score: median(results.map((r) => r.score)),
    lcp: median(results.map((r) => r.lcp)),
    lcpWorst: Math.max(...results.map((r) => r.lcp)),
    lcpRuns: results.map((r) => r.lcp),
    serverTimes: results.map((r) => r.serverTime),
    cls: median(results.map((r) => r.cls)),
    tbt: median(results.map((r) => r.tbt)),
    js: median(results.map((r) => r.js)),
    html: median(results.map((r) => r.html)),
  }
}

/** Lighthouse's mobile conditions (a slow 4G round trip and bandwidth, a phone's CPU), applied by DevTools. */
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 }

/** Median first contentful paint, interactive (data-hydrated) and the gap between them, each load with a cold cache. */
async function paintToInteractive(url: string) {
  const browser = await launchBrowser()
  const runs: { fcp: number; interactive: number }[] = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latency,
        downloadThroughput: MOBILE.downloadThroughput,
        uploadThroughput: MOBILE.uploadThroughput,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu })
      // Runs before the page's own scripts (DevTools, outside the page's CSP): notes when the app marks itself interactive.
      await page.addInitScript(() => {
        // The document exists this early, its <html> element not yet: watch the whole document.
        new MutationObserver((_records, observer) => {
          if (document.documentElement?.dataset.hydrated !== 'true') return
          ;(window as unknown as { hydratedAt: number }).hydratedAt = performance.now()
          observer.disconnect()
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
      })
      await page.goto(url)
      await page.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, undefined, {
        timeout: 60_000,
      })
      runs.push(
        await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          interactive: (window as unknown as { hydratedAt: number }).hydratedAt,
        })),
      )
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return {
    fcp: median(runs.map((r) => r.fcp)),
    interactive: median(runs.map((r) => r.interactive)),
    gap: median(runs.map((r) => r.interactive - r.fcp)),
    slowestGap: Math.max(...runs.map((r) => r.interactive - r.fcp)),
  }
}

type Throughput = Awaited<ReturnType<typeof throughput>>

/** Each figure's median over the rounds (errors summed). */
const medianThroughput = (runs: Throughput[]): Throughput => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  cpuPerRequest: median(runs.map((r) => r.cpuPerRequest)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
})

/** Requests per second, p99 latency and the serving process's CPU time per request (µs) under 50 connections. */
async function throughput(url: string, pid: number) {
  // A cached answer is what is measured: a page or list not cached yet (never asked for, or since a save) is made by its
  // first request (seconds of CPU on a busy machine), which would be counted as the cost of every request of the run.
  await fetch(url, { headers: { 'Accept-Encoding': 'gzip, br' } }).then((res) => res.arrayBuffer())
  const cpuBefore = cpuMicros(pid)
  const result = await autocannon({ url, connections: 50, duration: SECONDS, headers: { 'Accept-Encoding': 'gzip, br' } })
  const cpuPerRequest = (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total)
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest, errors: result.errors + result.non2xx }
}

/**
 * A visitor's wait while an admin opens the Overview (its three requests at once, as the browser
 * sends them, one deep in the inbox) with BENCH_MESSAGES messages stored: budget median < 100 ms.
 */
async function visitorBesideOverview(url: string, admin: ApiClient) {
  const count = Number(process.env.BENCH_MESSAGES ?? 5000)
  const visitor = new ApiClient(url)
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, k) =>
        visitor.post('/api/contact', {
          name: `Spam Bot ${start + k}`,
          email: `bot${start + k}@spam.example`,
          message: 'Buy cheap sneakers now! '.repeat(25),
        }),
      ),
    )
  }
  const pages = Math.max(1, Math.floor(count / 100))
  const waits: number[] = []
  for (let round = 0; round < 11; round++) {
    const adminLoad = Promise.all([
      admin.get('/api/admin/summary'),
      admin.get(`/api/admin/contact-messages?page=${1 + ((round * 45) % pages)}&limit=100`),
      admin.get('/api/admin/sponsor-applications'),
    ])
    const t = performance.now()
    const res = await visitor.get('/api/campaigns')
    waits.push(performance.now() - t)
    if (res.status !== 200) throw new Error(`GET /api/campaigns answered ${res.status}`)
    await adminLoad
  }
  return { count, median: median(waits), max: Math.max(...waits) }
}

/**
 * The treasurer's Overview on a club's books (BENCH_GIFTS donations, default 2,000, and BENCH_SPONSORSHIPS
 * sponsorships, default 300, recorded through the API): from navigation to every figure shown (the four
 * cards, the books table and the campaigns' line), in a signed-in browser, beside a plain admin page (the
 * Games tab's list, the floor). Each is loaded once to warm the browser's cache (an admin comes back to a
 * portal whose code is cached), then RUNS times in turn; the medians and the slowest Overview are reported.
 */
async function overviewOpens(url: string, admin: ApiClient) {
  const gifts = Number(process.env.BENCH_GIFTS ?? 2000)
  const sponsorships = Number(process.env.BENCH_SPONSORSHIPS ?? 300)
  const campaigns = (await admin.get('/api/admin/campaigns')).json as Array<{ id: string }>
  const record = async (count: number, post: (i: number) => Promise<{ status: number; text: string }>) => {
    for (let start = 0; start < count; start += 10) {
      for (const res of await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, k) => post(start + k))))
        if (res.status !== 201) throw new Error(`recording a gift answered ${res.status}: ${res.text}`)
    }
  }
  // A few hundred donors giving several times; one gift in ten to a campaign (each recounts its campaign), some pending.
  await record(gifts, (i) =>
    admin.post('/api/admin/donations', {
      donorName: `Donor ${i % 400}`,
      donorEmail: `donor${i % 400}@bench.example`,
      amount: `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
      paymentMethod: ['cash', 'check', 'venmo'][i % 3],
      status: i % 20 === 0 ? 'pending' : 'completed',
      ...(i % 10 === 0 && campaigns.length ? { campaign: campaigns[i % campaigns.length].id } : {}),
    }),
  )
  await record(sponsorships, (i) =>
    admin.post('/api/admin/sponsorships', {
      sponsorName: `Sponsor ${i}`,
      sponsorEmail: `sponsor${i}@bench.example`,
      sponsorCompany: `Company ${i}`,
      tier: ['gold', 'silver'][i % 2],
      amount: '600',
      paymentMethod: 'check',
      status: 'completed',
    }),
  )

  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: url })
    const login = await context.request.post('/api/admin/login', { data: TEST_ADMIN_LOGIN, headers: { Origin: url } })
    if (login.status() !== 200) throw new Error(`signing in answered ${login.status()}`)
    const page = await context.newPage()
    /**
     * Milliseconds from navigation to the first frame showing what `path` is opened for: on the Overview
     * every figure (the four cards, the books table, the campaigns' line), on the floor the Games list.
     */
    const open = async (path: '/admin' | '/admin?tab=games') => {
      await page.goto(path, { waitUntil: 'commit' })
      const shownAt = await page.waitForFunction(
        (overview) => {
          if (!overview) return !!document.querySelector('ul[aria-label="Games"] li') && performance.now()
          const values = [...document.querySelectorAll('[data-testid="stat-value"]')].map((e) => e.textContent ?? '')
          if (values.includes('Unavailable')) throw new Error('the Overview could not load its figures')
          const line = document.querySelector('[data-testid="campaign-totals"]')?.textContent ?? '…'
          const every =
            values.length === 4 && !values.includes('…') && !!document.querySelector('[data-testid="books-totals"]') && line !== '…'
          return every && performance.now()
        },
        path === '/admin',
        { timeout: 60_000 },
      )
      const shown = (await shownAt.jsonValue()) as number
      // The next load starts on a quiet server: the Overview's lists, asked for after its figures, are answered first.
      await page.waitForLoadState('networkidle')
      return shown
    }
    await open('/admin?tab=games')
    await open('/admin')
    const floor: number[] = []
    const overview: number[] = []
    for (let i = 0; i < RUNS; i++) {
      floor.push(await open('/admin?tab=games'))
      overview.push(await open('/admin'))
    }
    return { gifts, sponsorships, floor: median(floor), overview: median(overview), slowest: Math.max(...overview) }
  } finally {
    await browser.close()
  }
}

/**
 * A wrong password and an unknown username take as long (the dummy hash, SECURITY.md §1), moved here
 * from cms/security/loginThrottle.api.test.ts: compared by their fastest answers (what the server
 * itself costs; the rest is other processes' noise), alternating, each from a fresh address.
 */
async function loginTiming(url: string) {
  let address = 1
  const time = async (username: string) => {
    const t = performance.now()
    const res = await new ApiClient(url).post(
      '/api/admin/login',
      { username, password: 'Wrong-Guess-Passphrase' },
      { 'X-Forwarded-For': `198.51.${Math.floor(address / 250)}.${(address++ % 250) + 1}` },
    )
    if (res.status !== 401) throw new Error(`a wrong login answered ${res.status}`)
    return performance.now() - t
  }
  await time(TEST_ADMIN.username)
  const real: number[] = []
  const unknown: number[] = []
  for (let i = 0; i < 14; i++) {
    real.push(await time(TEST_ADMIN.username))
    unknown.push(await time('no.such.admin'))
  }
  return { real: Math.min(...real), unknown: Math.min(...unknown) }
}

/**
 * The owner's sign-in during a guessing flood (SECURITY.md §1), beside her idle sign-in: 32 clients guess her password
 * from ever new addresses (one guess each, so no per-source delay starts and every guess costs a password hash) on both
 * doors of two server processes sharing the database, while she signs in from the address she signed in from before,
 * through each door of each process, RUNS times. Budget: her slowest answer under 2 s.
 */
async function signInDuringFlood(server: { url: string; dataDir: string }) {
  const other = await launchServer(server.dataDir)
  const home = '203.0.113.7'
  const doors = ['/api/admin/login', '/cms-api/admin-users/login']
  const signIn = async (url: string, door: string) => {
    const t = performance.now()
    const res = await new ApiClient(url).post(door, TEST_ADMIN_LOGIN, { 'X-Forwarded-For': home })
    if (res.status !== 200) throw new Error(`the owner's sign-in at ${door} answered ${res.status}: ${res.text}`)
    return performance.now() - t
  }
  try {
    const idle: number[] = []
    for (let i = 0; i < RUNS; i++) for (const door of doors) idle.push(await signIn(server.url, door))
    const flood = new AbortController()
    let address = 0
    let guesses = 0
    const guesser = async (n: number) => {
      for (let guess = 0; !flood.signal.aborted; guess++) {
        const url = [server.url, other.url][n % 2]
        await fetch(url + doors[(n + guess) % 2], {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: url,
            'X-Forwarded-For': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
          },
          body: JSON.stringify({ username: TEST_ADMIN.username, password: `Wrong-Guess-${n}-${guess}` }),
          signal: flood.signal,
        }).then(
          (res) => res.arrayBuffer().then(() => guesses++),
          () => undefined,
        )
      }
    }
    const guessers = Array.from({ length: 32 }, (_, n) => guesser(n))
    // The flood under way on both processes before she signs in.
    while (guesses < 8) await new Promise((resolve) => setTimeout(resolve, 50))
    const during: number[] = []
    for (let i = 0; i < RUNS; i++) for (const url of [server.url, other.url]) for (const door of doors) during.push(await signIn(url, door))
    flood.abort()
    await Promise.all(guessers)
    return { idle: median(idle), median: median(during), slowest: Math.max(...during), guesses }
  } finally {
    await other.stop()
  }
}

/**
 * Figures that were time limits inside the suite (a test asserts behaviour: a busy machine must not fail it):
 *  - a page asked for with a made-up query string is the cached page, answered as fast as it (median of 300, < 15 ms;
 *    a fresh render takes tens of milliseconds): cms/site/site.api.test.ts checks it is the same page;
 *  - a write waiting on another process's write lock (held 1.2 s, the busy timeout is 5 s) goes through as soon as
 *    the lock is free: cms/db/durability.api.test.ts checks it waits and succeeds;
 *  - a save on one process shows on a second process sharing the database within 2 s (CONTENT_POLL_MS):
 *    cms/db/processes.api.test.ts checks it shows.
 */
async function cachedQueryStrings(url: string) {
  const times: number[] = []
  for (let i = 0; i < 300; i++) {
    const started = performance.now()
    const res = await fetch(`${url}/sponsor?x=${Math.random().toString(36).slice(2)}&tier=${i}`)
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`/sponsor?x=… answered ${res.status}`)
  }
  return { median: median(times), p99: [...times].sort((a, b) => a - b)[296] }
}

async function writeBehindHeldLock(url: string, databaseUri: string) {
  const { createClient } = await import('@libsql/client')
  const locker = createClient({ url: databaseUri })
  await locker.execute('PRAGMA busy_timeout = 5000')
  const contact = (name: string) => ({ name, email: 'lock@bench.example', message: 'Waiting for the write lock.' })
  const visitor = new ApiClient(url)
  await visitor.post('/api/contact', contact('Warm-up'))
  const tx = await locker.transaction('write') // BEGIN IMMEDIATE: holds the write lock
  try {
    const started = performance.now()
    const pending = visitor.post('/api/contact', contact('Behind the lock'))
    setTimeout(() => void tx.commit(), 1200)
    const res = await pending
    if (res.status !== 201) throw new Error(`a write behind the lock answered ${res.status}`)
    return performance.now() - started
  } finally {
    tx.close()
    locker.close()
  }
}

async function saveSeenByOtherProcess(dataDir: string, admin: ApiClient) {
  const other = await launchServer(dataDir)
  try {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const title = `Bench title ${i}`
      await fetch(`${other.url}/api/content`) // cached on the other process
      const res = await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: title })
      if (res.status !== 200) throw new Error(`save failed: ${res.status} ${res.text}`)
      const saved = performance.now()
      while ((await (await fetch(`${other.url}/api/content`)).json())['hero/title'] !== title) await new Promise((r) => setTimeout(r, 5))
      times.push(performance.now() - saved)
    }
    return { median: median(times), slowest: Math.max(...times) }
  } finally {
    await other.stop()
  }
}

const server = await startProductionServer()
const responses = new Map<string, SentResponse>()
for (const path of LOADED) responses.set(path, await sentResponse(server.url + path))
const floor = await startFloorPage()
const floorWithHeaders = await startFloorPage(securityHeaderLines(responses.get('/')!))
const bare = await startBareServer(responses, true)
const bareBodyOnly = await startBareServer(responses, false)
// /qr-donate, the page a donor scans in the gym, is measured without card payments (the server's default here) and with them.
const cardServer = PAGES.includes('/qr-donate') ? await startProductionServer(CARD_PAYMENTS) : null
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || (await chromium.executablePath()),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})

try {
  console.log(`Lighthouse mobile, median of ${RUNS}; autocannon 50 connections × ${SECONDS} s, ${LOAD_ROUNDS} rounds\n`)
  report('cold start to first 200 on /', `${Math.round(server.firstOk)} ms`, '< 2000 ms', server.firstOk < 2000)

  const floorLh = await lighthouseRuns(chrome.port, floor.url)
  report('floor page: Lighthouse performance', floorLh.score.toFixed(0))
  report('floor page: LCP', `${Math.round(floorLh.lcp)} ms`)
  // Not the budget: the same page with our pages' security headers, so that what they cost is in view.
  const floorWithHeadersLh = await lighthouseRuns(chrome.port, floorWithHeaders.url)
  report(
    'floor page with our security headers: LCP',
    `${Math.round(floorWithHeadersLh.lcp)} ms`,
    `${(floorWithHeadersLh.lcp / floorLh.lcp).toFixed(2)} × floor; each run ${floorWithHeadersLh.lcpRuns.map((lcp) => Math.round(lcp)).join(', ')} ms`,
  )

  const targets = [
    ...PAGES.map((path) => ({ path, label: path, url: server.url + path })),
    ...(cardServer ? [{ path: '/qr-donate', label: '/qr-donate (card payments on)', url: `${cardServer.url}/qr-donate` }] : []),
  ]
  for (const { path, label, url } of targets) {
    const lh = await lighthouseRuns(chrome.port, url)
    report(`${label}: Lighthouse performance`, lh.score.toFixed(0), '≥ 98', lh.score >= 98)
    // Every run, not only the median: a donor gets one load, not the median of three.
    const worst = lh.lcpWorst / floorLh.lcp
    report(
      `${label}: LCP, slowest of ${RUNS} runs`,
      `${Math.round(lh.lcpWorst)} ms`,
      `≤ 1.1 × floor (${worst.toFixed(2)}×; median ${(lh.lcp / floorLh.lcp).toFixed(2)}×)`,
      worst <= 1.1,
    )
    report(
      `${label}: LCP of each run`,
      lh.lcpRuns.map((lcp) => Math.round(lcp)).join(', ') + ' ms',
      `floor ${Math.round(floorLh.lcp)} ms (${Math.round(floorWithHeadersLh.lcp)} with our headers); server time as simulated ${lh.serverTimes.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    )
    report(`${label}: CLS`, lh.cls.toFixed(3), '≤ 0.01', lh.cls <= 0.01)
    report(`${label}: TBT`, `${Math.round(lh.tbt)} ms`, '≤ 50 ms', lh.tbt <= 50)
    // Not a budget of its own but what the LCP budget rests on: a page larger than a new connection's
    // first round trip (10 packets of 1,460 bytes: 14.3 KB with its headers) paints one round trip (150 ms) later.
    report(`${label}: HTML transferred`, `${(lh.html / 1024).toFixed(1)} KB`, '≤ 14.3 KB (1 round trip)', lh.html <= 14_600)
    report(
      `${label}: JS transferred`,
      `${(lh.js / 1024).toFixed(1)} KB`,
      path === '/' ? '≤ 80 KB' : '',
      path === '/' ? lh.js <= 80 * 1024 : null,
    )
  }
  // After every Lighthouse run, not between them, so that no page's first Lighthouse run shares the machine with a
  // DevTools browser closing (its processes winding down): one measure never overlaps another.
  for (const { label, url } of targets) {
    const wait = await paintToInteractive(url)
    // The median: the throttled CPU (× 4 of a machine others share) makes single loads swing more than Lighthouse's simulation.
    report(
      `${label}: first paint → interactive (DevTools)`,
      `${Math.round(wait.gap)} ms`,
      `≤ 1000 ms (slowest ${Math.round(wait.slowestGap)} ms; paint ${Math.round(wait.fcp)} ms, hydrated ${Math.round(wait.interactive)} ms)`,
      wait.gap <= 1000,
    )
  }

  const admin = await loggedInAdmin(server.url)
  const timing = await loginTiming(server.url)
  const gap = Math.abs(timing.unknown - timing.real)
  report(
    'login: unknown name vs wrong password (fastest)',
    `${gap.toFixed(1)} ms`,
    `< max(20 ms, 20 %): ${timing.real.toFixed(0)} vs ${timing.unknown.toFixed(0)} ms`,
    timing.real > 50 && gap < Math.max(20, timing.real * 0.2),
  )
  const flood = await signInDuringFlood(server)
  report(
    'login: the owner during a 32-client guessing flood',
    `${Math.round(flood.slowest)} ms`,
    `< 2000 ms, slowest of ${RUNS * 4} (median ${Math.round(flood.median)} ms; idle ${Math.round(flood.idle)} ms; ${flood.guesses} guesses answered)`,
    flood.slowest < 2000,
  )
  const cached = await cachedQueryStrings(server.url)
  report(
    '/sponsor?x=<random>: cached page, median of 300',
    `${cached.median.toFixed(1)} ms`,
    `< 15 ms (p99 ${cached.p99.toFixed(1)} ms)`,
    cached.median < 15,
  )
  const waited = await writeBehindHeldLock(server.url, server.databaseUri)
  report('write behind a 1.2 s write lock: answered after', `${Math.round(waited)} ms`, '1000–5000 ms', waited >= 1000 && waited < 5000)
  const shown = await saveSeenByOtherProcess(server.dataDir, admin)
  report(
    'save on one process → shown on another (slowest of 5)',
    `${Math.round(shown.slowest)} ms`,
    `< 2000 ms (median ${Math.round(shown.median)} ms)`,
    shown.slowest < 2000,
  )
  const beside = await visitorBesideOverview(server.url, admin)
  report(
    `visitor GET /api/campaigns beside the Overview, ${beside.count} messages: median`,
    `${beside.median.toFixed(1)} ms`,
    `< 100 ms (max ${Math.round(beside.max)} ms)`,
    beside.median < 100,
  )

  // CPU time per request is the figure, not requests per second: on 2 cores the load generator, not the server, sets the pace.
  // Three rounds, the servers taking turns, and each figure the median of its rounds: one run each, a few seconds
  // apart, swung by half either way on this shared 2-core machine (the same path gave 29 and 51 µs in turn).
  for (const path of process.env.BENCH_SKIP_LOAD ? [] : LOADED) {
    const rounds = { ours: [] as Throughput[], floor: [] as Throughput[], bodyOnly: [] as Throughput[] }
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      rounds.ours.push(await throughput(server.url + path, server.pid))
      rounds.floor.push(await throughput(bare.url + path, bare.pid))
      rounds.bodyOnly.push(await throughput(bareBodyOnly.url + path, bareBodyOnly.pid))
    }
    const [ours, floorRun, bodyOnly] = [rounds.ours, rounds.floor, rounds.bodyOnly].map(medianThroughput)
    const cpuRatio = ours.cpuPerRequest / floorRun.cpuPerRequest
    report(
      `${path}: CPU per request (bare node ${floorRun.cpuPerRequest.toFixed(1)} µs)`,
      `${ours.cpuPerRequest.toFixed(1)} µs`,
      `≤ 2 × bare (${cpuRatio.toFixed(2)}×)`,
      cpuRatio <= 2,
    )
    // Not the budget: the bare server without our header lines (the bench's floor until 2026-11-27), so nothing is hidden.
    report(
      `${path}: CPU, bare node without our headers`,
      `${bodyOnly.cpuPerRequest.toFixed(1)} µs`,
      `ours ${(ours.cpuPerRequest / bodyOnly.cpuPerRequest).toFixed(2)} × it`,
    )
    // autocannon reports whole milliseconds: a bare p99 of 1 ms would make any jitter a miss.
    report(
      `${path}: p99 latency (bare node ${floorRun.p99} ms)`,
      `${ours.p99} ms`,
      '≤ 2 × bare, or ≤ 5 ms',
      ours.p99 <= Math.max(2 * floorRun.p99, 5),
    )
    report(
      `${path}: req/s (bare node ${Math.round(floorRun.rps)})`,
      Math.round(ours.rps).toString(),
      `${(ours.rps / floorRun.rps).toFixed(2)} × bare`,
    )
    if (ours.errors) report(`${path}: errors or non-2xx`, String(ours.errors), '0', false)
  }

  // Last: the gifts it records leave receipts for the outbox to work through, CPU that the figures above must not count.
  const overview = await overviewOpens(server.url, admin)
  report(
    `Overview, ${overview.gifts} gifts + ${overview.sponsorships} sponsorships: every figure (median)`,
    `${Math.round(overview.overview)} ms`,
    `≤ 1000 ms, slowest ${Math.round(overview.slowest)} ms (plain admin page ${Math.round(overview.floor)} ms)`,
    overview.slowest <= 1000,
  )
} finally {
  await chrome.kill()
  floor.close()
  floorWithHeaders.close()
  bare.close()
  bareBodyOnly.close()
  await server.stop()
  await cardServer?.stop()
}

const over = rows.filter((r) => r.ok === false).length
console.log(`\n${over === 0 ? 'All budgets met.' : `${over} figure(s) over budget.`}`)
if (over > 0) process.exitCode = 1

/**
 * `npm run bench:processes` (after `npm run build`): throughput and p99 latency
 * of `/` and `/api/campaigns` served by one and by two server processes on one
 * SQLite file, each time behind the same tiny round-robin proxy (so the two
 * figures differ only in the number of processes), and how long a save made
 * on one process takes to show on the other (docs/SCALING.md, "Several processes").
 * BENCH_SECONDS (default 10) autocannon duration per target; 50 connections.
 */
import { createServer, request, Agent, type Server } from 'node:http'
import autocannon from 'autocannon'
import { freePort } from '../testing/port'
import { loggedInAdmin, startServer, type TestServer } from '../testing/server'
import { PRODUCTION_PASSWORD_HASHING } from '../testing/serverCommand'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PATHS = ['/', '/api/campaigns']

/** Hands each request to the next upstream in turn (keep-alive to each), as a load balancer would. */
async function roundRobinProxy(upstreams: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  let next = 0
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstreams[next++ % upstreams.length])
    const upstream = request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => {
      res.statusCode = 502
      res.end()
    })
    req.pipe(upstream)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

async function load(url: string) {
  const result = await autocannon({ url, connections: 50, duration: SECONDS, headers: { 'Accept-Encoding': 'gzip, br' } })
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

// Production's servers, password hashes included (testing/quickPasswordHashes.mjs is the tests' alone).
const a: TestServer = await startServer({ seed: 'demo', compiled: true, env: PRODUCTION_PASSWORD_HASHING })
const b: TestServer = await startServer({ compiled: true, dataDir: a.dataDir, env: PRODUCTION_PASSWORD_HASHING })
try {
  console.log(`autocannon 50 connections × ${SECONDS} s through a round-robin proxy; ${PATHS.join(', ')}\n`)
  for (const upstreams of [[a.url], [a.url, b.url]]) {
    const proxy = await roundRobinProxy(upstreams)
    for (const path of PATHS) {
      await fetch(proxy.url + path) // warm the caches
      await fetch(proxy.url + path)
      const r = await load(proxy.url + path)
      console.log(
        `${upstreams.length} process${upstreams.length > 1 ? 'es' : ''}  ${path.padEnd(15)} ${r.rps} req/s  p99 ${r.p99} ms  errors ${r.errors}`,
      )
    }
    await proxy.close()
  }

  // A save on a, read back from b's cached /api/content until it shows.
  const admin = await loggedInAdmin(a.url)
  const times: number[] = []
  for (let i = 0; i < 10; i++) {
    const title = `Bench title ${i}`
    await fetch(b.url + '/api/content')
    const res = await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: title })
    if (res.status !== 200) throw new Error(`save failed: ${res.status} ${res.text}`)
    const saved = performance.now()
    while ((await (await fetch(b.url + '/api/content')).json())['hero/title'] !== title) await new Promise((r) => setTimeout(r, 5))
    times.push(performance.now() - saved)
  }
  console.log(
    `\nsave on one process → visible on the other: median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms (10 saves)`,
  )
} finally {
  await b.stop()
  await a.stop()
}

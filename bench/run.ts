/**
 * `npm run bench`: starts the real server on a fresh demo database and reports
 * the median and p95 latency of the public endpoints and an admin list, with a
 * fixed number of requests at a fixed concurrency. Compare runs by ratio.
 */
import { performance } from 'node:perf_hooks'
import { ApiClient, loggedInAdmin, startServer } from '../testing/server'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

async function measure(name: string, call: (i: number) => Promise<{ status: number }>) {
  const times: number[] = []
  let next = 0
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++
      const start = performance.now()
      const res = await call(i)
      times.push(performance.now() - start)
      if (res.status >= 400) throw new Error(`${name}: HTTP ${res.status}`)
    }
  }
  const wall = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - wall) / 1000
  times.sort((a, b) => a - b)
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(1)
  console.log(`${name.padEnd(34)} median ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   ${(REQUESTS / seconds).toFixed(0).padStart(5)} req/s`)
}

const server = await startServer({ seed: 'demo', env: { RATE_LIMIT_FORMS: '1000000', LOG_LEVEL: 'silent' } })
try {
  const visitor = new ApiClient(server.url)
  const admin = await loggedInAdmin(server.url)
  console.log(`${REQUESTS} requests per endpoint, concurrency ${CONCURRENCY}, SQLite\n`)
  await measure('GET /', () => visitor.get('/'))
  await measure('GET /api/campaigns', () => visitor.get('/api/campaigns'))
  await measure('GET /api/team', () => visitor.get('/api/team'))
  await measure('POST /api/contact', (i) =>
    visitor.post('/api/contact', { name: `Bench ${i}`, email: 'bench@example.com', message: 'Benchmark message' }),
  )
  await measure('GET /api/admin/contact-messages', () => admin.get('/api/admin/contact-messages'))
  await measure('GET /api/admin/me', () => admin.get('/api/admin/me'))
} finally {
  await server.stop()
}

import { readFileSync, readdirSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { brotliCompressSync } from 'node:zlib'
import chromium from '@sparticuz/chromium'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const UP = 3111
const dir = '/tmp/var'
let current = ''
const server = createServer((req, res) => {
  if (req.url === '/' || req.url === '/floor') {
    const body = brotliCompressSync(readFileSync(req.url === '/floor' ? '/tmp/floor.html' : `${dir}/${current}`))
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'br', 'Content-Length': body.length })
    return res.end(body)
  }
  const up = request({ port: UP, path: req.url, method: req.method, headers: req.headers }, (r) => { res.writeHead(r.statusCode!, r.headers); r.pipe(res) })
  req.pipe(up)
})
await new Promise<void>((r) => server.listen(3222, () => r()))
const chrome = await chromeLauncher.launch({ chromePath: await chromium.executablePath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
const runs = Number(process.env.RUNS ?? 3)
const files = (process.env.ONLY?.split(',') ?? readdirSync(dir).filter((f) => f.endsWith('.html')).sort())
for (const f of ['floor', ...files]) {
  current = f
  const lcps: number[] = []; const fcps: number[] = []; let obs = ''
  for (let i = 0; i < runs; i++) {
    const { lhr } = (await lighthouse(f === 'floor' ? 'http://localhost:3222/floor' : 'http://localhost:3222/', { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!
    lcps.push(lhr.audits['largest-contentful-paint'].numericValue!); fcps.push(lhr.audits['first-contentful-paint'].numericValue!)
    const m = (lhr.audits.metrics.details as any).items[0]; obs += ` ${m.observedFirstContentfulPaint}/${m.observedLargestContentfulPaint}`
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]
  console.log(f.padEnd(30), 'FCP', Math.round(med(fcps)), 'LCP', Math.round(med(lcps)), ' observed', obs)
}
await chrome.kill(); server.close()

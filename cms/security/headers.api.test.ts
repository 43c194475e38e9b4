import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/port'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §3 (headers on every response) and §5 (stored text cannot
 * inject markup: JSON verbatim, nosniff, escaped config block in the page).
 */

const STRIPE = [
  'https://js.stripe.com',
  'https://buy.stripe.com',
  'https://checkout.stripe.com',
  'https://api.stripe.com',
  'https://*.stripe.com',
]
const XSS = '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>'

function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy()
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/)
        return [name, values] as const
      }),
  )
}

/**
 * `adminPanel`: Payload's admin pages (Next) allow their nonce-carrying scripts and blob: image previews instead
 * (SECURITY.md). `cardPayments`: the server was given Stripe's buy button, so its script and frames are allowed;
 * without it no foreign origin is.
 */
function expectSecurityHeaders(headers: Headers, what: string, { adminPanel = false, cardPayments = false } = {}) {
  const csp = parseCsp(headers.get('content-security-policy'))
  expect(csp.get('default-src'), what).toEqual(["'self'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(csp.get('base-uri'), what).toEqual(["'none'"])
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"])
  if (adminPanel) {
    // Only our own host and the page's nonce: no 'strict-dynamic', which would let a script load code from anywhere.
    expect(csp.get('script-src'), what).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{22,}'$/)])
  } else {
    // A public page also allows its two inline scripts by hash (site/index.html: the arrival's mark in the head, src/boot.ts
    // at the end); nothing else does.
    const page = headers.get('content-type')?.startsWith('text/html')
    const hashes = page ? Array(2).fill(expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)) : []
    expect(csp.get('script-src'), what).toEqual(["'self'", ...(cardPayments ? ['https://js.stripe.com'] : []), ...hashes])
  }
  expect(csp.get('frame-src'), what).toEqual(
    cardPayments ? ['https://js.stripe.com', 'https://buy.stripe.com', 'https://checkout.stripe.com'] : ["'none'"],
  )
  // No directive allows any foreign origin but the card payment provider's (and that only when it is set up), nor script tricks.
  for (const [name, values] of csp) {
    for (const value of values) {
      const allowed =
        value.startsWith("'") || value === 'data:' || (cardPayments && STRIPE.includes(value)) || (adminPanel && value === 'blob:')
      expect(allowed, `${what}: ${name} ${value}`).toBe(true)
    }
  }
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  expect(headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(headers.get('x-frame-options'), what).toBe('DENY')
  // The admin's pages share no browsing context group with other windows; the public ones do not ask (cms/security/headers.ts).
  expect(headers.get('cross-origin-opener-policy'), what).toBe(adminPanel ? 'same-origin' : null)
  expect(headers.get('x-powered-by'), what).toBeNull()
}

describe('security headers (development/test server)', () => {
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    server = await startServer({
      seed: 'demo',
      env: { RATE_LIMIT_FORMS: '10000', RATE_LIMIT_LOGIN: '10000', GIVING_PLATFORM_URL: `https://give.example/</script>${XSS}` },
    })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('sends CSP, nosniff, Referrer-Policy and frame denial on every kind of response', async () => {
    const page = await fetch(`${server.url}/`)
    const assetPath = (await page.text()).match(/\/assets\/[^"']+\.js/)?.[0]
    const requests: Array<[string, string, RequestInit?]> = [
      ['home page', '/'],
      ['SPA route', '/donate'],
      ['unknown page (404)', '/no-such-page'],
      ['page POST (405)', '/donate', { method: 'POST' }],
      ['form post refused (415, a page)', '/', { method: 'POST' }],
      ['favicon', '/favicon.svg'],
      ['public API list', '/api/campaigns'],
      ['QR SVG', '/api/qr-donate.svg'],
      ['unknown API path (404)', '/api/nope'],
      ['admin without session (401)', '/api/admin/campaigns'],
      ['malformed JSON (400)', '/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' }],
      ['not JSON (415)', '/api/contact', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' }],
      [
        'too large (413)',
        '/api/contact',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(40_000) }) },
      ],
      [
        'cross-site write (403)',
        '/api/admin/logout',
        { method: 'POST', headers: { Origin: 'https://evil.example', Cookie: admin.cookie } },
      ],
      ['OPTIONS', '/api/contact', { method: 'OPTIONS' }],
      ['HEAD', '/api/team', { method: 'HEAD' }],
    ]
    if (assetPath) requests.push(['hashed asset', assetPath])
    for (const [what, path, init] of requests) {
      const res = await fetch(server.url + path, init)
      await res.arrayBuffer()
      expectSecurityHeaders(res.headers, `${what} ${res.status}`)
    }
    // Logged-in admin responses too.
    expectSecurityHeaders((await admin.get('/api/admin/contact-messages')).headers, 'admin list')
    // Payload's admin pages, its REST and Next's assets.
    for (const path of ['/admin', '/admin/login', '/admin/collections/pages', '/admin/no-such-view', '/cms-api/pages']) {
      const res = await fetch(server.url + path, { headers: { Cookie: admin.cookie } })
      const body = await res.text()
      expectSecurityHeaders(res.headers, `${path} ${res.status}`, { adminPanel: true })
      // Next's assets are files, sent as the site's are (cms/admin/next.ts): the site's policy, no nonce.
      const asset = body.match(/\/_next\/static\/[^"']+\.js/)?.[0]
      if (asset) expectSecurityHeaders((await fetch(server.url + asset)).headers, asset)
    }
    // An unknown REST path is answered before Payload (cms/security/cmsApi.ts), with the site's policy.
    const unknown = await fetch(server.url + '/cms-api/nope', { headers: { Cookie: admin.cookie } })
    expect(unknown.status).toBe(404)
    expectSecurityHeaders(unknown.headers, '/cms-api/nope 404')
  })

  it('sends no HSTS over plain HTTP outside production, and never lets the admin API be cached', async () => {
    const res = await fetch(`${server.url}/api/campaigns`)
    expect(res.headers.get('strict-transport-security')).toBeNull()
    // Public lists may be kept briefly by a CDN and are revalidated by browsers, never served stale (docs/SCALING.md).
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60')
    expect(res.headers.get('cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=300')
    expect((await admin.get('/api/admin/me')).headers.get('cache-control')).toBe('no-store')
  })

  it('returns stored markup verbatim as a JSON string, typed application/json with nosniff', async () => {
    const client = new ApiClient(server.url)
    const contact = await client.post('/api/contact', {
      name: XSS,
      email: 'xss@example.com',
      message: `${XSS}\n"quotes" & 'ticks' </textarea>`,
    })
    expect(contact.status).toBe(201)
    const messages = await admin.get('/api/admin/contact-messages')
    expect(messages.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(messages.headers.get('x-content-type-options')).toBe('nosniff')
    const stored = messages.json.find((m: any) => m.id === contact.json.id)
    expect(stored.name).toBe(XSS)
    expect(stored.message).toBe(`${XSS}\n"quotes" & 'ticks' </textarea>`)
    // On the wire it is a JSON string literal: the browser would never parse it as HTML.
    expect(messages.text).toContain(JSON.stringify(XSS))

    const campaign = await admin.post('/api/admin/campaigns', { name: XSS, description: XSS, goalAmount: '10' })
    expect(campaign.status).toBe(201)
    const publicList = await client.get('/api/campaigns')
    expect(publicList.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(publicList.json.find((c: any) => c.id === campaign.json.id).name).toBe(XSS)
    const content = await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: XSS })
    expect(content.status).toBe(200)
    expect((await admin.get('/api/admin/content')).json.find((c: any) => c.key === 'title' && c.section === 'hero').value).toBe(XSS)
  })

  it('escapes configuration text written into the page, so it cannot close the script block', async () => {
    // The site is always built before the suites run (testing/globalSetup.ts): the block must be there.
    const html = await (await fetch(`${server.url}/`)).text()
    expect(html).toContain('id="public-config"')
    expect(html).not.toContain(XSS)
    expect(html).not.toContain('</script><script>alert')
    const block = html.match(/<script id="public-config" type="application\/json">(.*?)<\/script>/s)
    expect(block).toBeTruthy()
    expect(JSON.parse(block![1]).givingPlatformUrl).toBe(`https://give.example/</script>${XSS}`)
  })

  it('refuses a compressed body that inflates beyond the size limit (zip bomb)', async () => {
    const bomb = gzipSync(JSON.stringify({ name: 'a', email: 'a@example.com', message: 'x'.repeat(5_000_000) }))
    expect(bomb.length).toBeLessThan(32 * 1024)
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: bomb,
    })
    expect(res.status).toBe(413)
    expect((await res.json()).error).toBe('Request body is too large')
  })
})

describe('security headers in production over HTTPS', () => {
  let server: TestServer

  beforeAll(async () => {
    const port = await freePort()
    server = await startServer({
      env: {
        NODE_ENV: 'production',
        PAYLOAD_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        SERVER_URL: `https://localhost:${port}`,
        STRIPE_BUY_BUTTON_ID: 'buy_btn_test_ladyhawks',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_ladyhawks',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('adds HSTS of at least one year and upgrade-insecure-requests, and allows Stripe only where card payments are set up', async () => {
    for (const path of ['/', '/api/campaigns', '/api/nope']) {
      const res = await fetch(server.url + path)
      await res.arrayBuffer()
      const hsts = res.headers.get('strict-transport-security') ?? ''
      const maxAge = Number(hsts.match(/max-age=(\d+)/)?.[1])
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000)
      expect(hsts).toContain('includeSubDomains')
      expectSecurityHeaders(res.headers, path, { cardPayments: true })
      expect(parseCsp(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true)
    }
  })
})

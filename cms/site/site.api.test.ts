import ICAL from 'ical.js'
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_PATHS } from '#shared/publicPages'
import { clubDay } from '../../testing/clubCalendar'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/** A GET without fetch's automatic decompression: the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

const decode = (res: { headers: Record<string, unknown>; body: Buffer }) =>
  (res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body
  ).toString()

/**
 * The public site's delivery over HTTP (docs/SCALING.md): compression,
 * ETag/304, cache headers, cache invalidation on edits, the calendar feed
 * (parsed with ical.js, times checked across DST changes), robots and sitemap.
 */
describe('public site delivery', () => {
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    // Chicago: DST starts 2026-03-08 and ends 2026-11-01.
    server = await startServer({ seed: 'none', env: { CLUB_TIME_ZONE: 'America/Chicago' } })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(() => server?.stop())

  it('sends pages and lists compressed (br, gzip) with the same content as uncompressed', async () => {
    for (const path of ['/', '/api/campaigns', '/api/content']) {
      const plain = await rawGet(server.url + path)
      expect(plain.headers['content-encoding']).toBeUndefined()
      const br = await rawGet(server.url + path, { 'Accept-Encoding': 'gzip, br' })
      const gzip = await rawGet(server.url + path, { 'Accept-Encoding': 'gzip' })
      expect(plain.headers.vary).toContain('Accept-Encoding')
      if (plain.body.length >= 512) {
        expect(br.headers['content-encoding']).toBe('br')
        expect(gzip.headers['content-encoding']).toBe('gzip')
        expect(br.body.length).toBeLessThan(plain.body.length)
      }
      expect(decode(br)).toBe(plain.body.toString())
      expect(decode(gzip)).toBe(plain.body.toString())
    }
    // Admin JSON is compressed on the fly (and never cached).
    const me = await rawGet(server.url + '/api/admin/content', { 'Accept-Encoding': 'gzip', Cookie: admin.cookie, Origin: server.url })
    expect(me.headers['cache-control']).toBe('no-store')
  })

  it('asks for nothing before the first paint: its script inline and allowed by hash, its styles inline and cut to what it uses', async () => {
    for (const path of ['/', '/donate', '/sponsor', '/qr-donate', '/no-such-page']) {
      const res = await fetch(server.url + path)
      const html = await res.text()
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=/)
      expect(html, path).not.toMatch(/<link[^>]*rel="stylesheet"/)
      expect(html, path).not.toContain('<use href="/') // icons from the inline sprite
      // Two scripts run: the arrival's mark in the head (site/index.html), then src/boot.ts; each allowed by its hash.
      const inline = [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1])
      expect(inline, path).toHaveLength(2)
      expect(inline[0], path).toContain("setAttribute('data-arrival', '')")
      const scriptSrc = res.headers
        .get('content-security-policy')!
        .match(/script-src ([^;]*)/)![1]
        .split(' ')
      for (const script of inline) expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`)
      expect(scriptSrc, path).not.toContain("'unsafe-inline'")
      // The full stylesheet, for what opens later, is served; the page carries only its part of it.
      const full = await (await fetch(server.url + html.match(/<meta name="app-styles" content="([^"]+)"/)![1])).text()
      const critical = html.match(/<style>([\s\S]*?)<\/style>/)![1]
      expect(critical.length, path).toBeLessThan(full.length * 0.8)
      expect(critical, path).toContain('.skip-link')
    }
    // Rules for what only a script opens (the card-payment dialog's backdrop) wait for the full stylesheet.
    expect((await (await fetch(server.url + '/donate')).text()).match(/<style>([\s\S]*?)<\/style>/)![1]).not.toContain('.backdrop-blur-sm')
  })

  it('ships no SVG text, in a page or a picture: letters are shapes, so nothing asks for a font of its own', async () => {
    // SVG text is laid out apart from the page, with font lookups of its own: milliseconds of a phone's first layout
    // (docs/SCALING.md, "The first screen's main thread, traced").
    const campaigns = readdirSync(new URL('../../site/public/images/campaigns/', import.meta.url)).map(
      (file) => `/images/campaigns/${file}`,
    )
    expect(campaigns.length).toBeGreaterThan(0)
    for (const path of [...Object.keys(PAGE_PATHS), '/favicon.svg', '/images/logo-mark.svg', ...campaigns]) {
      const res = await fetch(server.url + path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).not.toMatch(/<text\b/)
    }
  })

  it('writes the QR code into /qr-donate, where it is in the first screen, and keeps it a lazy image far below on /', async () => {
    const landing = await (await fetch(server.url + '/qr-donate')).text()
    const svg = await (await fetch(server.url + '/api/qr-donate.svg')).text()
    // Painted with the page: the markup in the HTML, no request for it.
    expect(landing).toContain(
      `<div role="img" aria-label="QR code linking to the quick donation page" class="size-[200px] [&amp;&gt;svg]:size-full">${svg}</div>`,
    )
    expect(landing).not.toContain('/api/qr-donate.svg')
    expect((await (await fetch(server.url + '/api/qr-code')).json()).svg).toBe(svg)
    expect(await (await fetch(server.url + '/')).text()).toMatch(/<img src="\/api\/qr-donate\.svg" width="200" height="200" loading="lazy"/)
  })

  it('answers a cached page from its fast path exactly as Express did, and never answers a file or unknown path from it', async () => {
    // An edit empties the cache: the first read of each page is rendered through Express, the second is the fast path's.
    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Fast path check' })).status).toBe(200)
    for (const path of ['/', '/donate?tier=gold&x=1', '/sponsor?tier=gold', '/qr-donate']) {
      const [rendered, fromCache] = [
        await rawGet(server.url + path, { 'Accept-Encoding': 'br' }),
        await rawGet(server.url + path, { 'Accept-Encoding': 'br' }),
      ]
      const { date: _a, ...renderedHeaders } = rendered.headers
      const { date: _b, ...cachedHeaders } = fromCache.headers
      expect(cachedHeaders, path).toEqual(renderedHeaders)
      expect(fromCache.body.equals(rendered.body), path).toBe(true)
    }
    // The Page Not Found key is shared by every unknown path: a file is still the file after a 404 was cached.
    expect((await fetch(server.url + '/no-such-page')).status).toBe(404)
    const icon = await fetch(server.url + '/favicon.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect((await fetch(server.url + '/no-such-page')).status).toBe(404)
    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: '' })).status).toBe(200)
  })

  it('offers no link that goes nowhere on /donate while no giving page is set', async () => {
    const html = await (await fetch(server.url + '/donate')).text()
    const links = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0])
    expect(links.filter((a) => !/\shref="[^"]+"/.test(a))).toEqual([])
    expect(html).toMatch(/<a href="\/#contact" class="btn btn-primary" data-testid="giving-platform-link">Contact Us to Give<\/a>/)
  })

  it("dates the footer's © by the club's year, and gives the browser the club's zone so its render agrees", async () => {
    const html = await (await fetch(server.url + '/')).text()
    const config = JSON.parse(html.match(/<script id="public-config" type="application\/json">([^<]*)<\/script>/)![1])
    expect(config.clubTimeZone).toBe('America/Chicago')
    expect(html.replaceAll('<!-- -->', '')).toContain(`© ${clubDay(Date.now()).slice(0, 4)} `) // React's marks between text nodes
  })

  it('names every module a page needs to come alive, so that the browser asks for them together', async () => {
    for (const [path, chunk] of [
      ['/', null],
      ['/donate', 'DonatePage'],
      ['/sponsor', 'SponsorPage'],
      ['/qr-donate', 'QrDonatePage'],
    ] as const) {
      const html = await (await fetch(server.url + path)).text()
      const entry = html.match(/<meta name="app-entry" content="([^"]+)"/)![1]
      const modules = html.match(/<meta name="app-modules" content="([^"]+)"/)![1].split(' ')
      expect(modules, path).toContain(entry)
      if (chunk)
        expect(
          modules.filter((m) => m.startsWith(`/assets/${chunk}-`)),
          path,
        ).toHaveLength(1)
      for (const module of modules) {
        const res = await fetch(server.url + module)
        expect(res.headers.get('content-type'), module).toMatch(/javascript/)
        // What each listed module imports statically (`from"./framework-….js"`) is listed too.
        for (const [, imported] of (await res.text()).matchAll(/from\s*"\.\/([^"]+\.js)"/g))
          expect(modules, module).toContain(`/assets/${imported}`)
      }
    }
  })

  it('serves built assets from their precompressed brotli and gzip twins', async () => {
    const html = await (await fetch(server.url + '/')).text()
    // The app's main script (large enough to have compressed twins).
    const script = html.match(/<meta name="app-entry" content="(\/assets\/[^"]+\.js)"/)![1]
    const plain = await rawGet(server.url + script)
    const br = await rawGet(server.url + script, { 'Accept-Encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toContain('immutable')
    expect(decode(br)).toBe(plain.body.toString())
    const gz = await rawGet(server.url + script, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(decode(gz)).toBe(plain.body.toString())
    // Answered from memory before Express (cms/site/static.ts), with the headers Express gives every response.
    expect(br.headers['x-content-type-options']).toBe('nosniff')
    expect(br.headers['content-security-policy']).toContain("default-src 'self'")
    expect((await rawGet(server.url + script, { 'If-None-Match': String(br.headers.etag) })).status).toBe(304)
    // The page template and Vite's manifest are not files of the site.
    for (const path of ['/index.html', '/.vite/manifest.json']) expect((await fetch(server.url + path)).status, path).toBe(404)
  })

  it('answers 304 to a matching ETag, lets a CDN keep public responses briefly and never admin ones', async () => {
    for (const path of ['/', '/donate', '/api/campaigns', '/api/team', '/api/games', '/api/schedule.ics']) {
      const first = await fetch(server.url + path)
      const etag = first.headers.get('etag')!
      expect(etag, path).toMatch(/^"[\w-]+"$/)
      expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+/)
      expect(first.headers.get('cache-control')).not.toMatch(/stale-while-revalidate/)
      expect(first.headers.get('cdn-cache-control')).toMatch(/stale-while-revalidate=\d+/)
      const again = await fetch(server.url + path, { headers: { 'If-None-Match': etag } })
      expect(again.status, path).toBe(304)
      expect(await again.text()).toBe('')
    }
    const adminList = await admin.get('/api/admin/games')
    expect(adminList.headers.get('cache-control')).toBe('no-store')
    // /admin is Payload's admin (Next): it answers `private, no-cache, no-store, …`, never a shared-cache header.
    const adminPage = await fetch(server.url + '/admin')
    expect(adminPage.headers.get('cache-control')).toMatch(/(^|, )no-store(,|$)/)
    expect(adminPage.headers.get('cache-control')).not.toMatch(/s-maxage|public/)
  })

  it('keys a page only by what changes it: random query strings are served from the cached page', async () => {
    const etagOf = async (path: string) => {
      const res = await fetch(server.url + path)
      expect(res.status, path).toBe(200)
      await res.arrayBuffer()
      return res.headers.get('etag')
    }
    const plain = await etagOf('/sponsor')
    const gold = await etagOf('/sponsor?tier=gold')
    expect(gold).not.toBe(plain) // ?tier= preselects a level: its own page
    expect(await etagOf('/sponsor?tier=gold&utm_source=x')).toBe(gold)
    expect(await etagOf('/sponsor?tier=platinum')).toBe(plain)
    expect(await etagOf('/?x=1')).toBe(await etagOf('/'))

    // 300 made-up query strings: each one is the cached page (how fast they are answered is `npm run bench`'s
    // figure, bench/run.ts, not a test's: a busy machine would fail a time limit with the behaviour right).
    for (let i = 0; i < 300; i++) {
      expect(await etagOf(`/sponsor?x=${Math.random().toString(36).slice(2)}&tier=${i}`)).toBe(plain)
    }
  })

  it('shows an edit on the next request: the cache is dropped when public data changes', async () => {
    const before = await fetch(server.url + '/api/content')
    const etag = before.headers.get('etag')!
    expect((await before.json())['hero/title']).toBe('Lady Hawks Boosters')
    await fetch(server.url + '/') // cached now

    expect((await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Go Big Hawks' })).status).toBe(200)
    const after = await fetch(server.url + '/api/content', { headers: { 'If-None-Match': etag } })
    expect(after.status).toBe(200)
    expect((await after.json())['hero/title']).toBe('Go Big Hawks')
    const html = (await (await fetch(server.url + '/')).text()).replace(/<!-- -->/g, '')
    expect(html.includes('Go Big <span class="text-gold-400">Hawks</span>'), 'the edited title is in the HTML').toBe(true)

    const created = await admin.post('/api/admin/campaigns', { name: 'Fresh Drive', description: 'New', goalAmount: '100' })
    expect((await (await fetch(server.url + '/api/campaigns')).json()).map((c: { name: string }) => c.name)).toContain('Fresh Drive')
    await admin.delete(`/api/admin/campaigns/${created.json.id}`)
    expect((await (await fetch(server.url + '/api/campaigns')).json()).map((c: { name: string }) => c.name)).not.toContain('Fresh Drive')
    await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: '' })
  })

  it('serves the season as an RFC 5545 calendar in UTC from the club time zone, across DST changes', async () => {
    const games = [
      // Before and after the spring change (CST UTC-6, then CDT UTC-5).
      { opponent: 'Spring Before', gameDate: '2026-03-07', gameTime: '19:00', location: 'Main Gym', isHome: true },
      { opponent: 'Spring After', gameDate: '2026-03-09', gameTime: '7:00 PM', location: 'Their Gym', isHome: false },
      // Around the autumn change (CDT, then CST), one cancelled, one with a note.
      { opponent: 'Fall Before', gameDate: '2026-10-31', gameTime: '18:30', location: 'Main Gym', isHome: true, cancelled: true },
      { opponent: 'Fall After', gameDate: '2026-11-02', gameTime: '18:30', location: 'Main Gym', isHome: true, note: 'Free admission' },
      // Not a clock time: an all-day event.
      { opponent: 'Tournament', gameDate: '2026-12-28', gameTime: 'TBA', location: 'Arena', isHome: false },
    ]
    const ids: string[] = []
    for (const game of games) {
      const res = await admin.post('/api/admin/games', game)
      expect(res.status, res.text).toBe(201)
      ids.push(res.json.id)
    }

    const res = await fetch(server.url + '/api/schedule.ics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    const text = await res.text()
    expect(text.split('\r\n').length).toBeGreaterThan(10)
    expect(text.replace(/\r\n/g, '')).not.toContain('\n')

    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
    expect(events.length).toBe(5)
    const byOpponent = (name: string) => events.find((ev) => ev.summary.includes(name))!
    const utc = (ev: ICAL.Event) => ev.startDate.toJSDate().toISOString()

    expect(utc(byOpponent('Spring Before'))).toBe('2026-03-08T01:00:00.000Z')
    expect(utc(byOpponent('Spring After'))).toBe('2026-03-10T00:00:00.000Z')
    expect(utc(byOpponent('Fall Before'))).toBe('2026-10-31T23:30:00.000Z')
    expect(utc(byOpponent('Fall After'))).toBe('2026-11-03T00:30:00.000Z')
    expect(byOpponent('Spring Before').startDate.zone.tzid).toBe('UTC')
    expect(byOpponent('Spring After').summary).toBe('Lady Hawks at Spring After')

    const cancelled = byOpponent('Fall Before')
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(byOpponent('Fall After').component.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(byOpponent('Fall After').description).toContain('Free admission')
    const allDay = byOpponent('Tournament')
    expect(allDay.startDate.isDate).toBe(true)
    expect(allDay.startDate.toString()).toBe('2026-12-28')

    // Stable UIDs: the record id, unchanged when the game is edited.
    expect(events.map((ev) => ev.uid).sort()).toEqual(ids.map((id) => `game-${id}@localhost`).sort())
    await admin.put(`/api/admin/games/${ids[0]}`, { gameTime: '20:00' })
    const edited = new ICAL.Component(ICAL.parse(await (await fetch(server.url + '/api/schedule.ics')).text()))
    const moved = edited
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((ev) => ev.uid === `game-${ids[0]}@localhost`)!
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-03-08T02:00:00.000Z')
  })

  it('publishes robots.txt and a sitemap of the public pages', async () => {
    const robots = await fetch(server.url + '/robots.txt')
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await robots.text()
    expect(text).toContain('Disallow: /admin')
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`)
    const sitemap = await (await fetch(server.url + '/sitemap.xml')).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(['/', '/donate', '/qr-donate', '/sponsor'].map((p) => server.url + p))
  })
})

/** Every byte a browser receives for `path` over HTTP/1.1: the status line, the headers and the (compressed) body. */
function bytesOnTheWire(origin: string, path: string) {
  const { hostname, port } = new URL(origin)
  return new Promise<number>((resolve, reject) => {
    let bytes = 0
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n`,
      ),
    )
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length))
    socket.on('end', () => resolve(bytes))
    socket.on('error', reject)
  })
}

describe('the first round trip', () => {
  let server: TestServer
  // Stripe's ids at their live length, random as theirs are (a repeated letter would compress away).
  const stripeId = (prefix: string, length: number) => prefix + randomBytes(length).toString('base64url').slice(0, length)

  beforeAll(async () => {
    // The demo's content with card payments set up, as a club that takes cards: the largest pages we send.
    server = await startServer({
      seed: 'demo',
      env: {
        STRIPE_BUY_BUTTON_ID: stripeId('buy_btn_', 24),
        STRIPE_MONTHLY_BUY_BUTTON_ID: stripeId('buy_btn_', 24),
        STRIPE_PUBLISHABLE_KEY: stripeId('pk_live_', 99),
      },
    })
  })
  afterAll(() => server?.stop())

  it('sends each public page, headers included, in the 14,600 bytes a new connection carries in its first round trip', async () => {
    // One byte more and a phone on a slow network paints a round trip (150 ms) later (docs/SCALING.md, "Budgets").
    for (const path of Object.keys(PAGE_PATHS)) {
      const bytes = await bytesOnTheWire(server.url, path)
      expect(bytes, path).toBeGreaterThan(5_000)
      expect(bytes, path).toBeLessThanOrEqual(14_600)
    }
  })
})

describe('site texts over the environment', () => {
  // The settings the site texts override, set: a server of its own, since the file's server shows /donate with no giving page.
  const ENVIRONMENT = {
    GIVING_PLATFORM_URL: 'https://give.example.org/from-the-environment',
    FACEBOOK_URL: 'https://www.facebook.com/from-the-environment',
    INSTAGRAM_URL: 'https://www.instagram.com/from-the-environment',
  }
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    server = await startServer({ seed: 'none', env: ENVIRONMENT })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(() => server?.stop())

  const page = async (path: string) => (await fetch(server.url + path)).text()

  it('links the giving platform and the social profiles an admin sets in site texts, over the environment; only http(s)', async () => {
    // No site text yet: the environment's links.
    expect(await page('/donate')).toContain(`href="${ENVIRONMENT.GIVING_PLATFORM_URL}"`)
    expect(await page('/')).toContain(`href="${ENVIRONMENT.FACEBOOK_URL}"`)
    for (const value of ['javascript:alert(1)', 'givebutter.com/our-club', 'https://']) {
      const refused = await admin.put('/api/admin/content', { section: 'giving', key: 'platformUrl', value })
      expect(refused.status, value).toBe(400)
    }
    // Payload's own REST obeys the same rule (it lives in the collection).
    const viaCms = await admin.post('/cms-api/site-content', { section: 'social', key: 'facebook', value: 'javascript:alert(1)' })
    expect(viaCms.status).toBe(400)

    expect(
      (await admin.put('/api/admin/content', { section: 'giving', key: 'platformUrl', value: 'https://givebutter.com/our-club' })).status,
    ).toBe(200)
    expect(
      (await admin.put('/api/admin/content', { section: 'social', key: 'facebook', value: 'https://www.facebook.com/our-club' })).status,
    ).toBe(200)
    const donate = await page('/donate')
    expect(donate).toContain('href="https://givebutter.com/our-club"')
    expect(donate).not.toContain(`href="${ENVIRONMENT.GIVING_PLATFORM_URL}"`)
    const home = await page('/')
    expect(home).toContain('href="https://www.facebook.com/our-club"')
    expect(home).not.toContain(`href="${ENVIRONMENT.FACEBOOK_URL}"`)
    // The profile without a site text keeps the environment's.
    expect(home).toContain(`href="${ENVIRONMENT.INSTAGRAM_URL}"`)

    // Emptied again, the environment's links come back.
    await admin.put('/api/admin/content', { section: 'giving', key: 'platformUrl', value: '' })
    await admin.put('/api/admin/content', { section: 'social', key: 'facebook', value: '' })
    expect(await page('/donate')).toContain(`href="${ENVIRONMENT.GIVING_PLATFORM_URL}"`)
    expect(await page('/')).toContain(`href="${ENVIRONMENT.FACEBOOK_URL}"`)
  })
})

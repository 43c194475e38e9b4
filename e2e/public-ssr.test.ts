import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clubDay } from '../testing/clubCalendar'
import { loggedInAdmin, startServer, type ApiClient, type TestServer } from '../testing/server'
import { expectNoAxeViolations, freshPage, settled, setViewport, TEST_CONFIG, useBrowserEnv } from '../testing/browserEnv'

/**
 * The server-rendered public site (docs/decisions/004-ssr-with-vite-and-wouter.md) on an empty
 * database filled through the admin API: the HTML holds the content before
 * any script runs, hydration adds no fetch and no console error, an editor's
 * change shows on the next load, and the page reads with JavaScript off.
 */
const e = useBrowserEnv({ admin: false, seed: 'none' })
let admin: ApiClient

beforeAll(async () => {
  admin = await loggedInAdmin(e().server.url)
})

const PAGES = ['/', '/donate', '/sponsor', '/qr-donate']

/** The HTML as the server sends it, without React's text separators. */
async function html(path: string, origin = e().server.url) {
  const res = await fetch(origin + path)
  return { status: res.status, text: (await res.text()).replace(/<!-- -->/g, '') }
}

const dateAfter = (days: number) => {
  const [y, m, d] = clubDay(Date.now()).split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

describe('server-rendered HTML on an empty database', () => {
  // A server of its own: the other tests fill the file's server, in whatever order they run.
  let empty: TestServer
  beforeAll(async () => {
    empty = await startServer({ seed: 'none', env: TEST_CONFIG })
  })
  afterAll(() => empty?.stop())

  it("holds each page's content before any script runs (empty database: the built-in site)", async () => {
    const home = await html('/', empty.url)
    expect(home.status).toBe(200)
    expect(home.text).toMatch(/<h1 id="hero-title" class="hero-title">Lady Hawks <span class="text-gold-400">Boosters<\/span><\/h1>/)
    for (const text of [
      'More than a game',
      'No fundraising campaigns yet.',
      'No team members have been added yet.',
      'Riverside Ravens',
      'Nov 13 · 7:00 PM',
      'Exhibition · Free admission',
      'Cedar Creek Cougars',
      'info@ladyhawksboosters.org',
      'Send Message',
    ]) {
      expect(home.text, text).toContain(text)
    }
    expect(home.text).toContain('data-testid="stat-wins">18<')
    expect(home.text).toContain('data-testid="stat-ranking">#2<')
    expect((await html('/donate', empty.url)).text).toContain('Support the Lady Hawks')
    expect((await html('/sponsor?tier=gold', empty.url)).text).toMatch(/data-testid="tier-card-gold" data-selected="true"/)
    expect((await html('/qr-donate', empty.url)).text).toContain('Thanks for supporting the Lady Hawks!')
    const missing = await html('/no-such-page', empty.url)
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('Page Not Found')
    // Visitors never receive admin code: the admin is Next's (/admin, /_next), and its portal says "Lady Hawks Admin".
    expect(home.text).not.toMatch(/\/_next\/|\/admin\/|Lady Hawks Admin/)
  })

  it('gives every page its own title, description, canonical URL and sharing tags, and the home page NGO data', async () => {
    const titles = new Set<string>()
    for (const path of PAGES) {
      const { text } = await html(path, empty.url)
      const title = text.match(/<title>([^<]+)<\/title>/)![1]
      titles.add(title)
      expect(text).toMatch(/<meta name="description" content="[^"]{20,}"/)
      expect(text).toContain(`<link rel="canonical" href="${empty.url}${path}" />`)
      expect(text).toContain(`<meta property="og:url" content="${empty.url}${path}" />`)
      expect(text).toMatch(new RegExp(`<meta property="og:image" content="${empty.url}/images/[^"]+"`))
      expect(text).toMatch(/<meta name="twitter:card" content="summary_large_image" \/>/)
    }
    expect(titles.size).toBe(PAGES.length)
    const ld = JSON.parse((await html('/', empty.url)).text.match(/<script type="application\/ld\+json">(.+?)<\/script>/)![1])
    expect(ld).toMatchObject({ '@type': 'NGO', name: 'Lady Hawks Boosters' })
    expect(ld.taxID).toBeUndefined()
  })
})

describe('server-rendered HTML', () => {
  it('hydrates every page without a console error and without fetching what the HTML holds', async () => {
    const { page } = e()
    const errors: string[] = []
    const fetched: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (err) => errors.push(String(err)))
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (['/api/campaigns', '/api/team', '/api/games', '/api/content'].includes(path)) fetched.push(path)
    })
    for (const path of PAGES) {
      await page.goto(path)
      await settled(page)
    }
    expect(errors).toEqual([])
    expect(fetched).toEqual([])
    // Client-side navigation still loads what the new page needs.
    await page.goto('/sponsor')
    await settled(page)
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => fetched).toContain('/api/campaigns')
  })

  it('reads and navigates with JavaScript off', async () => {
    const page = await freshPage(e(), { javaScriptEnabled: false })
    await page.goto('/')
    expect(await page.locator('h1').textContent()).toBe('Lady Hawks Boosters')
    expect(await page.locator('#games').getByTestId('game').count()).toBe(3)
    await page.getByRole('link', { name: 'Donate Now' }).click()
    await page.waitForURL('**/donate')
    expect(await page.locator('h1').textContent()).toBe('Support the Lady Hawks')
    await page.goto('/sponsor?tier=silver')
    expect(await page.getByTestId('tier-card-silver').getAttribute('data-selected')).toBe('true')
    await page.goto('/qr-donate')
    await page.getByRole('link', { name: 'Back to Main Site' }).click()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('styles each page at once as the full stylesheet does (the inline styles are cut to the page, nothing it uses is lost)', async () => {
    const { server } = e()
    // The full stylesheet and the app are held back: the page has only its inline styles, as at its first paint.
    const page = await freshPage(e())
    await page.context().route('**/assets/*.{css,js}', (route) => route.abort())
    const snapshot = () =>
      page.evaluate(() => {
        const props = ['display', 'position', 'width', 'height', 'margin', 'padding', 'gap', 'font-size', 'line-height', 'font-weight']
        const more = ['color', 'background-color', 'border-width', 'grid-template-columns', 'flex-direction', 'box-shadow']
        return Array.from(document.querySelectorAll('body *'), (el) => {
          const style = getComputedStyle(el)
          return `${el.tagName}.${el.getAttribute('class') ?? ''} ${[...props, ...more].map((p) => style.getPropertyValue(p)).join('|')}`
        })
      })
    for (const [path, viewport] of [
      ['/', 'mobile'],
      ['/', 'desktop'],
      ['/donate', 'mobile'],
      ['/sponsor?tier=gold', 'mobile'],
      ['/sponsor', 'desktop'],
      ['/qr-donate', 'mobile'],
      ['/no-such-page', 'desktop'],
    ] as const) {
      await setViewport(page, viewport)
      await page.goto(path)
      // Every section laid out: a later one is skipped until it nears the screen (content-visibility, site/src/styles.css),
      // and its height then depends on whether a frame remembered its size between the two snapshots.
      await page.addStyleTag({ content: 'main > section { content-visibility: visible !important }' })
      const inlineOnly = await snapshot()
      const full = await (await fetch(server.url + (await page.locator('meta[name="app-styles"]').getAttribute('content'))!)).text()
      await page.addStyleTag({ content: full })
      const withFull = await snapshot()
      expect(
        withFull.flatMap((element, i) => (element === inlineOnly[i] ? [] : [`${inlineOnly[i]}\n  → ${element}`])),
        `${path} (${viewport})`,
      ).toEqual([])
    }
  })
})

describe('the CMS drives the site', () => {
  it('shows what an editor saves on the next load: text, stats, coach, organization, social links', async () => {
    const { page } = e()
    const edits: [string, string, string][] = [
      ['hero', 'title', 'Fly High Hawks'],
      ['about', 'title', 'Our Story'],
      ['contact', 'email', 'board@hawks.example.org'],
      ['stats', 'wins', '21'],
      ['stats', 'ranking', '1'],
      ['coach', 'name', 'Dana Brooks'],
      ['coach', 'championships', '3'],
      ['organization', 'legalName', 'Lady Hawks Booster Club Inc.'],
      ['organization', 'ein', '12-3456789'],
      ['social', 'facebook', 'https://www.facebook.com/hawks.edited'],
    ]
    for (const [section, key, value] of edits) {
      expect((await admin.put('/api/admin/content', { section, key, value })).status).toBe(200)
    }
    try {
      await setViewport(page, 'desktop')
      await page.goto('/')
      await settled(page)
      expect(await page.locator('h1').textContent()).toBe('Fly High Hawks')
      expect(await page.locator('#about h2').textContent()).toBe('Our Story')
      expect(await page.locator('#contact').getByRole('link', { name: 'board@hawks.example.org' }).getAttribute('href')).toBe(
        'mailto:board@hawks.example.org',
      )
      expect(await page.getByTestId('stat-wins').textContent()).toBe('21')
      expect(await page.getByTestId('stat-ranking').textContent()).toBe('#1')
      expect(await page.getByTestId('coach').textContent()).toContain('Coach Dana Brooks')
      expect(await page.getByTestId('coach').textContent()).toContain('3 District Championships')
      const org = await page.getByTestId('organization').textContent()
      expect(org).toContain('Lady Hawks Booster Club Inc.')
      expect(org).toContain('EIN 12-3456789')
      expect(await page.getByRole('link', { name: /on Facebook/ }).getAttribute('href')).toBe('https://www.facebook.com/hawks.edited')
      const ld = JSON.parse((await html('/')).text.match(/<script type="application\/ld\+json">(.+?)<\/script>/)![1])
      expect(ld).toMatchObject({ name: 'Lady Hawks Booster Club Inc.', taxID: '12-3456789' })

      await page.goto('/donate')
      await settled(page)
      expect(await page.getByTestId('donate-ein').textContent()).toContain('12-3456789')
      // Clearing a value brings the built-in text back.
      await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: '' })
      expect((await html('/')).text).toContain('Lady Hawks <span class="text-gold-400">Boosters</span>')
    } finally {
      // Cleared: the built-in texts come back for the other tests.
      for (const [section, key] of edits) await admin.put('/api/admin/content', { section, key, value: '' })
    }
  })

  it('shows the next games from the schedule with weekday, note and cancellations, and recent finals with W/L/T', async () => {
    const { page } = e()
    const soon = dateAfter(3)
    const later = dateAfter(10)
    const past = dateAfter(-4)
    for (const game of [
      { opponent: 'North Valley', gameDate: soon, gameTime: '19:30', location: 'Lady Hawks Main Gym', isHome: true, note: 'Senior night' },
      { opponent: 'South Ridge', gameDate: later, gameTime: '18:00', location: 'South Ridge HS', isHome: false, cancelled: true },
      {
        opponent: 'East Lake',
        gameDate: past,
        gameTime: '18:00',
        location: 'Lady Hawks Main Gym',
        isHome: true,
        ourScore: 55,
        opponentScore: 40,
      },
    ]) {
      expect((await admin.post('/api/admin/games', game)).status).toBe(201)
    }
    await page.goto('/')
    await settled(page)
    const upcoming = page.getByRole('list', { name: 'Upcoming games' }).getByTestId('game')
    expect(await upcoming.count()).toBe(2)
    const weekday = new Date(`${soon}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })
    const first = await upcoming.nth(0).textContent()
    expect(first).toContain('vs North Valley')
    expect(first).toContain(`${weekday}, `)
    expect(first).toContain('7:30 PM')
    expect(first).toContain('Senior night')
    expect(await upcoming.nth(1).textContent()).toContain('Cancelled')
    const recent = page.getByRole('list', { name: 'Recent results' }).getByTestId('game')
    expect(await recent.count()).toBe(1)
    expect(await recent.getByTestId('game-result').textContent()).toBe('W 55-40')
    expect(
      await page
        .locator('#games')
        .getByRole('link', { name: /calendar/ })
        .getAttribute('href'),
    ).toBe('/api/schedule.ics')
    await expectNoAxeViolations(page, 'home with games')
  })
})

describe('what visitors saw, fixed', () => {
  it('keeps the header on one line and nothing scrolls sideways at 320 and 768 px', async () => {
    const { page } = e()
    for (const width of [320, 768]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      await settled(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width)
      const logo = await page.locator('.site-header .logo').boundingBox()
      expect(logo!.height, `logo on one line at ${width} px`).toBeLessThanOrEqual(44)
      expect(logo!.x + logo!.width).toBeLessThanOrEqual(width)
      expect(await page.locator('.site-header .logo b').evaluate((el) => el.getClientRects().length)).toBe(1)
    }
  })

  it('sizes roster cards to their content: no blank half-card, long bios in full', async () => {
    const { page } = e()
    const longBio = 'Runs the floor, '.repeat(30).trim()
    await admin.post('/api/admin/team', { name: 'Short Card', jerseyNumber: 4, position: 'Guard', grade: 'Junior' })
    await admin.post('/api/admin/team', { name: 'Long Card', jerseyNumber: 5, position: 'Forward', grade: 'Senior', bio: longBio })
    await setViewport(page, 'mobile')
    await page.goto('/')
    await settled(page)
    const cards = page.locator('article.player')
    const short = await cards.filter({ hasText: 'Short Card' }).boundingBox()
    const long = cards.filter({ hasText: 'Long Card' })
    expect(short!.height).toBeLessThan(200)
    expect(await long.locator('.bio').evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true)
    expect(await long.locator('.bio').textContent()).toBe(longBio)
  })

  it('says a campaign reached its goal and keeps the Donate action', async () => {
    const { page } = e()
    const created = await admin.post('/api/admin/campaigns', { name: 'Met Goal', description: 'Done', goalAmount: '100.00' })
    await admin.put(`/api/admin/campaigns/${created.json.id}`, { currentAmount: '120.00' })
    await page.goto('/')
    await settled(page)
    const card = page.getByTestId('campaign-card').filter({ hasText: 'Met Goal' })
    expect(await card.getByTestId('campaign-status').textContent()).toBe('Goal reached')
    // The Donate action opens the card payment for this campaign (e2e/public-payments.test.ts).
    expect(await card.getByRole('link', { name: /Donate/ }).getAttribute('href')).toBe(`/donate?campaign=${created.json.id}`)
  })

  it('puts the card-payment action first on /qr-donate, the quick-donation block below', async () => {
    const { page } = e()
    await setViewport(page, 'mobile')
    await page.goto('/qr-donate')
    await settled(page)
    const pay = page.getByTestId('donate-mobile').getByRole('button', { name: 'Donate by Card' })
    const block = page.getByRole('region', { name: 'Quick Donation' })
    expect((await pay.boundingBox())!.y).toBeLessThan((await block.boundingBox())!.y)
    expect((await pay.boundingBox())!.y + 48).toBeLessThan(812)
  })
})

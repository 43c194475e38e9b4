import type { Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loggedInAdmin, type ApiClient } from '../testing/server'
import { everyRequestSeen, recordApiCalls, routeForTest, settled, setViewport, useBrowserEnv } from '../testing/browserEnv'

/**
 * Data and its states (docs/PRODUCT.md) on an empty database
 * (SEED=none), filled step by step through the admin API: loading and empty
 * states, the campaign rules (percent, cap, default picture, active only),
 * the 30 s refresh and SWR's rules (no retries, no focus refetch, never stale),
 * and the "<status>: <body>" error format.
 */
let admin: ApiClient
const e = useBrowserEnv({ admin: false, seed: 'none' })

beforeAll(async () => {
  admin = await loggedInAdmin(e().server.url)
  // Fake timers for the whole file (time still flows; runFor() jumps ahead).
  await e().page.clock.install()
})

/** Holds every request to `path` until release() is called. */
async function hold(page: Page, path: string) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const handler = async (route: Route) => {
    await gate
    await route.continue().catch(() => undefined)
  }
  await routeForTest(page, `**${path}`, handler)
  return {
    release: async () => {
      release()
      await page.unroute(`**${path}`, handler)
    },
  }
}

/**
 * The home page reached by a client-side move from /sponsor (whose HTML holds
 * no lists): the only way a visitor sees the lists load, since a full page
 * load of / arrives with them already in the HTML.
 */
async function homeByClientSideMove(page: Page) {
  await page.goto('/sponsor')
  await settled(page)
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  await page.locator('#hero-title').waitFor()
}

const height = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().height)

describe('empty database', () => {
  // A server of its own: the file's server gets campaigns from the tests below, in whatever order they run.
  const empty = useBrowserEnv({ admin: false, seed: 'none' })

  it('shows the empty team texts, a player count of 0 and no campaigns (375 and 1280 px)', async () => {
    const { page } = empty()
    for (const viewport of ['mobile', 'desktop'] as const) {
      await setViewport(page, viewport)
      await page.goto('/')
      await settled(page)
      const team = page.locator('#team')
      expect(await team.textContent()).toContain('No team members have been added yet.')
      expect(await team.textContent()).toContain('Check back soon to meet our players!')
      expect(await page.getByTestId('stat-players').textContent()).toBe('0')
      expect(await page.getByTestId('campaign-card').count()).toBe(0)
      expect(await page.locator('#fundraising').textContent()).toContain('No fundraising campaigns yet.')
    }
    await page.goto('/donate')
    await settled(page)
    expect(await page.getByRole('main').textContent()).toContain('There are no active campaigns right now.')
  })

  it('shows a spinner while campaigns load and skeleton cards while the team loads', async () => {
    const { page } = empty()
    await setViewport(page, 'desktop')
    const campaigns = await hold(page, '/api/campaigns')
    const team = await hold(page, '/api/team')
    await homeByClientSideMove(page)
    const spinner = page.locator('#fundraising').getByRole('status')
    await spinner.waitFor()
    expect(await spinner.textContent()).toBe('Loading campaigns…')
    const loadingHeight = await height(page, '#fundraising')
    expect(await page.getByTestId('player-skeleton').count()).toBe(8)
    expect(await page.getByTestId('stat-players').textContent()).toBe('–')
    expect(await page.locator('#team').getByRole('status').textContent()).toBe('Loading the team…')

    await campaigns.release()
    await team.release()
    await settled(page)
    expect(await spinner.count()).toBe(0)
    expect(await page.getByTestId('player-skeleton').count()).toBe(0)
    // The empty state takes the space the spinner held.
    expect(await height(page, '#fundraising')).toBe(loadingHeight)
  })
})

describe('campaigns', () => {
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    const create = async (key: string, body: Record<string, unknown>, update?: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/campaigns', body)
      if (res.status !== 201) throw new Error(`create ${key}: ${res.status} ${res.text}`)
      ids[key] = res.json.id
      if (update) {
        const put = await admin.put(`/api/admin/campaigns/${ids[key]}`, update)
        if (put.status !== 200) throw new Error(`update ${key}: ${put.status} ${put.text}`)
      }
    }
    await create(
      'unknownPicture',
      { name: 'Film Room Upgrade', description: 'A projector and screen for film study.', goalAmount: '3000', imageUrl: 'mystery-picture' },
      { currentAmount: '1000' },
    )
    await create(
      'brokenPicture',
      {
        name: 'Banquet Night',
        description: 'Our end-of-season awards banquet.',
        goalAmount: '800.00',
        imageUrl: '/images/campaigns/no-such-file.png',
      },
      { currentAmount: '2' },
    )
    await create(
      'overGoal',
      { name: 'Shooting Machine', description: 'A rebounder for shooting practice.', goalAmount: '1000', imageUrl: 'equipment' },
      { currentAmount: '1234.50' },
    )
  })

  it('fills exactly the space the spinner held when the cards arrive (1280 px)', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    const campaigns = await hold(page, '/api/campaigns')
    await homeByClientSideMove(page)
    await page.locator('#fundraising').getByRole('status').waitFor()
    const loadingHeight = await height(page, '#fundraising')
    await campaigns.release()
    await settled(page)
    expect(await page.getByTestId('campaign-card').count()).toBe(3)
    expect(await height(page, '#fundraising')).toBe(loadingHeight)
  })

  it('rounds the percent, caps the bar at 100 % and shows the default team photo for unknown pictures', async () => {
    const { page } = e()
    await setViewport(page, 'desktop') // whatever the test before left
    await page.goto('/')
    await settled(page)
    const card = (name: string) => page.getByTestId('campaign-card').filter({ has: page.getByRole('heading', { name }) })
    const bar = (name: string) =>
      card(name)
        .locator('.progress > div')
        .evaluate((el) => (el as HTMLElement).style.width)
    // The pictures load lazily: each is brought into view first, as a visitor scrolling to it would.
    const picture = async (name: string) => {
      await card(name).locator('img').scrollIntoViewIfNeeded()
      return card(name)
        .locator('img')
        .evaluate((img: HTMLImageElement) => ({ src: new URL(img.src).pathname, loaded: img.complete && img.naturalWidth > 0 }))
    }

    expect(await card('Shooting Machine').getByTestId('campaign-percent').textContent()).toBe('123% complete')
    expect(await bar('Shooting Machine')).toBe('100%')
    expect(await card('Shooting Machine').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    expect(await card('Shooting Machine').textContent()).toContain('$1,234.50 raised')
    expect(await card('Film Room Upgrade').getByTestId('campaign-percent').textContent()).toBe('33% complete')
    expect(parseFloat(await bar('Film Room Upgrade'))).toBeCloseTo(33.333, 2)
    expect(await card('Banquet Night').getByTestId('campaign-percent').textContent()).toBe('0% complete')

    await expect.poll(() => picture('Shooting Machine')).toEqual({ src: '/images/campaigns/equipment.svg', loaded: true })
    await expect.poll(() => picture('Film Room Upgrade')).toEqual({ src: '/images/campaigns/team-photo.svg', loaded: true })
    // A picture that fails to load falls back to the default too.
    await expect.poll(() => picture('Banquet Night')).toEqual({ src: '/images/campaigns/team-photo.svg', loaded: true })
  })

  it('lists inactive campaigns as closed on home and only active ones on /donate', async () => {
    const { page } = e()
    const active = (isActive: 'true' | 'false') => admin.put(`/api/admin/campaigns/${ids.brokenPicture}`, { isActive })
    expect((await active('false')).status).toBe(200)
    try {
      await page.goto('/')
      await settled(page)
      const closed = page.getByTestId('campaign-card').filter({ has: page.getByRole('heading', { name: 'Banquet Night' }) })
      expect(await closed.textContent()).toContain('Closed')
      expect(await closed.getByRole('link').count()).toBe(0)

      for (const viewport of ['mobile', 'desktop'] as const) {
        await setViewport(page, viewport)
        await page.goto('/donate')
        await settled(page)
        const names = await page.getByTestId('campaign-card').locator('h3').allTextContents()
        expect(names.sort()).toEqual(['Film Room Upgrade', 'Shooting Machine'])
      }
    } finally {
      // Open again: the other tests show it on the home page as an open campaign.
      expect((await active('true')).status).toBe(200)
    }
  })

  it('refreshes the home page campaigns every 30 s, and nowhere else', async () => {
    const { page } = e()
    await page.goto('/')
    await settled(page)
    const calls = recordApiCalls(page, '/api/campaigns')
    const before = await page.getByTestId('campaign-card').count()
    // (The refresh timer starts when the page becomes interactive, a moment before settled() returns.)
    await page.clock.runFor(25_000)
    await everyRequestSeen(page)
    expect(calls.length).toBe(0)
    const created = await admin.post('/api/admin/campaigns', {
      name: 'Travel Bags',
      description: 'Team duffel bags.',
      goalAmount: '600',
      imageUrl: 'travel',
    })
    expect(created.status).toBe(201)
    try {
      await page.clock.runFor(5_500)
      await expect.poll(() => page.getByTestId('campaign-card').count()).toBe(before + 1)
      expect(calls.length).toBe(1)
      await page.clock.runFor(30_000)
      await expect.poll(() => calls.length).toBe(2)

      // /donate asks once and never polls.
      await page.goto('/donate')
      await settled(page)
      const donateCalls = recordApiCalls(page, '/api/campaigns')
      await page.clock.runFor(95_000)
      await everyRequestSeen(page)
      expect(donateCalls.length).toBe(0)
    } finally {
      // Gone again: the other tests count the three campaigns made above.
      expect((await admin.delete(`/api/admin/campaigns/${created.json.id}`)).status).toBe(204)
    }
  })
})

describe('SWR rules and error messages', () => {
  it('never refetches on focus, and reuses data when moving between pages (never stale)', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    const calls = recordApiCalls(page, '/api/campaigns')
    const teamCalls = recordApiCalls(page, '/api/team')
    await page.goto('/')
    await settled(page)
    // The lists came with the server-rendered page: nothing is fetched again.
    expect(calls.length).toBe(0)
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'))
      document.dispatchEvent(new Event('visibilitychange'))
      window.dispatchEvent(new Event('online'))
    })
    await everyRequestSeen(page)
    expect(calls.length).toBe(0)
    // Client-side navigation to /donate: its list comes from what the page already holds.
    await page.getByRole('link', { name: 'Donate Now' }).click()
    await page.locator('h1', { hasText: 'Support the Lady Hawks' }).waitFor()
    await settled(page)
    expect(calls.length).toBe(0)
    expect(teamCalls.length).toBe(0)
    // Lists a page did not arrive with are fetched once when a client-side move needs them.
    await homeByClientSideMove(page)
    await settled(page)
    expect(calls.length).toBe(1)
    expect(teamCalls.length).toBe(1)
  })

  it('turns a failed call into "<status>: <body text or status text>" and does not retry', async () => {
    const { page } = e()
    await routeForTest(page, '**/api/campaigns', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Database unavailable' }),
    )
    await routeForTest(page, '**/api/team', (route) => route.fulfill({ status: 503, body: '' }))
    const calls = recordApiCalls(page, '/api/campaigns')
    const teamCalls = recordApiCalls(page, '/api/team')
    await setViewport(page, 'mobile')
    await homeByClientSideMove(page)
    const campaignError = page.locator('#fundraising').getByTestId('error-detail')
    const teamError = page.locator('#team').getByTestId('error-detail')
    await campaignError.waitFor()
    await teamError.waitFor()
    expect(await campaignError.textContent()).toBe('Details: 500: Database unavailable')
    expect(await teamError.textContent()).toBe('Details: 503: Service Unavailable')
    // SWR would normally retry a failed request after about 5 s; here it never does.
    await page.clock.runFor(25_000)
    await everyRequestSeen(page)
    expect(teamCalls.length).toBe(1)
    // (The campaign list is asked again only by its 30 s refresh.)
    expect(calls.length).toBe(1)
  })
})

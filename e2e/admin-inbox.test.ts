import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest'
import { VIEWPORTS } from '../testing/browser'
import { allPages } from '../testing/allPages'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  settled,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
  TEST_CONFIG,
  type BrowserEnv,
} from '../testing/browserEnv'

/** The day as the portal shows it (formatDay), computed in the browser's own calendar. */
const shownDay = (page: Page, iso: string) =>
  page.evaluate((value) => new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }), iso)

/** A record's labelled details (<dt> → <dd> text). */
const details = (item: Locator) =>
  item.evaluate((el) =>
    Object.fromEntries([...el.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''])),
  )

/** The headings of a list's records, in the list's order. */
const headings = (items: Locator) => items.getByRole('article').evaluateAll((els) => els.map((el) => el.querySelector('h4')?.textContent))

const HOSTILE = 'Hello coach!\nCan my daughter join? <script>alert(1)</script> <img src="x" onerror="window.__xss = 1">'
const LONG_WORD = 'w'.repeat(400)

const FULL_APPLICATION = {
  contactName: 'Dana Reyes',
  contactEmail: 'dana@hawkhardware.example',
  contactPhone: '(555) 123-4567',
  companyName: 'Hawk Hardware',
  companyAddress: '12 Main Street\nSpringfield',
  companyWebsite: 'https://hawkhardware.example',
  companyTwitter: '@hawkhardware',
  companyInstagram: 'hawk.hardware',
  businessType: 'real-estate',
  sponsorshipLevel: 'gold',
  notes: 'Please call after 5pm.\nAsk for Dana.',
}

/** Contact messages and sponsor applications on the Overview: sent through the public API, read in the portal. */
describe('admin portal: contact messages and sponsor applications', () => {
  let env: BrowserEnv
  let visitor: ApiClient
  let admin: ApiClient

  beforeAll(async () => {
    // More than a page (50) of each are sent: startBrowserEnv raises the per-IP form limit.
    env = await startBrowserEnv({ seed: 'none' })
    admin = await loggedInAdmin(env.server.url)
    visitor = new ApiClient(env.server.url)
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  /**
   * A page of the test's own, signed in and loaded on the Overview, with the dialogs it opened (dismissed):
   * visitor text must never open one. Each test sends its own records before opening it.
   */
  const openOverview = async (on: BrowserEnv = env) => {
    const dialogs: string[] = []
    const page = await signedInPage(on, TEST_ADMIN, {
      beforeLoad: (page) =>
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message())
          void dialog.dismiss()
        }),
    })
    await page.getByRole('tabpanel', { name: 'Overview' }).waitFor()
    await settled(page)
    return { page, dialogs }
  }
  const messagesPanel = (page: Page) => page.getByRole('region', { name: 'Contact Messages' })
  const applicationsPanel = (page: Page) => page.getByRole('region', { name: 'Sponsor Applications' })

  it('shows the empty states on a fresh database, below the unchanged figures and Recent Donations', async () => {
    // A server and database of its own: the file's database holds the other tests' messages and applications.
    const server = await startServer({ seed: 'none', env: TEST_CONFIG })
    onTestFinished(() => server.stop().then(() => undefined))
    onTestFailed(() => console.error(`fresh server output:\n${server.output().slice(-4000)}`))
    await loggedInAdmin(server.url)
    const { page } = await openOverview({ ...env, server })
    expect(await page.getByTestId('stat-card').count()).toBe(4)
    await page.getByRole('region', { name: 'Recent Donations' }).getByText('No donations yet', { exact: true }).waitFor()
    await messagesPanel(page).getByText('No messages yet', { exact: true }).waitFor()
    await applicationsPanel(page).getByText('No sponsor applications yet', { exact: true }).waitFor()
    expect(await page.getByRole('heading', { level: 3, name: 'Contact Messages' }).count()).toBe(2) // the stat card and the panel
    expect(await page.getByRole('heading', { level: 3, name: 'Sponsor Applications' }).count()).toBe(1)

    // Panels come after Recent Donations, in this order (then the treasurer's Donations, Sponsorship Payments, charts,
    // bank deposits, donors, the statements mailed to them, the year end, monthly gifts and Stripe's payouts). On a new
    // site the Roster privacy choice comes first, above the figures' panels, until an admin makes it.
    const order = await page.evaluate(() => [...document.querySelectorAll('section section h3')].map((h) => h.textContent))
    expect(order).toEqual([
      'Roster privacy has not been chosen yet',
      'Recent Donations',
      'Contact Messages',
      'Sponsor Applications',
      'Donations',
      'Sponsorship Payments',
      'Giving at a Glance',
      'Deposits',
      'Donors',
      'Mailed statements',
      'Year End',
      'Monthly Gifts',
      'Stripe Payouts',
    ])
    await settled(page)
    await expectNoAxeViolations(page, 'empty overview')
  })

  it("shows a visitor's message and applications with every detail, as plain text", async () => {
    // The figure counts every message in the database, the other tests' too: it must go up by the two sent here.
    const before = (await admin.get('/api/admin/summary')).json.contactMessages as number
    const sent = await visitor.post('/api/contact', { name: 'Robin <b>Bold</b>', email: 'robin@example.com', message: HOSTILE })
    expect(sent.status).toBe(201)
    expect(
      (await visitor.post('/api/contact', { name: 'Long Talker', email: 'long@example.com', message: `Look: ${LONG_WORD}` })).status,
    ).toBe(201)
    const sentApp = await visitor.post('/api/sponsors', FULL_APPLICATION)
    expect(sentApp.status).toBe(201)
    for (const [level, company] of [
      ['silver', 'Silver Spoon Diner'],
      ['bronze', 'Bronze Bikes'],
    ])
      expect(
        (
          await visitor.post('/api/sponsors', {
            contactName: 'Lee Park',
            contactEmail: 'lee@example.com',
            contactPhone: '555 0100',
            companyName: company,
            companyAddress: '1 Court Road',
            businessType: 'restaurant',
            sponsorshipLevel: level,
            companyWebsite: '',
          })
        ).status,
      ).toBe(201)

    const { page, dialogs } = await openOverview()
    const stat = page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: 'Contact Messages' }) })
    expect(await stat.getByTestId('stat-value').textContent()).toBe(String(before + 2))

    // Contact message: sender, mailto link, day, status and the full text with its line break.
    const stored = ((await admin.get('/api/admin/contact-messages')).json as any[]).find((m) => m.id === sent.json.id)
    const message = messagesPanel(page).getByRole('article', { name: 'Message from Robin <b>Bold</b>' })
    const text = (await message.textContent()) ?? ''
    expect(text).toContain('Robin <b>Bold</b>')
    expect(text).toContain(await shownDay(page, stored.createdAt))
    expect(text).toContain('unread')
    expect(await message.getByRole('link', { name: 'robin@example.com' }).getAttribute('href')).toBe('mailto:robin@example.com')
    const body = message.getByTestId('message-text')
    expect(await body.textContent()).toBe(HOSTILE)
    expect(await body.innerText()).toContain('Hello coach!\nCan my daughter join?') // whitespace-pre-line keeps the break
    expect(await message.locator('b, script, img').count()).toBe(0)
    const injected = await page.evaluate(() => ({
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('alert(1)')).length,
      images: document.querySelectorAll('img[src="x"]').length,
      flag: (window as any).__xss,
    }))
    expect(injected).toEqual({ scripts: 0, images: 0, flag: undefined })
    expect(dialogs).toEqual([])

    // Newest first: the two sent here lead the list, whatever other tests sent before.
    const items = messagesPanel(page).getByRole('list', { name: 'Contact messages' }).getByRole('listitem')
    expect((await headings(items)).slice(0, 2)).toEqual(['Message from Long Talker', 'Message from Robin <b>Bold</b>'])

    // Sponsor applications: level names, links, labelled details; optional ones only when given.
    const apps = applicationsPanel(page).getByRole('list', { name: 'Sponsor applications' }).getByRole('listitem')
    expect((await headings(apps)).slice(0, 3)).toEqual(['Bronze Bikes', 'Silver Spoon Diner', 'Hawk Hardware'])
    const full = applicationsPanel(page).getByRole('article', { name: 'Hawk Hardware' })
    const storedApp = ((await admin.get('/api/admin/sponsor-applications')).json as any[]).find((a) => a.id === sentApp.json.id)
    const fullText = (await full.textContent()) ?? ''
    expect(fullText).toContain('Three Point (gold)')
    expect(fullText).toContain('pending')
    expect(fullText).toContain(await shownDay(page, storedApp.createdAt))
    expect(await details(full)).toEqual({
      Contact: 'Dana Reyes',
      Email: 'dana@hawkhardware.example',
      Phone: '(555) 123-4567',
      'Business type': 'Real Estate',
      Address: '12 Main Street\nSpringfield',
      Website: 'https://hawkhardware.example',
      Twitter: '@hawkhardware',
      Instagram: 'hawk.hardware',
      Notes: 'Please call after 5pm.\nAsk for Dana.',
    })
    expect(await full.getByRole('link', { name: 'dana@hawkhardware.example' }).getAttribute('href')).toBe(
      'mailto:dana@hawkhardware.example',
    )
    expect(await full.getByRole('link', { name: '(555) 123-4567' }).getAttribute('href')).toBe('tel:5551234567')

    const silver = applicationsPanel(page).getByRole('article', { name: 'Silver Spoon Diner' })
    expect(await silver.textContent()).toContain('Two Point (silver)')
    expect(await details(silver)).toEqual({
      Contact: 'Lee Park',
      Email: 'lee@example.com',
      Phone: '555 0100',
      'Business type': 'Restaurant',
      Address: '1 Court Road',
    })
    expect(await applicationsPanel(page).getByRole('article', { name: 'Bronze Bikes' }).textContent()).toContain('Free Throw (bronze)')

    await settled(page)
    await expectNoAxeViolations(page, 'overview with messages and applications')

    // Phone width: a 400-character word wraps inside its panel instead of widening the page.
    await page.setViewportSize(VIEWPORTS.mobile)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width)
    await settled(page)
    await expectNoAxeViolations(page, 'overview with messages and applications at 375px')
    expect(dialogs).toEqual([])
  })

  it('pages through every message and application, 50 a page, with the list control', async () => {
    // 51 of each: more than a page even when this test runs alone; the lists also hold the other tests' records.
    for (let i = 1; i <= 51; i++) {
      expect((await visitor.post('/api/contact', { name: `Fan ${i}`, email: `fan${i}@example.com`, message: `Message ${i}` })).status).toBe(
        201,
      )
      expect(
        (
          await visitor.post('/api/sponsors', {
            ...FULL_APPLICATION,
            companyName: `Business ${i}`,
            companyWebsite: null,
            notes: null,
          })
        ).status,
      ).toBe(201)
    }
    const messages = await allPages(admin, '/api/admin/contact-messages')
    const applications = await allPages(admin, '/api/admin/sponsor-applications')
    expect(messages.length).toBeGreaterThan(50)
    expect(applications.length).toBeGreaterThan(50)

    const { page } = await openOverview()
    for (const { panel, list, records, title } of [
      { panel: messagesPanel(page), list: 'Contact messages', records: messages, title: (r: any) => `Message from ${r.name}` },
      { panel: applicationsPanel(page), list: 'Sponsor applications', records: applications, title: (r: any) => r.companyName },
    ]) {
      const items = panel.getByRole('list', { name: list }).getByRole('listitem')
      const pages = panel.getByRole('navigation', { name: `${list} pages` })
      await expect.poll(() => headings(items)).toEqual(records.slice(0, 50).map(title))
      expect(await pages.textContent()).toContain(`Page 1 of ${Math.ceil(records.length / 50)}`)
      await pages.getByRole('button', { name: 'Next' }).click()
      await expect.poll(() => headings(items)).toEqual(records.slice(50, 100).map(title))
      await pages.getByRole('button', { name: 'Previous' }).click()
      await expect.poll(() => items.count()).toBe(50)
    }
    await settled(page)
    await expectNoAxeViolations(page, 'overview with more than a page of each')
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../testing/server'
import {
  closeToast,
  focusIndicator,
  readToast,
  recordApiCalls,
  routeForTest,
  settled,
  setViewport,
  useBrowserEnv,
} from '../testing/browserEnv'

/** /sponsor (docs/PRODUCT.md: Routes, Rules and oddities) against the real server. */
const e = useBrowserEnv({ admin: false, seed: 'none' })

async function openSponsor(query = '', viewport: 'mobile' | 'desktop' = 'desktop') {
  const { page } = e()
  await setViewport(page, viewport)
  await page.goto(`/sponsor${query}`)
  await settled(page)
  return page
}

const card = (page: Page, tier: string) => page.getByTestId(`tier-card-${tier}`)
const amountBox = (page: Page) => page.getByTestId('selected-level')
const selectedTiers = (page: Page) =>
  page.locator('[data-testid^="tier-card-"][data-selected="true"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')))

const FIELDS = {
  'Contact Name': 'Dana Brooks',
  'Contact Email': 'dana@brooksauto.example',
  'Contact Phone': '(555) 010-2233',
  'Company Name': 'Brooks Auto Repair',
  'Company Address': '42 Main Street, Springfield',
  Website: 'https://brooksauto.example',
  Twitter: '@brooksauto',
  Instagram: '@brooksauto',
  Notes: 'Please put our logo on the scoreboard banner.',
}

async function fillForm(page: Page) {
  const form = page.getByRole('form', { name: 'Sponsor Application Form' })
  for (const [label, value] of Object.entries(FIELDS)) await form.getByLabel(label).fill(value)
  await form.getByLabel('Business Type').selectOption('medical')
  return form
}

describe('page header and tier cards', () => {
  it('has the title, a pitch and a Back to Home link that goes back in history', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    await page.goto('/')
    await settled(page)
    await page.getByRole('link', { name: 'Become a Sponsor' }).click()
    await page.locator('h1', { hasText: 'Become a Sponsor' }).waitFor()
    expect(await page.locator('h1').count()).toBe(1)
    expect(await page.getByRole('banner').textContent()).toContain('Partner with the Lady Hawks')

    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    // It was a step back: forward returns to the sponsor page.
    await page.goForward()
    await page.waitForURL('**/sponsor')

    // Opened directly there is nothing of ours to go back to: it goes home.
    await openSponsor()
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.locator('h1', { hasText: 'Lady Hawks Boosters' }).waitFor()

    // Arrived by a full page load from one of our pages (same-origin referrer): back in history.
    await page.goto('/donate')
    await page.evaluate(() => {
      window.location.href = '/sponsor'
    })
    await page.waitForURL('**/sponsor')
    await settled(page)
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/donate')
  })

  it('shows the three cards as the sponsor page reads them (bronze $600 on the card)', async () => {
    const page = await openSponsor()
    expect(await card(page, 'bronze').locator('h3').textContent()).toBe('Free Throw$600')
    expect(await card(page, 'silver').locator('h3').textContent()).toBe('Two Point$600')
    expect(await card(page, 'gold').locator('h3').textContent()).toBe('Three Point$1,200')
    expect(await card(page, 'gold').textContent()).toContain('Most Popular')
    const benefits = (tier: string) => card(page, tier).locator('li').allTextContents()
    expect(await benefits('bronze')).toEqual([
      'Logo on the team website',
      'Half spot on rolling ads at every Varsity, JV and Freshmen game',
      'Listing in the Game Day Program',
      'Announcement at every game',
    ])
    expect(await benefits('silver')).toContain('2 season tickets')
    expect(await benefits('gold')).toContain('Passes for your company to attend a game')
    expect(await benefits('gold')).toContain('4 season tickets')
    expect((await benefits('gold')).join()).not.toContain('Jersey')
    expect(await selectedTiers(page)).toEqual([])
    expect(await page.getByTestId('selected-mark').count()).toBe(0)
    expect(await amountBox(page).textContent()).toBe('Please select a sponsorship tier above')
  })

  it('selects a card on click, marks it Selected and shows $300 / $600 / $1200', async () => {
    const page = await openSponsor('', 'mobile')
    await card(page, 'bronze').locator('li').first().click()
    expect(await selectedTiers(page)).toEqual(['tier-card-bronze'])
    expect(await card(page, 'bronze').getByTestId('selected-mark').textContent()).toBe('Selected')
    expect(await amountBox(page).textContent()).toBe('Free Throw · $300')
    await card(page, 'gold').click()
    expect(await selectedTiers(page)).toEqual(['tier-card-gold'])
    expect(await page.getByTestId('selected-mark').count()).toBe(1)
    expect(await page.getByTestId('selected-amount').textContent()).toBe('$1200')
    await card(page, 'silver').click()
    expect(await page.getByTestId('selected-amount').textContent()).toBe('$600')
  })

  it('preselects ?tier=bronze|silver|gold and ignores other values', async () => {
    for (const [tier, amount] of [
      ['bronze', '$300'],
      ['silver', '$600'],
      ['gold', '$1200'],
    ]) {
      const page = await openSponsor(`?tier=${tier}`)
      expect(await selectedTiers(page)).toEqual([`tier-card-${tier}`])
      expect(await page.getByTestId('selected-amount').textContent()).toBe(amount)
    }
    for (const other of ['platinum', 'GOLD', '', '1']) {
      const page = await openSponsor(`?tier=${other}`)
      expect(await selectedTiers(page)).toEqual([])
      expect(await amountBox(page).textContent()).toBe('Please select a sponsorship tier above')
    }
  })

  it("keeps a tier tapped and words typed before the page's code arrived", async () => {
    const { page } = e()
    await setViewport(page, 'mobile')
    // The app's code held back until the visitor has acted: the page works as the server sent it.
    let release!: () => void
    const arrived = new Promise<void>((resolve) => (release = resolve))
    await routeForTest(page, '**/assets/main-*.js', async (route) => {
      await arrived
      await route.continue()
    })
    await page.goto('/sponsor')
    // The card's choice is a link (role button once the code runs): before, it loads /sponsor?tier=gold.
    await card(page, 'gold').getByRole('button').click()
    await page.waitForURL(/\/sponsor\?tier=gold/)
    const form = page.getByRole('form', { name: 'Sponsor Application Form' })
    await form.getByLabel('Company Name').fill('Brooks Auto Repair')
    await form.getByLabel('Contact Name').fill('Dana Brooks')
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    release()
    await settled(page)
    expect(await selectedTiers(page)).toEqual(['tier-card-gold'])
    // Another choice draws the form again from its state: what was typed is in it.
    await card(page, 'silver').click()
    expect(await selectedTiers(page)).toEqual(['tier-card-silver'])
    expect(await form.getByLabel('Company Name').inputValue()).toBe('Brooks Auto Repair')
    expect(await form.getByLabel('Contact Name').inputValue()).toBe('Dana Brooks')
  })

  it('lets the keyboard pick a tier (buttons with a pressed state) with a visible focus ring', async () => {
    const page = await openSponsor()
    const choose = (name: string) => page.getByRole('button', { name: `Choose ${name}` })
    await page.getByRole('link', { name: 'Back to Home' }).focus()
    await page.keyboard.press('Tab')
    expect(await choose('Free Throw').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await choose('Free Throw').getAttribute('aria-pressed')).toBe('false')
    expect(await focusIndicator(page)).toMatchObject({ visible: true })
    await page.keyboard.press('Space')
    expect(await selectedTiers(page)).toEqual(['tier-card-bronze'])
    expect(await choose('Free Throw').getAttribute('aria-pressed')).toBe('true')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    expect(await selectedTiers(page)).toEqual(['tier-card-silver'])
    expect(await choose('Two Point').getAttribute('aria-pressed')).toBe('true')
    expect(await choose('Free Throw').getAttribute('aria-pressed')).toBe('false')
    // They look like buttons: a border or a fill, not bare text.
    const look = await choose('Three Point').evaluate((el) => getComputedStyle(el).borderTopWidth)
    expect(parseFloat(look)).toBeGreaterThan(0)
  })
})

describe('Sponsor Application Form', () => {
  it('labels every field, marks the six required ones and lists the ten business types', async () => {
    const page = await openSponsor()
    const form = page.getByRole('form', { name: 'Sponsor Application Form' })
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true)
    for (const label of ['Contact Name', 'Contact Email', 'Contact Phone', 'Company Name', 'Company Address', 'Business Type']) {
      expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.required), label).toBe(true)
    }
    for (const label of ['Website', 'Twitter', 'Instagram', 'Notes']) {
      expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.required), label).toBe(false)
    }
    expect(await form.getByLabel('Contact Email').getAttribute('type')).toBe('email')
    const options = await form
      .getByLabel('Business Type')
      .locator('option:not([disabled])')
      .evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, o.textContent]))
    expect(options).toEqual([
      ['retail', 'Retail'],
      ['restaurant', 'Restaurant'],
      ['automotive', 'Automotive'],
      ['medical', 'Medical/Healthcare'],
      ['legal', 'Legal Services'],
      ['financial', 'Financial Services'],
      ['real-estate', 'Real Estate'],
      ['construction', 'Construction'],
      ['technology', 'Technology'],
      ['other', 'Other'],
    ])
    expect(await form.getByRole('button', { name: 'Submit Application' }).count()).toBe(1)
  })

  it('asks for a tier first and sends nothing without one', async () => {
    const page = await openSponsor('', 'mobile')
    const posts = recordApiCalls(page, '/api/sponsors')
    const form = await fillForm(page)
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect(await readToast(page, 'Please select a sponsorship level')).toEqual({
      title: 'Please select a sponsorship level',
      description: 'Click on one of the sponsorship tier cards above to select your preferred level.',
      destructive: true,
    })
    await closeToast(page)
    expect(posts).toEqual([])
    // What was typed is still there.
    expect(await form.getByLabel('Company Name').inputValue()).toBe('Brooks Auto Repair')
  })

  it('flags empty required fields and a malformed email, and sends nothing', async () => {
    const page = await openSponsor('?tier=gold')
    const posts = recordApiCalls(page, '/api/sponsors')
    const form = page.getByRole('form', { name: 'Sponsor Application Form' })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    // The form loads its validation (the shared schemas) on first use: wait for its answer, then check every field.
    await expect.poll(() => form.getByLabel('Contact Name').getAttribute('aria-invalid')).toBe('true')
    const error = (label: string) =>
      form.getByLabel(label).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null)
    for (const label of ['Contact Name', 'Contact Email', 'Contact Phone', 'Company Name', 'Company Address', 'Business Type']) {
      expect(await form.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true')
      expect(await error(label), label).toBe('Required')
    }
    expect(await form.getByLabel('Website').getAttribute('aria-invalid')).toBeNull()
    expect(await form.getByLabel('Contact Name').evaluate((el) => el === document.activeElement)).toBe(true)

    await fillForm(page)
    await form.getByLabel('Contact Email').fill('dana@')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect(await error('Contact Email')).toBe('Invalid email')
    expect(await form.getByLabel('Contact Name').getAttribute('aria-invalid')).toBeNull()

    // A website is an https:// address (one typed without it gets it), with the same words as the form without JavaScript.
    await form.getByLabel('Contact Email').fill('dana@brooksauto.example')
    await form.getByLabel('Website').fill('http://brooksauto.example')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await expect.poll(() => error('Website')).toBe('Enter the full address starting with https://, for example https://example.com')
    expect(posts).toEqual([])
  })

  it('submits (Submitting...), thanks the sponsor, stores the application and resets the form', async () => {
    const { server } = e()
    const page = await openSponsor('?tier=gold')
    const posts = recordApiCalls(page, '/api/sponsors')
    const form = await fillForm(page)

    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await routeForTest(page, '**/api/sponsors', async (route) => {
      await held
      await route.continue()
    })
    await form.getByRole('button', { name: 'Submit Application' }).click()
    const submitting = form.getByRole('button', { name: 'Submitting...' })
    await submitting.waitFor()
    expect(await submitting.isDisabled()).toBe(true)
    release()

    const toast = await readToast(page, 'Application Submitted!')
    expect(toast.destructive).toBe(false)
    expect(toast.description).toMatch(/thank you/i)
    expect(toast.description).toMatch(/contact you soon/i)
    // Closed now: it closes itself after a while, and the checks below can outlast it on a busy machine.
    await closeToast(page)
    await page.unroute('**/api/sponsors')

    expect(posts).toHaveLength(1)
    expect(posts[0].body).toMatchObject({
      contactName: 'Dana Brooks',
      contactEmail: 'dana@brooksauto.example',
      contactPhone: '(555) 010-2233',
      companyName: 'Brooks Auto Repair',
      companyAddress: '42 Main Street, Springfield',
      companyWebsite: 'https://brooksauto.example',
      companyTwitter: '@brooksauto',
      companyInstagram: '@brooksauto',
      businessType: 'medical',
      sponsorshipLevel: 'gold',
      notes: 'Please put our logo on the scoreboard banner.',
    })
    for (const label of Object.keys(FIELDS)) expect(await form.getByLabel(label).inputValue(), label).toBe('')
    expect(await form.getByLabel('Business Type').inputValue()).toBe('')
    expect(await selectedTiers(page)).toEqual([])
    expect(await amountBox(page).textContent()).toBe('Please select a sponsorship tier above')
    expect(await form.getByRole('button', { name: 'Submit Application' }).isEnabled()).toBe(true)

    const admin = await loggedInAdmin(server.url)
    const stored = (await admin.get('/api/admin/sponsor-applications')).json as Record<string, unknown>[]
    expect(stored).toContainEqual(
      expect.objectContaining({ companyName: 'Brooks Auto Repair', sponsorshipLevel: 'gold', businessType: 'medical', status: 'pending' }),
    )
  })

  it('shows the destructive Error toast on failure and keeps the form', async () => {
    const page = await openSponsor('?tier=silver')
    const form = await fillForm(page)
    await routeForTest(page, '**/api/sponsors', (route) => route.fulfill({ status: 500, body: 'nope' }))
    await form.getByRole('button', { name: 'Submit Application' }).click()
    expect(await readToast(page, 'Error')).toEqual({
      title: 'Error',
      description: 'Failed to submit application. Please try again.',
      destructive: true,
    })
    await page.unroute('**/api/sponsors')
    expect(await form.getByRole('button', { name: 'Submit Application' }).isEnabled()).toBe(true)
    expect(await form.getByLabel('Contact Name').inputValue()).toBe('Dana Brooks')
    expect(await selectedTiers(page)).toEqual(['tier-card-silver'])
    await closeToast(page)
  })
})

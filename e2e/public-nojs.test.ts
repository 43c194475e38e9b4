import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { VIEWPORTS } from '../testing/browser'
import { loggedInAdmin, type ApiClient } from '../testing/server'
import {
  expectNoAxeViolations,
  freshPage,
  loginThroughUi,
  menuOpen,
  menuToggle,
  openTab,
  settled,
  TEST_CONFIG,
  useBrowserEnv,
} from '../testing/browserEnv'

/**
 * The public site works before and without its JavaScript. With JavaScript off the
 * forms post to the server, which stores exactly what the JSON API stores and answers with a
 * page; the menu, Back to Home and the tier choice work; nothing typed ever lands in a URL.
 * With the app's code held back the menu opens on a tap. At 320 px long words and URLs wrap.
 */
const e = useBrowserEnv({ seed: 'demo' })
let admin: ApiClient

beforeAll(async () => {
  admin = await loggedInAdmin(e().server.url)
})

type Row = Record<string, unknown>
const contactMessages = async () => (await admin.get('/api/admin/contact-messages?limit=100')).json as Row[]
const applications = async () => (await admin.get('/api/admin/sponsor-applications?limit=100')).json as Row[]
/** A stored record without what differs between any two records (id, dates). */
const content = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Row) => rest

/**
 * Presses a form's submit button and waits for the page the server answers with. Playwright's click waits only for a
 * navigation the browser asked for before the click returned; on a busy machine a form's post can start later, and a
 * refused post answers at the same URL, so the page before it would pass `waitForLoadState` and be read instead (once
 * in a clean clone: "Required" read beside Email, the first refusal's, where the second's says "Invalid email").
 */
async function submitAndLoad(page: Page, button: Locator) {
  const loaded = page.waitForEvent('load')
  await button.click()
  await loaded
}

/** The error shown beside a labelled control (aria-describedby), as the server rendered it. */
async function errorBeside(page: Page, label: string) {
  const control = page.getByRole('textbox', { name: label, exact: true })
  expect(await control.getAttribute('aria-invalid'), label).toBe('true')
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ')
}

/** Distinctive words a visitor types, so a URL holding any of them is unmistakable. */
const typed = {
  name: 'Zephyrine Quokkaburg',
  email: 'zephyrine@quokka.example',
  message: 'Marmalade trampoline question',
  contactName: 'Ottoline Pangolin',
  contactEmail: 'ottoline@pangolin.example',
  contactPhone: '555-0199',
  companyName: 'Pangolin Pretzels',
  companyAddress: '9 Armadillo Lane',
}

/** A phone-sized page of the test's own with JavaScript off, and every URL it asked for. */
async function pageWithoutScript() {
  const page = await freshPage(e(), { javaScriptEnabled: false, viewport: VIEWPORTS.mobile })
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return { page, urls }
}

/** Nothing typed is in any URL the browser asked for; `answer`, the fixed address the post led to, proves the posts were seen. */
function expectNothingTypedIn(urls: string[], answer: string) {
  expect(urls.some((url) => url.includes(answer))).toBe(true)
  const words = Object.values(typed).flatMap((value) => value.split(/[\s@.]+/).filter((word) => word.length > 4))
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, ' '))
    for (const word of words) expect(decoded, url).not.toContain(word)
  }
}

describe('with JavaScript off', () => {
  it('opens the menu and follows a section link', async () => {
    const { page } = await pageWithoutScript()
    await page.goto('/')
    const list = page.locator('#site-menu')
    expect(await list.isVisible()).toBe(false)
    await menuToggle(page).click()
    expect(await menuOpen(page)).toBe(true)
    expect(await list.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Fundraising', 'Team', 'Contact'])
    await list.getByRole('link', { name: 'Team' }).click()
    await page.waitForURL('**/#team')

    // From another page, the server's whole page arrives and the browser scrolls to the section by itself.
    await page.goto('/donate')
    await menuToggle(page).click()
    await list.getByRole('link', { name: 'Contact' }).click()
    await page.waitForURL('**/#contact')
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(66)
  })

  it('sends the contact form: refused with the errors beside the fields and the text kept, then stored once, nothing typed in a URL', async () => {
    const { page, urls } = await pageWithoutScript()
    const before = (await contactMessages()).length
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Contact form' })
    expect(await form.getAttribute('method')).toBe('post')

    await submitAndLoad(page, form.getByRole('button', { name: 'Send Message' }))
    expect(await page.getByTestId('form-notice-error').textContent()).toBe('Missing InformationPlease fill out all fields.')
    for (const label of ['Name', 'Email', 'Message']) expect(await errorBeside(page, label)).toBe('Required')

    await page.getByLabel('Name').fill(typed.name)
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Message').fill(typed.message)
    await submitAndLoad(page, page.getByRole('button', { name: 'Send Message' }))
    expect(await errorBeside(page, 'Email')).toBe('Invalid email')
    expect(await page.getByLabel('Name').inputValue()).toBe(typed.name)
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email')
    expect(await page.getByLabel('Message').inputValue()).toBe(typed.message)
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull()
    expect((await contactMessages()).length).toBe(before)

    await page.getByLabel('Email').fill(typed.email)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForURL('**/?sent=contact#contact')
    expect(await page.getByTestId('form-notice-success').textContent()).toBe(
      "Message Sent!Thank you for contacting us. We'll get back to you soon.",
    )
    expect(await page.getByLabel('Name').inputValue()).toBe('')
    // A reload (or Back) asks for the page again, never posts again.
    await page.reload()
    expect((await contactMessages()).length).toBe(before + 1)

    // Stored exactly as the JSON API stores the same message: sent there too, it is the same submit, answered
    // with the record the form stored and not stored twice.
    const viaApi = await e().api.post('/api/contact', { name: typed.name, email: typed.email, message: typed.message })
    expect(viaApi.status).toBe(201)
    const stored = (await contactMessages()).filter((m) => m.name === typed.name)
    expect(stored).toHaveLength(1)
    expect(viaApi.json.id).toBe(stored[0].id)
    expect(content(stored[0])).toMatchObject({ name: typed.name, email: typed.email, message: typed.message, status: 'unread' })
    expectNothingTypedIn(urls, 'sent=contact')
  })

  it('chooses a tier, follows Back to Home, and sends the sponsor form: refused, then stored once, nothing typed in a URL', async () => {
    const { page, urls } = await pageWithoutScript()
    const before = (await applications()).length
    await page.goto('/')
    await page.goto('/sponsor')
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')

    // No tier yet: the server asks for one, keeping everything typed.
    const form = page.getByRole('form', { name: 'Sponsor Application Form' })
    expect(await form.getAttribute('method')).toBe('post')
    for (const [label, value] of [
      ['Contact Name', typed.contactName],
      ['Contact Email', typed.contactEmail],
      ['Contact Phone', typed.contactPhone],
      ['Company Name', typed.companyName],
    ]) {
      await form.getByLabel(label).fill(value)
    }
    await form.getByLabel('Business Type').selectOption('retail')
    await submitAndLoad(page, form.getByRole('button', { name: 'Submit Application' }))
    expect(await page.getByTestId('form-notice-error').textContent()).toBe(
      'Please select a sponsorship levelClick on one of the sponsorship tier cards above to select your preferred level.',
    )
    expect(await page.locator('#sponsorship-amount-error').textContent()).toBe('Please select a sponsorship level')
    expect(await errorBeside(page, 'Company Address')).toBe('Required')
    expect(await page.getByLabel('Contact Name').inputValue()).toBe(typed.contactName)
    expect(await page.getByLabel('Business Type').inputValue()).toBe('retail')

    // The tier cards choose by loading /sponsor?tier=…, rendered chosen.
    await page.getByRole('button', { name: 'Choose Two Point' }).click()
    await page.waitForURL('**/sponsor?tier=silver#sponsor-form-title')
    expect(await page.getByTestId('tier-card-silver').getAttribute('data-selected')).toBe('true')
    expect(await page.getByRole('button', { name: 'Choose Two Point' }).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('selected-amount').textContent()).toBe('$600')

    for (const [label, value] of [
      ['Contact Name', typed.contactName],
      ['Contact Email', typed.contactEmail],
      ['Contact Phone', typed.contactPhone],
      ['Company Name', typed.companyName],
      ['Company Address', typed.companyAddress],
      ['Website', 'https://pangolin.example'],
    ]) {
      await form.getByLabel(label).fill(value)
    }
    await form.getByLabel('Business Type').selectOption('restaurant')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await page.waitForURL('**/sponsor?sent=sponsor#sponsor-form-title')
    expect(await page.getByTestId('form-notice-success').textContent()).toBe(
      'Application Submitted!Thank you for supporting the Lady Hawks! We will contact you soon to finalize your sponsorship.',
    )
    await page.reload()

    const application = {
      contactName: typed.contactName,
      contactEmail: typed.contactEmail,
      contactPhone: typed.contactPhone,
      companyName: typed.companyName,
      companyAddress: typed.companyAddress,
      companyWebsite: 'https://pangolin.example',
      companyTwitter: '',
      companyInstagram: '',
      businessType: 'restaurant',
      sponsorshipLevel: 'silver',
      notes: '',
    }
    // The same application by the JSON API is the same submit: answered with the stored one, not stored twice.
    const viaApi = await e().api.post('/api/sponsors', application)
    expect(viaApi.status).toBe(201)
    const stored = (await applications()).filter((a) => a.companyName === typed.companyName)
    expect(stored).toHaveLength(1)
    expect(viaApi.json.id).toBe(stored[0].id)
    expect((await applications()).length).toBe(before + 1)
    expect(content(stored[0])).toMatchObject({ sponsorshipLevel: 'silver', businessType: 'restaurant', status: 'pending', notes: null })

    await page.getByRole('link', { name: 'Back to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expectNothingTypedIn(urls, 'sent=sponsor')
  })

  it('leads the card-payment option to the giving page without any script', async () => {
    const { page } = await pageWithoutScript()
    await page.goto('/donate')
    expect(await page.getByTestId('donate-mobile').getByRole('button', { name: 'Donate by Card' }).getAttribute('href')).toBe(
      TEST_CONFIG.GIVING_PLATFORM_URL,
    )
  })
})

describe('before the app code arrives', () => {
  it("answers the forms' plain posts with pages axe finds clean (the app code never arrives)", async () => {
    // Scripts run (axe needs them) but the app's code is refused: the pages are exactly what the server sent.
    const page = await freshPage(e(), { viewport: VIEWPORTS.mobile })
    await page.context().route('**/assets/*.js', (route) => route.abort())
    await page.goto('/')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByTestId('form-notice-error').waitFor()
    await expectNoAxeViolations(page, 'contact form refused, server-rendered')
    await page.getByLabel('Name').fill('Pat Parent')
    await page.getByLabel('Email').fill('pat@example.com')
    await page.getByLabel('Message').fill('Hello')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForURL('**/?sent=contact#contact')
    await expectNoAxeViolations(page, 'contact form sent, server-rendered')

    await page.goto('/sponsor')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await page.getByTestId('form-notice-error').waitFor()
    await expectNoAxeViolations(page, 'sponsor form refused, server-rendered')
    await page.goto('/sponsor?tier=gold')
    const form = page.getByRole('form', { name: 'Sponsor Application Form' })
    for (const [label, value] of [
      ['Contact Name', 'Dana Brooks'],
      ['Contact Email', 'dana@example.com'],
      ['Contact Phone', '555-0100'],
      ['Company Name', 'Brooks Auto'],
      ['Company Address', '1 Main St'],
    ]) {
      await form.getByLabel(label).fill(value)
    }
    await form.getByLabel('Business Type').selectOption('automotive')
    await form.getByRole('button', { name: 'Submit Application' }).click()
    await page.waitForURL('**/sponsor?sent=sponsor#sponsor-form-title')
    await page.getByTestId('form-notice-success').waitFor()
    await expectNoAxeViolations(page, 'sponsor form sent, server-rendered')
  })

  it('opens the menu on a tap while the code is held back, and the code keeps it working once it comes', async () => {
    const page = await freshPage(e(), { viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    await page.context().route('**/assets/*.js', async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await menuToggle(page).waitFor()
    await expect.poll(() => asked).toBe(true)
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
    await menuToggle(page).tap()
    expect(await menuOpen(page)).toBe(true)
    expect(await page.locator('#site-menu').isVisible()).toBe(true)

    release()
    await settled(page)
    // Still open after hydration, and the code closes it now (Escape).
    expect(await menuOpen(page)).toBe(true)
    await page.keyboard.press('Escape')
    expect(await menuOpen(page)).toBe(false)
  })
})

/** The page is no wider than the 320 px viewport; else names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName}.${el.getAttribute('class') ?? ''} ends at ${Math.round(el.getBoundingClientRect().right)} px`),
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where}:\n${wide.join('\n')}`).toBeLessThanOrEqual(320)
}

describe('long words and URLs at 320 px', () => {
  const word = 'Supercalifragilisticexpialidocious'.repeat(3).slice(0, 80)
  const url = `https://example.org/${'a-very-long-path-segment-'.repeat(4)}`.slice(0, 80)
  const long = `${word} ${url}`

  beforeAll(async () => {
    expect(word).toHaveLength(80)
    expect(url).toHaveLength(80)
    const campaign = await admin.post('/api/admin/campaigns', { name: word, description: long, goalAmount: '100.00', imageUrl: url })
    expect(campaign.status).toBe(201)
    expect(
      (
        await admin.post('/api/admin/team', {
          name: word,
          jerseyNumber: 77,
          position: word.slice(0, 50),
          grade: word.slice(0, 20),
          bio: long,
        })
      ).status,
    ).toBe(201)
    const game = { opponent: word, gameDate: '2099-01-01', gameTime: '19:00', location: long.slice(0, 255), isHome: true }
    expect((await admin.post('/api/admin/games', game)).status).toBe(201)
    expect(
      (await admin.post('/api/admin/sponsorship-tiers', { name: word, amount: '5', description: long, benefits: [long] })).status,
    ).toBe(201)
    for (const [section, key, value] of [
      ['hero', 'title', word],
      ['hero', 'subtitle', long],
      ['hero', 'description', long],
      ['about', 'title', word],
      ['about', 'description', long],
      ['about', 'mission', long],
      ['contact', 'email', `${'x'.repeat(60)}@${'long-domain'.repeat(2)}.example`],
      ['contact', 'phone', word],
      ['contact', 'address', long],
      ['organization', 'legalName', word],
    ]) {
      expect((await admin.put('/api/admin/content', { section, key, value })).status, `${section}/${key}`).toBe(200)
    }
  })

  it('never scrolls sideways on any public page', async () => {
    const page = await freshPage(e())
    await page.setViewportSize({ width: 320, height: 800 })
    for (const path of ['/', '/donate', '/sponsor?tier=gold', '/qr-donate', '/no-such-page']) {
      await page.goto(path)
      await settled(page)
      expect(await page.content()).toContain(path === '/' || path === '/donate' ? word : 'Lady Hawks')
      await expectNoSidewaysScroll(page, path)
    }
  })

  it('never scrolls sideways in the admin portal', async () => {
    const page = await freshPage(e())
    await page.setViewportSize({ width: 320, height: 800 })
    await loginThroughUi(page)
    for (const tab of ['Overview', 'Campaigns', 'Team', 'Games', 'Sponsorships', 'Content']) {
      await openTab(page, tab)
      // Measured once the tab shows what was typed (Overview shows no names).
      if (tab !== 'Overview')
        await page
          .getByRole('tabpanel', { name: tab })
          .getByText(tab === 'Content' ? long : word)
          .first()
          .waitFor()
      await expectNoSidewaysScroll(page, tab)
    }
  })
})

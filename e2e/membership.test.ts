import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIEWPORTS } from '../testing/browser'
import { clubDay } from '../testing/clubCalendar'
import {
  type BrowserEnv,
  dumpServerOnFailure,
  expectNoAxeViolations,
  freshPage,
  openTab,
  settled,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
} from '../testing/browserEnv'
import { loggedInAdmin, type ApiClient } from '../testing/server'
import { startSmtpCapture } from '../testing/smtp'
import { workDayShift } from '../testing/volunteerShifts'

/**
 * Memberships in the browser (docs/MEMBERSHIP.md), on the demo season: /join with and without JavaScript (the same
 * answer, nothing typed in a URL), the mailed link's page, /member's passwordless sign-in and forms, and the Members
 * tab; axe at 1280 and 375 px on each. Mail is read from a local SMTP server.
 */
let env: BrowserEnv
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
let admin: ApiClient
beforeAll(async () => {
  smtp = await startSmtpCapture()
  env = await startBrowserEnv({ seed: 'demo', env: { SMTP_URL: smtp.url, EMAIL_RETRY_MS: '200', RATE_LIMIT_RECOVERY: '100' } })
  admin = await loggedInAdmin(env.server.url)
})
afterAll(async () => {
  await stopBrowserEnv(env)
  await smtp?.stop()
})
dumpServerOnFailure(() => env)

/** The path of the link in the newest mail to `to` (its token included). */
const mailedLink = async (to: string, path: string) => {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.text.includes(path))
  return new RegExp(`${env.server.url}(${path}[A-Za-z0-9_-]+)`).exec(mail.text)![1]
}

async function fillJoin(page: Page, who: { name: string; email: string }) {
  await page.getByRole('radio', { name: /Player fee/ }).check()
  await page.getByRole('spinbutton', { name: /Athletes in your family/ }).fill('2')
  await page.getByRole('textbox', { name: /^Your name/ }).fill(who.name)
  await page.getByRole('textbox', { name: /^Your email/ }).fill(who.email)
}

describe('joining', () => {
  it('works without JavaScript: the footer leads to /join, a refused form keeps what was typed, the answer says check your email', async () => {
    const page = await freshPage(env, { javaScriptEnabled: false, viewport: VIEWPORTS.mobile })
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    await page.goto('/')
    await page.getByRole('link', { name: 'Join Booster Club' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/join')
    await expect.poll(() => page.getByRole('heading', { name: /^Membership for / }).isVisible()).toBe(true)
    // Refused (no email): the page again, what was typed kept, the error beside its field.
    await fillJoin(page, { name: 'Quimby Marmoset', email: '' })
    await page.getByRole('button', { name: 'Send my link' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please check the form')
    expect(await page.getByRole('textbox', { name: /^Your name/ }).inputValue()).toBe('Quimby Marmoset')
    expect(await page.getByRole('textbox', { name: /^Your email/ }).getAttribute('aria-invalid')).toBe('true')
    await page.getByRole('textbox', { name: /^Your email/ }).fill('quimby@marmoset.test')
    await page.getByRole('button', { name: 'Send my link' }).click()
    await expect.poll(() => page.url()).toContain('/join?sent=join')
    expect(await page.getByRole('status').first().textContent()).toContain('Check your email')
    for (const url of urls) expect(decodeURIComponent(url)).not.toMatch(/Quimby|Marmoset/)

    // The mailed link's page: the household, the dues the server computed, how to pay (no card without the key).
    const link = await mailedLink('quimby@marmoset.test', '/join/continue/')
    await page.goto(link)
    expect(await page.getByTestId('dues-amount').textContent()).toBe('$240.00')
    expect(await page.getByTestId('pay-in-person').textContent()).toContain('Bring cash, or a check payable to')
    // axe runs in the page: the same page with its code, at 375 px.
    const withCode = await freshPage(env, { viewport: VIEWPORTS.mobile })
    await withCode.goto(link)
    await settled(withCode)
    await expectNoAxeViolations(withCode, 'the join link’s page (375)')
  })

  it('works with JavaScript: the dues shown as chosen, the same answer without leaving the page', async () => {
    const page = await freshPage(env)
    await page.goto('/join')
    await settled(page)
    await fillJoin(page, { name: 'Rhea Script', email: 'rhea@script.test' })
    expect(await page.getByTestId('dues-today').textContent()).toBe('Your dues today: $240')
    await expectNoAxeViolations(page, '/join (1280)')
    await page.setViewportSize(VIEWPORTS.mobile)
    await expectNoAxeViolations(page, '/join (375)')
    await page.getByRole('button', { name: 'Send my link' }).click()
    await expect.poll(() => page.getByTestId('form-notice-success').textContent()).toContain('Check your email')
    expect(new URL(page.url()).search).toBe('')
    expect(await mailedLink('rhea@script.test', '/join/continue/')).toMatch(/^\/join\/continue\//)
  })
})

describe('a member’s own page', () => {
  it('signs in by a mailed link (its button spends it), then shows the household, its membership and its forms', async () => {
    // Its forms post as plain forms, with the page's code or without it.
    const page = await freshPage(env, { viewport: VIEWPORTS.mobile })
    await page.goto('/member')
    await settled(page)
    await expectNoAxeViolations(page, '/member signed out (375)')
    await page.getByRole('textbox', { name: /^Email/ }).fill('ana.rivera@example.org')
    await page.getByRole('button', { name: 'Mail me a sign-in link' }).click()
    await expect.poll(() => page.url()).toContain('/member?sent=sign-in')
    const link = await mailedLink('ana.rivera@example.org', '/member/sign-in/')
    await page.goto(link)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, The Rivera family')
    expect(await page.getByTestId('membership-status').textContent()).toBe('Active')
    await settled(page)
    await expectNoAxeViolations(page, '/member signed in (375)')
    // Another adult, invited by mail; the page says so.
    await page.getByRole('textbox', { name: /^Their name/ }).fill('Tia Rivera')
    await page.getByRole('textbox', { name: /^Their email/ }).fill('tia@rivera.test')
    await page.getByRole('button', { name: 'Add and invite' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Invitation sent')
    expect(await page.getByText('tia@rivera.test').count()).toBe(1)
    await mailedLink('tia@rivera.test', '/member/sign-in/')
    await page.setViewportSize(VIEWPORTS.desktop)
    await expectNoAxeViolations(page, '/member signed in (1280)')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Mail me a sign-in link' }).isVisible()).toBe(true)
  })
})

describe('the Members tab', () => {
  it('lists the season’s households, records dues paid in cash, and passes axe at 1280 and 375 px', async () => {
    expect(admin).toBeTruthy()
    const page = await signedInPage(env)
    await openTab(page, 'Members')
    const rows = page.getByTestId('member-row')
    await expect.poll(() => rows.count()).toBeGreaterThan(3)
    await expectNoAxeViolations(page, 'Members tab (1280)')
    const brooks = rows.filter({ hasText: 'The Brooks family' })
    await brooks.getByRole('button', { name: /Record dues/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Paid by' }).selectOption('cash')
    await expectNoAxeViolations(page, 'Record dues dialog (1280)')
    const before = clubDay(Date.now())
    await dialog.getByRole('button', { name: 'Record dues' }).click()
    await expect.poll(() => brooks.textContent()).toContain('active')
    const after = clubDay(Date.now())
    // Recorded as chosen, on the club's today: the row says so, and so does the membership read back.
    expect(await brooks.textContent()).toContain('(cash)')
    const household = (await admin.get('/cms-api/households?where[name][equals]=The Brooks family&depth=0')).json.docs[0]
    const paid = (await admin.get(`/cms-api/memberships?where[household][equals]=${household.id}&where[status][equals]=active&depth=0`))
      .json.docs
    expect(paid.map((m: any) => m.paymentMethod)).toEqual(['cash'])
    expect([before, after]).toContain(paid[0].paidOn)
    // The status filter: last season's members not yet of this one, and no one else.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'not yet renewed' })
    await expect
      .poll(async () => (await rows.allTextContents()).map((row) => /^The \w+ family/.exec(row)?.[0]).sort())
      .toEqual(['The Haddad family', 'The Schmidt family'])
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Any status' })
    await page.setViewportSize(VIEWPORTS.mobile)
    await expectNoAxeViolations(page, 'Members tab (375)')
    // The Overview's line for the season.
    await openTab(page, 'Overview')
    await expect
      .poll(() => page.getByTestId('members-overview').textContent())
      .toMatch(/^4 households active, 2 not yet renewed, \$[\d,]+ dues this season/)
  })

  it('shows a household’s volunteer hours of the season chosen: its checked-in hours and excusals of that season alone', async () => {
    const [season, last] = (await admin.get('/cms-api/seasons?sort=-startsOn&limit=2&depth=0')).json.docs
    expect((await admin.patch(`/cms-api/seasons/${season.id}`, { volunteerHours: { perHousehold: 10 } })).status).toBe(200)
    expect((await admin.patch(`/cms-api/seasons/${last.id}`, { volunteerHours: { perHousehold: 8 } })).status).toBe(200)
    const okafor = (await admin.get('/cms-api/households?where[name][equals]=The Okafor family&depth=0')).json.docs[0]
    /** A sign-up of the Okafor family's on a shift of `hours` on `day`, as an admin records it. */
    const worked = async (day: string, hours: number, signup: Record<string, unknown>) => {
      const made = await admin.post('/cms-api/volunteer-signups', {
        shift: await workDayShift(admin, day, hours),
        name: 'Grace Okafor',
        email: 'grace.okafor@example.org',
        household: okafor.id,
        ...signup,
      })
      expect(made.status, made.text).toBe(201)
    }
    const excuse = async (seasonId: string, hours: number) =>
      expect(
        (await admin.post('/cms-api/volunteer-excusals', { household: okafor.id, season: seasonId, hours, reason: 'Ran the bake sale' }))
          .status,
      ).toBe(201)
    // This season, from its first day: 3 hours checked in, 2 excused; a no-show's 2 hours, entered by hand, not counted.
    await worked(season.startsOn, 3, { status: 'checked-in' })
    await worked(season.startsOn, 2, { status: 'no-show', hoursCredited: 2 })
    await excuse(season.id, 2)
    // Last season, on its last day (the day before this one's first): 4 hours checked in, 5 excused.
    await worked(last.endsOn, 4, { status: 'checked-in' })
    await excuse(last.id, 5)

    const page = await signedInPage(env)
    await openTab(page, 'Members')
    const hours = page.getByTestId('member-row').filter({ hasText: 'The Okafor family' }).getByTestId('household-volunteer-hours')
    await hours.waitFor()
    expect(await hours.textContent()).toBe('Volunteering: 5 of 10 hours this season (2 excused)')
    await page.getByRole('combobox', { name: 'Season' }).selectOption({ label: last.label })
    await expect.poll(() => hours.textContent()).toBe('Volunteering: 9 of 8 hours this season (5 excused)')
  })

  it('records a buy-out of the hours a household has not worked from its row, once the club offers it, and passes axe', async () => {
    const seasons = (await admin.get('/cms-api/seasons?sort=-startsOn&limit=1')).json.docs
    expect((await admin.patch(`/cms-api/seasons/${seasons[0].id}`, { volunteerHours: { perHousehold: 10 } })).status).toBe(200)
    expect((await admin.post('/cms-api/globals/volunteer-settings', { buyOutEnabled: true, buyOutPricePerHour: '15' })).status).toBe(200)
    const page = await signedInPage(env)
    await openTab(page, 'Members')
    const schmidt = page.getByTestId('member-row').filter({ hasText: 'The Schmidt family' })
    await expect.poll(() => schmidt.getByTestId('household-volunteer-hours').textContent()).toContain('0 of 10 hours this season')
    await schmidt.getByRole('button', { name: /Buy out hours/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('spinbutton', { name: /Hours bought out/ }).fill('4')
    await dialog.getByRole('combobox', { name: 'Paid by' }).selectOption('check')
    await dialog.getByRole('textbox', { name: /Check number/ }).fill('2044')
    await expectNoAxeViolations(page, 'Buy out hours dialog (1280)')
    await dialog.getByRole('button', { name: 'Record $60.00' }).click()
    await expect
      .poll(() => schmidt.getByTestId('household-volunteer-hours').textContent())
      .toContain('4 of 10 hours this season (4 bought out)')
    const buyOuts = (await admin.get('/cms-api/dues?where[kind][equals]=volunteer-buy-out&depth=0')).json.docs
    expect(buyOuts.map((d: any) => [d.amount, d.hours, d.paymentMethod, d.reference, d.taxTreatment])).toEqual([
      ['60.00', 4, 'check', '2044', 'participation-fee'],
    ])
  })
})

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIEWPORTS } from '../testing/browser'
import {
  type BrowserEnv,
  dumpServerOnFailure,
  editorPage,
  expectNoAxeViolations,
  freshPage,
  openTab,
  settled,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
} from '../testing/browserEnv'
import { clubDay } from '../testing/clubCalendar'
import { addStaffAccount, loggedInAdmin, type ApiClient } from '../testing/server'
import { startSmtpCapture } from '../testing/smtp'

/**
 * Volunteers in the browser (docs/VOLUNTEERS.md), on the demo's events (the home game's gate and concession stand):
 * /volunteer at 320 px without JavaScript (the footer leads there, a refused form keeps what was typed, the answer,
 * the mailed link's page that cancels), the same with its code and axe at 1280 and 375 px, and check-in on a phone
 * by the event's coordinator, an editor. Mail is read from a local SMTP server.
 */
let env: BrowserEnv
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
let admin: ApiClient
const NARROW = { width: 320, height: 640 }
beforeAll(async () => {
  smtp = await startSmtpCapture()
  env = await startBrowserEnv({ seed: 'demo', env: { SMTP_URL: smtp.url, EMAIL_RETRY_MS: '200' } })
  admin = await loggedInAdmin(env.server.url)
})
afterAll(async () => {
  await stopBrowserEnv(env)
  await smtp?.stop()
})
dumpServerOnFailure(() => env)

/** The personal page's link in the first mail to `to` that has one (and whose subject matches `subject`, when given). */
const mailedLink = async (to: string, subject = /./) => {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && m.text.includes('/volunteer/manage/'))
  return new RegExp(`${env.server.url}(/volunteer/manage/[A-Za-z0-9_-]+)`).exec(mail.text)![1]
}
/** The page is no wider than its viewport: nothing to scroll sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function fillDetails(page: Page, who: { name: string; email: string }) {
  await page.getByRole('textbox', { name: /^Your name/ }).fill(who.name)
  await page.getByRole('textbox', { name: /^Email/ }).fill(who.email)
}

describe('/volunteer', () => {
  it('works without JavaScript at 320 px: from the footer, a refused form kept, signed up, and cancelled by the mailed link', async () => {
    const page = await freshPage(env, { javaScriptEnabled: false, viewport: NARROW })
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    await page.goto('/')
    await page.getByRole('link', { name: 'Volunteer Information' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/volunteer')
    const gate = page.getByRole('radio', { name: /^Gate/ }).first()
    expect(await page.getByText(/^2 of 2 spots left$/).count()).toBeGreaterThan(0)
    expect(await fitsWidth(page)).toBe(true)

    // Refused (the adult box not ticked): the page again, the choice and what was typed kept, the reason beside the box.
    await gate.check()
    await fillDetails(page, { name: 'Nora Quill', email: 'nora@quill.test' })
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Please check the form')
    expect(await page.getByText('Volunteers must be adults').isVisible()).toBe(true)
    expect(await page.getByRole('textbox', { name: /^Your name/ }).inputValue()).toBe('Nora Quill')
    expect(await page.getByRole('radio', { name: /^Gate/ }).first().isChecked()).toBe(true)
    await page.getByRole('checkbox', { name: 'I am an adult (18 or older)' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('You’re signed up')
    expect(await page.getByText(/^1 of 2 spots left$/).count()).toBeGreaterThan(0)
    expect(await page.content()).not.toContain('Nora')
    for (const url of urls) expect(decodeURIComponent(url)).not.toMatch(/Nora|Quill/)

    // The mailed link's page: the shift, and its cancel.
    await page.goto(await mailedLink('nora@quill.test'))
    expect(await page.getByRole('heading', { level: 2, name: 'Gate' }).isVisible()).toBe(true)
    expect(await fitsWidth(page)).toBe(true)
    await page.getByRole('button', { name: 'Cancel my sign-up' }).click()
    await expect.poll(() => page.getByText('Your sign-up is cancelled').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Cancel my sign-up' }).count()).toBe(0)
  })

  it('takes an offered place from the mailed link’s page, which then shows it confirmed and cancels it', async () => {
    // A car wash 30 hours ahead, one place and one on the waitlist: Uma's place, freed, is offered to Wes.
    const startsAt = Date.now() + 30 * 60 * 60_000
    const event = await admin.post('/cms-api/volunteer-events', {
      title: 'Car wash',
      day: clubDay(startsAt),
      place: 'North lot',
      status: 'open',
    })
    expect(event.status, event.text).toBe(201)
    const shift = await admin.post('/cms-api/volunteer-shifts', {
      event: event.json.doc.id,
      role: 'Sponge crew',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 2 * 60 * 60_000).toISOString(),
      capacity: 1,
      waitlistSize: 1,
    })
    expect(shift.status, shift.text).toBe(201)
    const shiftId = shift.json.doc.id
    const signup = (name: string, email: string) => admin.post('/cms-api/volunteer-signups', { shift: shiftId, name, email })
    const uma = (await signup('Uma Vale', 'uma@vale.test')).json.doc
    const wes = (await signup('Wes Vale', 'wes@vale.test')).json.doc
    expect([uma.status, wes.status]).toEqual(['confirmed', 'waitlisted'])
    const waitlistLink = await mailedLink('wes@vale.test')
    expect((await admin.patch(`/cms-api/volunteer-signups/${uma.id}`, { status: 'cancelled' })).status).toBe(200)
    const offerLink = await mailedLink('wes@vale.test', /^A place is yours/)
    const stored = async () => (await admin.get(`/cms-api/volunteer-signups/${wes.id}?depth=0`)).json.status

    const page = await freshPage(env, { javaScriptEnabled: false, viewport: NARROW })
    await page.goto(offerLink)
    const card = page.getByRole('article', { name: 'Sponge crew, Car wash' })
    expect(await card.getByText('Offered a place', { exact: true }).isVisible()).toBe(true)
    await card.getByRole('button', { name: 'Take the place' }).click()
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?done=/)
    expect(await stored()).toBe('confirmed')
    // The page shows the sign-up as it is now: taken, confirmed, to cancel, nothing left to take.
    expect(await page.getByText('You are confirmed. See you there!').isVisible()).toBe(true)
    expect(await card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true)
    expect(await card.getByRole('button', { name: 'Take the place' }).count()).toBe(0)
    expect(await card.getByRole('button', { name: 'Cancel my sign-up' }).isVisible()).toBe(true)

    // The waitlist mail's earlier link opens the same sign-up as it is now, and cancels it.
    await page.goto(waitlistLink)
    expect(await card.getByText('Confirmed', { exact: true }).isVisible()).toBe(true)
    await card.getByRole('button', { name: 'Cancel my sign-up' }).click()
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?done=/)
    expect(await stored()).toBe('cancelled')
    expect(await page.getByText('Your sign-up is cancelled').isVisible()).toBe(true)
    expect(await card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true)
    expect(await card.getByRole('button', { name: /Cancel my sign-up|Take the place/ }).count()).toBe(0)
    expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}?depth=0`)).json.held).toBe(0)
  })

  it('works with JavaScript: axe at 1280 and 375 px on the list and on a volunteer’s own page', async () => {
    const page = await freshPage(env)
    await page.goto('/volunteer')
    await settled(page)
    await expectNoAxeViolations(page, '/volunteer (1280)')
    await page
      .getByRole('radio', { name: /^Concession stand/ })
      .first()
      .check()
    await fillDetails(page, { name: 'Otto Ruiz', email: 'otto@ruiz.test' })
    await page.getByRole('checkbox', { name: 'I am an adult (18 or older)' }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('You’re signed up')
    await settled(page)
    await page.setViewportSize(VIEWPORTS.mobile)
    await expectNoAxeViolations(page, '/volunteer answered (375)')
    await page.goto(await mailedLink('otto@ruiz.test'))
    await settled(page)
    await expectNoAxeViolations(page, 'a volunteer’s own page (375)')
    await page.setViewportSize(VIEWPORTS.desktop)
    await expectNoAxeViolations(page, 'a volunteer’s own page (1280)')
  })
})

describe('game day', () => {
  it('lets the coordinator, an editor, check volunteers in on a phone and close the shift', async () => {
    const coordinator = { username: 'gate.captain', password: 'the-gate-opens-at-six-42' }
    const created = await addStaffAccount(admin, { ...coordinator, role: 'editor' })
    const event = (await admin.get('/cms-api/volunteer-events?where[title][like]=Home game&depth=0')).json.docs[0]
    expect((await admin.patch(`/cms-api/volunteer-events/${event.id}`, { coordinator: created.id })).status).toBe(200)
    const gate = (await admin.get(`/cms-api/volunteer-shifts?where[event][equals]=${event.id}&where[role][equals]=Gate&depth=0`)).json
      .docs[0]
    // Game day: the shift started half an hour ago; it has places for two more.
    const started = {
      startsAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
      capacity: gate.held + 2,
    }
    expect((await admin.patch(`/cms-api/volunteer-shifts/${gate.id}`, started)).status).toBe(200)
    for (const [name, email] of [
      ['Pia Stone', 'pia@stone.test'],
      ['Quin Tate', 'quin@tate.test'],
    ])
      expect((await admin.post('/cms-api/volunteer-signups', { shift: gate.id, name, email, phone: '555-0150' })).status).toBe(201)
    // Rae is waiting (the shift is full): no one to check in.
    const rae = await admin.post('/cms-api/volunteer-signups', { shift: gate.id, name: 'Rae Unger', email: 'rae@unger.test' })
    expect(rae.json.doc?.status, rae.text).toBe('waitlisted')
    const onShift = gate.held + 2

    const page = await editorPage(env, coordinator)
    await page.setViewportSize(VIEWPORTS.mobile)
    await openTab(page, 'Volunteers')
    await page
      .getByRole('button', { name: /^Check in Gate/ })
      .first()
      .click()
    const names = page.getByRole('list', { name: 'Volunteers on this shift' })
    await names.getByRole('button', { name: /Quin Tate/ }).waitFor()
    // The shift's start on the club's clock, as an independent formatter writes it.
    const clubClock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' })
    const start = clubClock.format(new Date(started.startsAt))
    expect(await page.getByText(`${event.title} · `).textContent()).toContain(start)
    expect(await fitsWidth(page)).toBe(true)
    await expectNoAxeViolations(page, 'check-in (375)')
    // Those on the shift, each with a call link when they gave a phone; not Rae, who waits.
    expect(await names.getByRole('button').count()).toBe(onShift)
    expect(await names.getByText('Rae Unger').count()).toBe(0)
    const call = names.getByRole('link', { name: 'Call Pia Stone' })
    expect(await call.count()).toBe(1)
    expect(await call.getAttribute('href')).toBe('tel:555-0150')
    const pia = names.getByRole('button', { name: /Pia Stone/ })
    const piaStored = async () => {
      const [doc] = (await admin.get(`/cms-api/volunteer-signups?where[shift][equals]=${gate.id}&where[name][equals]=Pia Stone&depth=0`))
        .json.docs
      return [doc.status, doc.hoursCredited ?? null]
    }
    // A tap checks Pia in, a second undoes it (read back each time), a third checks her in again.
    await pia.click()
    await expect.poll(() => pia.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(piaStored).toEqual(['checked-in', 2])
    await pia.click()
    await expect.poll(() => pia.getAttribute('aria-pressed')).toBe('false')
    await expect.poll(piaStored).toEqual(['confirmed', null])
    await pia.click()
    await expect.poll(() => pia.getAttribute('aria-pressed')).toBe('true')
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /checked in$/ })
          .first()
          .textContent(),
      )
      .toBe(`1 of ${onShift} checked in`)
    await page.getByRole('button', { name: 'Close shift' }).click()
    expect(await page.getByRole('alertdialog').textContent()).toContain(`${onShift - 1} not checked in will be marked no-show.`)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close shift' }).click()
    await expect.poll(() => names.getByRole('button', { name: /Quin Tate/ }).textContent()).toContain('No-show')
    const signups = (await admin.get(`/cms-api/volunteer-signups?where[shift][equals]=${gate.id}&sort=name&depth=0`)).json.docs
    expect(signups.filter((s: any) => /Pia|Quin/.test(s.name)).map((s: any) => [s.name, s.status, s.hoursCredited ?? null])).toEqual([
      ['Pia Stone', 'checked-in', 2],
      ['Quin Tate', 'no-show', null],
    ])
    await page.getByRole('button', { name: /All volunteer events/ }).click()
    // Back on the list: the shift's start on the club's clock, and its places as they stand (both taken, Rae waiting). Only the
    // event the editor coordinates offers its roster and check-in; the banquet's are not theirs.
    const gateLine = page
      .getByRole('list', { name: `Shifts of ${event.title}` })
      .getByRole('listitem')
      .filter({ hasText: /^Gate/ })
      .locator('p')
    await expect.poll(() => gateLine.textContent()).toContain(start)
    expect(await gateLine.textContent()).toMatch(/ · Full(: \d+ places? left on the waitlist)?, 1 waiting$/)
    expect(await page.getByRole('link', { name: /^Roster \(CSV\)/ }).count()).toBe(1)
    const banquet = page.getByRole('list', { name: 'Shifts of Season banquet' })
    expect(await banquet.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await banquet.getByRole('button', { name: /^Check in/ }).count()).toBe(0)
    await page.setViewportSize(VIEWPORTS.desktop)
    await expectNoAxeViolations(page, 'Volunteers tab (1280)')
  })

  it('makes gate and concession shifts for a home game from its row on the Games tab, once', async () => {
    const inTwoWeeks = clubDay(Date.now() + 14 * 86_400_000)
    const game = await admin.post('/api/admin/games', {
      opponent: 'Ridgeview Rams',
      gameDate: inTwoWeeks,
      gameTime: '19:00',
      location: 'Lady Hawks Gym',
      isHome: true,
    })
    expect(game.status, game.text).toBe(201)
    const page = await signedInPage(env)
    await openTab(page, 'Games')
    const make = page.getByRole('button', { name: 'Make gate and concession shifts for the game vs Ridgeview Rams' })
    await make.waitFor()
    await expectNoAxeViolations(page, 'Games tab with a game to make shifts for')
    await make.click()
    await takeToast(page, 'Shifts made: open the event in the Volunteers tab when ready')
    // The event is the game's, a draft with a gate and a concession shift; the row no longer offers it.
    const events = (await admin.get(`/cms-api/volunteer-events?where[game][equals]=${game.json.id}&depth=0`)).json.docs
    expect(events.map((e: any) => [e.day, e.status])).toEqual([[inTwoWeeks, 'draft']])
    const shifts = (await admin.get(`/cms-api/volunteer-shifts?where[event][equals]=${events[0].id}&sort=role&depth=0`)).json.docs
    expect(shifts.map((s: any) => s.role)).toEqual(['Concession stand', 'Gate'])
    await expect.poll(() => make.count()).toBe(0)
  })
})

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { clubDay } from '../testing/clubCalendar'
import { allPages } from '../testing/allPages'
import { ApiClient, loggedInAdmin } from '../testing/server'
import { readPdf } from '../testing/pdf'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  freshPage,
  loginThroughUi,
  openTab,
  settled,
  setViewport,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
  portalCard,
} from '../testing/browserEnv'

/** An amount as the API sends it ("1250.00") in cents. */
const cents = (amount: string | null | undefined) => Math.round(Number(amount ?? 0) * 100)
/** Cents as the admin shows them: "$1,250.00". */
const money = (amount: number) => `$${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The payment methods as both money dialogs offer them: never the card, which Stripe's webhook alone records. */
const PAYMENT_METHOD_WORDS = ['Cash', 'Check', 'Venmo', 'Giving platform', 'Other']

/**
 * The treasurer's Donations view, status moves and the inbox actions on the Overview (docs/payments.md).
 * Each test signs in a browser of its own and makes its own records; where a figure sums every
 * record (totals, counts), it is compared with what was there before the test, or with the records.
 */
describe('admin portal: donations, inbox actions and email status', () => {
  let env: BrowserEnv
  let admin: ApiClient

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none' })
    admin = await loggedInAdmin(env.server.url)
  })
  afterAll(() => stopBrowserEnv(env))
  dumpServerOnFailure(() => env)

  const donationsPanel = (page: Page) => page.getByRole('region', { name: 'Donations', exact: true })
  /** A browser of the test's own, signed in, on the Overview: arrange records before, so it shows them. */
  const openOverview = async () => {
    const page = await signedInPage(env)
    await page.getByRole('tabpanel', { name: 'Overview' }).waitFor()
    await settled(page)
    return page
  }
  const summary = async () => (await admin.get('/api/admin/summary')).json
  const totalDonations = (page: Page) =>
    page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: 'Total Donations' }) })

  it('says email is off when the server has no SMTP_URL', async () => {
    const page = await openOverview()
    expect(await page.getByTestId('email-status').textContent()).toContain('Email is off')
  })

  it('records a check, shows it in Donations and in Total Donations, then voids it with a reason', async () => {
    const before = cents((await summary()).totalDonations)
    const page = await openOverview()
    await expect.poll(() => totalDonations(page).getByTestId('stat-value').textContent()).toBe(money(before))
    await donationsPanel(page).getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    await dialog.getByLabel('Donor name').fill('Grandma Lee')
    await dialog.getByLabel('Donor email').fill('glee@example.test')
    await dialog.getByLabel('Amount ($)').fill('250')
    expect(await dialog.getByLabel('Payment method').locator('option').allTextContents()).toEqual(PAYMENT_METHOD_WORDS)
    await dialog.getByLabel('Payment method').selectOption('check')
    await dialog.getByLabel(/Check number/).fill('1042')
    await expectNoAxeViolations(page, 'Record a Gift dialog')
    await dialog.getByRole('button', { name: 'Record Gift' }).click()
    await takeToast(page, 'Gift recorded')
    await dialog.waitFor({ state: 'detached' })

    const row = donationsPanel(page).getByTestId('donation-row').filter({ hasText: 'Grandma Lee' })
    await row.waitFor()
    expect(await row.textContent()).toContain('$250.00')
    expect(await row.textContent()).toContain('Check')
    expect(await row.textContent()).toContain('1042')
    const total = totalDonations(page).getByTestId('stat-value')
    await expect.poll(() => total.textContent()).toBe(money(before + 250_00))
    const stored = (await allPages(admin, '/api/admin/donations')).filter((d) => d.donorName === 'Grandma Lee')
    expect(stored).toEqual([
      expect.objectContaining({
        donorName: 'Grandma Lee',
        amount: '250.00',
        status: 'completed',
        paymentMethod: 'check',
        reference: '1042',
      }),
    ])

    await row.getByRole('button', { name: /Change status/ }).click()
    const statusDialog = page.getByRole('dialog', { name: 'Change Donation Status' })
    await statusDialog.getByLabel('New status').selectOption('void')
    await statusDialog.getByLabel('Why it is void').selectOption('duplicate')
    await statusDialog.getByLabel('Reason').fill('Entered twice')
    await statusDialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Donation updated')
    await expect.poll(() => row.textContent()).toContain('the gift was recorded twice (Entered twice)')
    await expect.poll(() => total.textContent()).toBe(money(before))
  })

  it("shows stored days as those days in any browser time zone, and Record a gift proposes the club's today", async () => {
    // New Year's Eve: read as a UTC instant it shows as Dec 30 in Chicago; the day is the day everywhere.
    const created = await admin.post('/api/admin/donations', {
      donorName: 'Eve Stored-Day',
      donorEmail: 'eve@stored.test',
      amount: '31.12',
      paymentMethod: 'cash',
      receivedAt: '2025-12-31',
      status: 'completed',
    })
    expect(created.status, created.text).toBe(201)
    for (const timezoneId of ['America/Chicago', 'Asia/Tokyo']) {
      const page = await freshPage(env, { timezoneId })
      const clubTodayBefore = clubDay(Date.now())
      await loginThroughUi(page)
      await page.getByRole('tabpanel', { name: 'Overview' }).waitFor()
      const row = donationsPanel(page).getByTestId('donation-row').filter({ hasText: 'Eve Stored-Day' })
      await row.waitFor()
      expect(await row.textContent(), timezoneId).toContain('Dec 31, 2025')
      await donationsPanel(page).getByRole('button', { name: 'Record a gift' }).click()
      const proposed = await page
        .getByRole('dialog', { name: 'Record a Gift' })
        .getByLabel(/Date received/)
        .inputValue()
      const clubTodayAfter = clubDay(Date.now())
      expect([clubTodayBefore, clubTodayAfter], timezoneId).toContain(proposed)
    }
  })

  it('filters donations by method', async () => {
    // A gift by another method too, which the filter must leave out.
    for (const [donorName, paymentMethod] of [
      ['Cash Donor', 'cash'],
      ['Check Donor', 'check'],
    ]) {
      const gift = { donorName, donorEmail: 'cash@example.test', amount: '20', paymentMethod, status: 'completed' }
      expect((await admin.post('/api/admin/donations', gift)).status).toBe(201)
    }
    const cash = (await allPages(admin, '/api/admin/donations')).filter((d) => d.paymentMethod === 'cash')
    const page = await openOverview()
    const rows = donationsPanel(page).getByTestId('donation-row')
    await rows.filter({ hasText: 'Cash Donor' }).waitFor()
    await rows.filter({ hasText: 'Check Donor' }).waitFor()
    await donationsPanel(page).getByLabel('Method').selectOption('cash')
    await expect.poll(() => rows.filter({ hasText: 'Check Donor' }).count()).toBe(0)
    await expect
      .poll(() => donationsPanel(page).getByTestId('donations-count').textContent())
      .toBe(`Showing the ${cash.length} Cash donations; the export holds the same.`)
    // Every cash gift on record, a page (50) at a time, and nothing else.
    await expect.poll(() => rows.count()).toBe(Math.min(cash.length, 50))
    expect((await rows.allTextContents()).filter((text) => !text.includes(' · Cash · '))).toEqual([])
    expect(await rows.filter({ hasText: 'Cash Donor' }).count()).toBe(1)
  })

  it('exports exactly what the filters show, and the file name says which filters', async () => {
    for (const donorName of ['Refund One', 'Refund Two', 'Kept Gift']) {
      const { id } = (
        await admin.post('/api/admin/donations', {
          donorName,
          donorEmail: 'r@example.test',
          amount: '15',
          paymentMethod: 'check',
          status: 'completed',
        })
      ).json
      if (donorName.startsWith('Refund')) expect((await admin.put(`/api/admin/donations/${id}`, { status: 'refunded' })).status).toBe(200)
    }
    // What the two filters select among all the records: this test's two refunds, and any other test's refunded checks.
    const selected = (await allPages(admin, '/api/admin/donations'))
      .filter((d) => d.status === 'refunded' && d.paymentMethod === 'check')
      .map((d) => d.donorName)
    expect(selected).toEqual(expect.arrayContaining(['Refund One', 'Refund Two']))
    const page = await openOverview()
    const rows = donationsPanel(page).getByTestId('donation-row')
    await rows.filter({ hasText: 'Kept Gift' }).waitFor()
    await donationsPanel(page).getByLabel('Status').selectOption('refunded')
    await donationsPanel(page).getByLabel('Method').selectOption('check')
    await expect.poll(() => rows.count()).toBe(selected.length)
    await expect
      .poll(() => donationsPanel(page).getByTestId('donations-count').textContent())
      .toBe(`Showing the ${selected.length} refunded Check donations; the export holds the same.`)
    const shown = await rows.evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent))
    const link = donationsPanel(page).getByRole('link', { name: /Export donations \(CSV\)/ })
    const href = await link.getAttribute('href')
    expect(href).toBe('/api/admin/donations.csv?status=refunded&method=check')
    // The browser's own session downloads what the link points at.
    const file = await page.evaluate(async (url) => {
      const res = await fetch(url)
      return { name: res.headers.get('content-disposition'), text: await res.text() }
    }, href!)
    expect(file.name).toMatch(/filename="donations-status-refunded-method-check-exported-\d{4}-\d{2}-\d{2}\.csv"/)
    const names = file.text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[3])
    expect(names).toEqual(shown)
    expect(names.sort()).toEqual(selected.sort())
  })

  it('pages through every donation with the list control, and offers every campaign when recording a gift', async () => {
    const total = Number((await admin.get('/api/admin/donations?page=1&limit=1')).headers.get('x-total-count'))
    // Gifts enough for two pages or more of 50, with 3 on the last, whatever other tests recorded.
    const wanted = Math.max(53, total + ((((53 - total) % 50) + 50) % 50))
    const lastPage = (wanted - 3) / 50 + 1
    for (let i = total; i < wanted; i++)
      await admin.post('/api/admin/donations', {
        donorName: `Page Donor ${i}`,
        donorEmail: 'p@example.test',
        amount: '1',
        paymentMethod: 'cash',
        status: 'completed',
      })
    // More campaigns than one request of the list answers (100): the dialog still offers each.
    for (let i = 0; i < 101; i++) await admin.post('/api/admin/campaigns', { name: `Drive ${i}`, description: 'Paging', goalAmount: '100' })
    const campaigns = Number((await admin.get('/api/admin/campaigns?limit=1')).headers.get('x-total-count'))
    expect(campaigns).toBeGreaterThan(100)

    const page = await openOverview()
    const rows = donationsPanel(page).getByTestId('donation-row')
    const pages = donationsPanel(page).getByRole('navigation', { name: 'Donations pages' })
    await expect.poll(() => pages.textContent()).toContain(`Page 1 of ${lastPage}`)
    expect(await rows.count()).toBe(50)
    for (let n = 2; n <= lastPage; n++) {
      await pages.getByRole('button', { name: 'Next' }).click()
      await expect.poll(() => pages.textContent()).toContain(`Page ${n} of ${lastPage}`)
    }
    await expect.poll(() => rows.count()).toBe(3)

    await donationsPanel(page).getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    const choices = dialog.getByLabel(/^Campaign/).locator('option')
    await expect.poll(() => choices.evaluateAll((els) => els.filter((el) => el.textContent?.startsWith('Drive ')).length)).toBe(101)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    const filter = donationsPanel(page).getByLabel('Campaign').locator('option')
    expect(await filter.evaluateAll((els) => els.filter((el) => el.textContent?.startsWith('Drive ')).length)).toBe(101)
  })

  it("shows a campaign's raised figure as opening balance plus recorded gifts, and the Overview says what it counts", async () => {
    // More campaigns than a page holds (50), all older than this one: newest first, it is on the first of several pages.
    const older = Number((await admin.get('/api/admin/campaigns?limit=1')).headers.get('x-total-count'))
    for (let i = older; i < 51; i++) {
      const fund = { name: `Older Fund ${i}`, description: 'Paging', goalAmount: '100' }
      expect((await admin.post('/api/admin/campaigns', fund)).status).toBe(201)
    }
    const before = await summary()
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Traced Fund', description: 'Opening balance', goalAmount: '5000' }))
      .json
    // The spec's amount raised, typed by an admin, becomes the opening balance.
    expect((await admin.put(`/api/admin/campaigns/${campaign.id}`, { currentAmount: '1000' })).status).toBe(200)
    await admin.post('/api/admin/donations', {
      donorName: 'Traced Donor',
      donorEmail: 't@example.test',
      amount: '250',
      paymentMethod: 'check',
      status: 'completed',
      campaignId: campaign.id,
    })
    const stored = (await allPages(admin, '/api/admin/campaigns')).find((c) => c.id === campaign.id)
    expect(stored).toMatchObject({ baseAmount: '1000.00', giftsAmount: '250.00', currentAmount: '1250.00' })

    const page = await openOverview()
    const after = await summary()
    expect(after.donationCount).toBe(before.donationCount + 1)
    const gifts = `${after.donationCount} completed gift${after.donationCount === 1 ? '' : 's'}`
    await expect.poll(() => totalDonations(page).textContent()).toContain(`The ${gifts} recorded here`)
    // Every campaign's opening balance and gifts: this one's added to those there before.
    const openings = money(cents(before.openingBalances) + 1000_00)
    const recorded = money(cents(before.campaignGifts) + 250_00)
    expect(await page.getByTestId('campaign-totals').textContent()).toContain(`${openings} opening balances + ${recorded} recorded gifts`)

    await openTab(page, 'Campaigns')
    const pages = page.getByRole('navigation', { name: 'Campaigns pages' })
    const card = portalCard(page, 'Traced Fund')
    // Newest first: the campaign created last is on the first page.
    await card.waitFor()
    expect(await pages.textContent()).toContain('Page 1 of')
    expect(await card.getByTestId('opening-balance').textContent()).toBe('$1,000.00')
    expect(await card.getByTestId('recorded-gifts').textContent()).toBe('$250.00')
    expect(await card.textContent()).toContain('$1,250.00 raised')
    await settled(page)
    await expectNoAxeViolations(page, 'campaign card with its opening balance and recorded gifts')
  })

  it('says receipts are held on every screen that promises one, until legal name, EIN and mailing address are all saved, without a reload', async () => {
    const page = await openOverview()
    const notice = page.getByTestId('email-status')
    await expect.poll(() => notice.textContent()).toContain('Receipts are held until the organization legal name, EIN and mailing address')
    expect(await donationsPanel(page).getByTestId('receipts-held').textContent()).toMatch(/mailing address/)
    await donationsPanel(page).getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    expect(await dialog.getByTestId('receipts-held').textContent()).toMatch(/legal name, EIN and mailing address/)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    try {
      await openTab(page, 'Content')
      const organization = page.getByRole('region', { name: 'Organization' })
      const save = async (label: string, value: string) => {
        await organization.getByLabel(`Organization ${label}`, { exact: true }).fill(value)
        await organization.getByRole('button', { name: `Update Organization ${label.toLowerCase()}` }).click()
        await takeToast(page, 'Content updated successfully')
      }
      await save('Legal name', 'Lady Hawks Basketball Boosters, Inc.')
      await save('EIN', '12-3456789')
      await openTab(page, 'Overview')
      // Two of three: still held, and the Overview still says so.
      await expect.poll(() => page.getByTestId('email-status').count()).toBe(1)
      expect(await page.getByTestId('email-status').textContent()).toContain('mailing address')
      await openTab(page, 'Content')
      await save('Mailing address', '1200 Hawk Way, Springfield, IL 62701')
      await openTab(page, 'Overview')
      // Without a reload: the notice and the panels' notes are gone (email is off here, and the Overview says only that).
      await expect.poll(() => page.getByTestId('receipts-held').count()).toBe(0)
      await expect.poll(() => page.getByTestId('email-status').textContent()).not.toContain('Receipts are held')
      expect(await page.getByTestId('email-status').textContent()).toContain('Email is off')
      await donationsPanel(page).getByRole('button', { name: 'Record a gift' }).click()
      await dialog.waitFor()
      expect(await dialog.getByTestId('receipts-held').count()).toBe(0)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    } finally {
      // Cleared again, as before the test (receipts held): a test that runs after this one sees the settings it would see alone.
      for (const key of ['legalName', 'ein', 'address'])
        expect((await admin.put('/api/admin/content', { section: 'organization', key, value: '' })).status).toBe(200)
    }
  })

  it('shows giving by month, campaign and method as charts whose tables match the records', async () => {
    // Gifts of its own, by two methods, to a campaign and to the general fund; the tables must add up every record.
    const fund = (await admin.post('/api/admin/campaigns', { name: 'Chart Fund', description: 'Charts', goalAmount: '500' })).json
    for (const gift of [
      { donorName: 'Chart Cash', amount: '30', paymentMethod: 'cash' },
      { donorName: 'Chart Check', amount: '70', paymentMethod: 'check', campaignId: fund.id },
      // A large gift, so the figures are as long as a season's ("$99,024.16" wrapped after the point at 1280 px).
      { donorName: 'Chart Large', amount: '99024.16', paymentMethod: 'check' },
    ])
      expect((await admin.post('/api/admin/donations', { ...gift, donorEmail: 'chart@example.test', status: 'completed' })).status).toBe(
        201,
      )
    const page = await openOverview()
    const monthTable = page.getByTestId('giving-month')
    await monthTable.waitFor()
    const range = await page.evaluate(() => {
      const now = new Date()
      const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
      return { from: day(new Date(now.getFullYear(), now.getMonth() - 11, 1)), to: day(now) }
    })
    // The records themselves: every gift received in the range that counts (completed, less refunds), every page of the list.
    const gifts = (await allPages(admin, '/api/admin/donations')).filter((d) => {
      const day = d.receivedAt ?? d.createdAt.slice(0, 10)
      return ['completed', 'partially_refunded'].includes(d.status) && day >= range.from && day <= range.to
    })
    expect(gifts.map((d) => d.donorName)).toEqual(expect.arrayContaining(['Chart Cash', 'Chart Check']))
    const rowsOf = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')))
    const months = await rowsOf('giving-month')
    expect(months).toHaveLength(12)
    const net = (d: any) => cents(d.amount) - cents(d.refundedAmount)
    const total = gifts.reduce((n, d) => n + net(d), 0)
    const shownTotal = (rows: string[][]) => rows.reduce((n, r) => n + Math.round(Number(r[1].replace(/[$,]/g, '')) * 100), 0)
    const shownCount = (rows: string[][]) => rows.reduce((n, r) => n + Number(r[2]), 0)
    for (const table of ['giving-month', 'giving-campaign', 'giving-method']) {
      const rows = await rowsOf(table)
      expect(shownTotal(rows), table).toBe(total)
      expect(shownCount(rows), table).toBe(gifts.length)
    }
    const cash = gifts.filter((d) => d.paymentMethod === 'cash')
    expect((await rowsOf('giving-method')).find((r) => r[0] === 'Cash')).toEqual([
      'Cash',
      money(cash.reduce((n, d) => n + net(d), 0)),
      String(cash.length),
    ])
    expect(await page.getByTestId('giving-totals').textContent()).toContain(`${money(total)} from ${gifts.length} gifts`)
    // By year: every year on record, newest first, each as the records add up.
    const everyGift = (await allPages(admin, '/api/admin/donations')).filter((d) => ['completed', 'partially_refunded'].includes(d.status))
    const yearOf = (d: any) => String(d.receivedAt ?? d.createdAt).slice(0, 4)
    const years = [...new Set(everyGift.map(yearOf))].sort().reverse()
    expect(await rowsOf('giving-year')).toEqual(
      years.map((y) => {
        const inYear = everyGift.filter((d) => yearOf(d) === y)
        return [y, money(inYear.reduce((n, d) => n + net(d), 0)), String(inYear.length)]
      }),
    )
    // "This year" on the same screen is the by-year table's row for the club's year: one figure, read once.
    const clubYear = clubDay(Date.now()).slice(0, 4)
    const yearRow = (await rowsOf('giving-year')).find((r) => r[0] === clubYear)
    expect(await page.getByTestId('giving-totals').textContent()).toContain(
      `This year (${clubYear})${yearRow ? `${yearRow[1]} from ${yearRow[2]} gift${yearRow[2] === '1' ? '' : 's'}` : '$0.00 from 0 gifts'}`,
    )
    await settled(page)
    // No amount wraps mid-number at 1280 px: each "$…" on the Overview (cards, the books, the charts' tables) sits in one line box.
    const amounts = await page.getByRole('tabpanel', { name: 'Overview' }).evaluate((panel) => {
      const found: Array<{ text: string; lines: number }> = []
      const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\$[\d,]+\.\d\d/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const rects = [...range.getClientRects()].filter((r) => r.width > 0)
          if (rects.length) found.push({ text: match[0], lines: new Set(rects.map((r) => Math.round(r.top))).size })
        }
      }
      return found
    })
    expect(amounts.filter((a) => a.text.length >= '$99,024.16'.length).length).toBeGreaterThan(5)
    expect(amounts.filter((a) => a.lines !== 1)).toEqual([])
    await expectNoAxeViolations(page, 'overview with giving charts')
  })

  it('makes a bank deposit of checks and cash in the portal, and its slip lists them', async () => {
    const gift = async (fields: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/donations', {
        donorEmail: 'deposit@example.test',
        status: 'completed',
        receivedAt: '2026-11-20',
        ...fields,
      })
      expect(res.status, res.text).toBe(201)
      return res.json
    }
    const check = await gift({ donorName: 'Nguyễn Văn An', amount: '100.25', paymentMethod: 'check', reference: '5150' })
    await gift({ donorName: 'Pancake breakfast', amount: '30', paymentMethod: 'cash' })
    const page = await openOverview()
    const panel = page.getByRole('region', { name: 'Deposits', exact: true })
    const offered = panel.getByRole('list', { name: 'Checks and cash not yet deposited' })
    await offered.getByLabel(/Check 5150 · Nguyễn Văn An/).check()
    await offered.getByLabel(/Cash · Pancake breakfast/).check()
    await panel.getByLabel('Day of the deposit').fill('2026-11-23')
    await expectNoAxeViolations(page, 'Deposits')
    await panel.getByRole('button', { name: 'Make deposit of $130.25' }).click()
    // It cannot be undone: shown whole first, its checks, its cash and its day; nothing is made until confirmed.
    const confirm = page.getByRole('dialog', { name: 'Make this deposit?' })
    await confirm.waitFor()
    const shown = (await confirm.getByTestId('deposit-confirmation').textContent()) ?? ''
    for (const text of [
      'Day of the deposit: Nov 23, 2026',
      '1 check, $100.25',
      'Check 5150 · Nguyễn Văn An · $100.25',
      'Cash: $30.00 from 1 gift',
      'Total: $130.25',
    ])
      expect(shown).toContain(text)
    await expectNoAxeViolations(page, 'the deposit to confirm')
    expect(((await admin.get('/api/admin/deposits')).json as any[]).some((d) => d.donationIds.includes(check.id))).toBe(false)
    await confirm.getByRole('button', { name: 'Make the deposit of $130.25' }).click()
    await takeToast(page, 'Deposit of $130.25 made')
    const row = panel.getByTestId('deposit-row').filter({ hasText: 'Deposit of Nov 23, 2026' })
    await row.waitFor()
    expect(await row.textContent()).toContain('$130.25')
    await expect.poll(() => offered.getByLabel(/Check 5150/).count()).toBe(0)
    const deposit = ((await admin.get('/api/admin/deposits')).json as any[]).find((d) => d.donationIds.includes(check.id))
    expect(deposit).toMatchObject({ depositedOn: '2026-11-23', total: '130.25' })
    // The browser's own session downloads the slip the link points at; pdf.js reads its text.
    const href = await row.getByRole('link', { name: 'Deposit slip (PDF) of Nov 23, 2026' }).getAttribute('href')
    expect(href).toBe(`/api/admin/deposits/${deposit.id}/slip.pdf`)
    const base64 = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer())
      return btoa(String.fromCharCode(...bytes))
    }, href!)
    const text = (await readPdf(new Uint8Array(Buffer.from(base64, 'base64')))).lines.join('\n')
    expect(text).toContain('Deposit slip: November 23, 2026')
    expect(text).toMatch(/Check 5150 \| .+ \| \$100\.25/)
    expect(text).toContain('Cash total: $30.00')
    expect(text).toContain('Deposit total: $130.25')
  })

  it("lists the year's donors with their totals, as the API and its CSV do", async () => {
    // The club's year (Intl in its zone), the one the screen opens on.
    const year = Number(clubDay(Date.now()).slice(0, 4))
    // A sponsor who never donated is a donor of the year too.
    const sponsorship = await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Sky Sponsor',
      sponsorEmail: 'sky@sponsor-only.test',
      sponsorCompany: 'Sky Roofing',
      tier: 'gold',
      amount: '1200',
      paymentMethod: 'check',
      status: 'completed',
    })
    expect(sponsorship.status).toBe(201)
    const donors = (await admin.get(`/api/admin/donors?year=${year}&page=1&limit=50`)).json as any[]
    expect(donors.filter((d) => d.email === 'sky@sponsor-only.test')).toEqual([expect.objectContaining({ total: '1200.00', count: 1 })])
    const page = await openOverview()
    const panel = page.getByRole('region', { name: 'Donors' })
    const rows = panel.getByTestId('donor-row')
    await expect.poll(() => rows.count()).toBe(donors.length)
    // Each row is the API's donor: email, number of gifts and total.
    const texts = await rows.allTextContents()
    donors.forEach((d, i) => {
      expect(texts[i]).toContain(`${d.email} · ${d.count} gift${d.count === 1 ? '' : 's'}`)
      expect(texts[i]).toContain(money(cents(d.total)))
    })
    expect(texts.find((t) => t.includes('sky@sponsor-only.test'))).toContain('$1,200.00')
    expect(await panel.getByRole('link', { name: /Export donors \(CSV\)/ }).getAttribute('href')).toBe(`/api/admin/donors.csv?year=${year}`)
    const statement = rows.first().getByRole('link', { name: `Statement (PDF) for ${donors[0].name}` })
    expect(await statement.getAttribute('href')).toBe(
      `/api/admin/donors/statement.pdf?email=${encodeURIComponent(donors[0].email)}&year=${year}`,
    )
    // Mailing the year's statements twice is refused unless "Send again" is ticked, which mails only corrections.
    for (const [key, value] of Object.entries({ legalName: 'Lady Hawks Boosters', ein: '12-3456789', address: '1 Hawk Way' }))
      expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
    // Cleared again when the test ends, passed or failed: the file's other tests start with receipts held, as alone.
    onTestFinished(async () => {
      for (const key of ['legalName', 'ein', 'address'])
        expect((await admin.put('/api/admin/content', { section: 'organization', key, value: '' })).status).toBe(200)
    })
    // The year is not over: asked first, told when it ends; Cancel mails nothing.
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    const asked = page.getByRole('alertdialog', { name: `The ${year} year is not over` })
    expect(await asked.textContent()).toContain(`It ends on December 31, ${year}`)
    await expectNoAxeViolations(page, 'asked before mailing a year not over')
    await asked.getByRole('button', { name: 'Cancel' }).click()
    expect((await admin.get(`/api/admin/donors/statements/progress?year=${year}`)).json).toMatchObject({ sent: 0, waiting: 0 })
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    await asked.getByRole('button', { name: 'Mail now' }).click()
    // The toast says what the server queued; the panel shows them waiting (email is off here: they wait).
    await takeToast(page, `${donors.length} ${year} statement${donors.length === 1 ? '' : 's'} queued: they go out one after another`)
    await expect
      .poll(() => panel.getByTestId('statements-progress').textContent())
      .toBe(`${year} statements: ${donors.length} of ${donors.length} written, 0 sent, ${donors.length} waiting.`)
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    await asked.getByRole('button', { name: 'Mail now' }).click()
    await takeToast(page, 'Could not send the statements')
    // "Send again" with nothing changed: the answer says that nothing was queued, and why.
    await panel.getByLabel('Send again (corrected statements only)').check()
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    await asked.getByRole('button', { name: 'Mail now' }).click()
    await takeToast(page, '0 corrected statements queued: no figures changed since mailing')
    // One donor's statement, from their row.
    await rows.filter({ hasText: 'sky@sponsor-only.test' }).getByRole('button', { name: 'Send statement to Sky Sponsor' }).click()
    await asked.getByRole('button', { name: 'Mail now' }).click()
    await takeToast(page, `sky@sponsor-only.test's ${year} statement is already waiting to go out`)
    await expectNoAxeViolations(page, 'Donors and mailed statements')
    // The year picker offers every year that has a gift, as the server lists them.
    const years = (await admin.get('/api/admin/donors/years')).json as number[]
    expect(await panel.getByLabel('Year').locator('option').allTextContents()).toEqual(years.map(String))
  })

  it('the year end is one click from the Overview: the year report with its basis and reconciliation, Schedule B and the ledger of a month, each with its CSV', async () => {
    const year = Number(clubDay(Date.now()).slice(0, 4)) - 1
    const big = await admin.post('/api/admin/donations', {
      donorName: 'Schedule Bee',
      donorEmail: 'bee@year-end.test',
      amount: '6000',
      paymentMethod: 'check',
      status: 'completed',
      receivedAt: `${year}-03-03`,
    })
    expect(big.status, big.text).toBe(201)
    expect(
      (
        await admin.put(`/api/admin/donations/${big.json.id}`, {
          status: 'partially_refunded',
          refundedAmount: '500',
          refundedOn: `${year}-05-05`,
        })
      ).status,
    ).toBe(200)
    const report = (await admin.get(`/api/admin/reports/year?year=${year}`)).json
    const page = await openOverview()
    const panel = page.getByTestId('year-end')
    await panel.getByTestId('year-report').waitFor()
    expect(await panel.getByRole('combobox').first().inputValue()).toBe(String(year))
    expect(await panel.textContent()).toContain(report.basis)
    expect(await panel.getByTestId('year-report').textContent()).toContain(`Donations kept${money(cents(report.donations.kept))}`)
    expect(await panel.getByTestId('year-reconciliation').textContent()).toContain(
      `The ledger’s income for ${year}${money(cents(report.ledger.income))}`,
    )
    expect(await panel.getByTestId('large-donors').textContent()).toContain('Schedule Bee · bee@year-end.test · 1 gift$5,500.00')
    expect(await panel.getByRole('link', { name: `Year report (CSV) for ${year}` }).getAttribute('href')).toBe(
      `/api/admin/reports/year.csv?year=${year}`,
    )
    expect(await panel.getByRole('link', { name: `Large donors (CSV) for ${year}` }).getAttribute('href')).toBe(
      `/api/admin/reports/large-donors.csv?year=${year}`,
    )
    const ledger = panel.getByTestId('ledger-link')
    expect(await ledger.getAttribute('href')).toBe(`/api/admin/ledger.csv?from=${year}-01-01&to=${year}-12-31`)
    // May alone: the refund's own row, on its day, downloaded with the browser's session.
    await panel.getByLabel('Month').selectOption('5')
    expect(await ledger.getAttribute('href')).toBe(`/api/admin/ledger.csv?from=${year}-05-01&to=${year}-05-31`)
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), (await ledger.getAttribute('href'))!)
    expect(csv).toContain(`05/05/${year},${year}-05-05,refund,donations,General fund,Schedule Bee`)
    expect(csv).not.toContain(`${year}-03-03,gift`)
    await expectNoAxeViolations(page, 'year end panel')
  })

  it('marks a contact message read then archived, and approves a sponsor application', async () => {
    const visitor = new ApiClient(env.server.url)
    await visitor.post('/api/contact', { name: 'Robin', email: 'robin@example.test', message: 'Snack bar?' })
    await visitor.post('/api/sponsors', {
      contactName: 'Dana',
      contactEmail: 'dana@hh.test',
      contactPhone: '555',
      companyName: 'Hawk Hardware',
      companyAddress: '1 Main',
      businessType: 'retail',
      sponsorshipLevel: 'silver',
    })
    const page = await openOverview()
    const message = page.getByRole('article', { name: 'Message from Robin' })
    expect(await message.getByRole('link', { name: 'Reply to Robin' }).getAttribute('href')).toMatch(
      /^mailto:robin@example\.test\?subject=/,
    )
    await message.getByRole('button', { name: /Mark read/ }).click()
    await takeToast(page, 'Message marked read')
    await expect.poll(() => message.textContent()).toMatch(/Status: read/)
    await message.getByRole('button', { name: /Archive/ }).click()
    await takeToast(page, 'Message marked archived')
    await expect.poll(() => message.textContent()).toMatch(/Status: archived/)

    const application = page.getByRole('article', { name: 'Hawk Hardware' })
    await application.getByRole('button', { name: /Approve/ }).click()
    await takeToast(page, 'Application approved: a pending sponsorship was created')
    await expect.poll(() => application.getByRole('button', { name: /Approve/ }).count()).toBe(0)
    const sponsorships = (await admin.get('/api/admin/sponsorships')).json as any[]
    expect(sponsorships.filter((s) => s.sponsorCompany === 'Hawk Hardware')).toEqual([
      expect.objectContaining({ tier: 'silver', amount: '600.00', status: 'pending' }),
    ])

    // The payment arrives: the treasurer marks the sponsorship completed.
    const row = page.getByTestId('sponsorship-row').filter({ hasText: 'Hawk Hardware' })
    await row.getByRole('button', { name: /Change status/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Sponsorship Status' })
    await dialog.getByLabel('New status').selectOption('completed')
    // The same payment-method picker as Record a gift's (PaymentMethodSelect): every method a person takes, in words.
    expect(await dialog.getByLabel('Paid by').locator('option').allTextContents()).toEqual(PAYMENT_METHOD_WORDS)
    await dialog.getByLabel('Paid by').selectOption('venmo')
    await dialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Sponsorship updated')
    await expect
      .poll(async () => {
        const stored = ((await admin.get('/api/admin/sponsorships')).json as any[]).find((s) => s.sponsorCompany === 'Hawk Hardware')
        return [stored.status, stored.paymentMethod]
      })
      .toEqual(['completed', 'venmo'])
    await expectNoAxeViolations(page, 'overview with donations and inbox actions')
  })

  it('puts an approved sponsor’s logo on the home page’s wall from its row, in five actions, on a phone', async () => {
    // As people write it on the form: without https://, which is added.
    const applied = await new ApiClient(env.server.url).post('/api/sponsors', {
      contactName: 'Pat Whitfield',
      contactEmail: 'pat@whitfieldhardware.test',
      contactPhone: '555-0142',
      companyName: 'Whitfield Hardware',
      companyAddress: '9 Elm Street',
      companyWebsite: 'whitfieldhardware.com',
      businessType: 'retail',
      sponsorshipLevel: 'silver',
    })
    expect(applied.status, applied.text).toBe(201)
    const logo = join(env.server.dataDir, 'whitfield-logo.png')
    writeFileSync(
      logo,
      await sharp({ create: { width: 640, height: 320, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer(),
    )

    const page = await openOverview()
    await setViewport(page, 'mobile')
    // 1. Approve.
    await page
      .getByRole('article', { name: 'Whitfield Hardware' })
      .getByRole('button', { name: /Approve/ })
      .click()
    await takeToast(page, 'Application approved: a pending sponsorship was created')
    // The row names the level and says pledged until paid.
    const row = page.getByTestId('sponsorship-row').filter({ hasText: 'Whitfield Hardware' })
    await expect.poll(() => row.textContent()).toMatch(/pledged .* · Two Point · Pat Whitfield/)
    expect(await row.textContent()).not.toMatch(/\bpaid\b|\bsilver\b/)
    // 2. Add logo; 3. its file; 4. the payment has arrived; 5. Save.
    await row.getByRole('button', { name: 'Add logo of Whitfield Hardware' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add logo' })
    await dialog.getByLabel('Logo file').setInputFiles(logo)
    expect(await dialog.getByLabel('Describe the logo').inputValue()).toBe('Whitfield Hardware logo')
    expect(await dialog.getByLabel('Website (optional)').inputValue()).toBe('https://whitfieldhardware.com')
    await dialog.getByRole('checkbox', { name: /The payment has arrived/ }).check()
    await expectNoAxeViolations(page, 'Add logo at 375 px')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await dialog.getByRole('button', { name: 'Save logo' }).click()
    await takeToast(page, 'Whitfield Hardware: logo saved')
    await expect.poll(() => row.textContent()).toMatch(/paid .* · Two Point · Pat Whitfield · logo on the wall/)

    const stored = ((await admin.get('/api/admin/sponsorships')).json as any[]).find((s) => s.sponsorCompany === 'Whitfield Hardware')
    expect(stored).toMatchObject({ status: 'completed', paymentMethod: 'check', website: 'https://whitfieldhardware.com' })
    expect(stored.logoUrl).toMatch(/^\/cms-api\/media\/file\/photo-[0-9a-f]+/)
    const media = (
      await admin.get(`/cms-api/media?where[filename][like]=${stored.logoUrl.split('/').pop().split('-').slice(0, 2).join('-')}`)
    ).json
    expect(media.docs[0]?.alt).toBe('Whitfield Hardware logo')
    // On the wall, for every visitor: the logo (a file anyone may read now) linked to the site.
    await page.goto('/')
    const wall = page.locator('#sponsors')
    await wall.getByText('Whitfield Hardware').waitFor()
    expect(await wall.locator(`img[src="${stored.logoUrl}"]`).count()).toBe(1)
    expect((await fetch(env.server.url + stored.logoUrl)).status).toBe(200)
  })
})

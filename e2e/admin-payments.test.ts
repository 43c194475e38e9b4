import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../testing/allPages'
import { ApiClient, loggedInAdmin } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  loginThroughUi,
  openTab,
  settled,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
} from '../testing/browserEnv'

/** The treasurer's Donations view, status moves and the inbox actions on the Overview (issue 12). */
describe('admin portal: donations, inbox actions and email status', () => {
  let env: BrowserEnv
  let admin: ApiClient

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none' })
    admin = await loggedInAdmin(env.server.url)
    await loginThroughUi(env.page)
  })
  afterAll(() => stopBrowserEnv(env))
  dumpServerOnFailure(() => env)

  const donationsPanel = () => env.page.getByRole('region', { name: 'Donations', exact: true })
  const openOverview = async () => {
    await env.page.goto('/admin')
    await env.page.getByRole('tabpanel', { name: 'Overview' }).waitFor()
    await settled(env.page)
  }

  it('says email is off when the server has no SMTP_URL', async () => {
    await openOverview()
    expect(await env.page.getByTestId('email-status').textContent()).toContain('Email is off')
  })

  it('records a check, shows it in Donations and in Total Donations, then voids it with a reason', async () => {
    const { page } = env
    await openOverview()
    await donationsPanel().getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    await dialog.getByLabel('Donor name').fill('Grandma Lee')
    await dialog.getByLabel('Donor email').fill('glee@example.test')
    await dialog.getByLabel('Amount ($)').fill('250')
    await dialog.getByLabel('Payment method').selectOption('check')
    await dialog.getByLabel(/Check number/).fill('1042')
    await expectNoAxeViolations(page, 'Record a Gift dialog')
    await dialog.getByRole('button', { name: 'Record Gift' }).click()
    await takeToast(page, 'Gift recorded')
    await dialog.waitFor({ state: 'detached' })

    const row = donationsPanel().getByTestId('donation-row').filter({ hasText: 'Grandma Lee' })
    await row.waitFor()
    expect(await row.textContent()).toContain('$250.00')
    expect(await row.textContent()).toContain('Check')
    expect(await row.textContent()).toContain('1042')
    const total = page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: 'Total Donations' }) })
    await expect.poll(() => total.textContent()).toContain('$250.00')
    const [stored] = (await admin.get('/api/admin/donations')).json
    expect(stored).toMatchObject({
      donorName: 'Grandma Lee',
      amount: '250.00',
      status: 'completed',
      paymentMethod: 'check',
      reference: '1042',
    })

    await row.getByRole('button', { name: /Change status/ }).click()
    const statusDialog = page.getByRole('dialog', { name: 'Change Donation Status' })
    await statusDialog.getByLabel('New status').selectOption('void')
    await statusDialog.getByLabel('Reason').fill('Entered twice')
    await statusDialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Donation updated')
    await expect.poll(() => row.textContent()).toContain('Voided: Entered twice')
    await expect.poll(() => total.textContent()).toContain('$0.00')
  })

  it('filters donations by method', async () => {
    await admin.post('/api/admin/donations', {
      donorName: 'Cash Donor',
      donorEmail: 'cash@example.test',
      amount: '20',
      paymentMethod: 'cash',
      status: 'completed',
    })
    await openOverview()
    await donationsPanel().getByTestId('donation-row').filter({ hasText: 'Cash Donor' }).waitFor()
    await donationsPanel().getByLabel('Method').selectOption('cash')
    await expect.poll(() => donationsPanel().getByTestId('donation-row').count()).toBe(1)
    expect(await donationsPanel().getByTestId('donation-row').textContent()).toContain('Cash Donor')
  })

  it('exports exactly what the filters show, and the file name says which filters', async () => {
    const { page } = env
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
    await openOverview()
    const rows = donationsPanel().getByTestId('donation-row')
    await rows.filter({ hasText: 'Kept Gift' }).waitFor()
    await donationsPanel().getByLabel('Status').selectOption('refunded')
    await donationsPanel().getByLabel('Method').selectOption('check')
    await expect.poll(() => rows.count()).toBe(2)
    await expect
      .poll(() => donationsPanel().getByTestId('donations-count').textContent())
      .toBe('Showing the 2 refunded Check donations; the export holds the same.')
    const shown = await rows.evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent))
    const link = donationsPanel().getByRole('link', { name: /Export donations \(CSV\)/ })
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
    expect(names.sort()).toEqual(['Refund One', 'Refund Two'])
  })

  it('pages through every donation with the list control, and offers every campaign when recording a gift', async () => {
    const { page } = env
    const total = (await admin.get('/api/admin/donations?page=1&limit=1')).headers.get('x-total-count')
    for (let i = Number(total); i < 53; i++)
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

    await openOverview()
    const rows = donationsPanel().getByTestId('donation-row')
    const pages = donationsPanel().getByRole('navigation', { name: 'Donations pages' })
    await expect.poll(() => pages.textContent()).toContain('Page 1 of 2')
    expect(await rows.count()).toBe(50)
    await pages.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => pages.textContent()).toContain('Page 2 of 2')
    await expect.poll(() => rows.count()).toBe(3)

    await donationsPanel().getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    const choices = dialog.getByLabel(/^Campaign/).locator('option')
    await expect.poll(() => choices.evaluateAll((els) => els.filter((el) => el.textContent?.startsWith('Drive ')).length)).toBe(101)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    const filter = donationsPanel().getByLabel('Campaign').locator('option')
    expect(await filter.evaluateAll((els) => els.filter((el) => el.textContent?.startsWith('Drive ')).length)).toBe(101)
  })

  it("shows a campaign's raised figure as opening balance plus recorded gifts, and the Overview says what it counts", async () => {
    const { page } = env
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
    const stored = ((await admin.get('/api/admin/campaigns?limit=100')).json as any[]).find((c) => c.id === campaign.id)
    expect(stored).toMatchObject({ baseAmount: '1000.00', giftsAmount: '250.00', currentAmount: '1250.00' })

    await openOverview()
    const summary = (await admin.get('/api/admin/summary')).json
    const total = page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: 'Total Donations' }) })
    await expect.poll(() => total.textContent()).toContain(`The ${summary.donationCount} completed gifts recorded here`)
    expect(await page.getByTestId('campaign-totals').textContent()).toContain('$1,000.00 opening balances + $250.00 recorded gifts')

    await openTab(page, 'Campaigns')
    const pages = page.getByRole('navigation', { name: 'Campaigns pages' })
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Traced Fund' }) })
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
    const { page } = env
    await openOverview()
    const notice = page.getByTestId('email-status')
    await expect.poll(() => notice.textContent()).toContain('Receipts are held until the organization legal name, EIN and mailing address')
    expect(await donationsPanel().getByTestId('receipts-held').textContent()).toMatch(/mailing address/)
    await donationsPanel().getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    expect(await dialog.getByTestId('receipts-held').textContent()).toMatch(/legal name, EIN and mailing address/)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

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
    await donationsPanel().getByRole('button', { name: 'Record a gift' }).click()
    await dialog.waitFor()
    expect(await dialog.getByTestId('receipts-held').count()).toBe(0)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('shows giving by month, campaign and method as charts whose tables match the records', async () => {
    const { page } = env
    await openOverview()
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
    expect(gifts.length).toBeGreaterThan(0)
    const rowsOf = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')))
    const months = await rowsOf('giving-month')
    expect(months).toHaveLength(12)
    const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    const cents = (d: any) => Math.round(Number(d.amount) * 100) - Math.round(Number(d.refundedAmount ?? 0) * 100)
    const total = gifts.reduce((n, d) => n + cents(d), 0)
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
      money(cash.reduce((n, d) => n + cents(d), 0)),
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
        return [y, money(inYear.reduce((n, d) => n + cents(d), 0)), String(inYear.length)]
      }),
    )
    await settled(page)
    await expectNoAxeViolations(page, 'overview with giving charts')
  })

  it("lists the year's donors with their totals, as the API and its CSV do", async () => {
    const { page } = env
    const year = new Date().getFullYear()
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
    await openOverview()
    const panel = page.getByRole('region', { name: 'Donors' })
    const rows = panel.getByTestId('donor-row')
    await expect.poll(() => rows.count()).toBe(donors.length)
    // Each row is the API's donor: email, number of gifts and total.
    const money = (total: string) => `$${Number(total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    const texts = await rows.allTextContents()
    donors.forEach((d, i) => {
      expect(texts[i]).toContain(`${d.email} · ${d.count} gift${d.count === 1 ? '' : 's'}`)
      expect(texts[i]).toContain(money(d.total))
    })
    expect(texts.find((t) => t.includes('sky@sponsor-only.test'))).toContain('$1,200.00')
    expect(await panel.getByRole('link', { name: /Export donors \(CSV\)/ }).getAttribute('href')).toBe(`/api/admin/donors.csv?year=${year}`)
    const statement = rows.first().getByRole('link', { name: `Statement (PDF) for ${donors[0].name}` })
    expect(await statement.getAttribute('href')).toBe(
      `/api/admin/donors/statement.pdf?email=${encodeURIComponent(donors[0].email)}&year=${year}`,
    )
    // Mailing the year's statements twice is refused unless "Send again" is ticked.
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    await takeToast(page, `The ${year} statements are on their way`)
    await panel.getByRole('button', { name: `Mail ${year} statements` }).click()
    await takeToast(page, 'Could not send the statements')
    await panel.getByLabel('Year').selectOption(String(year - 5))
    await panel.getByText(`No donors in ${year - 5}`).waitFor()
  })

  it('marks a contact message read then archived, and approves a sponsor application', async () => {
    const { page } = env
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
    await openOverview()
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
    await dialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Sponsorship updated')
    await expect
      .poll(
        async () => ((await admin.get('/api/admin/sponsorships')).json as any[]).find((s) => s.sponsorCompany === 'Hawk Hardware').status,
      )
      .toBe('completed')
    await expectNoAxeViolations(page, 'overview with donations and inbox actions')
  })
})

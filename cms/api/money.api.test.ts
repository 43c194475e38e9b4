import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { databaseTargets } from '../../testing/databases'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { checkoutSession, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'
import { clubDay, shiftDay, ZONE_NOT_ON_UTC_DAY as ZONE } from '../../testing/clubCalendar'
import { amountOf, centsOf, sumOf } from '../../testing/money'

describe.each(databaseTargets)('money records and inbox on $name', ({ env }) => {
  let server: TestServer
  let admin: ApiClient
  let campaignId: string

  beforeAll(async () => {
    server = await startServer({ env: { ...env, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, CLUB_TIME_ZONE: ZONE } })
    admin = await loggedInAdmin(server.url)
  })
  // Each test its own campaign: its raised amount counts only that test's gifts, whatever ran before (-t, --sequence.shuffle).
  beforeEach(async () => {
    campaignId = (await admin.post('/api/admin/campaigns', { name: 'Uniforms', description: 'New warm-ups', goalAmount: '3000' })).json.id
  })
  afterAll(() => server?.stop())

  const raised = async () => ((await admin.get('/api/admin/campaigns')).json as any[]).find((c) => c.id === campaignId).currentAmount
  const gift = (overrides: Record<string, unknown> = {}) => ({
    donorName: 'Grandma Lee',
    donorEmail: 'glee@example.test',
    amount: '40',
    paymentMethod: 'check',
    reference: 'Check #1042',
    receivedAt: '2026-11-20',
    notes: 'Handed over at the Lakeview game',
    campaignId,
    ...overrides,
  })

  it('records an offline gift with who and when; completing it raises the campaign', async () => {
    const created = await admin.post('/api/admin/donations', gift())
    expect(created.status, created.text).toBe(201)
    expect(created.json).toMatchObject({
      amount: '40.00',
      status: 'pending',
      paymentMethod: 'check',
      reference: 'Check #1042',
      receivedAt: '2026-11-20',
    })
    expect(created.json.history).toEqual([expect.objectContaining({ by: TEST_ADMIN.username, action: 'created', status: 'pending' })])
    expect(await raised()).toBe('0.00')

    const beforeCompleting = Date.now()
    const completed = await admin.put(`/api/admin/donations/${created.json.id}`, { status: 'completed' })
    const afterCompleting = Date.now()
    expect(completed.status, completed.text).toBe(200)
    expect(completed.json.status).toBe('completed')
    expect(completed.json.history.at(-1)).toMatchObject({ by: TEST_ADMIN.username, action: 'status pending → completed' })
    // Stamped while the request ran: between the two instants the test read around it.
    const at = Date.parse(completed.json.history.at(-1).at)
    expect(at).toBeGreaterThanOrEqual(beforeCompleting)
    expect(at).toBeLessThanOrEqual(afterCompleting)
    expect(await raised()).toBe('40.00')
  })

  it('Venmo references go to venmoTransactionId; a gift may be entered completed', async () => {
    const venmo = await admin.post(
      '/api/admin/donations',
      gift({ paymentMethod: 'venmo', reference: '3141592653', amount: '10.10', status: 'completed' }),
    )
    expect(venmo.status).toBe(201)
    expect(venmo.json).toMatchObject({ paymentMethod: 'venmo', reference: '3141592653', status: 'completed' })
    expect(await raised()).toBe('10.10')
  })

  it('moves along pending → completed → partially_refunded → refunded, void needs a reason, illegal moves answer 409', async () => {
    const { id } = (await admin.post('/api/admin/donations', gift({ amount: '100', status: 'completed' }))).json
    expect(await raised()).toBe('100.00')
    expect((await admin.put(`/api/admin/donations/${id}`, { status: 'pending' })).status).toBe(409)
    expect((await admin.put(`/api/admin/donations/${id}`, { status: 'partially_refunded' })).status).toBe(400)
    const partial = await admin.put(`/api/admin/donations/${id}`, { status: 'partially_refunded', refundedAmount: '30.25' })
    expect(partial.json).toMatchObject({ status: 'partially_refunded', refundedAmount: '30.25' })
    expect(await raised()).toBe('69.75')
    const refunded = await admin.put(`/api/admin/donations/${id}`, { status: 'refunded' })
    expect(refunded.json).toMatchObject({ status: 'refunded', refundedAmount: '100.00' })
    expect(await raised()).toBe('0.00')
    const illegal = await admin.put(`/api/admin/donations/${id}`, { status: 'completed' })
    expect(illegal.status).toBe(409)
    expect(illegal.json.error).toMatch(/cannot/)
    expect((await admin.get('/api/admin/donations')).json.find((d: any) => d.id === id).status).toBe('refunded')

    const mistake = (await admin.post('/api/admin/donations', gift({ amount: '5', status: 'completed' }))).json.id
    expect((await admin.put(`/api/admin/donations/${mistake}`, { status: 'void' })).status).toBe(400)
    const voided = await admin.put(`/api/admin/donations/${mistake}`, { status: 'void', voidReason: 'Entered twice' })
    expect(voided.json).toMatchObject({ status: 'void', voidReason: 'Entered twice' })
    expect(await raised()).toBe('0.00')
    expect((await admin.put(`/api/admin/donations/${mistake}`, { status: 'completed' })).status).toBe(409)
  })

  it('money records are never deleted', async () => {
    const { id } = (await admin.post('/api/admin/donations', gift())).json
    const res = await admin.delete(`/api/admin/donations/${id}`)
    expect(res.status).toBe(405)
    expect(res.json.error).toMatch(/never deleted/)
    const sponsorship = (
      await admin.post('/api/admin/sponsorships', {
        sponsorName: 'Dana',
        sponsorEmail: 'dana@auto.test',
        sponsorCompany: 'Brooks Auto',
        tier: 'silver',
        amount: '600',
      })
    ).json
    expect((await admin.delete(`/api/admin/sponsorships/${sponsorship.id}`)).status).toBe(405)
    expect((await admin.get('/api/admin/donations')).json.some((d: any) => d.id === id)).toBe(true)
  })

  it('a card payment keeps the amount and donor Stripe reported', async () => {
    const session = checkoutSession({ amountCents: 2_000 })
    await sendEvent(server.url, signedEvent('checkout.session.completed', session))
    const card = (await admin.get('/api/admin/donations')).json.find((d: any) => d.stripeCheckoutSessionId === session.id)
    expect((await admin.put(`/api/admin/donations/${card.id}`, { amount: '1.00' })).status).toBe(409)
    expect((await admin.put(`/api/admin/donations/${card.id}`, { notes: 'Thank-you card sent' })).json.notes).toBe('Thank-you card sent')
  })

  it('validates offline gifts', async () => {
    const today = clubDay(Date.now(), ZONE)
    for (const bad of [
      { amount: '-5' },
      { amount: '1.234' },
      { paymentMethod: 'bitcoin' },
      { donorEmail: 'nope' },
      { campaignId: '00000000-0000-4000-8000-000000000000' },
      { receivedAt: '2026-02-30' },
      // A day to come on the club's calendar (UTC's may already be on it).
      { receivedAt: shiftDay(today, 1) },
    ]) {
      const res = await admin.post('/api/admin/donations', gift(bad))
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(typeof res.json.error).toBe('string')
    }
    // The club's today is a gift's day, whatever UTC's is.
    const received = await admin.post('/api/admin/donations', gift({ receivedAt: today }))
    expect(received.status, received.text).toBe(201)
    const stored = (await admin.get(`/api/admin/donations?campaign=${campaignId}`)).json as any[]
    expect(stored.find((d) => d.id === received.json.id).receivedAt).toBe(today)
  })

  it('lists donations paged and filtered, with X-Total-Count; totals of completed are exact', async () => {
    // This test's own gifts, on this test's campaign: a check and a Venmo gift completed, one refunded, one void.
    const mine = `campaign=${campaignId}`
    const clubTodayAtStart = clubDay(Date.now(), ZONE)
    await admin.post('/api/admin/donations', gift({ status: 'completed' }))
    await admin.post(
      '/api/admin/donations',
      gift({ paymentMethod: 'venmo', reference: '3141592653', amount: '10.10', status: 'completed', receivedAt: undefined }),
    )
    const refund = (await admin.post('/api/admin/donations', gift({ amount: '100', status: 'completed' }))).json.id
    expect((await admin.put(`/api/admin/donations/${refund}`, { status: 'refunded' })).status).toBe(200)
    const mistake = (await admin.post('/api/admin/donations', gift({ amount: '5', status: 'completed' }))).json.id
    expect((await admin.put(`/api/admin/donations/${mistake}`, { status: 'void', voidReason: 'Entered twice' })).status).toBe(200)
    expect((await admin.post('/api/admin/donations', gift({ campaignId: undefined, amount: '7' }))).status).toBe(201)

    const ours = (await admin.get(`/api/admin/donations?${mine}`)).json as any[]
    expect(ours).toHaveLength(4)
    const page = await admin.get(`/api/admin/donations?${mine}&page=1&limit=2`)
    expect(page.json).toHaveLength(2)
    expect(page.headers.get('x-total-count')).toBe('4')
    const checks = (await admin.get('/api/admin/donations?method=check&status=completed')).json as any[]
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.every((d) => d.paymentMethod === 'check' && d.status === 'completed')).toBe(true)
    const general = (await admin.get('/api/admin/donations?campaign=general')).json as any[]
    expect(general.length).toBeGreaterThan(0)
    expect(general.every((d) => d.campaignId === null)).toBe(true)
    // Dates are the day received (the checks above were received on 2026-11-20), else the club's day entered.
    const received = (await admin.get(`/api/admin/donations?${mine}&from=2026-11-20&to=2026-11-20`)).json as any[]
    expect(received.length).toBe(ours.filter((d) => d.receivedAt === '2026-11-20').length)
    expect(received.length).toBe(3)
    const all = (await admin.get('/api/admin/donations')).json as any[]
    // Every gift has its club day; one typed without a day got the club's today (ZONE, worked out with Intl), not UTC's.
    const venmo = ours.find((d) => d.paymentMethod === 'venmo')
    const clubTodayAfter = clubDay(Date.now(), ZONE)
    expect([clubTodayAtStart, clubTodayAfter]).toContain(venmo.receivedAt)
    const today = venmo.receivedAt
    const fromToday = (await admin.get(`/api/admin/donations?from=${today}`)).json as any[]
    expect(fromToday.map((d) => d.id).sort()).toEqual(
      all
        .filter((d) => d.receivedAt >= today)
        .map((d) => d.id)
        .sort(),
    )
    expect(fromToday.length).toBeGreaterThan(0)
    expect((await admin.get('/api/admin/donations?to=2000-01-01')).json).toHaveLength(0)
    expect((await admin.get('/api/admin/donations?status=bogus')).status).toBe(400)
    // 40.00 check + 10.10 Venmo; the refunded and void gifts count nothing.
    expect(sumOf(ours.filter((d) => d.status === 'completed').map((d) => d.amount))).toBe('50.10')
  })

  it('exports CSV with formula cells neutralised', async () => {
    await admin.post(
      '/api/admin/donations',
      gift({ donorName: '=HYPERLINK("http://evil.test","x")', notes: '+1, "quoted"\nline two', reference: '@SUM(A1)' }),
    )
    await admin.post('/api/admin/donations', gift({ donorName: '-2+3' }))
    const res = await admin.get('/api/admin/donations.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="donations-/)
    const [header, ...lines] = res.text.split('\r\n')
    expect(header.split(',').slice(0, 6)).toEqual(['id', 'createdAt', 'receivedAt', 'donorName', 'donorEmail', 'amount'])
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`)
    expect(res.text).toContain(`"'+1, ""quoted""\nline two"`)
    expect(res.text).toContain(`'@SUM(A1)`)
    expect(res.text).toContain(`'-2+3`)
    expect(lines.at(-1)).toBe('')
    // No cell anywhere starts with a formula character.
    expect(res.text).not.toMatch(/(^|,|\r\n)[=+\-@]/)
    const sponsorships = await admin.get('/api/admin/sponsorships.csv')
    expect(sponsorships.status).toBe(200)
    expect(sponsorships.text.split('\r\n')[0]).toMatch(/^id,createdAt,receivedAt,sponsorName/)
    expect((await new ApiClient(server.url).get('/api/admin/donations.csv')).status).toBe(401)
  })

  it("exports what the screen's filters select, and names them in the file name", async () => {
    const refunded = (await admin.post('/api/admin/donations', gift({ donorName: 'Refund Me', status: 'completed' }))).json
    expect((await admin.put(`/api/admin/donations/${refunded.id}`, { status: 'refunded' })).status).toBe(200)
    const csvIds = (text: string) =>
      text
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0])
    for (const [query, name] of [
      ['status=refunded', /^attachment; filename="donations-status-refunded-exported-\d{4}-\d{2}-\d{2}\.csv"$/],
      ['method=check&status=completed', /filename="donations-status-completed-method-check-exported-/],
      [
        `campaign=${campaignId}&from=2026-11-20&to=2026-11-20`,
        /filename="donations-campaign-uniforms-from-2026-11-20-to-2026-11-20-exported-/,
      ],
      ['campaign=general', /filename="donations-campaign-general-fund-exported-/],
      ['', /filename="donations-all-exported-/],
    ] as const) {
      const list = (await admin.get(`/api/admin/donations?${query}`)).json as any[]
      const csv = await admin.get(`/api/admin/donations.csv?${query}`)
      expect(csv.status, query).toBe(200)
      expect(csv.headers.get('content-disposition'), query).toMatch(name)
      expect(csvIds(csv.text), query).toEqual(list.map((d) => d.id))
    }
    const onlyRefunded = (await admin.get('/api/admin/donations.csv?status=refunded')).text
    expect(csvIds(onlyRefunded)).toContain(refunded.id)
    expect(
      onlyRefunded
        .split('\r\n')
        .slice(1, -1)
        .every((line) => line.includes(',refunded,')),
    ).toBe(true)
    expect((await admin.get('/api/admin/donations.csv?status=bogus')).status).toBe(400)

    // Sponsorships: the same filters but campaign, the list paged with X-Total-Count.
    await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Pat',
      sponsorEmail: 'pat@example.test',
      tier: 'gold',
      amount: '1200',
      paymentMethod: 'check',
      // Pending, so the sponsor wall test below still sees only its own sponsors.
      status: 'pending',
    })
    await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Lou',
      sponsorEmail: 'lou@example.test',
      tier: 'gold',
      amount: '1200',
      paymentMethod: 'cash',
      status: 'pending',
    })
    const checks = await admin.get('/api/admin/sponsorships?method=check&page=1&limit=50')
    expect(checks.json.length).toBeGreaterThan(0)
    expect(checks.json.every((s: any) => s.paymentMethod === 'check')).toBe(true)
    expect(checks.headers.get('x-total-count')).toBe(String(checks.json.length))
    const sponsorCsv = await admin.get('/api/admin/sponsorships.csv?method=check')
    expect(sponsorCsv.headers.get('content-disposition')).toMatch(/filename="sponsorships-method-check-exported-/)
    expect(csvIds(sponsorCsv.text)).toEqual(checks.json.map((s: any) => s.id))
    expect((await admin.get('/api/admin/sponsorships?status=bogus')).status).toBe(400)
  })

  it('reports giving by month, campaign and method, matching the records', async () => {
    const partial = (await admin.post('/api/admin/donations', gift({ amount: '100', status: 'completed', receivedAt: '2026-10-05' }))).json
    await admin.put(`/api/admin/donations/${partial.id}`, { status: 'partially_refunded', refundedAmount: '30' })
    const all = (await admin.get('/api/admin/donations')).json as any[]
    const day = (d: any) => d.receivedAt ?? d.createdAt.slice(0, 10)
    const inRange = all.filter(
      (d) => ['completed', 'partially_refunded'].includes(d.status) && day(d) >= '2026-01-01' && day(d) <= '2026-12-31',
    )
    const net = (d: any) => amountOf(centsOf(d.amount) - centsOf(d.refundedAmount ?? '0'))
    const expected = (keyOf: (d: any) => string) => {
      const groups = new Map<string, { amounts: string[]; count: number }>()
      for (const d of inRange) {
        const g = groups.get(keyOf(d)) ?? { amounts: [], count: 0 }
        g.amounts.push(net(d))
        g.count++
        groups.set(keyOf(d), g)
      }
      return Object.fromEntries([...groups].map(([key, g]) => [key, { amount: sumOf(g.amounts), count: g.count }]))
    }
    const asMap = (rows: any[]) =>
      Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.key, { amount: r.amount, count: r.count }]))

    const byMonth = await admin.get('/api/admin/reports/giving?from=2026-01-01&to=2026-12-31&by=month')
    expect(byMonth.status).toBe(200)
    // Every month of the range, in order, empty ones too.
    expect(byMonth.json.map((r: any) => r.key)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`))
    expect(asMap(byMonth.json)).toEqual(expected((d) => day(d).slice(0, 7)))
    expect(byMonth.json.find((r: any) => r.key === '2026-10')).toMatchObject({ amount: '70.00', count: 1 })
    const byCampaign = (await admin.get('/api/admin/reports/giving?from=2026-01-01&to=2026-12-31&by=campaign')).json
    expect(asMap(byCampaign)).toEqual(expected((d) => d.campaignId ?? 'general'))
    const byMethod = (await admin.get('/api/admin/reports/giving?from=2026-01-01&to=2026-12-31&by=method')).json
    expect(asMap(byMethod)).toEqual(expected((d) => d.paymentMethod))
    // The three answers add up to the same total.
    const total = (rows: any[]) => sumOf(rows.map((r) => r.amount))
    expect(total(byCampaign)).toBe(total(byMonth.json))
    expect(total(byMethod)).toBe(total(byMonth.json))

    // By year, over every record: this year's total and the earlier years', newest first.
    const counted = all.filter((d) => ['completed', 'partially_refunded'].includes(d.status))
    const byYear = (await admin.get('/api/admin/reports/giving?by=year')).json
    expect(byYear.map((r: any) => r.key)).toEqual([...byYear.map((r: any) => r.key)].sort().reverse())
    const yearly = new Map<string, { amounts: string[]; count: number }>()
    for (const d of counted) {
      const g = yearly.get(day(d).slice(0, 4)) ?? { amounts: [], count: 0 }
      g.amounts.push(net(d))
      g.count++
      yearly.set(day(d).slice(0, 4), g)
    }
    expect(asMap(byYear)).toEqual(Object.fromEntries([...yearly].map(([key, g]) => [key, { amount: sumOf(g.amounts), count: g.count }])))
    expect(byYear.find((r: any) => r.key === '2026')).toEqual({ key: '2026', ...expected((d) => day(d).slice(0, 4))['2026'] })
    expect((await admin.get('/api/admin/reports/giving?by=week')).status).toBe(400)
    expect((await admin.get('/api/admin/reports/giving?by=month&from=2026-13-01')).status).toBe(400)
    expect((await new ApiClient(server.url).get('/api/admin/reports/giving?by=month')).status).toBe(401)
  })

  it("lists a year's donors by email with total, count, first and last gift, paged, and as CSV", async () => {
    await admin.post(
      '/api/admin/donations',
      gift({ donorName: 'Ann Year', donorEmail: 'Ann@Year.test', amount: '10', status: 'completed', receivedAt: '2025-03-01' }),
    )
    await admin.post(
      '/api/admin/donations',
      gift({ donorName: 'Ann Year', donorEmail: 'ann@year.test', amount: '25.50', status: 'completed', receivedAt: '2025-11-30' }),
    )
    await admin.post(
      '/api/admin/donations',
      gift({ donorName: 'Ann Later', donorEmail: 'ann@year.test', amount: '99', status: 'completed', receivedAt: '2026-01-02' }),
    )
    await admin.post(
      '/api/admin/donations',
      gift({ donorName: 'Pending Pat', donorEmail: 'pat@year.test', amount: '5', receivedAt: '2025-05-05' }),
    )
    // Sponsorships are gifts too: a sponsor who never donated is a donor of the year, and a donor's sponsorship counts in their total.
    // Last season's, expired: the sponsor wall (tested below) shows none of them.
    const sponsorship = (data: Record<string, unknown>) =>
      admin.post('/api/admin/sponsorships', { tier: 'gold', paymentMethod: 'check', status: 'completed', expiresAt: '2025-12-31', ...data })
    await sponsorship({ sponsorName: 'Sam Sponsor', sponsorEmail: 'Sam@Sponsor.test', amount: '1200', receivedAt: '2025-06-15' })
    await sponsorship({ sponsorName: 'Ann Year', sponsorEmail: 'ANN@year.test', amount: '300', receivedAt: '2025-12-05' })
    const refunded = await sponsorship({
      sponsorName: 'Sam Sponsor',
      sponsorEmail: 'sam@sponsor.test',
      amount: '600',
      receivedAt: '2025-07-01',
    })
    expect((await admin.put(`/api/admin/sponsorships/${refunded.json.id}`, { status: 'refunded' })).status).toBe(200)
    await sponsorship({
      sponsorName: 'Pending Sponsor',
      sponsorEmail: 'pending@sponsor.test',
      amount: '600',
      status: 'pending',
      receivedAt: '2025-08-01',
    })

    const donors = await admin.get('/api/admin/donors?year=2025')
    expect(donors.status).toBe(200)
    // The expected list, from the records: completed gifts (less refunds) of 2025, donations and sponsorships, by email.
    const records = [
      ...((await admin.get('/api/admin/donations')).json as any[]).map((d) => ({ ...d, email: d.donorEmail, name: d.donorName })),
      ...((await admin.get('/api/admin/sponsorships')).json as any[]).map((s) => ({ ...s, email: s.sponsorEmail, name: s.sponsorName })),
    ]
      .filter((r) => ['completed', 'partially_refunded'].includes(r.status) && (r.receivedAt ?? r.createdAt).startsWith('2025'))
      .map((r) => ({ ...r, email: r.email.toLowerCase(), day: (r.receivedAt ?? r.createdAt).slice(0, 10) }))
    const expected = [...new Set(records.map((r) => r.email))].sort().map((email) => {
      const mine = records
        .filter((r) => r.email === email)
        .sort((a, b) => a.day.localeCompare(b.day) || a.createdAt.localeCompare(b.createdAt))
      return {
        email,
        name: mine.at(-1).name,
        total: amountOf(mine.reduce((n, r) => n + centsOf(r.amount) - centsOf(r.refundedAmount ?? '0'), 0)),
        count: mine.length,
        firstGift: mine[0].day,
        lastGift: mine.at(-1).day,
      }
    })
    expect(Number(donors.headers.get('x-total-count'))).toBe(expected.length)
    expect(donors.json).toEqual(expected.slice(0, donors.json.length))
    expect(donors.json.find((d: any) => d.email === 'ann@year.test')).toEqual({
      email: 'ann@year.test',
      name: 'Ann Year',
      total: '335.50',
      count: 3,
      firstGift: '2025-03-01',
      lastGift: '2025-12-05',
    })
    // The sponsor-only donor, once, with the refunded sponsorship left out.
    expect(donors.json.filter((d: any) => d.email === 'sam@sponsor.test')).toEqual([
      { email: 'sam@sponsor.test', name: 'Sam Sponsor', total: '1200.00', count: 1, firstGift: '2025-06-15', lastGift: '2025-06-15' },
    ])
    expect(donors.json.some((d: any) => d.email === 'pat@year.test' || d.email === 'pending@sponsor.test')).toBe(false)
    const emails = donors.json.map((d: any) => d.email)
    expect(emails).toEqual([...emails].sort())
    expect((await admin.get('/api/admin/donors?year=2025&page=1&limit=1')).json).toHaveLength(1)
    // Without a year, every year's: Ann's 2026 gift counts too, and the sponsor is still there.
    const ever = (await admin.get('/api/admin/donors?limit=100')).json as any[]
    expect(ever.find((d) => d.email === 'ann@year.test')).toMatchObject({ total: '434.50', count: 4, lastGift: '2026-01-02' })
    expect(ever.find((d) => d.email === 'sam@sponsor.test')).toMatchObject({ total: '1200.00', count: 1 })
    const csv = await admin.get('/api/admin/donors.csv?year=2025')
    expect(csv.headers.get('content-disposition')).toMatch(/filename="donors-2025-exported-/)
    expect(csv.text.split('\r\n')).toContain('ann@year.test,Ann Year,335.50,3,2025-03-01,2025-12-05')
    expect(csv.text.split('\r\n')).toContain('sam@sponsor.test,Sam Sponsor,1200.00,1,2025-06-15,2025-06-15')
    expect((await admin.get('/api/admin/donors?year=abc')).status).toBe(400)
    expect((await new ApiClient(server.url).get('/api/admin/donors?year=2025')).status).toBe(401)
  })

  it('contact messages go unread → read → archived; illegal moves answer 409', async () => {
    const visitor = new ApiClient(server.url)
    const sent = await visitor.post('/api/contact', { name: 'Parent', email: 'parent@example.test', message: 'When is the car wash?' })
    expect(sent.status).toBe(201)
    const path = `/api/admin/contact-messages/${sent.json.id}`
    expect((await admin.put(path, { status: 'read' })).json.status).toBe('read')
    expect((await admin.put(path, { status: 'archived' })).json.status).toBe('archived')
    const back = await admin.put(path, { status: 'unread' })
    expect(back.status).toBe(409)
    expect((await admin.put(path, { status: 'deleted' })).status).toBe(400)
    expect((await admin.get('/api/admin/contact-messages')).json.find((m: any) => m.id === sent.json.id).status).toBe('archived')
  })

  it('approving an application creates one pending sponsorship at the tier amount; decided applications cannot move', async () => {
    await admin.post('/api/admin/sponsorship-tiers', {
      name: 'Three Point',
      amount: '1250',
      level: 'gold',
      benefits: ['4 season tickets'],
      goodsValue: '200',
    })
    const visitor = new ApiClient(server.url)
    const application = {
      contactName: 'Sam Ortiz',
      contactEmail: 'sam@pizza.test',
      contactPhone: '555-0100',
      companyName: 'Ortiz Pizza',
      companyAddress: '1 Main St',
      businessType: 'restaurant',
      sponsorshipLevel: 'gold',
      companyWebsite: 'https://ortizpizza.test',
    }
    const applied = await visitor.post('/api/sponsors', application)
    const declinedOne = await visitor.post('/api/sponsors', { ...application, companyName: 'Other Co', sponsorshipLevel: 'bronze' })
    const path = `/api/admin/sponsor-applications/${applied.json.id}`
    // Two volunteers approve at once: the second finds it approved already (no change, or a write conflict), never a second sponsorship.
    const approvals = await Promise.all([admin.put(path, { status: 'approved' }), admin.put(path, { status: 'approved' })])
    expect(approvals.every((a) => a.status === 200 || a.status === 409)).toBe(true)
    expect(approvals.every((a) => a.status !== 200 || a.json.status === 'approved')).toBe(true)
    const sponsorships = ((await admin.get('/api/admin/sponsorships')).json as any[]).filter((s) => s.applicationId === applied.json.id)
    expect(sponsorships).toHaveLength(1)
    expect(sponsorships[0]).toMatchObject({
      sponsorName: 'Sam Ortiz',
      sponsorCompany: 'Ortiz Pizza',
      tier: 'gold',
      amount: '1250.00',
      status: 'pending',
    })
    expect((await admin.put(path, { status: 'declined' })).status).toBe(409)

    const declined = await admin.put(`/api/admin/sponsor-applications/${declinedOne.json.id}`, { status: 'declined' })
    expect(declined.json.status).toBe('declined')
    expect((await admin.put(`/api/admin/sponsor-applications/${declinedOne.json.id}`, { status: 'approved' })).status).toBe(409)
    expect(
      ((await admin.get('/api/admin/sponsorships')).json as any[]).filter((s) => s.applicationId === declinedOne.json.id),
    ).toHaveLength(0)
  })

  it('the sponsor wall shows completed, unexpired sponsors by level, with nothing private', async () => {
    const anonymous = new ApiClient(server.url)
    const make = async (data: Record<string, unknown>) =>
      (await admin.post('/api/admin/sponsorships', { sponsorName: 'Owner', sponsorEmail: 'owner@private.test', amount: '600', ...data }))
        .json
    await make({
      sponsorCompany: 'Gold Bakery',
      tier: 'gold',
      status: 'completed',
      website: 'https://goldbakery.test',
      logoUrl: 'https://cdn.test/gold.png',
    })
    await make({ sponsorCompany: 'Silver Tires', tier: 'silver', status: 'completed', website: 'javascript:alert(1)' })
    await make({ sponsorCompany: 'Bronze Books', tier: 'bronze', status: 'completed', expiresAt: '2001-01-01' })
    await make({ sponsorCompany: 'Pending Plumbing', tier: 'bronze' })
    // Shown through its last day on the club's calendar, not UTC's.
    const today = clubDay(Date.now(), ZONE)
    await make({ sponsorCompany: 'Last Day Laundry', tier: 'silver', status: 'completed', expiresAt: today })
    await make({ sponsorCompany: 'Yesterday Yarn', tier: 'bronze', status: 'completed', expiresAt: shiftDay(today, -1) })
    const wall = await anonymous.get('/api/sponsor-wall')
    expect(wall.status).toBe(200)
    expect(wall.json.map((g: any) => g.level)).toEqual(['gold', 'silver'])
    expect(wall.json[0].sponsors).toEqual([
      { id: expect.any(String), name: 'Gold Bakery', website: 'https://goldbakery.test/', logoUrl: 'https://cdn.test/gold.png' },
    ])
    expect(wall.json[1].sponsors.map((s: any) => s.name).sort()).toEqual(['Last Day Laundry', 'Silver Tires'])
    expect(wall.json[1].sponsors.find((s: any) => s.name === 'Silver Tires')).toMatchObject({ website: null })
    // The ids are random hex and may hold any digits: read only what the wall says about sponsors.
    const shown = wall.text.replace(/"id":"[^"]*"/g, '')
    expect(shown).not.toMatch(/private\.test|@|Owner|555-0100|Main St/)
  })
})

// The sponsor wall on an empty database: cms/payments/tiers.api.test.ts (its empty server).

// An editor's 403 on every money and inbox route: the editor sweep in cms/admin/admin.api.test.ts (its editor is made by an admin).

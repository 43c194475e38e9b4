import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { amountOf, centsOf, sumOf } from '../../testing/money'
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '#shared/schemas'
import { allPages } from '../../testing/allPages'
import { ADMIN_LISTS, ADMIN_READS, PAGED_LISTS, QUERY_READS, SOME_ID } from '../../testing/endpoints'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * docs/API.md (paging): every admin list answers one bounded page with the
 * total in X-Total-Count, and the Overview's figures come from the database.
 * With more long messages than a page holds, no admin answer reaches 1 MB.
 * Every record is stored through the API, as the club and its visitors store them.
 */

const ONE_MB = 1024 * 1024
/** The longest message a visitor may write. */
const LONGEST = 'Buy cheap sneakers now! '.repeat(300).slice(0, 5000)
/** Enough of the longest messages that all of them in one answer would pass 1 MB: the bound below is about something. */
const MESSAGES = Math.ceil(ONE_MB / LONGEST.length) + 5
/** More gifts than the largest page holds: a total taken from one page would be wrong. */
const DONATIONS = LIST_LIMIT_MAX + 20

/** Runs the calls a few at a time (the server's own pace, not one round trip each). */
async function inBatches(count: number, call: (i: number) => Promise<{ status: number; text: string }>) {
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, k) => call(start + k)))
    for (const res of batch) expect([200, 201], res.text).toContain(res.status)
  }
}

describe('bounded admin lists and the Overview summary', () => {
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    server = await startServer({ seed: 'demo', env: { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_FORMS: '10000' } })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('computes the Overview totals in the database, exact to the cent, over more records than a page holds', async () => {
    // Donations recorded as the treasurer records them: completed ones of 0.10 (a float sum drifts), plus others that do not count.
    await inBatches(DONATIONS, (i) =>
      admin.post('/api/admin/donations', {
        donorName: `Dimes ${i}`,
        donorEmail: 'd@example.com',
        amount: i % 10 === 0 ? '99999999.99' : '0.1',
        paymentMethod: 'cash',
        status: i % 7 === 0 ? 'pending' : 'completed',
      }),
    )
    type Money = { amount: string; status: string; refundedAmount: string | null }
    const donations = await allPages<Money>(admin, '/api/admin/donations')
    const sponsorships = await allPages<Money>(admin, '/api/admin/sponsorships')
    // The books' one definition, counted again here: received (completed, partly or fully refunded), refunded, kept.
    const books = (list: Money[]) => {
      const received = list.filter((r) => ['completed', 'partially_refunded', 'refunded'].includes(r.status))
      const refunded = received.map((r) =>
        r.status === 'refunded' ? r.amount : r.status === 'partially_refunded' ? r.refundedAmount! : '0',
      )
      const receivedSum = sumOf(received.map((r) => r.amount))
      const refundedSum = sumOf(refunded)
      const kept = amountOf(centsOf(receivedSum) - centsOf(refundedSum))
      return { received: receivedSum, refunded: refundedSum, kept, count: received.length }
    }
    expect(donations.length).toBeGreaterThan(LIST_LIMIT_MAX)
    const completed = (list: Array<{ amount: string; status: string }>) =>
      sumOf(list.filter((r) => r.status === 'completed').map((r) => r.amount))
    const count = (list: Array<{ status: string }>) => list.filter((r) => r.status === 'completed').length
    const campaigns = await allPages<{ baseAmount: string; giftsAmount: string; currentAmount: string }>(admin, '/api/admin/campaigns')

    const summary = await admin.get('/api/admin/summary')
    expect(summary.status).toBe(200)
    expect(summary.json).toEqual({
      campaigns: campaigns.length,
      totalDonations: completed(donations),
      donationCount: count(donations),
      totalSponsorships: completed(sponsorships),
      sponsorshipCount: count(sponsorships),
      // Each campaign's raised figure is its opening balance plus its recorded gifts; the Overview shows both sums.
      openingBalances: sumOf(campaigns.map((c) => c.baseAmount)),
      campaignGifts: sumOf(campaigns.map((c) => c.giftsAmount)),
      books: { donations: books(donations), sponsorships: books(sponsorships) },
      contactMessages: Number((await admin.get('/api/admin/contact-messages')).headers.get('x-total-count')),
      recentDonations: (await admin.get('/api/admin/donations?limit=5')).json,
      // No STRIPE_SECRET_KEY here: Stripe's fees and payout lines are not read (docs/payments.md "Stripe payouts and fees").
      stripeApi: false,
      // Test servers take no scheduled backup (testing/server.ts); cms/db/backup.api.test.ts tests the others.
      backup: {
        last: null,
        location: null,
        bytes: null,
        everyHours: 0,
        atHour: 3,
        timeZone: 'America/Chicago',
        overdue: false,
        failedAt: null,
        failure: null,
        keep: 7,
        restored: null,
        storeFailure: null,
      },
      // Test servers keep photos on their own disk and have the club's contact address.
      server: { contactEmailMissing: false, storage: null },
    })
    expect(summary.json.totalDonations).toMatch(/^\d+\.\d{2}$/)
    expect(sumOf([summary.json.openingBalances, summary.json.campaignGifts])).toBe(sumOf(campaigns.map((c) => c.currentAmount)))
    expect((await new ApiClient(server.url).get('/api/admin/summary')).status).toBe(401)
  })

  it(`pages every admin list: ${LIST_LIMIT_DEFAULT} by default, at most ${LIST_LIMIT_MAX}, the total in X-Total-Count`, async () => {
    for (let i = 0; i < 60; i++)
      await new ApiClient(server.url).post('/api/contact', { name: `Visitor ${i}`, email: 'v@example.com', message: `Hello ${i}` })
    const first = await admin.get('/api/admin/contact-messages')
    expect(first.json).toHaveLength(LIST_LIMIT_DEFAULT)
    const total = Number(first.headers.get('x-total-count'))
    expect(total).toBeGreaterThanOrEqual(60)
    expect(first.json[0].name).toBe('Visitor 59') // newest first, as before

    const page2 = await admin.get(`/api/admin/contact-messages?page=2&limit=${LIST_LIMIT_DEFAULT}`)
    expect(page2.json.length).toBe(Math.min(LIST_LIMIT_DEFAULT, total - LIST_LIMIT_DEFAULT))
    const ids = new Set([...first.json, ...page2.json].map((m: { id: string }) => m.id))
    expect(ids.size).toBe(first.json.length + page2.json.length) // no record on two pages
    expect((await admin.get(`/api/admin/contact-messages?page=${total}&limit=${LIST_LIMIT_MAX}`)).json).toEqual([])

    for (const [query, field] of [
      [`limit=${LIST_LIMIT_MAX + 1}`, 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=1.5', 'limit'],
    ]) {
      const res = await admin.get(`/api/admin/contact-messages?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.issues[0].path, query).toBe(field)
    }
    for (const path of ADMIN_LISTS) {
      const res = await admin.get(`${path}?limit=1`)
      expect(res.status, path).toBe(200)
      expect(res.json.length, path).toBeLessThanOrEqual(1)
      expect(Number(res.headers.get('x-total-count')), path).toBeGreaterThanOrEqual(res.json.length)
    }
  })

  // How fast a visitor is answered meanwhile is a budget of `npm run bench` (bench/run.ts), not a test.
  it(`with more messages than a page holds, each as long as a visitor may write, every admin answer is one page under 1 MB`, async () => {
    const visitor = new ApiClient(server.url)
    await inBatches(MESSAGES, (i) =>
      visitor.post('/api/contact', { name: `Spam Bot ${i}`, email: `bot${i}@spam.example`, message: LONGEST }),
    )

    const paths = [
      // One record's file (a deposit's slip) answers 404 for the sweeps' sample id: no list to bound.
      ...ADMIN_READS.filter((p) => !QUERY_READS.has(p) && !p.includes(SOME_ID)),
      `/api/admin/contact-messages?limit=${LIST_LIMIT_MAX}`,
      `/api/admin/contact-messages?page=2&limit=${LIST_LIMIT_MAX}`,
    ]
    for (const path of paths) {
      const res = await admin.get(path)
      expect(res.status, path).toBe(200)
      expect(Buffer.byteLength(res.text), path).toBeLessThan(ONE_MB)
    }
    for (const path of PAGED_LISTS) expect((await admin.get(path)).json.length, path).toBeLessThanOrEqual(LIST_LIMIT_DEFAULT)
    // A full page of the longest messages: the bound above is about something.
    const full = await admin.get(`/api/admin/contact-messages?limit=${LIST_LIMIT_MAX}`)
    expect(full.json).toHaveLength(LIST_LIMIT_MAX)
    expect(Buffer.byteLength(full.text)).toBeGreaterThan(LIST_LIMIT_MAX * LONGEST.length)
    expect((await admin.get('/api/admin/summary')).json.contactMessages).toBeGreaterThanOrEqual(MESSAGES)
  })
})

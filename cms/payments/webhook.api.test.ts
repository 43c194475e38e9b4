import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { databaseTargets, uniqueIndexes } from '../../testing/databases'
import { ApiClient, loggedInAdmin, openDatabase, startServer, whileCommitsRefused, type TestServer } from '../../testing/server'
import { clubDay, clubTime } from '../../testing/clubCalendar'
import {
  checkoutSession,
  closedDispute,
  invoicePayment,
  paidInvoice,
  paymentIntentId,
  refundedCharge,
  sendEvent,
  signedEvent,
  subscription,
  subscriptionIds,
  TEST_WEBHOOK_SECRET,
} from '../../testing/stripe'

describe.each(databaseTargets)('Stripe webhook on $name', ({ env }) => {
  let server: TestServer
  let admin: ApiClient
  let campaignId: string

  beforeAll(async () => {
    server = await startServer({ env: { ...env, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
    admin = await loggedInAdmin(server.url)
    const created = await admin.post('/api/admin/campaigns', { name: 'Travel Fund', description: 'Bus to state', goalAmount: '5000' })
    expect(created.status).toBe(201)
    campaignId = created.json.id
  })
  afterAll(() => server?.stop())

  const donations = () => allPages<Record<string, any>>(admin, '/api/admin/donations')
  const bySession = async (sessionId: string) => (await donations()).filter((d) => d.stripeCheckoutSessionId === sessionId)
  const raised = async () => ((await admin.get('/api/admin/campaigns')).json as any[]).find((c) => c.id === campaignId).currentAmount

  it('records a paid checkout once, with the donor, exact amount and campaign; a replay changes nothing', async () => {
    const start = moneyToCents(await raised())
    const count = (await donations()).length
    const session = checkoutSession({ amountCents: 12_345, campaignId, name: 'Dana Giver', email: 'dana@giver.test' })
    const event = signedEvent('checkout.session.completed', session)
    const first = await sendEvent(server.url, event)
    expect(first.status, first.text).toBe(200)
    const [donation, ...others] = await bySession(session.id)
    expect(others).toEqual([])
    expect(donation).toMatchObject({
      donorName: 'Dana Giver',
      donorEmail: 'dana@giver.test',
      amount: '123.45',
      paymentMethod: 'stripe',
      status: 'completed',
      campaignId,
      stripePaymentIntentId: session.payment_intent,
    })
    expect(donation.history[0]).toMatchObject({ by: 'stripe', action: 'created', status: 'completed' })
    expect(moneyToCents(await raised())).toBe(start + 12_345)

    const replay = await sendEvent(server.url, event)
    expect(replay.status).toBe(200)
    expect(JSON.parse(replay.text).outcome).toBe('duplicate')
    // What is stored, not only the answer: one gift in all, its history as the first delivery left it, the total once.
    expect(await donations()).toHaveLength(count + 1)
    expect((await bySession(session.id)).map((d) => d.history)).toEqual([donation.history])
    expect(moneyToCents(await raised())).toBe(start + 12_345)
  })

  it('numbers the receipts of 30 card gifts paid at once 1 to 30 of their year, each once, under unique indexes of the database', async () => {
    // Paid in 2021 (noon in Chicago), a year no other test here gives a gift to: its receipt numbers are this test's alone.
    const paidAt = Date.parse('2021-06-15T17:00:00Z') / 1000
    const sessions = Array.from({ length: 30 }, (_, i) => checkoutSession({ amountCents: 3_000 + i, email: `receipt${i}@numbers.test` }))
    let unanswered = sessions.map((session) => signedEvent('checkout.session.completed', session, { created: paidAt }))
    // As Stripe does, each event is sent again until it is answered 2xx (on MongoDB, whose transactions run side by
    // side, a gift that lost the race for a number to the unique index is refused with 409 and comes back).
    for (let round = 1; unanswered.length > 0; round++) {
      expect(round, 'rounds of resending').toBeLessThanOrEqual(30)
      const answers = await Promise.all(unanswered.map((event) => sendEvent(server.url, event)))
      for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status)
      unanswered = unanswered.filter((_, i) => answers[i].status !== 200)
    }
    const ours = new Set(sessions.map((s) => s.id))
    const gifts = (await donations()).filter((d) => ours.has(d.stripeCheckoutSessionId))
    expect(gifts).toHaveLength(30)
    expect(gifts.map((d) => d.receiptNumber).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `2021-${String(i + 1).padStart(4, '0')}`))
    // Read from the database's own schema: the rules hold where two processes, or two MongoDB transactions, meet.
    const unique = await uniqueIndexes(server.databaseUri, 'receipts')
    expect(unique).toEqual(expect.arrayContaining([['year', 'seq'], ['number']]))
  })

  it('50 copies of one event at once leave one donation and one campaign increment', async () => {
    const before = await raised()
    const count = (await donations()).length
    const session = checkoutSession({ amountCents: 1_001, campaignId })
    const event = signedEvent('checkout.session.completed', session)
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendEvent(server.url, event)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    expect(answers.filter((a) => JSON.parse(a.text).outcome === 'recorded')).toHaveLength(1)
    const [donation, ...others] = await bySession(session.id)
    expect(others).toEqual([])
    expect(donation.history).toHaveLength(1)
    expect(await donations()).toHaveLength(count + 1)
    expect(await raised()).toBe(centsToMoney(moneyToCents(before) + 1_001))
  })

  it('the same session sent under a new event id is still one donation', async () => {
    const session = checkoutSession({ amountCents: 500 })
    expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session))).status).toBe(200)
    expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session))).status).toBe(200)
    expect(await bySession(session.id)).toHaveLength(1)
  })

  it('refuses bad signatures with 400 and stores nothing', async () => {
    const count = (await donations()).length
    const session = checkoutSession({ amountCents: 700 })
    const good = signedEvent('checkout.session.completed', session)
    const tampered = { ...good, body: good.body.replace('"amount_total":700', '"amount_total":900') }
    expect(tampered.body).not.toBe(good.body)
    const wrongSecret = signedEvent('checkout.session.completed', session, { secret: 'whsec_not_ours' })
    const stale = signedEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    for (const [what, answer] of [
      ['changed byte', await sendEvent(server.url, tampered)],
      ['wrong secret', await sendEvent(server.url, wrongSecret)],
      ['10-minute-old timestamp', await sendEvent(server.url, stale)],
      ['no signature', await sendEvent(server.url, good, '')],
    ] as const) {
      expect(answer.status, what).toBe(400)
      expect(JSON.parse(answer.text).error, what).toMatch(/signature/i)
    }
    expect(await donations()).toHaveLength(count)
    // The genuine event still goes through afterwards.
    expect((await sendEvent(server.url, good)).status).toBe(200)
    expect(await bySession(session.id)).toHaveLength(1)
  })

  it('an unpaid checkout is pending until the async payment succeeds or fails', async () => {
    const start = moneyToCents(await raised())
    const slow = checkoutSession({ amountCents: 2_500, paid: false, campaignId })
    await sendEvent(server.url, signedEvent('checkout.session.completed', slow))
    expect((await bySession(slow.id))[0].status).toBe('pending')
    expect(moneyToCents(await raised())).toBe(start)
    await sendEvent(server.url, signedEvent('checkout.session.async_payment_succeeded', { ...slow, payment_status: 'paid' }))
    expect((await bySession(slow.id))[0].status).toBe('completed')
    expect(moneyToCents(await raised())).toBe(start + 2_500)

    const bounced = checkoutSession({ amountCents: 4_000, paid: false, campaignId })
    await sendEvent(server.url, signedEvent('checkout.session.completed', bounced))
    await sendEvent(server.url, signedEvent('checkout.session.async_payment_failed', bounced))
    expect((await bySession(bounced.id))[0].status).toBe('failed')
    expect(moneyToCents(await raised())).toBe(start + 2_500)
  })

  it('refunds: partial then full, matched on the payment intent, lower the campaign by exactly the refunded amount', async () => {
    const session = checkoutSession({ amountCents: 10_000, campaignId })
    await sendEvent(server.url, signedEvent('checkout.session.completed', session))
    const start = moneyToCents(await raised())
    const partial = signedEvent('charge.refunded', refundedCharge(session.payment_intent, 10_000, 2_550))
    expect((await sendEvent(server.url, partial)).status).toBe(200)
    let [d] = await bySession(session.id)
    expect(d).toMatchObject({ status: 'partially_refunded', refundedAmount: '25.50' })
    expect(moneyToCents(await raised())).toBe(start - 2_550)

    const full = signedEvent('charge.refunded', refundedCharge(session.payment_intent, 10_000, 10_000))
    expect((await sendEvent(server.url, full)).status).toBe(200)
    ;[d] = await bySession(session.id)
    expect(d).toMatchObject({ status: 'refunded', refundedAmount: '100.00' })
    expect(moneyToCents(await raised())).toBe(start - 10_000)
    // The older partial refund arriving again (new id) changes nothing.
    await sendEvent(server.url, signedEvent('charge.refunded', refundedCharge(session.payment_intent, 10_000, 2_550)))
    expect((await bySession(session.id))[0].status).toBe('refunded')
    expect(moneyToCents(await raised())).toBe(start - 10_000)
  })

  const unmatched = () => allPages<Record<string, any>>(admin, '/api/admin/unmatched-refunds')

  it('a refund we cannot match is acknowledged (2xx), recorded nowhere and listed for the treasurer, never refused for Stripe to retry', async () => {
    const before = (await donations()).length
    const session = checkoutSession({ amountCents: 3_000, campaignId })
    const refund = signedEvent('charge.refunded', refundedCharge(session.payment_intent, 3_000, 1_275))
    const early = await sendEvent(server.url, refund)
    expect(early.status, early.text).toBe(200)
    expect(JSON.parse(early.text).outcome).toBe('unmatched')
    expect(await donations()).toHaveLength(before)
    expect(await unmatched()).toContainEqual(
      expect.objectContaining({ eventId: refund.id, amount: '12.75', payment: session.payment_intent }),
    )
    // Stripe's retry of the same event is a duplicate: listed once.
    expect(JSON.parse((await sendEvent(server.url, refund)).text).outcome).toBe('duplicate')
    expect((await unmatched()).filter((r) => r.eventId === refund.id)).toHaveLength(1)
  })

  it('refuses a negative refund (4xx) and an event without a currency, recording nothing', async () => {
    const session = checkoutSession({ amountCents: 2_000, campaignId })
    expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session))).status).toBe(200)
    const negative = await sendEvent(server.url, signedEvent('charge.refunded', refundedCharge(session.payment_intent, 2_000, -500)))
    expect(negative.status).toBe(400)
    expect((await bySession(session.id))[0]).toMatchObject({ status: 'completed', refundedAmount: null })
    // Through the admin API and Payload's REST alike.
    const id = (await bySession(session.id))[0].id
    const viaApi = await admin.put(`/api/admin/donations/${id}`, { status: 'partially_refunded', refundedAmount: '-5.00' })
    const viaCms = await admin.patch(`/cms-api/donations/${id}`, { status: 'partially_refunded', refundedAmount: '-5.00' })
    expect([viaApi.status, viaCms.status]).toEqual([400, 400])
    expect((await bySession(session.id))[0]).toMatchObject({ status: 'completed', refundedAmount: null })

    const count = (await donations()).length
    const { currency: _, ...noCurrency } = checkoutSession({ amountCents: 4_200, campaignId })
    const refused = await sendEvent(server.url, signedEvent('checkout.session.completed', noCurrency))
    expect(refused.status).toBe(200)
    expect(JSON.parse(refused.text).outcome).toBe('refused')
    expect(await donations()).toHaveLength(count)
  })

  describe("the club's day (CLUB_TIME_ZONE America/Chicago)", () => {
    // Fixed instants, worked out by hand: evenings in Chicago are already the next day in UTC, New Year's Eve is the next
    // year. CST is UTC−6, CDT UTC−5: clocks spring forward on 2026-03-08 and fall back on 2026-11-01, so a fixed offset
    // puts a half hour after midnight on the wrong day.
    const CASES = [
      { what: "New Year's Eve 2025, 9:30 pm CST", date: '2025-12-31', paidAt: '2026-01-01T03:30:00Z' },
      { what: 'New Year 2026, 12:10 am CST', date: '2026-01-01', paidAt: '2026-01-01T06:10:00Z' },
      { what: 'the day clocks spring forward, 11:59 pm CDT', date: '2026-03-08', paidAt: '2026-03-09T04:59:00Z' },
      { what: 'the day after, 12:30 am CDT', date: '2026-03-09', paidAt: '2026-03-09T05:30:00Z' },
      { what: 'a July evening, 8:15 pm CDT', date: '2026-07-15', paidAt: '2026-07-16T01:15:00Z' },
      { what: 'the day clocks fall back, 12:30 am CDT', date: '2026-11-01', paidAt: '2026-11-01T05:30:00Z' },
      { what: 'that evening, 11:30 pm CST', date: '2026-11-01', paidAt: '2026-11-02T05:30:00Z' },
      { what: "New Year's Eve 2026, 11:50 pm CST", date: '2026-12-31', paidAt: '2027-01-01T05:50:00Z' },
    ]
    const seconds = (iso: string) => Date.parse(iso) / 1000

    it('the cases name the club days Intl gives their instants in Chicago', () => {
      for (const { what, date, paidAt } of CASES) expect(clubDay(Date.parse(paidAt)), what).toBe(date)
    })

    it.each(CASES)('a card gift paid $what belongs to that club day (and year)', async ({ date, paidAt }) => {
      const session = checkoutSession({ amountCents: 2_026, campaignId })
      expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: seconds(paidAt) }))).status).toBe(
        200,
      )
      const [gift] = await bySession(session.id)
      expect(gift).toMatchObject({ receivedAt: date, paidAt: new Date(paidAt).toISOString() })
      // The filters and the by-year report ask the club's day.
      const onDay = async (day: string) =>
        ((await admin.get(`/api/admin/donations?campaign=${campaignId}&from=${day}&to=${day}&limit=100`)).json as any[]).map((d) => d.id)
      expect(await onDay(date)).toContain(gift.id)
      const nextDay = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      expect(await onDay(nextDay)).not.toContain(gift.id)
    })

    it.each(CASES)('a month of a monthly gift paid $what belongs to that club day', async ({ date, paidAt }) => {
      const ids = subscriptionIds()
      const invoice = paidInvoice({ ...ids, amountCents: 1_500, paidAt: seconds(paidAt) })
      // Stripe sends invoice.paid a little after it was paid, here on the next UTC day still.
      expect((await sendEvent(server.url, signedEvent('invoice.paid', invoice, { created: seconds(paidAt) + 60 }))).status).toBe(200)
      const [month] = (await donations()).filter((d) => d.stripeSubscriptionId === ids.subscription)
      expect(month).toMatchObject({ receivedAt: date, paidAt: new Date(paidAt).toISOString() })
    })

    it('the by-year report puts New Year’s Eve evening gifts in the old year', async () => {
      const year = async (key: string) => ((await admin.get('/api/admin/reports/giving?by=year')).json as any[]).find((r) => r.key === key)
      const before = (await year('2024'))?.count ?? 0
      const session = checkoutSession({ amountCents: 1_999, campaignId })
      // 10:45 pm CST on 2024-12-31.
      await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: seconds('2025-01-01T04:45:00Z') }))
      expect((await year('2024'))?.count).toBe(before + 1)
      expect((await bySession(session.id))[0].receivedAt).toBe('2024-12-31')
    })
  })

  it('matches the refund of a monthly payment under current API versions (invoice_payment.paid), in either order', async () => {
    for (const order of ['invoice first', 'payment first'] as const) {
      const ids = subscriptionIds()
      const invoice = paidInvoice({ ...ids, amountCents: 2_500 })
      const intent = paymentIntentId()
      const payment = signedEvent('invoice_payment.paid', invoicePayment(invoice.id, intent, 2_500))
      const paid = signedEvent('invoice.paid', invoice)
      for (const event of order === 'invoice first' ? [paid, payment] : [payment, paid]) {
        const res = await sendEvent(server.url, event)
        expect(res.status, res.text).toBe(200)
      }
      const refund = await sendEvent(server.url, signedEvent('charge.refunded', refundedCharge(intent, 2_500, 2_500)))
      expect(JSON.parse(refund.text).outcome, order).toBe('recorded')
      expect(
        (await donations()).find((d) => d.stripeSubscriptionId === ids.subscription),
        order,
      ).toMatchObject({
        status: 'refunded',
        stripePaymentIntentId: intent,
      })
    }
  })

  describe('late Stripe events never rewrite history', () => {
    const now = () => Math.floor(Date.now() / 1000)
    const monthlyGift = async (subscriptionId: string) =>
      (await allPages<Record<string, any>>(admin, '/api/admin/monthly-gifts')).find((g) => g.subscriptionId === subscriptionId)

    it('a monthly gift’s checkout arriving after its cancel changes neither the donor nor the status', async () => {
      const ids = subscriptionIds()
      const cancelled = signedEvent('customer.subscription.deleted', subscription(ids.subscription, ids.customer), { created: now() - 60 })
      expect((await sendEvent(server.url, cancelled)).status).toBe(200)
      const late = {
        ...checkoutSession({ amountCents: 1_000, name: 'Late Name', email: 'late@example.test' }),
        mode: 'subscription',
        subscription: ids.subscription,
        customer: ids.customer,
      }
      const res = await sendEvent(server.url, signedEvent('checkout.session.completed', late, { created: now() - 120 }))
      expect(res.status).toBe(200)
      expect(await monthlyGift(ids.subscription)).toMatchObject({ status: 'cancelled', donorName: null, donorEmail: null })
      // A newer one still applies (the check can see a change): the donor's details arrive.
      const newer = { ...late, id: `${late.id}_b` }
      await sendEvent(server.url, signedEvent('checkout.session.completed', newer, { created: now() }))
      expect(await monthlyGift(ids.subscription)).toMatchObject({ status: 'cancelled', donorName: 'Late Name' })
    })

    it('a success Stripe made before a refund, arriving after it, changes nothing', async () => {
      const session = checkoutSession({ amountCents: 5_000, campaignId, paid: false })
      await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: now() - 300 }))
      await sendEvent(server.url, signedEvent('checkout.session.async_payment_failed', session, { created: now() - 60 }))
      const lateSuccess = await sendEvent(
        server.url,
        signedEvent('checkout.session.async_payment_succeeded', session, { created: now() - 120 }),
      )
      expect(lateSuccess.status).toBe(200)
      const [gift] = await bySession(session.id)
      expect(gift.status).toBe('failed')
      expect(gift.history.map((h: any) => h.status)).toEqual(['pending', 'failed'])

      const paid = checkoutSession({ amountCents: 6_000, campaignId })
      await sendEvent(server.url, signedEvent('checkout.session.completed', paid, { created: now() - 300 }))
      await sendEvent(
        server.url,
        signedEvent('charge.refunded', refundedCharge(paid.payment_intent, 6_000, 6_000), { created: now() - 60 }),
      )
      // An older partial refund (a smaller running total) arriving late.
      await sendEvent(
        server.url,
        signedEvent('charge.refunded', refundedCharge(paid.payment_intent, 6_000, 1_000), { created: now() - 200 }),
      )
      expect((await bySession(paid.id))[0]).toMatchObject({ status: 'refunded', refundedAmount: '60.00' })
    })
  })

  describe('Stripe’s order does not matter', () => {
    /** Every order of the items (n! of them). */
    const orders = <T>(items: T[]): T[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]))

    it('an async checkout, its success, a refund and a second partial refund end the same in each of the 24 orders: each refund on the day Stripe made it, nothing left unmatched', async () => {
      // Chosen in club time, each on its own day (the gift's; the first refund's in October; the second's in November).
      const paid = clubTime('2025-10-03', '10:00')
      const firstRefund = clubTime('2025-10-20', '21:30')
      const secondRefund = clubTime('2025-11-05', '09:15')
      const seen = new Set<string>()
      for (const [n, order] of orders(['checkout', 'success', 'refund', 'second refund'] as const).entries()) {
        const session = checkoutSession({ amountCents: 10_000, campaignId, paid: false, email: `order${n}@order.test` })
        const intent = session.payment_intent
        // Half the orders list the charge's refunds (as an expanded charge does), half only its running total.
        const listed = n % 2 === 0
        const r1 = { id: `re_first_${n}`, amountCents: 2_500, created: firstRefund }
        const r2 = { id: `re_second_${n}`, amountCents: 1_000, created: secondRefund }
        const events = {
          checkout: signedEvent('checkout.session.completed', session, { created: paid }),
          success: signedEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }, { created: paid + 600 }),
          refund: signedEvent('charge.refunded', refundedCharge(intent, 10_000, 2_500, listed ? [r1] : undefined), {
            created: firstRefund,
          }),
          'second refund': signedEvent('charge.refunded', refundedCharge(intent, 10_000, 3_500, listed ? [r1, r2] : undefined), {
            created: secondRefund + 5,
          }),
        }
        for (const what of order) {
          const res = await sendEvent(server.url, events[what])
          expect(res.status, `${order.join(' → ')}: ${what}: ${res.text}`).toBe(200)
          seen.add(events[what].id)
        }
        // The stored record (Payload's REST, one query: the whole list each time would cost more than the events).
        const stored = (await admin.get(`/cms-api/donations?where[stripeCheckoutSessionId][equals]=${session.id}&depth=0`)).json.docs
        const [gift, ...others] = stored
        expect(others, order.join(' → ')).toEqual([])
        expect(
          {
            status: gift.status,
            receivedAt: gift.receivedAt,
            refundedAmount: gift.refundedAmount,
            refundedOn: gift.refundedOn,
            refunds: gift.refunds.map((r: any) => [r.amount, r.day]),
          },
          order.join(' → '),
        ).toEqual({
          status: 'partially_refunded',
          receivedAt: '2025-10-03',
          refundedAmount: '35.00',
          refundedOn: '2025-11-05',
          refunds: [
            ['25.00', '2025-10-20'],
            ['10.00', '2025-11-05'],
          ],
        })
      }
      // Every refund found its payment: none is left for the treasurer.
      expect((await unmatched()).filter((r) => seen.has(r.eventId))).toEqual([])
    })

    it('a dispute the club lost, sent before its payment, takes the money back on the day it closed once the payment arrives', async () => {
      const session = checkoutSession({ amountCents: 4_000, campaignId })
      const closed = clubTime('2025-09-12', '16:00')
      const dispute = signedEvent('charge.dispute.closed', closedDispute(session.payment_intent, 4_000), { created: closed })
      const early = await sendEvent(server.url, dispute)
      expect(JSON.parse(early.text).outcome).toBe('unmatched')
      expect((await unmatched()).map((r) => r.eventId)).toContain(dispute.id)
      const won = signedEvent('charge.dispute.closed', closedDispute(paymentIntentId(), 4_000, 'won'))
      expect(JSON.parse((await sendEvent(server.url, won)).text).outcome).toBe('ignored')

      await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: clubTime('2025-09-01', '12:00') }))
      const [gift] = await bySession(session.id)
      expect(gift).toMatchObject({ status: 'refunded', refundedAmount: '40.00', refundedOn: '2025-09-12' })
      expect(gift.refunds).toEqual([expect.objectContaining({ amount: '40.00', day: '2025-09-12', kind: 'dispute' })])
      expect((await unmatched()).map((r) => r.eventId)).not.toContain(dispute.id)
    })

    it('a signed payout without what a payout records (its created, its amount) is refused with 400 and recorded nowhere', async () => {
      const payout = { id: `po_malformed_${Date.now()}`, object: 'payout', amount: 1_000, arrival_date: 1_790_000_000, currency: 'usd' }
      for (const body of [payout, { ...payout, created: 1_790_000_000, amount: 'ten' }]) {
        const res = await sendEvent(server.url, signedEvent('payout.paid', body))
        expect(res.status, res.text).toBe(400)
        expect(JSON.parse(res.text).error).toMatch(/payout/)
      }
      expect(((await admin.get('/api/admin/payouts')).json as any[]).some((p) => p.payoutId === payout.id)).toBe(false)
    })
  })

  it('without STRIPE_SECRET_KEY records a payout with its total and day, no lines, and says what the key would add', async () => {
    const payout = {
      id: `po_test_${Date.now()}`,
      object: 'payout',
      amount: 48_25,
      // Stripe writes the day the bank receives it as that day's midnight UTC: the bank's day, not the evening before in Chicago.
      arrival_date: Date.parse('2026-12-07T00:00:00Z') / 1000,
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      status: 'paid',
      failure_message: null,
    }
    const res = await sendEvent(server.url, signedEvent('payout.paid', payout))
    expect(res.status, res.text).toBe(200)
    expect(JSON.parse(res.text).outcome).toBe('recorded')
    const listed = ((await admin.get('/api/admin/payouts')).json as any[]).find((p) => p.payoutId === payout.id)
    expect(listed).toMatchObject({ status: 'paid', amount: '48.25', arrivalDay: '2026-12-07', linesRead: false, lines: [] })
    expect((await admin.get('/api/admin/summary')).json.stripeApi).toBe(false)
    // In another currency: acknowledged, recorded nowhere.
    const euro = { ...payout, id: `${payout.id}_eur`, currency: 'eur' }
    expect(JSON.parse((await sendEvent(server.url, signedEvent('payout.paid', euro))).text).outcome).toBe('refused')
    expect(((await admin.get('/api/admin/payouts')).json as any[]).some((p) => p.payoutId === euro.id)).toBe(false)
  })

  it('other event types answer 200 and change nothing; an unknown campaign reference goes to the general fund', async () => {
    const count = (await donations()).length
    const other = await sendEvent(server.url, signedEvent('customer.created', { id: 'cus_123', object: 'customer' }))
    expect(other.status).toBe(200)
    expect(JSON.parse(other.text).outcome).toBe('ignored')
    expect(await donations()).toHaveLength(count)

    const stray = checkoutSession({ amountCents: 999, campaignId: 'not-a-campaign' })
    await sendEvent(server.url, signedEvent('checkout.session.completed', stray))
    expect((await bySession(stray.id))[0]).toMatchObject({ campaignId: null, status: 'completed', amount: '9.99' })
  })

  it('campaign total is exactly the sum of what its card gifts still hold', async () => {
    // At least one gift of its own, so that the sum is not of nothing when this test runs alone.
    expect(
      (await sendEvent(server.url, signedEvent('checkout.session.completed', checkoutSession({ amountCents: 1_234, campaignId })))).status,
    ).toBe(200)
    const mine = (await donations()).filter((d) => d.campaignId === campaignId)
    const held = mine.reduce((sum, d) => {
      if (d.status === 'completed') return sum + moneyToCents(d.amount)
      if (d.status === 'partially_refunded') return sum + moneyToCents(d.amount) - moneyToCents(d.refundedAmount)
      return sum
    }, 0)
    expect(moneyToCents(await raised())).toBe(held)
  })
})

describe('Stripe webhook meeting another process on the SQLite file', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
  })
  afterAll(() => server?.stop())

  it('records a card gift once, answered 200, when its first try met the database held past its busy timeout', async () => {
    const admin = await loggedInAdmin(server.url)
    const other = await openDatabase(server)
    const session = checkoutSession({ amountCents: 4_321, name: 'Lee Waited', email: 'lee@waited.test' })
    await other.execute('BEGIN IMMEDIATE')
    const answer = sendEvent(server.url, signedEvent('checkout.session.completed', session))
    try {
      // SQLite's 5 s busy timeout runs out with the lock still held; the event is then tried again, and waits anew.
      await expect.poll(() => server.output()).toContain('Stripe event met another write to the database: trying it again')
    } finally {
      // Released whatever the poll found, so a failure here does not leave the server waiting on the lock.
      await other.execute('ROLLBACK')
      other.close()
    }
    const response = await answer
    expect(response.status, response.text).toBe(200)
    const gifts = await allPages<Record<string, any>>(admin, '/api/admin/donations')
    expect(gifts.filter((gift) => gift.stripeCheckoutSessionId === session.id)).toMatchObject([
      { amount: '43.21', donorName: 'Lee Waited', status: 'completed' },
    ])
  })

  it('answers 500 and records nothing when the database refuses its COMMIT, then records it once when Stripe sends it again', async () => {
    const admin = await loggedInAdmin(server.url)
    const session = checkoutSession({ amountCents: 2_468, name: 'Kai Refused', email: 'kai@refused.test' })
    const event = signedEvent('checkout.session.completed', session)
    const ofSession = async () =>
      (await allPages<Record<string, any>>(admin, '/api/admin/donations')).filter((gift) => gift.stripeCheckoutSessionId === session.id)
    await whileCommitsRefused(server, 'donations', 'INSERT', async (db) => {
      const refused = await sendEvent(server.url, event)
      expect(refused.status, refused.text).toBe(500)
      expect(refused.text).not.toMatch(/at .+\.(ts|js|mjs):\d+/)
      expect(await ofSession()).toEqual([])
      const seen = await db.execute({ sql: 'SELECT count(*) AS n FROM stripe_events WHERE event_id = ?', args: [event.id] })
      expect(seen.rows[0].n).toBe(0)
    })
    const again = await sendEvent(server.url, event)
    expect(again.status, again.text).toBe(200)
    expect(await ofSession()).toMatchObject([{ amount: '24.68', donorName: 'Kai Refused', status: 'completed' }])
  })
})

describe('Stripe webhook without STRIPE_WEBHOOK_SECRET', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { STRIPE_WEBHOOK_SECRET: '' } })
  })
  afterAll(() => server?.stop())

  it('answers 404 with a one-line reason and stores nothing', async () => {
    const event = signedEvent('checkout.session.completed', checkoutSession({ amountCents: 100 }))
    const res = await sendEvent(server.url, event)
    expect(res.status).toBe(404)
    expect(JSON.parse(res.text).error).toMatch(/STRIPE_WEBHOOK_SECRET/)
  })
})

function moneyToCents(amount: string): number {
  const [whole, fraction = ''] = amount.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
const centsToMoney = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

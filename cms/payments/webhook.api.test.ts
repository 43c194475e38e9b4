import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { databaseTargets } from '../../testing/databases'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { checkoutSession, refundedCharge, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'

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

  it('a refund before its payment is refused (4xx, Stripe retries) and stored nothing; its retry then works', async () => {
    const session = checkoutSession({ amountCents: 3_000, campaignId })
    const refund = signedEvent('charge.refunded', refundedCharge(session.payment_intent, 3_000, 3_000))
    const early = await sendEvent(server.url, refund)
    expect(early.status).toBe(409)
    expect(await bySession(session.id)).toHaveLength(0)
    await sendEvent(server.url, signedEvent('checkout.session.completed', session))
    const retried = await sendEvent(server.url, refund)
    expect(retried.status).toBe(200)
    expect(JSON.parse(retried.text).outcome).toBe('recorded')
    expect((await bySession(session.id))[0].status).toBe('refunded')
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

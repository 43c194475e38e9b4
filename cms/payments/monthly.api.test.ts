import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { startSmtpCapture } from '../../testing/smtp'
import { paidInvoice, sendEvent, signedEvent, subscription, subscriptionIds, TEST_WEBHOOK_SECRET } from '../../testing/stripe'

const PORTAL = 'https://billing.stripe.com/p/login/test_ladyhawks'

/**
 * Monthly gifts (docs/payments.md "Monthly gifts"): Stripe subscriptions reach us as
 * signed events only: the subscription's checkout, each paid invoice (one completed donation, once),
 * and its cancellation. Each month's receipt links Stripe's customer portal.
 */
describe('monthly gifts through the Stripe webhook', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({
      seed: 'none',
      env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, SMTP_URL: smtp.url, STRIPE_PORTAL_URL: PORTAL, EMAIL_RETRY_MS: '200' },
    })
    admin = await loggedInAdmin(server.url)
    for (const [key, value] of [
      ['legalName', 'Lady Hawks Basketball Boosters, Inc.'],
      ['ein', '12-3456789'],
      ['address', '1200 Hawk Way, Springfield, IL 62701'],
    ])
      await admin.put('/api/admin/content', { section: 'organization', key, value })
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  const send = async (type: string, object: Record<string, unknown>) => {
    const res = await sendEvent(server.url, signedEvent(type, object))
    expect(res.status, res.text).toBe(200)
    return JSON.parse(res.text).outcome as string
  }
  const donationsOf = async (subscriptionId: string) =>
    ((await admin.get('/api/admin/donations?limit=100')).json as any[]).filter((d) => d.stripeSubscriptionId === subscriptionId)
  const monthlyGift = async (subscriptionId: string) =>
    ((await admin.get('/api/admin/monthly-gifts')).json as any[]).find((g) => g.subscriptionId === subscriptionId)

  it('records each paid month once as a completed donation linked to its subscription, with a receipt that links the portal', async () => {
    const ids = subscriptionIds()
    // Other tests record gifts too: the total is compared with the one read at the start.
    const cents = (amount: string) => Math.round(Number(amount) * 100)
    const totalBefore = cents((await admin.get('/api/admin/summary')).json.totalDonations)
    // The subscription's checkout records no money: the month's invoice does.
    expect(
      await send('checkout.session.completed', {
        id: `cs_test_${ids.subscription}`,
        object: 'checkout.session',
        mode: 'subscription',
        amount_total: 2500,
        currency: 'usd',
        customer: ids.customer,
        subscription: ids.subscription,
        customer_details: { name: 'Morgan Monthly', email: 'morgan@monthly.test' },
        payment_status: 'paid',
        status: 'complete',
      }),
    ).toBe('recorded')
    expect(await donationsOf(ids.subscription)).toEqual([])
    expect(await monthlyGift(ids.subscription)).toMatchObject({ donorEmail: 'morgan@monthly.test', status: 'active' })

    const invoice = paidInvoice({ ...ids, amountCents: 2500 })
    const event = signedEvent('invoice.paid', invoice)
    expect(JSON.parse((await sendEvent(server.url, event)).text).outcome).toBe('recorded')
    // The same event again, and the same invoice in another event: still one donation.
    expect(JSON.parse((await sendEvent(server.url, event)).text).outcome).toBe('duplicate')
    await send('invoice.paid', invoice)
    const [month, ...others] = await donationsOf(ids.subscription)
    expect(others).toEqual([])
    expect(month).toMatchObject({
      donorName: 'Morgan Monthly',
      donorEmail: 'morgan@monthly.test',
      amount: '25.00',
      paymentMethod: 'stripe',
      status: 'completed',
      campaignId: null,
      stripeSubscriptionId: ids.subscription,
    })
    expect(await monthlyGift(ids.subscription)).toMatchObject({ amount: '25.00', status: 'active' })

    const receipt = await smtp.waitFor((m) => m.to.includes('morgan@monthly.test') && m.subject.startsWith('Your donation receipt'))
    expect(receipt.text).toContain('Amount: $25.00')
    expect(receipt.text).toContain('This is one month of your monthly gift.')
    expect(receipt.text).toContain(`Manage your monthly gift (change the card, the amount, or cancel): ${PORTAL}`)
    expect(receipt.html).toContain(`<a href="${PORTAL}">${PORTAL}</a>`)

    // The next month is a second gift; a $0 invoice (a trial) is no gift.
    await send('invoice.paid', paidInvoice({ ...ids, amountCents: 2500 }))
    expect(await send('invoice.paid', paidInvoice({ ...ids, amountCents: 0 }))).toBe('ignored')
    expect(await donationsOf(ids.subscription)).toHaveLength(2)
    expect(cents((await admin.get('/api/admin/summary')).json.totalDonations)).toBe(totalBefore + 5000)
  })

  it('a cancelled subscription is shown cancelled, and stays so', async () => {
    const ids = subscriptionIds()
    await send('invoice.paid', paidInvoice({ ...ids, amountCents: 1000, email: 'casey@monthly.test', name: 'Casey Cancel' }))
    expect(await monthlyGift(ids.subscription)).toMatchObject({ donorName: 'Casey Cancel', status: 'active', cancelledAt: null })
    await send('customer.subscription.deleted', subscription(ids.subscription, ids.customer))
    const cancelled = await monthlyGift(ids.subscription)
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.cancelledAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    // A last invoice paid after the cancellation still counts, but does not bring the subscription back.
    await send('invoice.paid', paidInvoice({ ...ids, amountCents: 1000, email: 'casey@monthly.test', name: 'Casey Cancel' }))
    expect(await donationsOf(ids.subscription)).toHaveLength(2)
    expect((await monthlyGift(ids.subscription)).status).toBe('cancelled')
  })

  it('only admins read monthly gifts; nobody writes them but the webhook', async () => {
    const visitor = new ApiClient(server.url)
    expect((await visitor.get('/api/admin/monthly-gifts')).status).toBe(401)
    // A gift of its own to try the writes on (this test may run first, or alone).
    const ids = subscriptionIds()
    await send('invoice.paid', paidInvoice({ ...ids, amountCents: 1000, email: 'ada@monthly.test', name: 'Ada Access' }))
    const gift = await monthlyGift(ids.subscription)
    expect(gift).toBeTruthy()
    expect((await admin.post('/cms-api/monthly-gifts', { subscriptionId: 'sub_forged', status: 'active' })).status).toBe(403)
    expect((await admin.patch(`/cms-api/monthly-gifts/${gift.id}`, { status: 'active' })).status).toBe(403)
    expect((await admin.delete(`/cms-api/monthly-gifts/${gift.id}`)).status).toBe(403)
    expect((await visitor.get('/cms-api/monthly-gifts')).status).toBe(403)
  })
})

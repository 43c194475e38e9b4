import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import {
  checkoutSession,
  invoicePayment,
  paidInvoice,
  refundedCharge,
  sendEvent,
  signedEvent,
  subscriptionIds,
  TEST_WEBHOOK_SECRET,
} from '../../testing/stripe'
import { startStripeApi, type StripeApiStandIn } from '../../testing/stripeApi'
import { csvRecords } from '../../testing/csv'

/**
 * Stripe payouts and fees (docs/payments.md "Stripe payouts"), with a restricted key
 * against a local stand-in for Stripe's API (testing/stripeApi.ts): each card gift, one-time or monthly,
 * records its fee and net amount, and a payout is recorded with the gifts, refunds and fees it carries.
 */
describe('Stripe payouts and fees, read with STRIPE_SECRET_KEY', () => {
  let stripe: StripeApiStandIn
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    stripe = await startStripeApi()
    server = await startServer({
      seed: 'none',
      env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_SECRET_KEY: stripe.key, TEST_STRIPE_API: stripe.url },
    })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await server?.stop()
    await stripe?.stop()
  })

  const send = async (type: string, object: Record<string, unknown>, created?: number) => {
    const res = await sendEvent(server.url, signedEvent(type, object, created ? { created } : {}))
    expect(res.status, res.text).toBe(200)
    return JSON.parse(res.text).outcome as string
  }
  const donation = async (match: (d: any) => boolean) => ((await admin.get('/api/admin/donations?limit=100')).json as any[]).find(match)
  const payoutOf = async (payoutId: string) => ((await admin.get('/api/admin/payouts')).json as any[]).find((p) => p.payoutId === payoutId)

  it('matches a payout to its gifts: one-time and monthly gifts with their fees, a refund and a fee Stripe billed apart', async () => {
    // A one-time gift of $50.00: Stripe keeps $1.75, and its fee is read as the gift is recorded.
    const oneTime = checkoutSession({ amountCents: 5000, name: 'Ana O’Neil', email: 'ana@payout.test' })
    const oneTimeCharge = stripe.charge(oneTime.payment_intent, 5000, 175)
    expect(await send('checkout.session.completed', oneTime)).toBe('recorded')
    await expect
      .poll(async () => donation((d) => d.stripeCheckoutSessionId === oneTime.id))
      .toMatchObject({ stripeFee: '1.75', stripeNet: '48.25', stripeBalanceTransactionId: oneTimeCharge.balanceTransactionId })

    // A monthly gift of $20.00 (Stripe API 2025-03 on: the payment intent arrives with invoice_payment.paid).
    const ids = subscriptionIds()
    const invoice = paidInvoice({ subscription: ids.subscription, customer: ids.customer, amountCents: 2000, email: 'mo@payout.test' })
    const monthlyIntent = `pi_test_monthly_${ids.subscription}`
    const monthlyCharge = stripe.charge(monthlyIntent, 2000, 88)
    expect(await send('invoice.paid', invoice)).toBe('recorded')
    expect(await send('invoice_payment.paid', invoicePayment(invoice.id, monthlyIntent, 2000))).toBe('recorded')
    await expect
      .poll(async () => donation((d) => d.stripeSubscriptionId === ids.subscription))
      .toMatchObject({ stripeFee: '0.88', stripeNet: '19.12', stripeBalanceTransactionId: monthlyCharge.balanceTransactionId })

    // A gift Stripe had not settled when it was recorded (its payment intent unknown to the API then): its fee
    // is not read, the gift is recorded all the same, and its payout brings the fee.
    const unsettled = checkoutSession({ amountCents: 3000, name: 'Bao Nguyễn', email: 'bao@payout.test' })
    expect(await send('checkout.session.completed', unsettled)).toBe('recorded')
    const unsettledGift = await donation((d) => d.stripeCheckoutSessionId === unsettled.id)
    expect(unsettledGift).toMatchObject({ status: 'completed', stripeFee: null, stripeNet: null })
    const unsettledCharge = stripe.charge(unsettled.payment_intent, 3000, 117)

    // A refund of $10.00 of the one-time gift, and a $2.00 fee Stripe billed apart.
    expect(await send('charge.refunded', refundedCharge(oneTime.payment_intent, 5000, 1000))).toBe('recorded')
    const refund = stripe.refund(oneTime.payment_intent, 1000)
    const radar = stripe.fee(200, 'Radar for Fraud Teams')

    // The payout: 48.25 + 19.12 + 28.83 − 10.00 − 2.00 = 84.20 reaches the bank on December 3.
    const payout = stripe.payout(
      [oneTimeCharge, monthlyCharge, unsettledCharge, refund, radar].map((t) => t.balanceTransactionId),
      '2026-12-03',
    )
    expect(payout.amount).toBe(8420)
    expect(await send('payout.paid', payout)).toBe('recorded')

    const recorded = await payoutOf(payout.id)
    expect(recorded).toMatchObject({ status: 'paid', amount: '84.20', arrivalDay: '2026-12-03', linesRead: true })
    // The lines sum to what the bank receives, each gift and refund matched to its record.
    const netCents = recorded.lines.reduce((sum: number, l: any) => sum + Math.round(Number(l.net) * 100), 0)
    expect(netCents).toBe(8420)
    const oneTimeGift = await donation((d) => d.stripeCheckoutSessionId === oneTime.id)
    const monthlyGift = await donation((d) => d.stripeSubscriptionId === ids.subscription)
    const byTransaction = Object.fromEntries(recorded.lines.map((l: any) => [l.balanceTransactionId, l]))
    expect(byTransaction[oneTimeCharge.balanceTransactionId]).toMatchObject({
      kind: 'gift',
      amount: '50.00',
      fee: '1.75',
      net: '48.25',
      donationId: oneTimeGift.id,
      donorName: 'Ana O’Neil',
      receiptNumber: oneTimeGift.receiptNumber,
    })
    expect(byTransaction[monthlyCharge.balanceTransactionId]).toMatchObject({ kind: 'gift', net: '19.12', donationId: monthlyGift.id })
    expect(byTransaction[unsettledCharge.balanceTransactionId]).toMatchObject({ kind: 'gift', donationId: unsettledGift.id })
    expect(byTransaction[refund.balanceTransactionId]).toMatchObject({
      kind: 'refund',
      amount: '-10.00',
      net: '-10.00',
      donationId: oneTimeGift.id,
    })
    expect(byTransaction[radar.balanceTransactionId]).toMatchObject({
      kind: 'fee',
      net: '-2.00',
      description: 'Radar for Fraud Teams',
      donationId: null,
    })
    expect(recorded.lines).toHaveLength(5)

    // Each gift now names its payout; the one not settled at first has its fee from the payout.
    expect(await donation((d) => d.id === unsettledGift.id)).toMatchObject({
      stripeFee: '1.17',
      stripeNet: '28.83',
      stripeBalanceTransactionId: unsettledCharge.balanceTransactionId,
      stripePayoutId: payout.id,
    })
    expect(await donation((d) => d.id === oneTimeGift.id)).toMatchObject({ stripeFee: '1.75', stripePayoutId: payout.id })

    // The donations export carries each gift's fee, net amount and payout.
    const csv = await admin.get('/api/admin/donations.csv')
    expect(csv.status).toBe(200)
    const [header, ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    const columns = header.split(',')
    const row = rows.find((r) => r.startsWith(`${unsettledGift.id},`))!.split(',')
    expect(row[columns.indexOf('stripeFee')]).toBe('1.17')
    expect(row[columns.indexOf('stripeNet')]).toBe('28.83')
    expect(row[columns.indexOf('stripePayoutId')]).toBe(payout.id)

    // The accounting ledger takes each fee and the payout out of the clearing account (docs/ACCOUNTING.md): the
    // fees on the gifts' days, the fee Stripe billed apart and the payout on the day the bank receives it.
    const ledger = csvRecords((await admin.get('/api/admin/ledger.csv')).text)
    const fees = ledger.filter((r) => r.Type === 'fee')
    expect(fees.every((r) => r.Account === 'fees' && Number(r.Amount) < 0)).toBe(true)
    expect(fees.find((r) => r.Record === `donations:${oneTimeGift.id}`)).toMatchObject({ Amount: '-1.75', Reference: payout.id })
    expect(fees.find((r) => r.Record === `payouts:${payout.id}`)).toMatchObject({ Amount: '-2.00', 'Club day': '2026-12-03' })
    // This payout's rows only: the file's other test records a payout of its own.
    expect(ledger.filter((r) => r.Type === 'payout' && r.Reference === payout.id)).toEqual([
      expect.objectContaining({ Account: 'bank', Amount: '-84.20', 'Club day': '2026-12-03', Reference: payout.id }),
    ])

    // Sent again: nothing more. Failed afterwards (Stripe fails a payout after saying it was paid): the failure is
    // added, what was recorded stays.
    expect(await send('payout.paid', payout)).toBe('recorded')
    expect(await payoutOf(payout.id)).toEqual(recorded)
    expect(
      await send('payout.failed', {
        ...payout,
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed',
      }),
    ).toBe('recorded')
    expect(await payoutOf(payout.id)).toEqual({ ...recorded, status: 'failed', failureMessage: 'The bank account has been closed' })
    // The stand-in was asked only reads, with the key.
    expect(stripe.requests.every((r) => r.startsWith('GET /v1/'))).toBe(true)
  })

  it('a gift’s Stripe fee row in the ledger carries its gift’s class; a fee billed apart and a payout carry none', async () => {
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Bus Fund', description: 'Away games', goalAmount: '900' })).json
    const session = checkoutSession({ amountCents: 4000, campaignId: campaign.id, name: 'Cy Class', email: 'class@payout.test' })
    stripe.charge(session.payment_intent, 4000, 146)
    expect(await send('checkout.session.completed', session)).toBe('recorded')
    await expect.poll(async () => donation((d) => d.stripeCheckoutSessionId === session.id)).toMatchObject({ stripeFee: '1.46' })
    const gift = await donation((d) => d.stripeCheckoutSessionId === session.id)
    const ledger = csvRecords((await admin.get('/api/admin/ledger.csv')).text)
    expect(ledger.filter((r) => r.Record === `donations:${gift.id}`).map((r) => [r.Type, r.Class, r.Amount])).toEqual([
      ['gift', 'Bus Fund', '40.00'],
      ['fee', 'Bus Fund', '-1.46'],
    ])
    expect(ledger.filter((r) => r.Record.startsWith('payouts:')).every((r) => r.Class === '')).toBe(true)
  })

  it('keeps payouts to admins and writes them only from Stripe, on every door', async () => {
    // A payment no recorded gift matches (made in Stripe's dashboard): listed, matched to nothing.
    const stray = stripe.charge('pi_test_not_recorded_here', 1000, 59)
    const payout = stripe.payout([stray.balanceTransactionId, stripe.fee(150, 'Billing fee').balanceTransactionId], '2026-12-04')
    expect(await send('payout.paid', payout)).toBe('recorded')
    const { id } = await payoutOf(payout.id)
    expect((await new ApiClient(server.url).get('/api/admin/payouts')).status).toBe(401)
    expect((await new ApiClient(server.url).get('/cms-api/payouts')).status).toBe(403)
    for (const [method, url] of [
      ['PATCH', `/cms-api/payouts/${id}`],
      ['DELETE', `/cms-api/payouts/${id}`],
      ['POST', '/cms-api/payouts'],
    ] as const) {
      const res = await admin.request(method, url, { amount: '1.00', payoutId: 'po_forged', status: 'paid', arrivalDay: '2026-12-04' })
      expect(res.status, `${method} ${url}`).toBe(403)
    }
    // A gift's fee facts are Stripe's too: the admin cannot set them.
    const gift = await admin.post('/api/admin/donations', {
      donorName: 'Cash Donor',
      donorEmail: 'cash@payout.test',
      amount: '10',
      paymentMethod: 'cash',
    })
    expect(gift.status).toBe(201)
    const forged = await admin.request('PATCH', `/cms-api/donations/${gift.json.id}`, { stripeFee: '5.00', stripePayoutId: 'po_x' })
    expect((await donation((d) => d.id === gift.json.id)).stripeFee ?? null, forged.text).toBeNull()
    const kept = await payoutOf(payout.id)
    expect(kept).toMatchObject({ amount: '7.91', status: 'paid' })
    expect(kept.lines.find((l: any) => l.balanceTransactionId === stray.balanceTransactionId)).toMatchObject({
      kind: 'gift',
      donationId: null,
    })
  })
})

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the part of Stripe's API the server reads with STRIPE_SECRET_KEY
 * (cms/payments/stripeApi.ts): payment intents (with `expand[]=latest_charge.balance_transaction`)
 * and balance transactions listed by payout (with `expand[]=data.source`, paged by `limit` and
 * `starting_after`), answering Stripe's documented object shapes and errors; and the one write the
 * server makes, with its own key (STRIPE_CHECKOUT_KEY, cms/membership/checkout.ts): creating a Checkout
 * Session, once per Idempotency-Key as Stripe does. The server's SDK is pointed here by TEST_STRIPE_API
 * (its host/port/protocol settings); nothing leaves the machine.
 */
export const TEST_STRIPE_KEY = `rk_test_${randomBytes(12).toString('hex')}`
/** A restricted key allowed to create Checkout Sessions and nothing else. */
export const TEST_CHECKOUT_KEY = `rk_test_checkout_${randomBytes(12).toString('hex')}`

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

type Json = Record<string, unknown>

export async function startStripeApi(key = TEST_STRIPE_KEY, checkoutKey = TEST_CHECKOUT_KEY) {
  const balanceTransactions = new Map<string, Json>()
  const charges = new Map<string, Json>()
  const refunds = new Map<string, Json>()
  const intents = new Map<string, Json>()
  /** Each payout's balance transactions, in the order Stripe lists them (newest first). */
  const payoutTransactions = new Map<string, string[]>()
  /** Every request as `METHOD path?query`, for tests that check what was asked. */
  const requests: string[] = []
  /** Checkout Sessions made, by id, and the one each Idempotency-Key made. */
  const sessions = new Map<string, Json>()
  const idempotent = new Map<string, string>()

  const balanceTransaction = (type: string, amount: number, fee: number, source: string | null, description: string | null): Json => {
    const bt = {
      id: id('txn'),
      object: 'balance_transaction',
      amount,
      available_on: now(),
      balance_type: 'payments',
      created: now(),
      currency: 'usd',
      description,
      exchange_rate: null,
      fee,
      fee_details: fee
        ? [{ amount: fee, application: null, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' }]
        : [],
      net: amount - fee,
      reporting_category: type === 'charge' ? 'charge' : type === 'refund' ? 'refund' : 'fee',
      source,
      status: 'available',
      type,
    }
    balanceTransactions.set(bt.id, bt)
    return bt
  }

  const sourceOf = (sourceId: unknown) =>
    typeof sourceId === 'string' ? (charges.get(sourceId) ?? refunds.get(sourceId) ?? sourceId) : sourceId

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
    res.end(JSON.stringify(body))
  }
  const notFound = (res: ServerResponse, what: string, value: string) =>
    send(res, 404, {
      error: { code: 'resource_missing', message: `No such ${what}: '${value}'`, param: 'id', type: 'invalid_request_error' },
    })

  /** POST /v1/checkout/sessions (form-encoded, as the SDK sends it): a session in Stripe's shape, open for 24 hours. */
  const createSession = (body: URLSearchParams, idempotencyKey: string | undefined) => {
    const made = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
    if (made) return sessions.get(made)!
    const sessionId = id('cs_test')
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      currency: body.get('line_items[0][price_data][currency]'),
      amount_total: Number(body.get('line_items[0][price_data][unit_amount]')) * Number(body.get('line_items[0][quantity]') ?? 1),
      client_reference_id: body.get('client_reference_id'),
      customer_email: body.get('customer_email'),
      metadata: Object.fromEntries([...body.entries()].filter(([k]) => /^metadata\[/.test(k)).map(([k, v]) => [k.slice(9, -1), v])),
      success_url: body.get('success_url'),
      cancel_url: body.get('cancel_url'),
      payment_intent: null,
      expires_at: now() + 24 * 60 * 60,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    }
    sessions.set(sessionId, session)
    if (idempotencyKey) idempotent.set(idempotencyKey, sessionId)
    return session
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (req.headers.authorization !== `Bearer ${checkoutKey}`)
        return send(res, 401, { error: { message: 'Invalid API Key provided', type: 'invalid_request_error' } })
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const key = req.headers['idempotency-key']
      return send(res, 200, createSession(new URLSearchParams(Buffer.concat(chunks).toString()), typeof key === 'string' ? key : undefined))
    }
    if (req.headers.authorization !== `Bearer ${key}`)
      return send(res, 401, { error: { message: 'Invalid API Key provided', type: 'invalid_request_error' } })
    if (req.method !== 'GET') return send(res, 405, { error: { message: 'This key is read-only', type: 'invalid_request_error' } })
    const expand = [...url.searchParams.entries()].filter(([name]) => /^expand(\[\d*\])?$/.test(name)).map(([, value]) => value)

    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)
    if (intent) {
      const found = intents.get(intent[1])
      if (!found) return notFound(res, 'payment_intent', intent[1])
      let latest: unknown = found.latest_charge
      if (expand.some((e) => e.startsWith('latest_charge')) && typeof latest === 'string') {
        const charge = charges.get(latest)!
        latest = expand.includes('latest_charge.balance_transaction')
          ? { ...charge, balance_transaction: balanceTransactions.get(charge.balance_transaction as string) }
          : charge
      }
      return send(res, 200, { ...found, latest_charge: latest })
    }

    if (url.pathname === '/v1/balance_transactions') {
      const payout = url.searchParams.get('payout')
      const all = payout ? (payoutTransactions.get(payout) ?? []) : [...balanceTransactions.keys()].reverse()
      const after = url.searchParams.get('starting_after')
      const start = after ? all.indexOf(after) + 1 : 0
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 100)
      const page = all.slice(start, start + limit).map((txn) => {
        const bt = balanceTransactions.get(txn)!
        return expand.includes('data.source') ? { ...bt, source: sourceOf(bt.source) } : bt
      })
      return send(res, 200, { object: 'list', data: page, has_more: start + limit < all.length, url: '/v1/balance_transactions' })
    }
    return send(res, 404, { error: { message: `Unrecognized request URL (GET: ${url.pathname})`, type: 'invalid_request_error' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    /** The Checkout Sessions the server made, oldest first. */
    sessions: () => [...sessions.values()],
    /**
     * A session paid: it as `checkout.session.completed` carries it (its payment intent made now), and, with
     * `feeCents`, that payment's charge and balance transaction for the fee and payout readers.
     */
    pay(sessionId: string, feeCents?: number, details = { name: 'Pat Family', email: 'pat@family.test' }) {
      const session = sessions.get(sessionId)!
      const paymentIntent = id('pi')
      if (feeCents !== undefined) this.charge(paymentIntent, session.amount_total as number, feeCents)
      return { ...session, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, customer_details: details }
    },
    /**
     * A succeeded card payment of a payment intent: its charge and balance transaction (`feeCents` taken by
     * Stripe). `invoice`: the invoice it paid (a monthly gift), as older API versions name it on the charge.
     */
    charge(paymentIntent: string, amountCents: number, feeCents: number, invoice?: string) {
      const chargeId = id('ch')
      const bt = balanceTransaction('charge', amountCents, feeCents, chargeId, invoice ? 'Subscription update' : 'Donation')
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: amountCents,
        amount_captured: amountCents,
        amount_refunded: 0,
        balance_transaction: bt.id,
        captured: true,
        created: now(),
        currency: 'usd',
        paid: true,
        payment_intent: paymentIntent,
        refunded: false,
        status: 'succeeded',
        ...(invoice ? { invoice } : {}),
      })
      intents.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        amount: amountCents,
        amount_received: amountCents,
        created: now(),
        currency: 'usd',
        latest_charge: chargeId,
        status: 'succeeded',
      })
      return { chargeId, balanceTransactionId: bt.id as string, net: amountCents - feeCents }
    },
    /** A refund of a payment intent's charge: its balance transaction takes the money back out. */
    refund(paymentIntent: string, amountCents: number) {
      const refundId = id('re')
      const bt = balanceTransaction('refund', -amountCents, 0, refundId, 'REFUND FOR CHARGE (Donation)')
      refunds.set(refundId, {
        id: refundId,
        object: 'refund',
        amount: amountCents,
        balance_transaction: bt.id,
        charge: intents.get(paymentIntent)?.latest_charge ?? null,
        created: now(),
        currency: 'usd',
        payment_intent: paymentIntent,
        status: 'succeeded',
      })
      return { balanceTransactionId: bt.id as string, net: -amountCents }
    },
    /** A fee Stripe billed apart from any payment (Radar, Billing): a `stripe_fee` balance transaction. */
    fee(amountCents: number, description: string) {
      const bt = balanceTransaction('stripe_fee', -amountCents, 0, null, description)
      return { balanceTransactionId: bt.id as string, net: -amountCents }
    },
    /**
     * A payout carrying these balance transactions (its own `payout` one too, which Stripe lists with
     * them): the Payout object as `payout.paid` and `payout.failed` carry it, amount the sum of their nets.
     */
    payout(transactionIds: string[], arrivalDay: string) {
      const amount = transactionIds.reduce((sum, txn) => sum + (balanceTransactions.get(txn)!.net as number), 0)
      const payoutId = id('po')
      const own = balanceTransaction('payout', -amount, 0, payoutId, 'STRIPE PAYOUT')
      payoutTransactions.set(payoutId, [own.id as string, ...[...transactionIds].reverse()])
      return {
        id: payoutId,
        object: 'payout',
        amount,
        // Stripe writes the day the bank receives it as that day's midnight UTC.
        arrival_date: Date.parse(`${arrivalDay}T00:00:00Z`) / 1000,
        automatic: true,
        balance_transaction: own.id,
        created: now(),
        currency: 'usd',
        description: 'STRIPE PAYOUT',
        destination: id('ba'),
        failure_balance_transaction: null,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        method: 'standard',
        reconciliation_status: 'completed',
        source_type: 'card',
        statement_descriptor: null,
        status: 'paid',
        type: 'bank_account',
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type StripeApiStandIn = Awaited<ReturnType<typeof startStripeApi>>

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { mailSettings, startSmtpCapture } from '../../testing/smtp'
import { readPdf } from '../../testing/pdf'
import {
  checkoutSession,
  clubTime,
  paidInvoice,
  refundedCharge,
  sendEvent,
  signedEvent,
  subscriptionIds,
  TEST_WEBHOOK_SECRET,
} from '../../testing/stripe'

/**
 * A generated season (docs/ACCOUNTING.md): a few thousand gifts sent through the real doors — signed
 * Stripe checkout and invoice events whose instants crowd two New Year's Eves in club time (evenings
 * after 6 pm Chicago, in CST and CDT), offline gifts through Record a gift's API, refunds and voids —
 * while the test keeps its own ledger: plain integer arithmetic on what it sent, each gift's club day
 * worked out here with Intl alone. Then every figure the club shows or tells is compared with it: the
 * records and their CSV export, receipt numbers and dates, the Overview, Giving at a Glance, the
 * campaign totals, the donors list and its export, and the year-end statements kept and mailed.
 */
const ZONE = 'America/Chicago'
/**
 * How many gifts. Each costs the server about 70 ms of CPU through the real doors (measured: 500 gifts, 35 s
 * of the server's CPU), so 300 keep this file near 40 s on an idle 2-core machine; `SEASON_GIFTS=2400` sends
 * a full season (about 3 minutes).
 */
const GIFTS = Number(process.env.SEASON_GIFTS ?? 300)
const IN_FLIGHT = 8

/** The club's day of an instant, worked out independently of the server's code. */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const clubDayOf = (seconds: number) => dayFormat.format(new Date(seconds * 1000))
const today = () => dayFormat.format(new Date())

/** A seeded generator: the same season every run (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Kind = 'checkout' | 'invoice' | 'offline'
type Entry = {
  kind: Kind
  /** How the record is found again: the session id, the subscription id, or the id the API answered. */
  ref: string
  email: string
  name: string
  cents: number
  campaign: number | null
  /** A card gift's instant (seconds). */
  instant: number | null
  day: string
  method: string
  paymentIntent?: string
  refundCents: number
  refundDay: string | null
  voidDay: string | null
  id?: string
}
const statusOf = (e: Entry) =>
  e.voidDay ? 'void' : e.refundCents === 0 ? 'completed' : e.refundCents === e.cents ? 'refunded' : 'partially_refunded'
const keptOf = (e: Entry) => (e.voidDay ? 0 : e.cents - e.refundCents)
/** Gifts that count (completed, or partly refunded), as the donors list, the report and the statements count them. */
const counts = (e: Entry) => !e.voidDay && e.refundCents < e.cents
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
const usd = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`

/**
 * A request sent again when the connection dropped before any answer (a kept-alive socket the busy server
 * closed as it was reused): safe here, as Stripe's retries are, because each event counts once by its id
 * and each offline gift is looked for by its reference before it is sent again.
 */
async function resent<T>(send: () => Promise<T>, alreadyStored: () => Promise<T | undefined> = async () => undefined): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (err) {
      if (attempt === 3 || !(err instanceof TypeError)) throw err
      const stored = await alreadyStored()
      if (stored) return stored
    }
  }
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++])
    }),
  )
}

/** RFC 4180 rows (the exports quote fields with commas, quotes or line breaks), as objects by the header's names. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [[]]
  let field = ''
  let quoted = false
  const endField = () => {
    rows[rows.length - 1].push(field)
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted || (c !== ',' && c !== '\r' && c !== '\n')) field += c
    else if (c === ',') endField()
    else if (c === '\n') {
      endField()
      rows.push([])
    }
  }
  if (field || rows[rows.length - 1].length) endField()
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0])
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}

/** Waits until `count` reaches `target`, for as long as it keeps moving toward it: each poll waits for the next step. */
async function whileItMoves(count: () => Promise<number>, target: number) {
  for (let now = await count(); now < target; now = await count()) {
    const before = now
    await expect.poll(async () => (await count()) > before).toBe(true)
  }
}

// The season first, then what comes after it ("Stripe’s events shuffled and corrections recorded late"): the tests run
// in order, kept so under `--sequence.shuffle`.
describe('a generated season across two New Year’s Eves, compared with an independent ledger', { shuffle: false }, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer
  let admin: ApiClient
  const campaigns: Array<{ id: string; name: string }> = []
  const ledger: Entry[] = []
  const ORG = 'Lady Hawks Basketball Boosters, Inc.'

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({
      env: {
        ...mailSettings(smtp),
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        CLUB_TIME_ZONE: ZONE,
      },
    })
    admin = await loggedInAdmin(server.url)
    for (const [key, value] of Object.entries({ legalName: ORG, ein: '12-3456789', address: '1200 Hawk Way, Springfield, IL 62701' }))
      expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
    for (const name of ['Travel Fund', 'New Uniforms', 'Summer Camp']) {
      const res = await admin.post('/api/admin/campaigns', { name, description: `${name} for the season`, goalAmount: '50000' })
      expect(res.status, res.text).toBe(201)
      campaigns.push({ id: res.json.id, name })
    }

    // The season: gifts from Dec 1, 2024 to Jan 31, 2026; a third in the New Year's Eve evenings and nights.
    const rand = random(20251231)
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]
    const first = clubTime('2024-12-01', '00:00', ZONE)
    const last = clubTime('2026-01-31', '23:59', ZONE)
    const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
    const instant = (): number => {
      const r = rand()
      if (r < 0.35) {
        // New Year's Eve from 6 pm to 3 am (CST, UTC−6: from midnight UTC on it is already the new year there).
        const eve = pick(['2024-12-31', '2025-12-31'])
        return clubTime(eve, '18:00', ZONE) + Math.floor(rand() * 9 * 3600)
      }
      if (r < 0.55) {
        // An evening after 6 pm on any day of the season: summer ones are CDT (UTC−5).
        const day = dayAfter('2024-12-01', Math.floor(rand() * 426))
        return clubTime(day, '18:00', ZONE) + Math.floor(rand() * 6 * 3600)
      }
      return first + Math.floor(rand() * (last - first))
    }
    const donors = Array.from({ length: 150 }, (_, i) => ({ email: `donor${i}@season.test`, name: `Donor ${i} Giver` }))
    for (let i = 0; i < GIFTS; i++) {
      const donor = pick(donors)
      const cents = 100 + Math.floor(rand() * 49_900)
      const r = rand()
      const kind: Kind = r < 0.6 ? 'checkout' : r < 0.75 ? 'invoice' : 'offline'
      const at = instant()
      const campaign = kind === 'invoice' || rand() < 0.3 ? null : Math.floor(rand() * campaigns.length)
      ledger.push({
        kind,
        ref: '',
        ...donor,
        cents,
        campaign,
        instant: kind === 'offline' ? null : at,
        day: clubDayOf(at),
        method: kind === 'offline' ? pick(['check', 'cash', 'venmo']) : 'stripe',
        refundCents: 0,
        refundDay: null,
        voidDay: null,
      })
    }

    // Through the doors, 8 at a time.
    await pool(ledger, IN_FLIGHT, async (e) => {
      if (e.kind === 'checkout') {
        const session = checkoutSession({
          amountCents: e.cents,
          campaignId: e.campaign === null ? null : campaigns[e.campaign].id,
          name: e.name,
          email: e.email,
        })
        e.ref = session.id
        e.paymentIntent = session.payment_intent
        const event = signedEvent('checkout.session.completed', session, { created: e.instant! })
        const res = await resent(() => sendEvent(server.url, event))
        expect(JSON.parse(res.text).outcome, res.text).toMatch(/^(recorded|duplicate)$/)
      } else if (e.kind === 'invoice') {
        const ids = subscriptionIds()
        e.ref = ids.subscription
        const invoice = paidInvoice({ ...ids, amountCents: e.cents, name: e.name, email: e.email, paidAt: e.instant! })
        // Stripe sends invoice.paid a minute after the payment.
        const event = signedEvent('invoice.paid', invoice, { created: e.instant! + 60 })
        const res = await resent(() => sendEvent(server.url, event))
        expect(JSON.parse(res.text).outcome, res.text).toMatch(/^(recorded|duplicate)$/)
      } else {
        e.ref = `gift-${ledger.indexOf(e)}`
        const stored = async () => {
          const found = (await allPages(admin, '/api/admin/donations')).find((d) => d.reference === e.ref)
          return found && { status: 201, json: found, text: '' }
        }
        const gift = {
          donorName: e.name,
          donorEmail: e.email,
          amount: dollars(e.cents),
          paymentMethod: e.method,
          receivedAt: e.day,
          status: 'completed',
          reference: e.ref,
          ...(e.campaign === null ? {} : { campaignId: campaigns[e.campaign].id }),
        }
        const res = await resent(() => admin.post('/api/admin/donations', gift), stored)
        expect(res.status, res.text).toBe(201)
        e.id = res.json.id
      }
    })

    // Refunds (card: Stripe's charge.refunded made at its own instant; offline: the treasurer, today) and voids.
    const now = Math.floor(Date.now() / 1000)
    const changes = ledger.filter(() => rand() < 0.05)
    await pool(changes, IN_FLIGHT, async (e) => {
      const partial = rand() < 0.5
      const refundCents = partial ? 1 + Math.floor(rand() * (e.cents - 1)) : e.cents
      if (e.kind === 'checkout') {
        // Some on New Year's Eve at 11:30 pm (already Jan 1 in UTC), the rest up to 40 days after the gift.
        const eve = `${e.day.slice(0, 4)}-12-31`
        const made =
          e.day.endsWith('-12-31') && e.instant! < clubTime(eve, '23:30', ZONE)
            ? clubTime(eve, '23:30', ZONE)
            : Math.min(now - 60, e.instant! + 3600 + Math.floor(rand() * 40 * 86_400))
        const event = signedEvent('charge.refunded', refundedCharge(e.paymentIntent!, e.cents, refundCents), { created: made })
        const res = await resent(() => sendEvent(server.url, event))
        expect(JSON.parse(res.text).outcome, res.text).toMatch(/^(recorded|duplicate)$/)
        e.refundCents = refundCents
        e.refundDay = clubDayOf(made)
      } else if (e.kind === 'offline') {
        const voided = rand() < 0.5
        const res = await resent(() =>
          admin.put(
            `/api/admin/donations/${e.id}`,
            voided
              ? { status: 'void', voidReason: 'Returned by the bank', voidCategory: 'check_returned' }
              : partial
                ? { status: 'partially_refunded', refundedAmount: dollars(refundCents) }
                : { status: 'refunded' },
          ),
        )
        expect(res.status, res.text).toBe(200)
        if (voided) e.voidDay = today()
        else {
          e.refundCents = refundCents
          e.refundDay = today()
        }
      }
    })
    // Every gift's record, for the tests to read what they need in any order (a card gift's id is Stripe's to give).
    const stored = await allPages<Record<string, any>>(admin, '/api/admin/donations')
    const idByRef = new Map(stored.map((r) => [r.stripeCheckoutSessionId ?? r.stripeSubscriptionId ?? r.reference, r.id as string]))
    for (const e of ledger) e.id = idByRef.get(e.ref)
    // A season through the doors takes longer than the suite's hook time on a busy machine (see GIFTS).
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  const years = () => [...new Set(ledger.map((e) => e.day.slice(0, 4)))].sort()
  const sumKept = (entries: Entry[]) => entries.reduce((n, e) => n + keptOf(e), 0)
  const cents = (amount: string | null) => (amount ? Math.round(Number(amount) * 100) : 0)

  it('every record, and its CSV row, holds what was sent: amount, club day, instant, refund and its day, void, campaign, receipt', async () => {
    expect(years()).toEqual(['2024', '2025', '2026'])
    // Card gifts whose UTC day is not their club day: the evenings that were dated the next day before.
    expect(ledger.filter((e) => e.instant && new Date(e.instant * 1000).toISOString().slice(0, 10) !== e.day).length).toBeGreaterThan(
      GIFTS / 5,
    )

    const records = await allPages<Record<string, any>>(admin, '/api/admin/donations')
    expect(records).toHaveLength(GIFTS)
    const byRef = new Map(records.map((r) => [r.stripeCheckoutSessionId ?? r.stripeSubscriptionId ?? r.reference, r]))
    for (const e of ledger) expect(byRef.get(e.ref)?.id, e.ref).toBe(e.id)
    const csv = new Map(parseCsv((await admin.get('/api/admin/donations.csv')).text).map((row) => [row.id, row]))
    expect(csv.size).toBe(GIFTS)
    const campaignName = (e: Entry) => (e.campaign === null ? 'General fund' : campaigns[e.campaign].name)

    const seen = ledger.map((e) => {
      const r = byRef.get(e.ref)!
      const row = csv.get(r.id)!
      return {
        record: [
          r.amount,
          r.status,
          r.receivedAt,
          r.paidAt,
          r.refundedAmount,
          r.refundedOn,
          r.voidedOn,
          r.paymentMethod,
          r.campaignId,
          r.donorEmail,
        ],
        csv: [row.amount, row.status, row.receivedAt, row.paidAt, row.refundedAmount, row.refundedOn, row.voidedOn, row.campaign],
        receiptYear: r.receiptNumber?.slice(0, 4),
      }
    })
    const expected = ledger.map((e) => {
      const refunded = e.refundCents ? dollars(e.refundCents) : null
      const paidAt = e.instant ? new Date(e.instant * 1000).toISOString() : null
      return {
        record: [
          dollars(e.cents),
          statusOf(e),
          e.day,
          paidAt,
          refunded,
          e.refundDay,
          e.voidDay,
          e.method,
          e.campaign === null ? null : campaigns[e.campaign].id,
          e.email,
        ],
        csv: [dollars(e.cents), statusOf(e), e.day, paidAt ?? '', refunded ?? '', e.refundDay ?? '', e.voidDay ?? '', campaignName(e)],
        // Every gift was received, so every one got a receipt numbered in its club day's year.
        receiptYear: e.day.slice(0, 4),
      }
    })
    expect(seen).toEqual(expected)

    // Receipt numbers: per year 0001 up to that year's number of gifts, none twice, none missing; the receipts kept say the same.
    for (const year of years()) {
      const numbers = records
        .filter((r) => r.receivedAt.startsWith(year))
        .map((r) => r.receiptNumber)
        .sort()
      const count = ledger.filter((e) => e.day.startsWith(year)).length
      expect(numbers, year).toEqual(Array.from({ length: count }, (_, i) => `${year}-${String(i + 1).padStart(4, '0')}`))
    }
    const receipts: any[] = []
    for (let page = 1, pages = 1; page <= pages; page++) {
      const res = await admin.get(`/cms-api/receipts?limit=100&page=${page}&depth=0`)
      expect(res.status).toBe(200)
      receipts.push(...res.json.docs)
      pages = res.json.totalPages
    }
    const receiptOf = new Map(receipts.map((d) => [d.recordId, d]))
    for (const e of ledger) expect(receiptOf.get(e.id!)?.number, e.ref).toBe(byRef.get(e.ref)!.receiptNumber)
    // Voided gifts' receipts are withdrawn, and only theirs.
    expect(ledger.filter((e) => receiptOf.get(e.id!)?.voidedOn).map((e) => e.id)).toEqual(ledger.filter((e) => e.voidDay).map((e) => e.id))
  })

  it('the mailed receipts of New Year’s Eve evenings say December 31 and the old year’s number', async () => {
    const evenings = ledger.filter((e) => e.instant && e.day.endsWith('-12-31') && clubDayOf(e.instant + 6 * 3600) !== e.day)
    expect(evenings.length).toBeGreaterThan(GIFTS / 25)
    // The first ones sent: the outbox mails receipts one after another, oldest first, so these come soon.
    const eveGifts = evenings.slice(0, 6)
    const records = new Map((await allPages<Record<string, any>>(admin, '/api/admin/donations')).map((r) => [r.id, r]))
    // The outbox mails receipts one after another: wait for these.
    const numbers = eveGifts.map((e) => records.get(e.id!)!.receiptNumber as string)
    const mailed = () => new Map(smtp.messages.map((m) => [/Receipt number: (\d{4}-\d{4})/.exec(m.text)?.[1], m]))
    await expect.poll(() => numbers.filter((n) => !mailed().has(n)).length).toBe(0)
    const byNumber = mailed()
    for (const e of eveGifts) {
      const number = records.get(e.id!)!.receiptNumber
      expect(number.slice(0, 4)).toBe(e.day.slice(0, 4))
      const mail = byNumber.get(number)!
      expect(mail.to).toEqual([e.email])
      expect(mail.text).toContain(`Date: December 31, ${e.day.slice(0, 4)}`)
      expect(mail.text).toContain(`Amount: ${usd(e.cents)}`)
    }
  })

  it('the Overview, Giving at a Glance, the campaign totals, the donors list and the exports all agree with the ledger', async () => {
    const received = ledger.filter((e) => !e.voidDay)
    const summary = (await admin.get('/api/admin/summary')).json
    expect(summary.books.donations).toEqual({
      received: dollars(received.reduce((n, e) => n + e.cents, 0)),
      refunded: dollars(received.reduce((n, e) => n + e.refundCents, 0)),
      kept: dollars(sumKept(received)),
      count: received.length,
    })
    const completed = ledger.filter((e) => statusOf(e) === 'completed')
    expect({ total: summary.totalDonations, count: summary.donationCount }).toEqual({
      total: dollars(completed.reduce((n, e) => n + e.cents, 0)),
      count: completed.length,
    })

    // Giving at a Glance: by year, by month of 2025, by campaign.
    const report = async (query: string) =>
      ((await admin.get(`/api/admin/reports/giving?${query}`)).json as Array<{ key: string; amount: string; count: number }>).map((r) => [
        r.key,
        r.amount,
        r.count,
      ])
    const group = (entries: Entry[], keyOf: (e: Entry) => string) => {
      const groups = new Map<string, Entry[]>()
      for (const e of entries.filter(counts)) groups.set(keyOf(e), [...(groups.get(keyOf(e)) ?? []), e])
      return groups
    }
    const byYear = group(ledger, (e) => e.day.slice(0, 4))
    expect(await report('by=year')).toEqual(
      [...byYear].sort(([a], [b]) => b.localeCompare(a)).map(([k, g]) => [k, dollars(sumKept(g)), g.length]),
    )
    const byMonth = group(
      ledger.filter((e) => e.day.startsWith('2025')),
      (e) => e.day.slice(0, 7),
    )
    expect(await report('by=month&from=2025-01-01&to=2025-12-31')).toEqual(
      [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([k, g]) => [k, dollars(sumKept(g)), g.length]),
    )
    const byCampaign = group(ledger, (e) => (e.campaign === null ? 'general' : campaigns[e.campaign].id))
    const campaignRows = await report('by=campaign&from=2024-01-01&to=2026-12-31')
    expect(new Map(campaignRows.map(([k, a, n]) => [k, [a, n]]))).toEqual(
      new Map([...byCampaign].map(([k, g]) => [k, [dollars(sumKept(g)), g.length]])),
    )

    // The campaigns' raised amounts (no opening balance): what their gifts kept.
    const cards = (await admin.get('/api/admin/campaigns')).json as Array<{ id: string; currentAmount: string }>
    for (const [i, c] of campaigns.entries())
      expect(cards.find((card) => card.id === c.id)?.currentAmount, c.name).toBe(dollars(sumKept(ledger.filter((e) => e.campaign === i))))

    // The donors list and its export, per year: each donor's kept total and number of gifts that count.
    for (const year of years()) {
      const donors = group(
        ledger.filter((e) => e.day.startsWith(year)),
        (e) => e.email,
      )
      const expected = [...donors].sort(([a], [b]) => a.localeCompare(b)).map(([email, g]) => [email, dollars(sumKept(g)), g.length])
      const list = await allPages<Record<string, any>>(admin, `/api/admin/donors?year=${year}`)
      expect(
        list.map((d) => [d.email, d.total, d.count]),
        year,
      ).toEqual(expected)
      const exported = parseCsv((await admin.get(`/api/admin/donors.csv?year=${year}`)).text)
      expect(
        exported.map((d) => [d.email, d.total, Number(d.count)]),
        year,
      ).toEqual(expected)
    }
    // The four figures reconcile: the years of the report, the campaigns plus the general fund, and the Overview's kept.
    const total = (rows: Array<[unknown, unknown, unknown]>) => rows.reduce((n, r) => n + cents(String(r[1])), 0)
    expect(total((await report('by=year')) as any)).toBe(cents(summary.books.donations.kept))
    expect(total(campaignRows as any)).toBe(cents(summary.books.donations.kept))
  })

  it('the 2025 statements, kept and mailed, tell each donor what the ledger says they gave', async () => {
    const year = '2025'
    const donors = new Map<string, Entry[]>()
    for (const e of ledger.filter((e) => e.day.startsWith(year) && counts(e))) donors.set(e.email, [...(donors.get(e.email) ?? []), e])
    const sent = await admin.post('/api/admin/donors/statements', { year: Number(year) })
    expect(sent.status, sent.text).toBe(202)
    expect(sent.json).toEqual({ queued: donors.size, corrected: 0, copies: 0, unchanged: 0 })
    // Each statement is written and kept after the answer, one after another, ahead of its mail.
    await whileItMoves(async () => (await admin.get(`/api/admin/donors/statements/progress?year=${year}`)).json.written, donors.size)

    const kept = await allPages<Record<string, any>>(admin, `/api/admin/statements?year=${year}`)
    const expected = new Map([...donors].map(([email, g]) => [email, [dollars(sumKept(g)), '0.00', dollars(sumKept(g)), g.length]]))
    expect(new Map(kept.map((s) => [s.email, [s.totalAmount, s.goodsAmount, s.deductibleAmount, s.giftCount]]))).toEqual(expected)

    // What each donor is mailed: the kept PDF, byte for byte (cms/email/statementsKept.api.test.ts); its total line.
    await pool(kept, IN_FLIGHT, async (statement) => {
      const res = await fetch(`${server.url}/api/admin/statements.pdf?id=${statement.id}`, { headers: { cookie: admin.cookie } })
      const g = donors.get(statement.email)!
      expect((await readPdf(new Uint8Array(await res.arrayBuffer()))).lines).toContain(
        `Total for ${year}: ${usd(sumKept(g))} from ${g.length} gift${g.length === 1 ? '' : 's'}; deductible: ${usd(sumKept(g))}.`,
      )
    })
    // Written and mailed one by one by the outbox: a season's statements take longer than a test's usual minute.
  }, 300_000)

  /**
   * The same season, then what a treasurer's year brings besides: card gifts whose events Stripe
   * delivers in any order (a refund before its payment, the second partial refund before the first, an async
   * payment's success before its checkout), and corrections recorded late with the day they happened (a check
   * the bank returned two weeks after it was received, refunds paid in two months). The test's ledger keeps each
   * refund with its day; the ledger export must then close month by month against it, the year report reconcile
   * with it, and "send again" correct exactly the statements it no longer matches.
   */
  describe('Stripe’s events shuffled and corrections recorded late', () => {
    /** Each refund of a gift with its club day, as the test sent it. */
    const refunds = new Map<Entry, Array<{ cents: number; day: string }>>()
    const refundsOf = (e: Entry) => refunds.get(e) ?? []
    const shuffledEvents: string[] = []
    const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
    /** Each month's first and last day, from the season's first month to this one. */
    const months = () => {
      const list: Array<[string, string]> = []
      for (let month = '2024-12'; month <= today().slice(0, 7);) {
        const [y, m] = month.split('-').map(Number)
        const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
        list.push([`${month}-01`, dayAfter(`${next}-01`, -1)])
        month = next
      }
      return list
    }
    /** The ledger's rows as the test works them out: each gift on its day, each refund on its own, a void on its day. */
    const expectedRows = (e: Entry) => [
      { day: e.day, type: 'gift', cents: e.cents },
      ...refundsOf(e).map((r) => ({ day: r.day, type: 'refund', cents: -r.cents })),
      ...(e.voidDay ? [{ day: e.voidDay, type: 'void', cents: -(e.cents - e.refundCents) }] : []),
    ]

    beforeAll(async () => {
      for (const e of ledger) if (e.refundCents) refunds.set(e, [{ cents: e.refundCents, day: e.refundDay! }])
      const rand = random(20260102)
      const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]
      const now = Math.floor(Date.now() / 1000)
      const donors = [...new Set(ledger.map((e) => e.email))].map((email) => ({ email, name: ledger.find((e) => e.email === email)!.name }))

      // Card gifts of 2026 (the mailed 2025 statements stay as they are), refunded 0, 1 or 2 times; an async one is dated
      // by whichever of its checkout and success comes first, ten minutes apart in the daytime: one club day either way.
      const fresh = Array.from({ length: Math.max(16, Math.round(GIFTS / 15)) }, () => {
        const donor = pick(donors)
        const paid = clubTime(dayAfter('2026-02-01', Math.floor(rand() * 270)), '09:00', ZONE) + Math.floor(rand() * 8 * 3600)
        const cents = 500 + Math.floor(rand() * 30_000)
        const e: Entry = {
          kind: 'checkout',
          ref: '',
          ...donor,
          cents,
          campaign: rand() < 0.5 ? null : Math.floor(rand() * campaigns.length),
          instant: paid,
          day: clubDayOf(paid),
          method: 'stripe',
          refundCents: 0,
          refundDay: null,
          voidDay: null,
        }
        const made: Array<{ cents: number; at: number }> = []
        for (let n = Math.floor(rand() * 3), left = cents, at = paid; n > 0 && left > 1; n--) {
          at = Math.min(now - 120, at + 3600 + Math.floor(rand() * 60 * 86_400))
          const part = n === 1 && rand() < 0.3 ? left : 1 + Math.floor(rand() * (left - 1))
          made.push({ cents: part, at })
          left -= part
        }
        return { e, made, async: rand() < 0.4, listed: rand() < 0.5 }
      })
      await pool(fresh, IN_FLIGHT, async ({ e, made, async, listed }) => {
        const session = checkoutSession({
          amountCents: e.cents,
          campaignId: e.campaign === null ? null : campaigns[e.campaign].id,
          name: e.name,
          email: e.email,
          paid: !async,
        })
        e.ref = session.id
        e.paymentIntent = session.payment_intent
        let total = 0
        const events = [
          signedEvent('checkout.session.completed', session, { created: e.instant! }),
          ...(async
            ? [
                signedEvent(
                  'checkout.session.async_payment_succeeded',
                  { ...session, payment_status: 'paid' },
                  { created: e.instant! + 600 },
                ),
              ]
            : []),
          ...made.map((r, i) => {
            total += r.cents
            const charge = refundedCharge(
              session.payment_intent,
              e.cents,
              total,
              listed ? made.slice(0, i + 1).map((x) => ({ amountCents: x.cents, created: x.at })) : undefined,
            )
            return signedEvent('charge.refunded', charge, { created: r.at })
          }),
        ]
        // Stripe does not promise order: these arrive shuffled.
        for (let i = events.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1))
          ;[events[i], events[j]] = [events[j], events[i]]
        }
        for (const event of events) {
          const res = await resent(() => sendEvent(server.url, event))
          expect(res.status, res.text).toBe(200)
          shuffledEvents.push(event.id)
        }
        refunds.set(
          e,
          made.map((r) => ({ cents: r.cents, day: clubDayOf(r.at) })),
        )
        e.refundCents = total
        e.refundDay = made.length ? clubDayOf(made.at(-1)!.at) : null
      })
      ledger.push(...fresh.map((f) => f.e))

      // Late corrections of offline gifts left as they were (of 2024 and 2026: 2025's statements were mailed): a returned
      // check voided on the day the bank returned it, recorded weeks later; or refunds paid in two months, each recorded
      // with its day. Through both doors.
      const untouched = ledger.filter(
        (e) => e.kind === 'offline' && !e.voidDay && !e.refundCents && e.cents > 300 && !e.day.startsWith('2025'),
      )
      const late = untouched.filter(() => rand() < 0.25)
      await pool(late, IN_FLIGHT, async (e) => {
        const cms = rand() < 0.5
        const put = (body: Record<string, unknown>) =>
          resent(() => (cms ? admin.patch(`/cms-api/donations/${e.id}`, body) : admin.put(`/api/admin/donations/${e.id}`, body)))
        if (rand() < 0.5) {
          e.voidDay = dayAfter(e.day, 1 + Math.floor(rand() * 20))
          const res = await put({ status: 'void', voidReason: 'Returned by the bank', voidCategory: 'check_returned', voidedOn: e.voidDay })
          expect(res.status, res.text).toBe(200)
        } else {
          const first = { cents: 1 + Math.floor(rand() * (e.cents / 2)), day: dayAfter(e.day, 3 + Math.floor(rand() * 20)) }
          const second = { cents: 1 + Math.floor(rand() * (e.cents / 2 - 1)), day: dayAfter(first.day, 28 + Math.floor(rand() * 40)) }
          for (const [i, step] of [first, second].entries()) {
            const total = first.cents + (i ? second.cents : 0)
            const res = await put({ status: 'partially_refunded', refundedAmount: dollars(total), refundedOn: step.day })
            expect(res.status, res.text).toBe(200)
          }
          refunds.set(e, [first, second])
          e.refundCents = first.cents + second.cents
          e.refundDay = second.day
        }
      })
      const stored = await allPages<Record<string, any>>(admin, '/api/admin/donations')
      const idByRef = new Map(stored.map((r) => [r.stripeCheckoutSessionId ?? r.stripeSubscriptionId ?? r.reference, r.id as string]))
      for (const e of ledger) e.id = idByRef.get(e.ref)
    }, 600_000)

    it('every record lists each refund on the day it was made and its void on the day given, whatever order Stripe sent them in', async () => {
      const records = new Map((await allPages<Record<string, any>>(admin, '/api/admin/donations')).map((r) => [r.id, r]))
      expect(records.size).toBe(ledger.length)
      const seen = ledger.map((e) => {
        const r = records.get(e.id!)!
        return [r.status, r.refundedAmount, r.refundedOn, r.voidedOn, r.refunds.map((x: any) => [x.amount, x.day])]
      })
      expect(seen).toEqual(
        ledger.map((e) => [
          statusOf(e),
          e.refundCents ? dollars(e.refundCents) : null,
          e.refundDay,
          e.voidDay,
          refundsOf(e).map((r) => [dollars(r.cents), r.day]),
        ]),
      )
      // Every refund found its payment, however early it came.
      const unmatched = await allPages<Record<string, any>>(admin, '/api/admin/unmatched-refunds')
      expect(unmatched.filter((u) => shuffledEvents.includes(u.eventId))).toEqual([])
    })

    it('the ledger closes month by month against the independent record: each account’s sum and each row', async () => {
      const mine = ledger.flatMap((e) => expectedRows(e).map((row) => ({ ...row, record: `donations:${e.id}` })))
      const key = (r: { record: string; type: string; day: string; cents: number }) => `${r.record} ${r.type} ${r.day} ${r.cents}`
      const donationRows = (text: string) =>
        parseCsv(text)
          .filter((r) => r.Account === 'donations')
          .map((r) => ({ day: r['Club day'], type: r.Type, cents: cents(r.Amount), record: r.Record }))
      const whole = donationRows((await admin.get('/api/admin/ledger.csv')).text)
      for (const [from, to] of months()) {
        const expected = mine.filter((r) => r.day >= from && r.day <= to)
        const got = whole.filter((r) => r.day >= from && r.day <= to)
        expect(got.map(key).sort(), from).toEqual(expected.map(key).sort())
        expect(
          got.reduce((n, r) => n + r.cents, 0),
          from,
        ).toBe(expected.reduce((n, r) => n + r.cents, 0))
      }
      // Exported a month at a time, as a treasurer imports it: each month's file holds that month's rows, no more.
      for (const [from, to] of months().filter((_, i, all) => i === 0 || i === Math.floor(all.length / 2) || i === all.length - 1)) {
        const month = donationRows((await admin.get(`/api/admin/ledger.csv?from=${from}&to=${to}`)).text)
        expect(month.map(key).sort(), from).toEqual(
          whole
            .filter((r) => r.day >= from && r.day <= to)
            .map(key)
            .sort(),
        )
      }
    })

    it('the year report says its basis and reconciles with the ledger for every year of the season', async () => {
      for (const year of years()) {
        const report = (await admin.get(`/api/admin/reports/year?year=${year}`)).json
        const ofYear = ledger.filter((e) => e.day.startsWith(year) && !e.voidDay)
        expect(report.donations, year).toEqual({
          received: dollars(ofYear.reduce((n, e) => n + e.cents, 0)),
          refunded: dollars(ofYear.reduce((n, e) => n + e.refundCents, 0)),
          kept: dollars(sumKept(ofYear)),
          count: ofYear.length,
        })
        const income = ledger
          .flatMap(expectedRows)
          .filter((r) => r.day.startsWith(year))
          .reduce((n, r) => n + r.cents, 0)
        expect(report.ledger.income, year).toBe(dollars(income))
        const causes = report.reconciliation.reduce((n: number, r: { amount: string }) => n + Math.round(Number(r.amount) * 100), 0)
        expect(cents(report.donations.kept) + causes, year).toBe(income)
      }
    })

    it('"Send again" corrects exactly the 2025 statements the books no longer match, and then none', async () => {
      const year = '2025'
      const statements = async () => (await admin.get(`/api/admin/donors/statements/progress?year=${year}`)).json.written as number
      const written = await statements()
      // Checks of 2025 entered late, for donors mailed their statement already: theirs no longer match the books.
      const rand = random(20260103)
      const late = ledger.filter((e) => e.day.startsWith(year) && counts(e)).filter(() => rand() < 0.05)
      for (const [i, e] of late.entries()) {
        const gift = {
          ...e,
          kind: 'offline' as const,
          ref: `late-${i}`,
          cents: 1_000 + i,
          instant: null,
          method: 'check',
          refundCents: 0,
          refundDay: null,
        }
        const res = await admin.post('/api/admin/donations', {
          donorName: e.name,
          donorEmail: e.email,
          amount: dollars(gift.cents),
          paymentMethod: 'check',
          receivedAt: e.day,
          status: 'completed',
          reference: gift.ref,
        })
        expect(res.status, res.text).toBe(201)
        ledger.push({ ...gift, id: res.json.id })
      }
      const stale = new Set(late.map((e) => e.email))
      const again = await admin.post('/api/admin/donors/statements', { year: Number(year), force: true })
      expect(again.status, again.text).toBe(202)
      expect(again.json).toMatchObject({ queued: stale.size, corrected: stale.size })
      await whileItMoves(statements, written + stale.size)

      // Each donor's latest statement now says what the ledger says they gave; sent again, nothing more goes.
      const donors = new Map<string, Entry[]>()
      for (const e of ledger.filter((e) => e.day.startsWith(year) && counts(e))) donors.set(e.email, [...(donors.get(e.email) ?? []), e])
      const latest = new Map<string, Record<string, any>>()
      for (const s of (await allPages<Record<string, any>>(admin, `/api/admin/statements?year=${year}`)).reverse()) latest.set(s.email, s)
      expect(new Map([...donors].map(([email]) => [email, [latest.get(email)?.totalAmount, latest.get(email)?.giftCount]]))).toEqual(
        new Map([...donors].map(([email, g]) => [email, [dollars(sumKept(g)), g.length]])),
      )
      expect((await admin.post('/api/admin/donors/statements', { year: Number(year), force: true })).json).toEqual({
        queued: 0,
        corrected: 0,
        copies: 0,
        unchanged: donors.size,
      })
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from '../../testing/databases'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { allPages } from '../../testing/allPages'
import { mailSettings, startSmtpCapture } from '../../testing/smtp'
import { checkoutSession, clubTime, refundedCharge, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'
import { readPdf } from '../../testing/pdf'
import { clubDay, dayInWords, ZONE_NOT_ON_UTC_DAY } from '../../testing/clubCalendar'

/**
 * What the club told donors stays told (docs/decisions/010-facts-told-never-change.md): statements kept as mailed and downloaded again byte
 * for byte, corrected statements after a refund or void, the void notice, campaigns with gifts kept,
 * receipts held until each organization setting is filled in. Each test makes its own gifts, in a year
 * of its own, so it passes alone and in any order.
 */
describe.each(databaseTargets)('statements and receipts as told, on $name', ({ env }) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer
  let admin: ApiClient
  const ORGANIZATION = {
    legalName: 'Lady Hawks Basketball Boosters, Inc.',
    ein: '12-3456789',
    address: '1200 Hawk Way, Springfield, IL 62701',
  }
  const ORG = ORGANIZATION.legalName

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({
      env: {
        ...env,
        ...mailSettings(smtp),
        EMAIL_RETRY_MS: '200',
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        CLUB_TIME_ZONE: ZONE_NOT_ON_UTC_DAY,
      },
    })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  const putOrganization = async (values: Partial<typeof ORGANIZATION>) => {
    for (const [key, value] of Object.entries(values))
      expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
  }
  /**
   * The club's today, as the server dates a refund, a void and a statement: in a zone whose day is not UTC's while the
   * file runs, so one dated by UTC's day is caught whatever the hour.
   */
  const clubToday = () => clubDay(Date.now(), ZONE_NOT_ON_UTC_DAY)
  const download = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    return Buffer.from(await res.arrayBuffer())
  }
  const gift = async (donorEmail: string, amount: string, receivedAt: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/admin/donations', {
      donorName: 'Test Donor',
      donorEmail,
      amount,
      paymentMethod: 'check',
      receivedAt,
      status: 'completed',
      ...extra,
    })
    expect(res.status, res.text).toBe(201)
    return res.json
  }
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email))

  it('a mailed statement is downloaded again byte for byte, after the level’s goods value changed', async () => {
    await putOrganization(ORGANIZATION)
    const year = 2021
    const tiers = (await admin.get('/api/admin/sponsorship-tiers')).json as Array<{ id: string; level: string | null }>
    const gold = tiers.find((t) => t.level === 'gold')
    const tier = gold
      ? await admin.put(`/api/admin/sponsorship-tiers/${gold.id}`, { goodsValue: '300', level: 'gold' })
      : await admin.post('/api/admin/sponsorship-tiers', {
          name: '3 Point',
          amount: '1200',
          level: 'gold',
          benefits: ['Banner'],
          goodsValue: '300',
        })
    expect(tier.status, tier.text).toBeLessThan(300)
    const sponsorship = await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Kept Sponsor',
      sponsorEmail: 'kept@statement-bytes.test',
      tier: 'gold',
      amount: '1200',
      paymentMethod: 'check',
      status: 'completed',
      receivedAt: `${year}-05-02`,
    })
    expect(sponsorship.status, sponsorship.text).toBe(201)

    const sent = await admin.post('/api/admin/donors/statements', { year })
    expect(sent.status, sent.text).toBe(202)
    expect(sent.json).toEqual({ queued: 1, corrected: 0, copies: 0, unchanged: 0 })
    const mail = await smtp.waitFor(
      (m) => m.to.includes('kept@statement-bytes.test') && m.subject === `Your ${year} giving statement from ${ORG}`,
    )
    expect((await readPdf(mail.attachments[0].content)).lines).toContain(`Total for ${year}: $1,200.00 from 1 gift; deductible: $900.00.`)

    const kept = await admin.get(`/api/admin/statements?year=${year}&email=kept@statement-bytes.test`)
    expect(kept.status).toBe(200)
    expect(kept.json).toEqual([
      expect.objectContaining({
        year,
        email: 'kept@statement-bytes.test',
        kind: 'statement',
        preparedOn: clubToday(),
        totalAmount: '1200.00',
        goodsAmount: '300.00',
        deductibleAmount: '900.00',
        giftCount: 1,
      }),
    ])
    const path = `/api/admin/statements.pdf?id=${kept.json[0].id}`
    expect((await download(path)).equals(mail.attachments[0].content)).toBe(true)

    // The level's goods value changes: what the sponsor was told does not.
    const levels = (await admin.get('/api/admin/sponsorship-tiers')).json as Array<{ id: string; level: string | null }>
    const changed = await admin.put(`/api/admin/sponsorship-tiers/${levels.find((t) => t.level === 'gold')!.id}`, {
      goodsValue: '500',
      level: 'gold',
    })
    expect(changed.status, changed.text).toBe(200)
    expect((await download(path)).equals(mail.attachments[0].content)).toBe(true)
    // Kept statements are the server's alone: never written, edited or deleted through Payload's REST.
    expect((await admin.patch(`/cms-api/statements/${kept.json[0].id}`, { totalAmount: '1.00' })).status).toBeGreaterThanOrEqual(400)
    expect((await admin.delete(`/cms-api/statements/${kept.json[0].id}`)).status).toBeGreaterThanOrEqual(400)
    expect((await admin.post('/cms-api/statements', { year, email: 'x@y.test' })).status).toBeGreaterThanOrEqual(400)
    expect((await download(path)).equals(mail.attachments[0].content)).toBe(true)
    // Anonymous: no list, no PDF.
    expect((await new ApiClient(server.url).get(path)).status).toBe(401)
  })

  it('a refund in a later year sends a corrected statement naming the one it replaces; "send again" sends only corrections', async () => {
    await putOrganization(ORGANIZATION)
    const year = 2024
    const email = 'later-refund@statement.test'
    const books = async () => (await admin.get('/api/admin/summary')).json.books.donations
    const booksBefore = await books()
    const big = await gift(email, '500', `${year}-12-15`)
    await gift(email, '100', `${year}-06-01`)
    const number = (await allPages(admin, '/api/admin/donations')).find((d) => d.id === big.id).receiptNumber
    expect(number).toMatch(new RegExp(`^${year}-\\d{4}$`))

    expect((await admin.post('/api/admin/donors/statements', { year })).status).toBe(202)
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Your ${year} giving statement from ${ORG}`)
    const [original] = (await admin.get(`/api/admin/statements?year=${year}&email=${email}`)).json
    const originalPdf = await download(`/api/admin/statements.pdf?id=${original.id}`)
    // Mailed once: again is refused without "send again", and "send again" with nothing changed sends nothing.
    expect((await admin.post('/api/admin/donors/statements', { year })).status).toBe(409)
    expect((await admin.post('/api/admin/donors/statements', { year, force: true })).json).toMatchObject({ queued: 0, corrected: 0 })

    // Refunded now, in a later year than the gift: a corrected statement for the gift's year.
    const refund = await admin.put(`/api/admin/donations/${big.id}`, { status: 'partially_refunded', refundedAmount: '200' })
    expect(refund.status, refund.text).toBe(200)
    expect(refund.json.refundedOn).toBe(clubToday())
    const corrected = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `Corrected: your ${year} giving statement from ${ORG}`,
    )
    expect(corrected.text).toContain(
      `replaces the one we sent you dated ${dayInWords(original.preparedOn)}, because $200.00 of your gift of $500.00 on December 15, ${year} (receipt ${number}) was refunded on ${dayInWords(clubToday())}.`,
    )
    expect(corrected.text).toContain(`Total for ${year}: $400.00 from 2 gifts; deductible: $400.00.`)
    const lines = (await readPdf(corrected.attachments[0].content)).lines
    expect(lines).toContain(`Corrected year-end giving statement for ${year}`)
    expect(lines).toContain(
      `December 15, ${year} | ${number} | $300.00 ($500.00 less a $200.00 refund on ${dayInWords(clubToday())}) | $0.00 | $300.00`,
    )
    const kept = (await admin.get(`/api/admin/statements?year=${year}&email=${email}`)).json
    expect(kept).toHaveLength(2)
    expect(kept[0]).toEqual(expect.objectContaining({ kind: 'corrected', replaces: original.id, totalAmount: '400.00', giftCount: 2 }))
    expect(kept[0].reason).toContain('was refunded on')
    expect((await download(`/api/admin/statements.pdf?id=${kept[0].id}`)).equals(corrected.attachments[0].content)).toBe(true)
    // The first statement is still exactly what was mailed.
    expect((await download(`/api/admin/statements.pdf?id=${original.id}`)).equals(originalPdf)).toBe(true)
    // The refund's day is in the list and the export.
    const csv = await admin.get(`/api/admin/donations.csv?from=${year}-12-15&to=${year}-12-15`)
    const [header, ...rows] = csv.text.trim().split('\r\n')
    const column = header.split(',').indexOf('refundedOn')
    expect(column).toBeGreaterThan(-1)
    expect(rows.find((r) => r.includes(big.id))!.split(',')[column]).toBe(clubToday())

    // The Overview's books moved by exactly these gifts: received $600, refunded $200, kept $400 (one definition).
    const cents = (amount: string) => Math.round(Number(amount) * 100)
    const booksAfter = await books()
    expect({
      received: cents(booksAfter.received) - cents(booksBefore.received),
      refunded: cents(booksAfter.refunded) - cents(booksBefore.refunded),
      kept: cents(booksAfter.kept) - cents(booksBefore.kept),
      count: booksAfter.count - booksBefore.count,
    }).toEqual({ received: 600_00, refunded: 200_00, kept: 400_00, count: 2 })

    // A check for that year entered late: "send again" mails a corrected statement to that donor only.
    const before = mailsTo(email).length
    await gift(email, '50', `${year}-03-03`, { paymentMethod: 'cash' })
    const again = await admin.post('/api/admin/donors/statements', { year, force: true })
    expect(again.json).toMatchObject({ queued: 1, corrected: 1 })
    await expect.poll(() => mailsTo(email).filter((m) => m.subject.startsWith('Corrected: your')).length).toBe(2)
    const late = mailsTo(email).filter((m) => m.subject.startsWith('Corrected: your'))[1]
    expect(late.text).toContain(`because the gifts on our books for ${year} changed after it was sent`)
    expect(late.text).toContain(`Total for ${year}: $450.00 from 3 gifts`)
    // One receipt for the late check and one corrected statement: nothing else was mailed to this donor.
    await expect.poll(() => mailsTo(email).length).toBe(before + 2)
  })

  it('a Stripe refund made on Dec 31 club time, on another day in UTC, delivered later, is dated Dec 31 and corrects that year', async () => {
    await putOrganization(ORGANIZATION)
    const year = 2019
    const email = 'eve-refund@statement.test'
    const session = checkoutSession({ amountCents: 80_000, name: 'Eve Refund', email })
    const paid = await sendEvent(
      server.url,
      signedEvent('checkout.session.completed', session, { created: clubTime(`${year}-12-10`, '14:00', ZONE_NOT_ON_UTC_DAY) }),
    )
    expect(paid.status, paid.text).toBe(200)
    const gift = (await allPages(admin, '/api/admin/donations')).find((d) => d.stripeCheckoutSessionId === session.id)
    expect(gift).toMatchObject({ receivedAt: `${year}-12-10` })
    expect((await admin.post('/api/admin/donors/statements', { year })).status).toBe(202)
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Your ${year} giving statement from ${ORG}`)

    // Stripe made the refund on the club's Dec 31 at a time UTC's day is another: 11:30 pm where the club is behind UTC
    // (already the next year there), 12:30 am where it is ahead (Dec 30 there); its event is delivered now, long after.
    const lastEvening = clubTime(`${year}-12-31`, '23:30', ZONE_NOT_ON_UTC_DAY)
    const refundMade =
      new Date(lastEvening * 1000).getUTCFullYear() > year ? lastEvening : clubTime(`${year}-12-31`, '00:30', ZONE_NOT_ON_UTC_DAY)
    expect(clubDay(refundMade * 1000, 'UTC')).not.toBe(`${year}-12-31`)
    const refund = signedEvent('charge.refunded', refundedCharge(session.payment_intent, 80_000, 30_000), { created: refundMade })
    expect(JSON.parse((await sendEvent(server.url, refund)).text).outcome).toBe('recorded')
    const refunded = (await allPages(admin, '/api/admin/donations')).find((d) => d.id === gift.id)
    expect(refunded).toMatchObject({ status: 'partially_refunded', refundedAmount: '300.00', refundedOn: `${year}-12-31` })

    // The corrected statement of the gift's year names the refund's club day.
    const corrected = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `Corrected: your ${year} giving statement from ${ORG}`,
    )
    expect(corrected.text).toContain(`was refunded on December 31, ${year}.`)
    expect((await readPdf(corrected.attachments[0].content)).lines).toContain(
      `December 10, ${year} | ${gift.receiptNumber} | $500.00 ($800.00 less a $300.00 refund on December 31, ${year}) | $0.00 | $500.00`,
    )
    // The year's books and its export read that day: a refund of the old year, not of the day it arrived.
    const csv = (await admin.get(`/api/admin/donations.csv?from=${year}-12-10&to=${year}-12-10`)).text.trim().split('\r\n')
    const header = csv[0].split(',')
    expect(csv.find((r) => r.includes(gift.id))!.split(',')[header.indexOf('refundedOn')]).toBe(`${year}-12-31`)
    const report = (await admin.get('/api/admin/reports/giving?by=year')).json as Array<Record<string, unknown>>
    expect(report.find((r) => r.key === String(year))).toMatchObject({ amount: '500.00', count: 1 })
  })

  it('voiding a gift that had a receipt mails the donor a notice naming the withdrawn receipt and why, and marks the receipt void', async () => {
    await putOrganization(ORGANIZATION)
    const email = 'bounced@void.test'
    const bounced = await gift(email, '75', '2023-04-10')
    const receipt = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Your donation receipt'))
    const number = /Receipt number: (\d{4}-\d{4})/.exec(receipt.text)![1]
    // A category outside the list is refused and changes nothing.
    const wrong = await admin.put(`/api/admin/donations/${bounced.id}`, { status: 'void', voidReason: 'NSF', voidCategory: 'bounced' })
    expect(wrong.status).toBe(400)
    expect((await allPages(admin, '/api/admin/donations')).find((d) => d.id === bounced.id).status).toBe('completed')

    const voided = await admin.put(`/api/admin/donations/${bounced.id}`, {
      status: 'void',
      voidReason: 'NSF per the bank letter',
      voidCategory: 'check_returned',
    })
    expect(voided.status, voided.text).toBe(200)
    expect(voided.json).toEqual(
      expect.objectContaining({
        status: 'void',
        voidCategory: 'check_returned',
        voidedOn: clubToday(),
        receiptNumber: number,
        receiptVoid: true,
      }),
    )
    const notice = await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Receipt ${number} withdrawn by ${ORG}`)
    expect(notice.text).toContain(`We have withdrawn receipt ${number}, because the check was returned by the bank.`)
    expect(notice.text).toContain('Amount: $75.00')
    expect(notice.text).toContain(`Withdrawn on: ${dayInWords(clubToday())}`)
    expect(notice.text).not.toContain('tax-deductible')
    // The receipt itself is marked void, and the CSV says when and why.
    const receipts = await admin.get(`/cms-api/receipts?where[recordId][equals]=${bounced.id}&depth=0`)
    expect(receipts.json.docs).toEqual([expect.objectContaining({ number, voidedOn: clubToday() })])
    const csv = (await admin.get('/api/admin/donations.csv?status=void')).text.trim().split('\r\n')
    const header = csv[0].split(',')
    const row = csv.find((r) => r.includes(bounced.id))!.split(',')
    expect(row[header.indexOf('voidedOn')]).toBe(clubToday())
    expect(row[header.indexOf('voidCategory')]).toBe('check_returned')
  })

  it('a campaign that has gifts cannot be deleted, on either door; one without gifts can', async () => {
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Kept Campaign', description: 'Has gifts', goalAmount: '100' })).json
    await gift('kept@campaign.test', '10', '2026-02-02', { campaignId: campaign.id, status: 'pending' })
    await gift('kept2@campaign.test', '20', '2026-02-03', { campaignId: campaign.id })
    for (const res of [
      await admin.delete(`/api/admin/campaigns/${campaign.id}`),
      await admin.delete(`/cms-api/campaigns/${campaign.id}`),
    ]) {
      expect(res.status).toBe(409)
      expect(res.text).toMatch(/has 2 gifts and cannot be deleted; end the campaign instead \(untick Active\)/)
    }
    // Bulk delete through Payload's REST is refused alike.
    expect((await admin.delete(`/cms-api/campaigns?where[id][equals]=${campaign.id}`)).status).toBeGreaterThanOrEqual(400)
    const campaignIds = async () => ((await admin.get('/api/admin/campaigns')).json as Array<{ id: string }>).map((c) => c.id)
    expect(await campaignIds()).toContain(campaign.id)
    const gifts = (await allPages(admin, '/api/admin/donations')).filter((d) => d.campaignId === campaign.id)
    expect(gifts).toHaveLength(2)
    const empty = (await admin.post('/api/admin/campaigns', { name: 'Empty Campaign', description: 'No gifts', goalAmount: '100' })).json
    expect((await admin.delete(`/api/admin/campaigns/${empty.id}`)).status).toBeLessThan(300)
    expect(await campaignIds()).not.toContain(empty.id)
  })

  // Each of the three settings holds receipts on its own.
  it.each(['legalName', 'ein', 'address'] as const)('holds receipts while the organization %s alone is missing', async (missing) => {
    await putOrganization({ ...ORGANIZATION, [missing]: '' })
    const email = `held-${missing.toLowerCase()}@receipt.test`
    await gift(email, '12', '2026-03-03')
    await expect
      .poll(async () => ((await admin.get('/api/admin/email-status')).json.problems as any[]).find((p) => p.to === email)?.status)
      .toBe('held')
    expect((await admin.get('/api/admin/email-status')).json.receiptsHeld).toMatch(/legal name, EIN and mailing address/)
    expect(mailsTo(email)).toHaveLength(0)
    await putOrganization({ [missing]: ORGANIZATION[missing] })
    const receipt = await smtp.waitFor((m) => m.to.includes(email))
    expect(receipt.text).toContain(`EIN: ${ORGANIZATION.ein}`)
    expect(receipt.text).toContain(ORGANIZATION.address)
    expect(receipt.text).toContain(`Thank you for your gift to ${ORG}`)
    expect(receipt.text).not.toContain('Inc..')
  })

  describe('a receipt only for money the club still holds when it leaves', () => {
    /** The outbox rows of a gift's receipt and of what follows it, by key. */
    const rowsOf = async (id: string) => {
      const res = await admin.get(`/cms-api/email-outbox?where[recordId][in]=${id},donations:${id}&limit=20&depth=0`)
      return Object.fromEntries(
        (res.json.docs as any[]).map((d) => [d.key.split(':')[0] as string, d as { status: string; lastError?: string }]),
      )
    }
    const settled = (row?: { status: string }) => !row || ['sent', 'withdrawn', 'failed'].includes(row.status)
    const doors = [
      {
        name: 'api',
        create: async (body: Record<string, unknown>) => (await admin.post('/api/admin/donations', body)).json,
        update: (id: string, body: Record<string, unknown>) => admin.put(`/api/admin/donations/${id}`, body),
      },
      {
        name: 'cms',
        create: async (body: Record<string, unknown>) => (await admin.post('/cms-api/donations', body)).json.doc,
        update: (id: string, body: Record<string, unknown>) => admin.patch(`/cms-api/donations/${id}`, body),
      },
    ]

    /**
     * A void at each moment of the receipt's way out, as the outbox holds it (the half second after entry the
     * treasurer may void a gift typed twice): before it is claimed, while the mail server has it, after it arrived.
     */
    const STAGES = ['at once', 'while the receipt is handed to the mail server', 'after the receipt arrived'] as const

    it.each(doors)(
      'a gift voided through $name at once, while its receipt is being sent, or after, never leaves a receipt without its withdrawal notice',
      async (door) => {
        await putOrganization(ORGANIZATION)
        for (const stage of STAGES) {
          const email = `void-${door.name}-${STAGES.indexOf(stage)}@void.test`
          if (stage === STAGES[1]) smtp.holdNextTo(email)
          const entered = await door.create({
            donorName: 'Quick Void',
            donorEmail: email,
            amount: '25',
            paymentMethod: 'cash',
            receivedAt: '2022-02-02',
            status: 'completed',
          })
          expect(entered.id, JSON.stringify(entered)).toBeTruthy()
          if (stage === STAGES[1]) {
            await expect.poll(() => smtp.holdsOne()).toBe(true)
            expect((await rowsOf(entered.id)).receipt.status, stage).toBe('sending')
          }
          if (stage === STAGES[2]) await smtp.waitFor((m) => m.to.includes(email))
          const voided = await door.update(entered.id, { status: 'void', voidReason: 'Typed twice', voidCategory: 'entered_in_error' })
          expect(voided.status, voided.text).toBe(200)
          smtp.release()
          await expect.poll(async () => Object.values(await rowsOf(entered.id)).every(settled)).toBe(true)
          const rows = await rowsOf(entered.id)
          const receipts = mailsTo(email).filter((m) => m.subject.startsWith('Your donation receipt'))
          const notices = mailsTo(email).filter((m) => m.subject.includes('withdrawn'))
          // Either the receipt never left (and nothing follows it), or it left and its withdrawal followed it.
          const told = {
            receipt: rows.receipt?.status,
            notice: rows['void-notice']?.status ?? 'none',
            mailed: [receipts.length, notices.length],
          }
          if (stage === STAGES[0])
            expect(told, stage).toEqual(
              rows.receipt?.status === 'sent'
                ? { receipt: 'sent', notice: 'sent', mailed: [1, 1] }
                : { receipt: 'withdrawn', notice: rows['void-notice'] ? 'withdrawn' : 'none', mailed: [0, 0] },
            )
          else expect(told, stage).toEqual({ receipt: 'sent', notice: 'sent', mailed: [1, 1] })
          if (receipts.length) {
            expect(smtp.messages.indexOf(receipts[0]), stage).toBeLessThan(smtp.messages.indexOf(notices[0]))
            expect(notices[0].text).toContain(
              `We have withdrawn receipt ${(voided.json.doc ?? voided.json).receiptNumber}, because the gift was entered in error.`,
            )
          }
        }
      },
    )

    it('a refund Stripe sent before its payment: the receipt that goes out is the corrected one, and none for a full refund', async () => {
      await putOrganization(ORGANIZATION)
      const paidAt = clubTime('2022-04-04', '12:00', ZONE_NOT_ON_UTC_DAY)
      const partly = checkoutSession({ amountCents: 10_000, name: 'Early Refund', email: 'early-partial@refund.test' })
      const whole = checkoutSession({ amountCents: 4_000, name: 'Early Refund', email: 'early-full@refund.test' })
      for (const [session, refunded] of [
        [partly, 3_000],
        [whole, 4_000],
      ] as const) {
        const refund = signedEvent('charge.refunded', refundedCharge(session.payment_intent, session.amount_total, refunded), {
          created: clubTime('2022-04-09', '10:00', ZONE_NOT_ON_UTC_DAY),
        })
        expect(JSON.parse((await sendEvent(server.url, refund)).text).outcome).toBe('unmatched')
        expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: paidAt }))).status).toBe(200)
      }
      const stored = async (session: { id: string }) =>
        (await admin.get(`/cms-api/donations?where[stripeCheckoutSessionId][equals]=${session.id}&depth=0`)).json.docs[0]
      const partial = await stored(partly)
      expect(partial).toMatchObject({ status: 'partially_refunded', refundedAmount: '30.00', refundedOn: '2022-04-09' })
      const receipt = await smtp.waitFor((m) => m.to.includes('early-partial@refund.test'))
      expect(receipt.text).toContain('Amount: $100.00')
      expect(receipt.text).toContain('Refunded: $30.00 on April 9, 2022')
      expect(receipt.text).toContain('Contribution after refunds: $70.00')
      await expect.poll(async () => Object.values(await rowsOf(partial.id)).every(settled)).toBe(true)
      // The receipt said it: no corrected acknowledgment follows it.
      expect((await rowsOf(partial.id)).correction).toMatchObject({ status: 'withdrawn' })
      expect(mailsTo('early-partial@refund.test')).toHaveLength(1)

      const full = await stored(whole)
      expect(full).toMatchObject({ status: 'refunded', refundedOn: '2022-04-09' })
      await expect.poll(async () => Object.values(await rowsOf(full.id)).every(settled)).toBe(true)
      expect((await rowsOf(full.id)).receipt).toMatchObject({ status: 'withdrawn', lastError: expect.stringMatching(/refunded in full/) })
      expect(mailsTo('early-full@refund.test')).toEqual([])
    })
  })

  describe('mailing statements says what it did', () => {
    const year = 2018

    it('"Send again" says what it queued; one donor’s statement is sent again; the request answers before the statements are written', async () => {
      await putOrganization(ORGANIZATION)
      const [ann, bo] = ['ann@again.test', 'bo@again.test']
      await gift(ann, '40', `${year}-04-04`)
      const boGift = await gift(bo, '90', `${year}-05-05`)
      const sent = await admin.post('/api/admin/donors/statements', { year })
      expect(sent.status, sent.text).toBe(202)
      expect(sent.json).toEqual({ queued: 2, corrected: 0, copies: 0, unchanged: 0 })
      // The outbox writes and mails them: the panel's progress until both have gone.
      const progress = async () => (await admin.get(`/api/admin/donors/statements/progress?year=${year}`)).json
      await expect.poll(progress).toEqual({ year, queued: 2, written: 2, sent: 2, waiting: 0, failed: 0, notSent: 0 })
      // Again with nothing changed: nothing queued, and the answer says so.
      expect((await admin.post('/api/admin/donors/statements', { year, force: true })).json).toEqual({
        queued: 0,
        corrected: 0,
        copies: 0,
        unchanged: 2,
      })

      // Ann lost hers: the same statement, byte for byte.
      const [kept] = (await admin.get(`/api/admin/statements?year=${year}&email=${ann}`)).json
      const copy = await admin.post('/api/admin/donors/statements', { year, email: ann })
      expect(copy.json).toEqual({ queued: 1, corrected: 0, copies: 1, unchanged: 0 })
      await expect.poll(() => mailsTo(ann).filter((m) => m.subject === `Your ${year} giving statement from ${ORG}`).length).toBe(2)
      const copies = mailsTo(ann).filter((m) => m.subject === `Your ${year} giving statement from ${ORG}`)
      expect(copies[1].attachments[0].content.equals(await download(`/api/admin/statements.pdf?id=${kept.id}`))).toBe(true)
      // Bo's gift was partly refunded since: his statement sent again is a corrected one.
      expect(
        (
          await admin.put(`/api/admin/donations/${boGift.id}`, {
            status: 'partially_refunded',
            refundedAmount: '10',
            refundedOn: `${year}-12-01`,
          })
        ).status,
      ).toBe(200)
      await smtp.waitFor((m) => m.to.includes(bo) && m.subject.startsWith('Corrected: your'))
      const again = await admin.post('/api/admin/donors/statements', { year, email: bo })
      expect(again.json).toMatchObject({ queued: 1, copies: 1 })
      await expect.poll(() => mailsTo(bo).filter((m) => m.subject.startsWith('Corrected: your')).length).toBe(2)
      expect((await admin.post('/api/admin/donors/statements', { year, email: 'nobody@again.test' })).status).toBe(404)
    })

    it('a year not over is mailed only when the admin confirms, told when it ends; a year to come never', async () => {
      await putOrganization(ORGANIZATION)
      const thisYear = Number(clubToday().slice(0, 4))
      const email = 'this-year@again.test'
      await gift(email, '15', clubToday())
      const asked = await admin.post('/api/admin/donors/statements', { year: thisYear })
      expect(asked.status).toBe(409)
      expect(asked.json.error).toBe(
        `The ${thisYear} year is not over: it ends on December 31, ${thisYear}. Confirm to mail the statements now anyway.`,
      )
      expect((await admin.post('/api/admin/donors/statements', { year: thisYear + 1, early: true })).status).toBe(400)
      const mailed = await admin.post('/api/admin/donors/statements', { year: thisYear, email, early: true })
      expect(mailed.json).toEqual({ queued: 1, corrected: 0, copies: 0, unchanged: 0 })
      await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Your ${thisYear} giving statement from ${ORG}`)
    })
  })
})

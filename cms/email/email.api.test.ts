import { createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from '../../testing/databases'
import { freePort } from '../../testing/port'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { allPages } from '../../testing/allPages'
import { startSmtpCapture } from '../../testing/smtp'
import { centsOf } from '../../testing/money'
import { readPdf } from '../../testing/pdf'
import { checkoutSession, clubTime, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'
import { clubDay, dayInWords } from '../../testing/clubCalendar'

const CLUB = 'club@ladyhawks.test'
const NO_GOODS = 'No goods or services were provided in exchange for this contribution.'

describe.each(databaseTargets)('email through a local SMTP server on $name', ({ env }) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer
  let admin: ApiClient
  let campaignId: string
  // The club's last year (gifts belong to the club's day, CLUB_TIME_ZONE America/Chicago, not the UTC one): every day of
  // it is past, as a gift's day must be, and its statements are mailed without asking whether the year is over.
  const year = Number(clubDay(Date.now()).slice(0, 4)) - 1

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({
      env: {
        ...env,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lady Hawks Boosters <boosters@ladyhawks.test>',
        EMAIL_RETRY_MS: '200',
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      },
    })
    admin = await loggedInAdmin(server.url)
    await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: CLUB })
    campaignId = (await admin.post('/api/admin/campaigns', { name: 'Summer Team Camp', description: 'Five days', goalAmount: '8000' })).json
      .id
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  /**
   * Each test sets the organization settings it needs and reads the receipt counter at its start,
   * so that it passes alone and in any order.
   */
  const ORGANIZATION = {
    legalName: 'Lady Hawks Basketball Boosters, Inc.',
    ein: '12-3456789',
    address: '1200 Hawk Way, Springfield, IL 62701',
  }
  const putOrganization = async (values: Partial<typeof ORGANIZATION>) => {
    for (const [key, value] of Object.entries(values))
      expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
  }
  /** The number the next receipt of this year gets, from the receipts issued so far. */
  const nextReceiptNumber = async () => {
    const last = await admin.get(`/cms-api/receipts?where[year][equals]=${year}&sort=-seq&limit=1&depth=0`)
    expect(last.status, last.text).toBe(200)
    return `${year}-${String((last.json.docs[0]?.seq ?? 0) + 1).padStart(4, '0')}`
  }
  /** "$1,200.00", as receipts write an amount. */
  const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  /** A statement PDF from the server, read by pdf.js (testing/pdf.ts): its lines as printed. */
  const statementOf = async (email: string) => {
    const res = await fetch(`${server.url}/api/admin/donors/statement.pdf?email=${encodeURIComponent(email)}&year=${year}`, {
      headers: { cookie: admin.cookie },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const { title, lines } = await readPdf(new Uint8Array(await res.arrayBuffer()))
    expect(title).toMatch(new RegExp(`^Giving statement ${year}, `))
    return lines
  }

  it('tells the club about a contact message, with Reply-To the visitor', async () => {
    const res = await new ApiClient(server.url).post('/api/contact', {
      name: 'Jamie Parent',
      email: 'jamie@parent.test',
      message: 'Can I volunteer at the snack bar?',
    })
    expect(res.status).toBe(201)
    const mail = await smtp.waitFor((m) => m.subject === 'New contact message from Jamie Parent')
    expect(mail.to).toEqual([CLUB])
    expect(mail.from).toBe('boosters@ladyhawks.test')
    expect(mail.replyTo).toContain('jamie@parent.test')
    expect(mail.text).toContain('Can I volunteer at the snack bar?')
  })

  it('tells the club about a sponsor application and confirms it to the applicant', async () => {
    await new ApiClient(server.url).post('/api/sponsors', {
      contactName: 'Dana Brooks',
      contactEmail: 'dana@brooks.test',
      contactPhone: '555-0101',
      companyName: 'Brooks Auto',
      companyAddress: '9 Elm St',
      businessType: 'automotive',
      // Bronze: a level no other test here gives a tier record (the sponsorship test names silver's).
      sponsorshipLevel: 'bronze',
    })
    const notice = await smtp.waitFor((m) => m.subject.startsWith('New sponsor application: Brooks Auto'))
    expect(notice.to).toEqual([CLUB])
    expect(notice.text).toContain('Dana Brooks <dana@brooks.test>, 555-0101')
    const confirmation = await smtp.waitFor((m) => m.to.includes('dana@brooks.test'))
    expect(confirmation.subject).toBe('We received your sponsorship application, Brooks Auto')
    expect(confirmation.text).toContain('at the Free Throw level ($300.00)')
  })

  it('holds receipts until the legal name, EIN and mailing address are all set, and says why; sends them once set, as HTML and text', async () => {
    // What the tests before it queued has gone (or waits for its own reason), so the count held is this test's.
    const waiting = async () => (await admin.get('/api/admin/email-status')).json
    await expect.poll(async () => (await waiting()).pending).toBe(0)
    const heldBefore = (await waiting()).held
    await putOrganization({ legalName: '', ein: '', address: '' })
    const number = await nextReceiptNumber()
    const session = checkoutSession({ amountCents: 25_075, campaignId, name: 'Pat Donor', email: 'pat@donor.test' })
    // Paid on a Chicago evening (already the next day in UTC): the receipt gives the club's day.
    const paid = clubTime(`${year}-03-10`, '20:30')
    expect((await sendEvent(server.url, signedEvent('checkout.session.completed', session, { created: paid }))).status).toBe(200)
    await expect.poll(async () => (await waiting()).held).toBe(heldBefore + 1)
    const status = await waiting()
    expect(status.enabled).toBe(true)
    expect(status.receiptsHeld).toMatch(/legal name, EIN and mailing address/)
    expect(status.problems).toContainEqual(
      expect.objectContaining({ kind: 'donation-receipt', status: 'held', lastError: expect.stringMatching(/legal name/) }),
    )
    expect(smtp.messages.some((m) => m.to.includes('pat@donor.test'))).toBe(false)

    // The legal name and EIN first: receipts still wait for the mailing address, and go out once it is saved.
    await putOrganization({ legalName: ORGANIZATION.legalName, ein: ORGANIZATION.ein })
    expect((await admin.get('/api/admin/email-status')).json.receiptsHeld).toMatch(/mailing address/)
    await putOrganization({ address: ORGANIZATION.address })
    // Only the receipt sent after the address was saved exists: nothing went out with the address missing.
    const receipt = await smtp.waitFor((m) => m.to.includes('pat@donor.test'))
    expect(receipt.subject).toBe(`Your donation receipt ${number} from Lady Hawks Basketball Boosters, Inc.`)
    for (const text of [
      `Receipt number: ${number}`,
      `Date: March 10, ${year}`,
      'Amount: $250.75',
      'Campaign: Summer Team Camp',
      'Payment method: Card (Stripe)',
      NO_GOODS,
      'Section 501(c)(3) of the Internal Revenue Code (EIN 12-3456789)',
      '1200 Hawk Way, Springfield, IL 62701',
      'EIN: 12-3456789',
    ]) {
      expect(receipt.text).toContain(text)
    }
    expect(smtp.messages.filter((m) => m.to.includes('pat@donor.test'))).toHaveLength(1)
    expect(receipt.text).toContain('1200 Hawk Way')
    // The HTML part says the same, as a table of the gift's details.
    expect(receipt.html).toMatch(/^<!doctype html>/)
    expect(receipt.html).toContain('<tr><th align="left">Amount</th><td>$250.75</td></tr>')
    expect(receipt.html).toContain(`<tr><th align="left">Receipt number</th><td>${number}</td></tr>`)
    expect(receipt.html).toContain(NO_GOODS)
    expect(receipt.html).toContain('1200 Hawk Way, Springfield, IL 62701')
    const donation = ((await admin.get('/api/admin/donations')).json as any[]).find((d) => d.stripeCheckoutSessionId === session.id)
    expect(donation.receiptNumber).toBe(`${number}`)
    expect((await admin.get('/api/admin/email-status')).json.receiptsHeld).toBeNull()
  })

  // One field missing each: a receipt sent with any of the three missing fails here (the test above fills the address last).
  for (const missing of ['legalName', 'ein', 'address'] as const)
    it(`holds a receipt while only the ${missing} is missing, and sends it once that is set`, async () => {
      await putOrganization({ ...ORGANIZATION, [missing]: '' })
      const donor = `held-${missing.toLowerCase()}@family.test`
      const gift = await admin.post('/api/admin/donations', {
        donorName: 'Held Receipt',
        donorEmail: donor,
        amount: '25',
        paymentMethod: 'check',
        receivedAt: `${year}-11-20`,
        status: 'completed',
      })
      expect(gift.status, gift.text).toBe(201)
      const held = async () =>
        (await admin.get('/api/admin/email-status')).json.problems.filter((p: { to: string | null }) => p.to === donor)
      await expect.poll(held).toEqual([expect.objectContaining({ kind: 'donation-receipt', status: 'held' })])
      expect(smtp.messages.some((m) => m.to.includes(donor))).toBe(false)

      await putOrganization({ [missing]: ORGANIZATION[missing] })
      const receipt = await smtp.waitFor((m) => m.to.includes(donor))
      for (const text of Object.values(ORGANIZATION)) expect(receipt.text).toContain(text)
      expect(smtp.messages.filter((m) => m.to.includes(donor))).toHaveLength(1)
    })

  it('numbers receipts per year, retries a failed send, and can resend', async () => {
    await putOrganization(ORGANIZATION)
    const number = await nextReceiptNumber()
    smtp.failNext(2)
    const gift = await admin.post('/api/admin/donations', {
      donorName: 'Grandma Lee',
      donorEmail: 'glee@family.test',
      amount: '40',
      paymentMethod: 'check',
      reference: '1042',
      receivedAt: `${year}-11-20`,
      status: 'completed',
    })
    expect(gift.status).toBe(201)
    const receipt = await smtp.waitFor((m) => m.to.includes('glee@family.test'))
    expect(receipt.text).toContain(`Receipt number: ${number}`)
    expect(receipt.text).toContain('Campaign: General fund')
    expect(receipt.text).toContain('Payment method: Check')
    expect(receipt.text).toContain(`Date: November 20, ${year}`)

    const resent = await admin.post(`/api/admin/donations/${gift.json.id}/receipt`)
    expect(resent.status).toBe(202)
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes('glee@family.test')).length).toBe(2)
    expect(smtp.messages.filter((m) => m.to.includes('glee@family.test'))[1].text).toContain(`Receipt number: ${number}`)
    // A pending gift has no receipt to send.
    const pending = await admin.post('/api/admin/donations', {
      donorName: 'Later',
      donorEmail: 'later@x.test',
      amount: '1',
      paymentMethod: 'cash',
    })
    expect((await admin.post(`/api/admin/donations/${pending.json.id}/receipt`)).status).toBe(409)
  })

  it('a refund, partial then full, mails a corrected acknowledgment naming the original receipt', async () => {
    await putOrganization(ORGANIZATION)
    const gift = await admin.post('/api/admin/donations', {
      donorName: '<b>Rich</b> & Co',
      donorEmail: 'rich@refund.test',
      amount: '1200',
      paymentMethod: 'check',
      receivedAt: `${year}-11-24`,
      status: 'completed',
    })
    expect(gift.status).toBe(201)
    const receipt = await smtp.waitFor((m) => m.to.includes('rich@refund.test'))
    const number = /Receipt number: (\d{4}-\d{4})/.exec(receipt.text)![1]
    expect(receipt.text).toContain('Amount: $1,200.00')
    expect(receipt.text).toContain(`Date: November 24, ${year}`)
    // Donor-typed text is escaped in the HTML part.
    expect(receipt.html).toContain('Dear &lt;b&gt;Rich&lt;/b&gt; &amp; Co,')

    const path = `/api/admin/donations/${gift.json.id}`
    expect((await admin.put(path, { status: 'partially_refunded', refundedAmount: '200' })).status).toBe(200)
    const partial = await smtp.waitFor((m) => m.to.includes('rich@refund.test') && m.subject.startsWith('Corrected'))
    expect(partial.subject).toBe(`Corrected acknowledgment for receipt ${number} from Lady Hawks Basketball Boosters, Inc.`)
    for (const text of [
      `This corrected acknowledgment replaces receipt ${number}, because $200.00 of your contribution was refunded.`,
      `Original receipt: ${number}`,
      'Amount received: $1,200.00',
      'Amount refunded: $200.00',
      'Contribution after the refund: $1,000.00',
      NO_GOODS,
      'EIN: 12-3456789',
    ])
      expect(partial.text).toContain(text)
    expect(partial.html).toContain('<tr><th align="left">Contribution after the refund</th><td>$1,000.00</td></tr>')

    expect((await admin.put(path, { status: 'refunded' })).status).toBe(200)
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes('rich@refund.test') && m.subject.startsWith('Corrected')).length)
      .toBe(2)
    const full = smtp.messages.filter((m) => m.to.includes('rich@refund.test') && m.subject.startsWith('Corrected'))[1]
    expect(full.text).toContain(`replaces receipt ${number}, because your contribution was refunded in full`)
    expect(full.text).toContain('Contribution after the refund: $0.00')
    expect(full.text).toContain('none of it is deductible')
    // Nothing remains a contribution: the closing never says it is deductible, and the refund's day is given.
    expect(full.text).not.toContain('tax-deductible')
    expect(full.text).toMatch(/Refunded on: [A-Z][a-z]+ \d{1,2}, \d{4}/)
    // A refund written through Payload's REST (/cms-api) mails the correction too: the rule is the collection's.
    const viaCms = await admin.post('/api/admin/donations', {
      donorName: 'Cms Refund',
      donorEmail: 'cms@refund.test',
      amount: '80',
      paymentMethod: 'cash',
      status: 'completed',
    })
    await smtp.waitFor((m) => m.to.includes('cms@refund.test'))
    expect((await admin.patch(`/cms-api/donations/${viaCms.json.id}`, { status: 'partially_refunded', refundedAmount: '20' })).status).toBe(
      200,
    )
    const cmsCorrection = await smtp.waitFor((m) => m.to.includes('cms@refund.test') && m.subject.startsWith('Corrected'))
    expect(cmsCorrection.text).toContain('Contribution after the refund: $60.00')
    // The same status sent again changes nothing and mails nothing more; the donor got one receipt and two corrections.
    expect((await admin.put(path, { status: 'refunded' })).status).toBe(200)
    await admin.post('/api/admin/donations', {
      donorName: 'Marker',
      donorEmail: 'marker@refund.test',
      amount: '1',
      paymentMethod: 'cash',
      status: 'completed',
    })
    await smtp.waitFor((m) => m.to.includes('marker@refund.test'))
    expect(smtp.messages.filter((m) => m.to.includes('rich@refund.test'))).toHaveLength(3)
  })

  it("writes a year-end statement PDF listing the year's gifts, and mails each donor theirs once (again only corrections)", async () => {
    await putOrganization(ORGANIZATION)
    const gift = await admin.post('/api/admin/donations', {
      donorName: 'Grandpa Ray',
      donorEmail: 'ray@statement.test',
      amount: '40',
      paymentMethod: 'check',
      receivedAt: `${year}-11-20`,
      status: 'completed',
    })
    expect(gift.status, gift.text).toBe(201)
    const number = /Receipt number: (\d{4}-\d{4})/.exec((await smtp.waitFor((m) => m.to.includes('ray@statement.test'))).text)![1]
    // The donor's own partly refunded gift (not another test's leftovers): kept, less the refund, on its day.
    const partly = await admin.post('/api/admin/donations', {
      donorName: 'Grandpa Ray',
      donorEmail: 'ray@statement.test',
      amount: '100',
      paymentMethod: 'cash',
      receivedAt: `${year}-11-21`,
      status: 'completed',
    })
    const refund = await admin.put(`/api/admin/donations/${partly.json.id}`, { status: 'partially_refunded', refundedAmount: '30' })
    expect(refund.status, refund.text).toBe(200)
    const partlyNumber = refund.json.receiptNumber
    const refundDay = dayInWords(refund.json.refundedOn)
    const refunded = await admin.post('/api/admin/donations', {
      donorName: 'Refunded',
      donorEmail: 'refunded@statement.test',
      amount: '25',
      paymentMethod: 'cash',
      status: 'completed',
    })
    expect((await admin.put(`/api/admin/donations/${refunded.json.id}`, { status: 'refunded' })).status).toBe(200)
    // A sponsor who never donated is a donor of the year: listed, on a statement with the tier's goods value, mailed once.
    await admin.post('/api/admin/sponsorship-tiers', {
      name: '3 Point',
      amount: '1200',
      level: 'gold',
      benefits: ['Banner at every home game'],
      goodsValue: '300',
    })
    const sponsorship = await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Sol Sponsor',
      sponsorEmail: 'Sol@Sponsor-Only.test',
      tier: 'gold',
      amount: '1200',
      paymentMethod: 'check',
      status: 'completed',
      receivedAt: `${year}-11-02`,
    })
    expect(sponsorship.status).toBe(201)
    await smtp.waitFor(
      (m) => m.to.some((to) => to.toLowerCase() === 'sol@sponsor-only.test') && m.subject.startsWith('Your sponsorship receipt'),
    )
    const solReceipt = (await allPages(admin, '/api/admin/sponsorships')).find((s) => s.id === sponsorship.json.id).receiptNumber
    expect(solReceipt).toMatch(new RegExp(`^${year}-\\d{4}$`))

    const lines = await statementOf('RAY@statement.test')
    for (const line of [
      'Lady Hawks Basketball Boosters, Inc.',
      '1200 Hawk Way, Springfield, IL 62701',
      'EIN: 12-3456789',
      `Year-end giving statement for ${year}`,
      'Donor: Grandpa Ray <ray@statement.test>',
      `November 20, ${year} | ${number} | $40.00 | $0.00 | $40.00`,
      `November 21, ${year} | ${partlyNumber} | $70.00 ($100.00 less a $30.00 refund on ${refundDay}) | $0.00 | $70.00`,
      `Total for ${year}: $110.00 from 2 gifts; deductible: $110.00.`,
    ])
      expect(lines).toContain(line)
    const sol = await statementOf('sol@sponsor-only.test')
    expect(sol).toContain('Donor: Sol Sponsor <sol@sponsor-only.test>')
    expect(sol).toContain(`November 2, ${year} | ${solReceipt} | $1,200.00 (sponsorship: 3 Point) | $300.00 | $900.00`)
    expect(sol).toContain(`Total for ${year}: $1,200.00 from 1 gift; deductible: $900.00.`)
    // The refunded gift is on nobody's statement.
    expect((await admin.get(`/api/admin/donors/statement.pdf?email=refunded@statement.test&year=${year}`)).status).toBe(404)
    expect((await admin.get(`/api/admin/donors/statement.pdf?email=nope&year=${year}`)).status).toBe(400)

    // Every donor in the list has a statement whose gift lines are their records of the year and whose total is the list's.
    const listed = await admin.get(`/api/admin/donors?year=${year}&limit=100`)
    const donors = listed.json as any[]
    expect(Number(listed.headers.get('x-total-count'))).toBe(donors.length)
    expect(donors.filter((d) => d.email === 'sol@sponsor-only.test')).toEqual([
      {
        email: 'sol@sponsor-only.test',
        name: 'Sol Sponsor',
        total: '1200.00',
        count: 1,
        firstGift: `${year}-11-02`,
        lastGift: `${year}-11-02`,
      },
    ])
    const records = [
      ...(await allPages(admin, '/api/admin/donations')).map((d) => ({ ...d, email: d.donorEmail })),
      ...(await allPages(admin, '/api/admin/sponsorships')).map((s) => ({ ...s, email: s.sponsorEmail })),
    ].filter((r) => ['completed', 'partially_refunded'].includes(r.status) && (r.receivedAt ?? r.createdAt).startsWith(String(year)))
    const kept = (r: any) => centsOf(r.amount) - centsOf(r.refundedAmount ?? '0')
    for (const donor of donors) {
      const mine = records.filter((r) => r.email.toLowerCase() === donor.email)
      const statement = await statementOf(donor.email)
      // Date | Receipt | Amount (and what it was) | Goods or services | Deductible
      const giftLines = statement.filter((l) => /^[A-Z][a-z]+ \d{1,2}, \d{4} \| /.test(l)).map((l) => l.split(' | '))
      expect(giftLines.map(([day, receipt, amount]) => [day, receipt, amount.split(' (')[0]]).sort()).toEqual(
        mine.map((r) => [dayInWords((r.receivedAt ?? r.createdAt).slice(0, 10)), r.receiptNumber ?? 'not issued', usd(kept(r))]).sort(),
      )
      for (const [, , amount, goods, deductible] of giftLines)
        expect(centsOf(deductible.slice(1).replaceAll(',', ''))).toBe(
          centsOf(amount.split(' (')[0].slice(1).replaceAll(',', '')) - centsOf(goods.slice(1).replaceAll(',', '')),
        )
      expect(donor.count).toBe(mine.length)
      expect(statement.some((l) => l.startsWith(`Total for ${year}: ${usd(centsOf(donor.total))} from ${donor.count} gift`))).toBe(true)
    }

    const sent = await admin.post('/api/admin/donors/statements', { year })
    expect(sent.status).toBe(202)
    expect(sent.json).toEqual({ queued: donors.length, corrected: 0, copies: 0, unchanged: 0 })
    const mail = await smtp.waitFor(
      (m) => m.to.includes('ray@statement.test') && m.subject === `Your ${year} giving statement from Lady Hawks Basketball Boosters, Inc.`,
    )
    expect(mail.text).toContain(`Total for ${year}: $110.00 from 2 gifts`)
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0].filename).toBe(`giving-statement-${year}-ray-statement-test.pdf`)
    expect((await readPdf(mail.attachments[0].content)).lines).toContain(`November 20, ${year} | ${number} | $40.00 | $0.00 | $40.00`)
    const statements = () => smtp.messages.filter((m) => m.subject.startsWith(`Your ${year} giving statement`))
    await expect.poll(() => statements().length).toBe(donors.length)
    // Each donor once, the sponsor-only one included.
    expect(
      statements()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(donors.map((d) => d.email).sort())
    const solMail = statements().find((m) => m.to.includes('sol@sponsor-only.test'))!
    expect(solMail.text).toContain(`Total for ${year}: $1,200.00 from 1 gift; deductible: $900.00.`)
    expect(solMail.attachments[0].filename).toBe(`giving-statement-${year}-sol-sponsor-only-test.pdf`)

    const again = await admin.post('/api/admin/donors/statements', { year })
    expect(again.status).toBe(409)
    expect(again.json.error).toMatch(/already sent/)
    // "Send again" mails only corrected statements: nothing changed, nothing is mailed.
    const resent = await admin.post('/api/admin/donors/statements', { year, force: true })
    expect(resent.status).toBe(202)
    expect(resent.json).toEqual({ queued: 0, corrected: 0, copies: 0, unchanged: donors.length })
    expect(statements()).toHaveLength(donors.length)
  })

  it('a sponsorship with benefits gets the quid-pro-quo disclosure: benefits, good-faith value, deductible part', async () => {
    await putOrganization(ORGANIZATION)
    const number = await nextReceiptNumber()
    await admin.post('/api/admin/sponsorship-tiers', {
      name: '2 Point',
      amount: '600',
      level: 'silver',
      benefits: ['Full ad spot at every game', '2 season tickets'],
      goodsValue: '150',
    })
    const created = await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Dana Brooks',
      sponsorEmail: 'dana@brooks-receipt.test',
      sponsorCompany: 'Brooks Auto',
      tier: 'silver',
      amount: '600',
      receivedAt: `${year}-12-31`,
    })
    expect((await admin.put(`/api/admin/sponsorships/${created.json.id}`, { status: 'completed' })).status).toBe(200)
    const receipt = await smtp.waitFor((m) => m.to.includes('dana@brooks-receipt.test'))
    expect(receipt.subject).toBe(`Your sponsorship receipt ${number} from Lady Hawks Basketball Boosters, Inc.`)
    expect(receipt.text).toContain('Amount: $600.00')
    expect(receipt.text).toContain('In exchange for this contribution you received: Full ad spot at every game; 2 season tickets.')
    expect(receipt.text).toContain('good-faith estimate of the value of these goods and services is $150.00')
    expect(receipt.text).toContain('minus that value: $450.00')
    expect(receipt.text).toContain('Sponsorship: 2 Point')
    expect(receipt.text).not.toContain(NO_GOODS)

    // The year-end statement counts the sponsorship with its tier's goods value and the deductible rest.
    const statement = await fetch(`${server.url}/api/admin/donors/statement.pdf?email=dana@brooks-receipt.test&year=${year}`, {
      headers: { cookie: admin.cookie },
    })
    expect(statement.status).toBe(200)
    const { lines } = await readPdf(new Uint8Array(await statement.arrayBuffer()))
    expect(lines).toContain(`${dayInWords(`${year}-12-31`)} | ${number} | $600.00 (sponsorship: 2 Point) | $150.00 | $450.00`)
    expect(lines).toContain(`Total for ${year}: $600.00 from 1 gift; deductible: $450.00.`)
    expect(lines.join('\n')).not.toContain('No goods or services')
  })

  it('prints a name in any script: Latin, Vietnamese, Chinese, Japanese and Korean as written, an emoji as its code, never "?"', async () => {
    await putOrganization(ORGANIZATION)
    // The curly apostrophe phones type, an en dash, Vietnamese, Greek, Cyrillic, Chinese, Korean and Japanese names and an emoji.
    const name = 'Mary O’Neil – Café Nguyễn Ελένη Жанна 王小明 김민준 さくら 🏀'
    const email = 'mary@any-script.test'
    // A year of its own, the one before: the year-end statements of the other tests' year go to their donors alone.
    const ownYear = year - 1
    const gift = await admin.post('/api/admin/donations', {
      donorName: name,
      donorEmail: email,
      amount: '25',
      paymentMethod: 'cash',
      receivedAt: `${ownYear}-03-04`,
      status: 'completed',
    })
    expect(gift.status, gift.text).toBe(201)
    const res = await fetch(`${server.url}/api/admin/donors/statement.pdf?email=${encodeURIComponent(email)}&year=${ownYear}`, {
      headers: { cookie: admin.cookie },
    })
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    const { title, lines, tagged } = await readPdf(bytes)
    expect(lines).toContain('Donor: Mary O’Neil – Café Nguyễn Ελένη Жанна 王小明 김민준 さくら U+1F3C0 <mary@any-script.test>')
    expect(lines.join('\n')).not.toContain('?')
    // Tagged for screen readers, in English, titled with the donor's name the same way.
    expect(title).toBe(`Giving statement ${ownYear}, Mary O’Neil – Café Nguyễn Ελένη Жанна 王小明 김민준 さくら U+1F3C0`)
    // Each font embedded as a subset of the characters used: the statement stays small.
    expect(bytes.length).toBeLessThan(200_000)
    const fonts =
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? []
    expect([...new Set(fonts.map((f) => f.replace(/^.*\+/, '')))].sort()).toEqual([
      'DejaVuSans',
      'NotoSansHans-Regular',
      'NotoSansKR-Regular',
    ])
    expect(tagged).toBe(true)
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Lang (en-US)')

    // Mailed as well, with its fonts: the statement kept and sent is the one downloaded.
    const sent = await admin.post('/api/admin/donors/statements', { year: ownYear })
    expect([sent.status, sent.json.queued]).toEqual([202, 1])
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `Your ${ownYear} giving statement from ${ORGANIZATION.legalName}`,
    )
    const mailed = await readPdf(mail.attachments[0].content)
    expect(mailed.lines).toContain('Donor: Mary O’Neil – Café Nguyễn Ελένη Жанна 王小明 김민준 さくら U+1F3C0 <mary@any-script.test>')
    const problems = (await admin.get('/api/admin/email-status')).json.problems as Array<{ to: string }>
    expect(problems.filter((p) => p.to === email)).toEqual([])
  })
})

describe('without SMTP_URL', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { SMTP_URL: '' } })
  })
  afterAll(() => server?.stop())

  it('sends nothing, keeps the messages, and tells the admin email is off', async () => {
    const admin = await loggedInAdmin(server.url)
    expect((await new ApiClient(server.url).post('/api/contact', { name: 'A', email: 'a@b.test', message: 'Hi' })).status).toBe(201)
    const status = (await admin.get('/api/admin/email-status')).json
    expect(status).toMatchObject({ enabled: false, pending: 1, sent: 0 })
  })
})

describe('while a message is being handed to the mail server', () => {
  // A mail server that accepts the connection and never greets: the outbox's claim stays `sending` meanwhile.
  const sockets = new Set<Socket>()
  const silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let server: TestServer
  beforeAll(async () => {
    const port = await freePort()
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve))
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await server?.stop()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('counts it as waiting until it has gone out', async () => {
    const admin = await loggedInAdmin(server.url)
    await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: CLUB })
    expect((await new ApiClient(server.url).post('/api/contact', { name: 'A', email: 'a@b.test', message: 'Hi' })).status).toBe(201)
    await expect.poll(async () => (await admin.get('/cms-api/email-outbox?where[status][equals]=sending&depth=0')).json.totalDocs).toBe(1)
    expect((await admin.get('/api/admin/email-status')).json).toMatchObject({ enabled: true, pending: 1, sent: 0, failed: 0 })
  })
})

describe('at a sending rate (EMAIL_PER_HOUR)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer
  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Lady Hawks Boosters <boosters@ladyhawks.test>', EMAIL_PER_HOUR: '2', EMAIL_RETRY_MS: '200' },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  it('sends at most that many an hour; the rest wait (not failed, no attempt spent), and the Overview says so', async () => {
    const admin = await loggedInAdmin(server.url)
    await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: CLUB })
    for (const name of ['First Parent', 'Second Parent', 'Third Parent']) {
      expect((await new ApiClient(server.url).post('/api/contact', { name, email: 'p@parent.test', message: 'Hello' })).status).toBe(201)
    }
    await expect.poll(async () => (await admin.get('/api/admin/email-status')).json.sent).toBe(2)
    const status = (await admin.get('/api/admin/email-status')).json
    expect(status).toMatchObject({ enabled: true, sent: 2, pending: 1, failed: 0, perHour: 2 })
    const waiting = (await admin.get('/cms-api/email-outbox?where[status][equals]=pending&depth=0')).json.docs
    expect(waiting).toHaveLength(1)
    expect(waiting[0].attempts).toBe(0)
    expect(smtp.messages.filter((m) => m.subject.startsWith('New contact message from'))).toHaveLength(2)
  })
})

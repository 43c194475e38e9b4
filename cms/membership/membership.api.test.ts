import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { clubDay, dayInWords, shiftDay, ZONE_NOT_ON_UTC_DAY as ZONE } from '../../testing/clubCalendar'
import { countLinked, databaseTargets, lapseMemberLinks, memberLinksOf } from '../../testing/databases'
import { csvRecords } from '../../testing/csv'
import { readPdf } from '../../testing/pdf'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { startSmtpCapture } from '../../testing/smtp'
import { checkoutSession, refundedCharge, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../../testing/stripe'
import { startStripeApi, TEST_CHECKOUT_KEY } from '../../testing/stripeApi'

const ORGANIZATION = [
  ['legalName', 'Lady Hawks Basketball Boosters, Inc.'],
  ['ein', '12-3456789'],
  ['address', '1200 Hawk Way, Springfield, IL 62701'],
] as const

/**
 * The club's day in a zone whose day is not UTC's while this file runs, so a rule that dates anything by the UTC day
 * (a payment's, a comp's, the late price's, the joining window's) is caught whatever the hour.
 */
const today = clubDay(Date.now(), ZONE)
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * Memberships (docs/MEMBERSHIP.md), as a club's first meeting and month would have them, through every door: the
 * contract's collections and routes, /join's mailed link to Stripe Checkout (our local stand-in for Stripe's API)
 * and the signed webhook, dues paid by hand into a deposit, refunds and failed cards, the books that read dues like
 * gifts, receipts in the words of each tax treatment, /member's passwordless sign-in, and who may read a family.
 * One season's story told in order (kept so under `--sequence.shuffle`): a test reads the families and payments the
 * tests before it made.
 */
for (const { name, env } of databaseTargets)
  describe(`memberships on ${name}`, { shuffle: false }, () => {
    let server: TestServer
    let admin: ApiClient
    let editor: ApiClient
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
    let stripe: Awaited<ReturnType<typeof startStripeApi>>
    const visitor = () => new ApiClient(server.url)
    let season: { id: string }
    let family: { id: string } // contribution, $60 + $15 per additional athlete, at most $75
    let plus: { id: string } // contribution with benefits worth $60, $150
    let player: { id: string } // participation fee, $120 per athlete

    beforeAll(async () => {
      smtp = await startSmtpCapture()
      stripe = await startStripeApi()
      server = await startServer({
        env: {
          ...env,
          CLUB_TIME_ZONE: ZONE,
          SMTP_URL: smtp.url,
          EMAIL_RETRY_MS: '200',
          STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
          STRIPE_CHECKOUT_KEY: TEST_CHECKOUT_KEY,
          STRIPE_SECRET_KEY: stripe.key,
          TEST_STRIPE_API: stripe.url,
          // A month of joins and sign-ins from one address (the tests'): the limits are not what is tested here.
          RATE_LIMIT_FORMS: '200',
          RATE_LIMIT_RECOVERY: '100',
        },
      })
      admin = await loggedInAdmin(server.url)
      for (const [key, value] of ORGANIZATION) await admin.put('/api/admin/content', { section: 'organization', key, value })
      await admin.put('/api/admin/content', { section: 'contact', key: 'email', value: 'board@ladyhawks.test' })
      await addStaffAccount(admin, { username: 'content.editor', password: 'another-long-passphrase', role: 'editor' })
      editor = new ApiClient(server.url)
      expect((await editor.post('/api/admin/login', { username: 'content.editor', password: 'another-long-passphrase' })).status).toBe(200)
    })
    afterAll(async () => {
      await server?.stop()
      await smtp?.stop()
      await stripe?.stop()
    })

    const cms = async (method: 'post' | 'patch', path: string, body: Record<string, unknown>, status = method === 'post' ? 201 : 200) => {
      const res = await admin[method](path, body)
      expect(res.status, res.text).toBe(status)
      return res.json.doc
    }
    /** The link of the newest mail to `to` whose text matches `path` (/join/continue/…, /member/sign-in/…). */
    const linkIn = async (to: string, path: string, after = 0) => {
      const mail = await smtp.waitFor((m) => m.to.includes(to) && smtp.messages.indexOf(m) >= after && m.text.includes(path))
      return { mail, link: new RegExp(`${server.url}(${path}[A-Za-z0-9_-]+)`).exec(mail.text)![1] }
    }
    const join = async (body: Record<string, unknown>, client = visitor()) => {
      const res = await client.post('/api/membership/join', body)
      expect(res.status, res.text).toBe(202)
      expect(res.json).toEqual({ status: 'check-email' })
    }
    const continuePage = async (link: string, client = visitor()) => {
      const res = await client.get(link)
      return { status: res.status, html: res.text }
    }
    const membershipOf = async (email: string) => {
      const households = await admin.get(`/cms-api/households?where[adults.email][equals]=${encodeURIComponent(email)}&depth=0`)
      const household = households.json.docs[0]
      if (!household) return null
      const { docs } = (
        await admin.get(`/cms-api/memberships?where[household][equals]=${household.id}&where[season][equals]=${season.id}&depth=0`)
      ).json
      return { household, membership: docs[0] }
    }
    /** A form's plain post, as a browser sends it without JavaScript: the answer itself (a 303 is not followed), its cookie kept. */
    const formPost = async (client: ApiClient, path: string, body = '') => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: server.url,
          ...(client.cookie ? { Cookie: client.cookie } : {}),
        },
        body,
        redirect: 'manual',
      })
      for (const c of res.headers.getSetCookie()) client.cookie = c.split(';')[0]
      return { status: res.status, location: res.headers.get('location'), setCookies: res.headers.getSetCookie(), text: await res.text() }
    }
    /** A client signed in as `email` by the mailed link's button, as a family does. */
    const signedIn = async (email: string) => {
      const before = smtp.messages.length
      const client = visitor()
      await client.post('/api/member/sign-in', { email })
      const { link } = await linkIn(email, '/member/sign-in/', before)
      expect((await formPost(client, link)).status).toBe(303)
      return client
    }
    const payByCard = async (membershipId: string, email: string, feeCents = 200) => {
      const session = stripe.sessions().findLast((s) => s.client_reference_id === `membership:${membershipId}`)!
      const paid = stripe.pay(session.id as string, feeCents, { name: 'Pat Family', email })
      const sent = await sendEvent(server.url, signedEvent('checkout.session.completed', paid))
      expect(sent.status, sent.text).toBe(200)
      return paid
    }

    it('starts as the spec has it: no season open, no levels, the footer’s Join Booster Club a dead link', async () => {
      expect((await visitor().get('/api/membership/levels')).json).toEqual([])
      expect((await visitor().get('/api/pages')).json).toEqual({ slugs: [] })
      const home = await visitor().get('/')
      expect(home.text).toMatch(/<a href="#" role="link" aria-disabled="true" title="Coming soon">Join Booster Club<\/a>/)
    })

    it('lets an admin open a season and its levels with exactly the contract’s fields through /cms-api, and /join offers them', async () => {
      season = await cms('post', '/cms-api/seasons', {
        label: '2026–27',
        startsOn: shiftDay(today, -30),
        endsOn: shiftDay(today, 300),
        renewalOpensOn: shiftDay(today, -60),
        renewalDeadline: shiftDay(today, 30),
      })
      const level = (fields: Record<string, unknown>) =>
        cms('post', '/cms-api/membership-levels', { season: season.id, description: 'For the season.', onOffer: true, ...fields })
      family = await level({
        name: 'Family',
        price: '60',
        perAdditionalAthlete: '15.00',
        householdCap: '75.00',
        benefitsValue: '0',
        taxTreatment: 'contribution',
      })
      plus = await level({
        name: 'Family Plus',
        price: '150.00',
        benefits: ['Two season passes', 'A booster T-shirt'],
        perAdditionalAthlete: '0',
        householdCap: null,
        benefitsValue: '60.00',
        taxTreatment: 'contribution-with-benefits',
      })
      player = await level({
        name: 'Player fee',
        price: '120.00',
        perAdditionalAthlete: '120.00',
        householdCap: null,
        benefitsValue: '0',
        taxTreatment: 'participation-fee',
      })
      // A level not on offer is not listed (an amount left empty, as a form sends it, is not given: the cap none, the
      // additional athlete's price its default, nothing).
      const alumni = await level({
        name: 'Alumni',
        price: '25.00',
        perAdditionalAthlete: '',
        householdCap: '',
        benefitsValue: '0',
        taxTreatment: 'contribution',
        onOffer: false,
      })
      expect(alumni).toMatchObject({ householdCap: null, perAdditionalAthlete: '0.00' })

      const levels = (await visitor().get('/api/membership/levels')).json
      expect(levels.map((l: any) => l.name)).toEqual(['Family', 'Family Plus', 'Player fee'])
      expect(levels[0]).toMatchObject({
        id: family.id,
        name: 'Family',
        description: 'For the season.',
        season: season.id,
        price: '60.00',
        perAdditionalAthlete: '15.00',
        householdCap: '75.00',
        benefitsValue: '0.00',
        taxTreatment: 'contribution',
      })
      expect(levels[1]).toMatchObject({ benefitsValue: '60.00', taxTreatment: 'contribution-with-benefits', householdCap: null })
      expect(levels[2]).toMatchObject({ taxTreatment: 'participation-fee' })

      // The footer now leads to /join; the page shows each level, its price, what it buys and the refund rule.
      expect((await visitor().get('/api/pages')).json.links).toEqual({ 'join-booster-club': '/join' })
      const page = await visitor().get('/join')
      expect(page.status).toBe(200)
      expect(page.text).toContain('Membership for 2026–27')
      expect(page.text).toContain('Of your $60, $0 buys goods or services; $60 is a tax-deductible contribution.')
      expect(page.text).toContain('Of your $150, $60 buys goods or services; $90 is a tax-deductible contribution.')
      expect(page.text).toContain('it is a participation fee, not a tax-deductible contribution')
      expect(page.text).toContain('Dues are refunded on request within 7 days of paying')
      // Each card's price for the household, what a further athlete adds and the cap (React's text markers taken out).
      const cards = page.text.replaceAll('<!-- -->', '')
      expect(cards).toContain('per household, plus $15 for each additional athlete, at most $75.')
      // A renewal reminder's link: /join served with that level chosen and that many athletes typed in, without JavaScript.
      const prefilled = (await visitor().get(`/join?level=${plus.id}&athletes=2`)).text
      expect(prefilled.match(/<input[^>]*name="athletes"[^>]*>/)?.[0]).toContain('value="2"')
      expect(prefilled.match(new RegExp(`<input[^>]*value="${plus.id}"[^>]*>`))?.[0]).toContain('checked=""')
      expect((await visitor().get('/')).text).toContain('<a href="/join">Join Booster Club</a>')
      // The refund rule /join states is the season's own, whatever it is.
      await cms('patch', `/cms-api/seasons/${season.id}`, { refundDays: 10 })
      expect((await visitor().get('/api/membership/levels')).json.map((l: any) => l.refundDays)).toEqual([10, 10, 10])
      expect((await visitor().get('/join')).text).toContain('Dues are refunded on request within 10 days of paying')
      await cms('patch', `/cms-api/seasons/${season.id}`, { refundDays: 7 })
    })

    it('keeps prices and tax treatment the admins’, and families’ records from editors and strangers, on every door', async () => {
      for (const slug of ['seasons', 'membership-levels', 'households', 'memberships', 'dues']) {
        expect((await visitor().get(`/cms-api/${slug}`)).status, slug).toBe(403)
        expect((await editor.get(`/cms-api/${slug}`)).status, slug).toBe(403)
      }
      expect((await editor.patch(`/cms-api/membership-levels/${family.id}`, { price: '1.00' })).status).toBe(403)
      expect(
        (
          await editor.post('/cms-api/seasons', {
            label: 'x',
            startsOn: today,
            endsOn: today,
            renewalOpensOn: today,
            renewalDeadline: today,
          })
        ).status,
      ).toBe(403)
      expect(
        (await editor.post('/cms-api/households', { name: 'The Editor family', adults: [{ name: 'Ed', email: 'ed@editor.test' }] })).status,
      ).toBe(403)
      for (const client of [editor, visitor()]) {
        expect((await client.patch(`/cms-api/seasons/${season.id}`, { label: 'Renamed by a stranger' })).status).toBe(403)
        const level = { season: season.id, name: 'A stranger’s level', price: '1.00', taxTreatment: 'contribution', onOffer: true }
        expect((await client.post('/cms-api/membership-levels', level)).status).toBe(403)
      }
      // The club's membership settings: neither read nor changed by an editor, nor read by a visitor.
      expect((await editor.get('/cms-api/globals/membership-settings')).status).toBe(403)
      expect((await visitor().get('/cms-api/globals/membership-settings')).status).toBe(403)
      expect((await editor.post('/cms-api/globals/membership-settings', { directory: true, payInPerson: 'Pay the editor' })).status).toBe(
        403,
      )
      // Read back: nothing an editor sent was stored.
      expect((await admin.get(`/cms-api/membership-levels/${family.id}?depth=0`)).json.price).toBe('60.00')
      expect((await admin.get('/cms-api/seasons?where[label][equals]=x')).json.totalDocs).toBe(0)
      expect((await admin.get('/cms-api/households?where[name][equals]=The Editor family')).json.totalDocs).toBe(0)
      expect((await admin.get(`/cms-api/seasons/${season.id}?depth=0`)).json.label).toBe('2026–27')
      const strangersLevel = encodeURIComponent('A stranger’s level')
      expect((await admin.get(`/cms-api/membership-levels?where[name][equals]=${strangersLevel}`)).json.totalDocs).toBe(0)
      const settings = (await admin.get('/cms-api/globals/membership-settings')).json
      expect([settings.directory, settings.payInPerson ?? null]).toEqual([false, null])
      // Nor deleted by either: a season no level names, a level and a household no membership names (a hook keeps
      // the others from anyone), so the access rule alone stands between them and a stranger.
      const spareSeason = await cms('post', '/cms-api/seasons', {
        label: 'A season long past',
        startsOn: shiftDay(today, -400),
        endsOn: shiftDay(today, -100),
        renewalOpensOn: shiftDay(today, -430),
        renewalDeadline: shiftDay(today, -390),
      })
      const spareLevel = await cms('post', '/cms-api/membership-levels', {
        season: season.id,
        name: 'Supporter',
        price: '10.00',
        taxTreatment: 'contribution',
        onOffer: false,
      })
      const spareHousehold = await cms('post', '/cms-api/households', {
        name: 'The Spare family',
        adults: [{ name: 'Sam Spare', email: 'sam@spare.test' }],
      })
      const spares = [
        `/cms-api/membership-levels/${spareLevel.id}`,
        `/cms-api/seasons/${spareSeason.id}`,
        `/cms-api/households/${spareHousehold.id}`,
      ]
      for (const client of [editor, visitor()]) for (const path of spares) expect((await client.delete(path)).status, path).toBe(403)
      for (const path of spares) expect((await admin.get(`${path}?depth=0`)).status, path).toBe(200)
      // An admin may, so what refused them above was who asked.
      for (const path of spares) expect((await admin.delete(path)).status, path).toBe(200)
      for (const path of spares) expect((await admin.get(path)).status, path).toBe(404)

      // A level's tax treatment and its benefits' value agree; a cap is no less than the price; a late price has its day.
      expect((await admin.patch(`/cms-api/membership-levels/${plus.id}`, { benefitsValue: '0' })).status).toBe(400)
      expect((await admin.patch(`/cms-api/membership-levels/${family.id}`, { benefitsValue: '5.00' })).status).toBe(400)
      expect((await admin.patch(`/cms-api/membership-levels/${family.id}`, { householdCap: '50.00' })).status).toBe(400)
      expect((await admin.patch(`/cms-api/membership-levels/${family.id}`, { latePrice: '70.00' })).status).toBe(400)
      expect((await admin.get(`/cms-api/membership-levels/${plus.id}?depth=0`)).json.benefitsValue).toBe('60.00')
      expect((await admin.get(`/cms-api/membership-levels/${family.id}?depth=0`)).json).toMatchObject({
        benefitsValue: '0.00',
        householdCap: '75.00',
        latePrice: null,
      })
      // A season's days follow each other: renewal opens, its deadline, the season's end; it starts before it ends.
      const days = {
        startsOn: today,
        endsOn: shiftDay(today, 100),
        renewalOpensOn: shiftDay(today, -10),
        renewalDeadline: shiftDay(today, 10),
      }
      for (const [label, wrong] of [
        ['Ends before it starts', { endsOn: shiftDay(today, -1), renewalDeadline: shiftDay(today, -5) }],
        ['Deadline before renewal opens', { renewalDeadline: shiftDay(today, -11) }],
        ['Deadline after the end', { renewalDeadline: shiftDay(today, 101) }],
        ['Grace days below none', { graceDays: -1 }],
        ['Refund days below none', { refundDays: -1 }],
      ] as const) {
        const res = await admin.post('/cms-api/seasons', { label, ...days, ...wrong })
        expect(res.status, label).toBe(400)
        expect((await admin.get(`/cms-api/seasons?where[label][equals]=${encodeURIComponent(label)}`)).json.totalDocs, label).toBe(0)
      }
      expect((await visitor().get('/api/member')).status).toBe(401)
      expect((await visitor().get('/api/admin/members')).status).toBe(401)
      expect((await editor.get('/api/admin/members')).status).toBe(403)
      expect((await editor.get('/api/admin/members.csv')).status).toBe(403)
    })

    it('joins a family with two players by card: the same answer for every address, the mail’s link, Checkout once, active once', async () => {
      const asked = Date.now()
      await join({
        levelId: family.id,
        householdName: 'The Rivera family',
        adults: [
          { name: 'Ana Rivera', email: 'Ana.Rivera@family.test' },
          { name: 'Luis Rivera', email: 'luis.rivera@family.test' },
        ],
        athletes: 2,
      })
      const { mail, link } = await linkIn('ana.rivera@family.test', '/join/continue/')
      const mailed = Date.now()
      expect(mail.text).toContain('Dues: $75.00') // $60 + $15 for the second player, the cap $75
      // The link works for the 7 days its mail says, counted from when the mail was written (read from the database).
      const stored = await memberLinksOf(server.databaseUri, 'ana.rivera@family.test')
      expect(stored.map((l) => l.kind)).toEqual(['join'])
      expect(Date.parse(stored[0].expiresAt!)).toBeGreaterThanOrEqual(asked + 7 * DAY_MS)
      expect(Date.parse(stored[0].expiresAt!)).toBeLessThanOrEqual(mailed + 7 * DAY_MS)
      // The last day the mail names is the club's day of that instant (this file's zone: never UTC's day).
      expect(mail.text).toContain(`The link works for 7 days, until ${dayInWords(clubDay(Date.parse(stored[0].expiresAt!), ZONE))}.`)
      expect(mail.text).toContain('Level: Family\nAthletes: 2\n')
      expect(mail.text).toContain('Of your $75, $0 buys goods or services')
      // The pending membership exists once the link is opened, priced by the server.
      expect(await membershipOf('ana.rivera@family.test')).toBeNull()
      const page = await continuePage(link)
      expect(page.status).toBe(200)
      expect(page.html).toContain('The Rivera family')
      expect(page.html).toContain('$75.00')
      expect(page.html).toContain('Pay $75.00 by card')
      // The pay button is a form that posts to the link itself (it works without the page's code); the athletes as asked.
      expect(new RegExp(`<form[^>]* action="${link}"[^>]*>`).exec(page.html)?.[0]).toContain(' method="post"')
      expect(page.html).toContain('<dt class="font-bold">Athletes</dt><dd>2</dd>')
      // What the dues buy, in words, of the amount this family pays (not the level's one-athlete price).
      expect(page.html).toContain('Of your $75, $0 buys goods or services; $75 is a tax-deductible contribution.')
      // The refund rule it states is the season's own.
      await cms('patch', `/cms-api/seasons/${season.id}`, { refundDays: 14 })
      expect((await continuePage(link)).html).toContain('Dues are refunded on request within 14 days of paying.')
      await cms('patch', `/cms-api/seasons/${season.id}`, { refundDays: 7 })
      const { household, membership } = (await membershipOf('ana.rivera@family.test'))!
      expect(household.adults.map((a: any) => a.email)).toEqual(['ana.rivera@family.test', 'luis.rivera@family.test'])
      expect(membership).toMatchObject({
        household: household.id,
        level: family.id,
        season: season.id,
        status: 'pending',
        amount: '75.00',
        athletes: 2,
      })

      // Pay: on to Stripe's page, a session our server made for that amount, naming the membership; twice, one session.
      const go = await formPost(visitor(), link)
      expect(go.status).toBe(303)
      const again = await formPost(visitor(), link)
      expect(again.location).toBe(go.location)
      const sessions = stripe.sessions().filter((s) => s.client_reference_id === `membership:${membership.id}`)
      expect(sessions).toHaveLength(1)
      expect(go.location).toBe(sessions[0].url)
      expect(sessions[0]).toMatchObject({
        amount_total: 7500,
        currency: 'usd',
        customer_email: 'ana.rivera@family.test',
        cancel_url: server.url + link,
      })
      expect(stripe.requests.filter((r) => r.startsWith('POST /v1/checkout/sessions'))).toHaveLength(1)

      // Stripe signs its event; the membership is active once, whatever copies arrive.
      const paid = stripe.pay(sessions[0].id as string, 248, { name: 'Ana Rivera', email: 'ana.rivera@family.test' })
      const event = signedEvent('checkout.session.completed', paid)
      for (const copy of [event, event]) expect((await sendEvent(server.url, copy)).status).toBe(200)
      expect((await sendEvent(server.url, signedEvent('checkout.session.completed', paid))).status).toBe(200)
      const after = (await membershipOf('ana.rivera@family.test'))!.membership
      expect(after).toMatchObject({ status: 'active', paymentMethod: 'card', paidOn: today })
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}&depth=0`)).json.docs
      expect(dues).toHaveLength(1)
      expect(dues[0]).toMatchObject({
        status: 'completed',
        amount: '75.00',
        paymentMethod: 'stripe',
        taxTreatment: 'contribution',
        stripeFee: '2.48',
      })
      const receipt = await smtp.waitFor((m) => m.to.includes('ana.rivera@family.test') && m.subject.includes('membership receipt'))
      expect(receipt.text).toContain(`Receipt number: ${dues[0].receiptNumber}`)
      expect(receipt.text).toContain('Membership: 2026–27, Family')
      expect(receipt.text).toContain(
        `Date: ${dayInWords(today)}\nAmount: $75.00\nMembership: 2026–27, Family\nPayment method: Card (Stripe)\n`,
      )
      expect(receipt.text).toContain('No goods or services of substantial value were provided in exchange for this contribution')
      expect(receipt.text).toContain('Your contribution is tax-deductible to the extent allowed by law.')

      // The link is spent for paying: it now says they are members.
      const spent = await continuePage(link)
      expect(spent.html).toContain('is a member for 2026–27')
      expect(spent.html).not.toContain('Pay $75.00 by card')

      // Joining again from the same address: the same answer, and a mail that says so with a sign-in link: nobody pays twice.
      const before = smtp.messages.length
      await join({ levelId: family.id, adults: [{ name: 'Ana Rivera', email: 'ana.rivera@family.test' }], athletes: 2 })
      const { mail: already } = await linkIn('ana.rivera@family.test', '/member/sign-in/', before)
      expect(already.subject).toContain('already a member')
      expect(already.text).toContain('The Rivera family is already a member this season, so there is nothing to pay.')
      expect(stripe.sessions().filter((s) => s.client_reference_id === `membership:${membership.id}`)).toHaveLength(1)
    })

    it('refuses a level not on offer and bad fields with 400, and a stranger learns nothing from the answer', async () => {
      for (const body of [
        { levelId: 'not-a-level', adults: [{ name: 'A', email: 'a@x.test' }], athletes: 1 },
        { levelId: family.id, adults: [], athletes: 1 },
        { levelId: family.id, adults: [{ name: 'A', email: 'not an email' }], athletes: 1 },
        { levelId: family.id, adults: [{ name: 'A', email: 'a@x.test' }], athletes: 11 },
        {
          levelId: family.id,
          adults: [
            { name: 'A', email: 'a@x.test' },
            { name: 'B', email: 'A@x.test' },
          ],
          athletes: 1,
        },
      ]) {
        const res = await visitor().post('/api/membership/join', body)
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      const alumni = (await admin.get(`/cms-api/membership-levels?where[name][equals]=Alumni`)).json.docs[0]
      expect(
        (await visitor().post('/api/membership/join', { levelId: alumni.id, adults: [{ name: 'A', email: 'a@x.test' }], athletes: 1 }))
          .status,
      ).toBe(400)
      // A member's address and a stranger's get the same status and body.
      const member = await visitor().post('/api/membership/join', {
        levelId: family.id,
        adults: [{ name: 'Luis', email: 'luis.rivera@family.test' }],
        athletes: 1,
      })
      const stranger = await visitor().post('/api/membership/join', {
        levelId: family.id,
        adults: [{ name: 'Sam', email: 'sam@nobody.test' }],
        athletes: 1,
      })
      expect([member.status, member.text]).toEqual([stranger.status, stranger.text])
      // At most three join mails an hour to one address, whatever is asked: the fourth is answered alike and sends nothing.
      for (let i = 0; i < 4; i++) await join({ levelId: family.id, adults: [{ name: 'Fay Four', email: 'fay@four.test' }], athletes: 1 })
      expect((await admin.get('/cms-api/email-outbox?where[to][equals]=fay@four.test&limit=10')).json.totalDocs).toBe(3)
      // A link mailed for a level since taken off offer makes nothing: the page says joining is closed.
      await join({ levelId: player.id, adults: [{ name: 'Olive Offer', email: 'olive@offer.test' }], athletes: 1 })
      const { link } = await linkIn('olive@offer.test', '/join/continue/')
      await cms('patch', `/cms-api/membership-levels/${player.id}`, { onOffer: false })
      const closed = await continuePage(link)
      await cms('patch', `/cms-api/membership-levels/${player.id}`, { onOffer: true })
      expect(closed.status).toBe(410)
      expect(await membershipOf('olive@offer.test')).toBeNull()
    })

    it('prices three players at the cap and a late joiner at the late price, by the server alone', async () => {
      await join({ levelId: family.id, adults: [{ name: 'Tess Okafor', email: 'tess@okafor.test' }], athletes: 3, amount: '1.00' })
      const { link } = await linkIn('tess@okafor.test', '/join/continue/')
      await continuePage(link)
      expect((await membershipOf('tess@okafor.test'))!.membership).toMatchObject({ amount: '75.00', athletes: 3 })
      // Unpaid and no Checkout offered: the amount follows the athletes (one: the base price alone).
      const tess = (await membershipOf('tess@okafor.test'))!.membership
      await cms('patch', `/cms-api/memberships/${tess.id}`, { athletes: 1 })
      expect((await admin.get(`/cms-api/memberships/${tess.id}?depth=0`)).json).toMatchObject({ amount: '60.00', athletes: 1 })
      // Athletes are counted whole.
      expect((await admin.patch(`/cms-api/memberships/${tess.id}`, { athletes: 1.5 })).status).toBe(400)
      expect((await admin.get(`/cms-api/memberships/${tess.id}?depth=0`)).json).toMatchObject({ amount: '60.00', athletes: 1 })
      // From the late-join day on (the club's day, not UTC's), the late price is the base.
      const priceToday = async () => (await visitor().get('/api/membership/levels')).json.find((l: any) => l.id === plus.id).priceToday
      // An unpaid membership's amount follows its level and athletes at the day's price, as the public cards say.
      const tessAmount = async (change: Record<string, unknown>) =>
        (await cms('patch', `/cms-api/memberships/${tess.id}?depth=0`, change)).amount as string
      await cms('patch', `/cms-api/membership-levels/${plus.id}`, { latePrice: '120.00', lateFrom: shiftDay(today, 1) })
      expect(await priceToday()).toBe('150.00')
      expect(await tessAmount({ level: plus.id })).toBe('150.00')
      await join({ levelId: plus.id, adults: [{ name: 'Eve Early', email: 'eve@early.test' }], athletes: 1 })
      expect((await linkIn('eve@early.test', '/join/continue/')).mail.text).toContain('Dues: $150.00')
      await cms('patch', `/cms-api/membership-levels/${plus.id}`, { lateFrom: today })
      expect(await priceToday()).toBe('120.00')
      expect(await tessAmount({ athletes: 2 })).toBe('120.00')
      expect(await tessAmount({ level: family.id, athletes: 1 })).toBe('60.00')
      const joinPage = (await visitor().get('/join')).text.replaceAll('<!-- -->', '')
      expect(joinPage).toMatch(/Joining from [A-Z][a-z]+ \d{1,2}, \d{4}: \$120 per household\./)
      await join({ levelId: plus.id, adults: [{ name: 'Lee Late', email: 'lee@late.test' }], athletes: 1 })
      const late = await linkIn('lee@late.test', '/join/continue/')
      expect(late.mail.text).toContain('Dues: $120.00')
      await continuePage(late.link)
      expect((await membershipOf('lee@late.test'))!.membership.amount).toBe('120.00')
    })

    it('makes one membership and one payment of a family joining twice from two browsers at once', async () => {
      const body = { levelId: family.id, adults: [{ name: 'Kim Twice', email: 'kim@twice.test' }], athletes: 1 }
      await Promise.all([join(body), join(body)])
      await smtp.waitFor(() => smtp.messages.filter((m) => m.to.includes('kim@twice.test')).length === 2)
      const links = smtp.messages
        .filter((m) => m.to.includes('kim@twice.test'))
        .map((m) => /(\/join\/continue\/[A-Za-z0-9_-]+)/.exec(m.text)![1])
      expect(new Set(links).size).toBe(2)
      const pages = await Promise.all(links.map((link) => continuePage(link)))
      expect(pages.map((p) => p.status)).toEqual([200, 200])
      const households = (await admin.get(`/cms-api/households?where[adults.email][equals]=kim@twice.test`)).json
      expect(households.totalDocs).toBe(1)
      const { membership } = (await membershipOf('kim@twice.test'))!
      expect((await admin.get(`/cms-api/memberships?where[household][equals]=${households.docs[0].id}`)).json.totalDocs).toBe(1)
      const posts = await Promise.all(links.map((link) => formPost(visitor(), link)))
      expect(posts.map((p) => p.status)).toEqual([303, 303])
      expect(new Set(posts.map((p) => p.location)).size).toBe(1)
      expect(stripe.sessions().filter((s) => s.client_reference_id === `membership:${membership.id}`)).toHaveLength(1)
      // Offered for payment at $60: while that session is open the membership keeps its athletes and amount.
      expect((await admin.patch(`/cms-api/memberships/${membership.id}`, { athletes: 2 })).status).toBe(409)
      expect((await admin.get(`/cms-api/memberships/${membership.id}?depth=0`)).json).toMatchObject({ amount: '60.00', athletes: 1 })
    })

    it('keeps a membership unpaid after a card that fails, and takes cash at the meeting into a bank deposit', async () => {
      await join({ levelId: player.id, adults: [{ name: 'Casey Cash', email: 'casey@cash.test' }], athletes: 1 })
      const { link } = await linkIn('casey@cash.test', '/join/continue/')
      // How to pay in person, on the link's page: the club's legal name and address, or its own words once it gives them.
      const inPerson = async () => /data-testid="pay-in-person">([^<]*)</.exec((await continuePage(link)).html)?.[1]
      expect(await inPerson()).toBe(
        'Bring cash, or a check payable to Lady Hawks Basketball Boosters, Inc., to the next monthly meeting, or mail the check to 1200 Hawk Way, Springfield, IL 62701. Your membership starts once the treasurer records it.',
      )
      await cms('post', '/cms-api/globals/membership-settings', { payInPerson: 'Hand it to Coach Ray at practice.' }, 200)
      expect(await inPerson()).toBe('Hand it to Coach Ray at practice.')
      await cms('post', '/cms-api/globals/membership-settings', { payInPerson: null }, 200)
      expect((await formPost(visitor(), link)).status).toBe(303)
      const { membership } = (await membershipOf('casey@cash.test'))!
      const session = stripe.sessions().findLast((s) => s.client_reference_id === `membership:${membership.id}`)!
      // A bank debit: the session completes unpaid, then fails.
      const unpaid = { ...stripe.pay(session.id as string), payment_status: 'unpaid' }
      expect((await sendEvent(server.url, signedEvent('checkout.session.completed', unpaid))).status).toBe(200)
      expect((await sendEvent(server.url, signedEvent('checkout.session.async_payment_failed', unpaid))).status).toBe(200)
      expect((await membershipOf('casey@cash.test'))!.membership.status).toBe('pending')
      const failed = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}`)).json.docs
      expect(failed.map((d: any) => d.status)).toEqual(['failed'])

      // Cash at the first meeting: recorded in the Members tab, the membership active, its receipt mailed.
      expect(
        (await admin.post(`/api/admin/memberships/${membership.id}/payment`, { method: 'cash', receivedOn: shiftDay(today, 1) })).status,
      ).toBe(400)
      expect((await editor.post(`/api/admin/memberships/${membership.id}/payment`, { method: 'cash', receivedOn: today })).status).toBe(403)
      const paid = await admin.post(`/api/admin/memberships/${membership.id}/payment`, { method: 'cash', receivedOn: today })
      expect(paid.status, paid.text).toBe(201)
      expect(paid.json.membership).toMatchObject({ status: 'active', paymentMethod: 'cash', paidOn: today, amount: '120.00' })
      expect(paid.json.dues).toMatchObject({ amount: '120.00', status: 'completed' })
      // One membership, one payment.
      expect(
        (await admin.post(`/api/admin/memberships/${membership.id}/payment`, { method: 'check', receivedOn: today, checkNumber: '1' }))
          .status,
      ).toBe(409)
      const receipt = await smtp.waitFor((m) => m.to.includes('casey@cash.test') && m.subject.includes('membership receipt'))
      expect(receipt.text).toContain('These dues are a membership fee for program participation, not a charitable contribution')
      expect(receipt.text).toContain(`Date: ${dayInWords(today)}\nAmount: $120.00\nMembership: 2026–27, Player fee\nPayment method: Cash\n`)
      expect(receipt.text).not.toContain('tax-deductible to the extent')

      // Into the deposit with the night's other checks and cash.
      const offered = (await admin.get('/api/admin/deposits/undeposited')).json as any[]
      const line = offered.find((l) => l.id === paid.json.dues.id)
      expect(line).toMatchObject({ collection: 'dues', method: 'cash', amount: '120.00', name: 'Casey Cash' })
      const deposit = await admin.post('/api/admin/deposits', { depositedOn: today, duesIds: [paid.json.dues.id] })
      expect(deposit.status, deposit.text).toBe(201)
      expect(deposit.json).toMatchObject({ total: '120.00' })
      expect((await admin.post('/api/admin/deposits', { depositedOn: today, duesIds: [paid.json.dues.id] })).status).toBe(409)

      // The ledger: dues are their own account, beside contributions, and the deposit takes them to the bank.
      const ledger = csvRecords((await admin.get(`/api/admin/ledger.csv?from=${today}&to=${today}`)).text)
      const rows = ledger.filter((r) => r.Record === `dues:${paid.json.dues.id}`)
      expect(rows).toEqual([
        expect.objectContaining({ Type: 'gift', Account: 'dues', Class: 'Memberships', Amount: '120.00', Method: 'cash' }),
      ])
      expect(ledger.find((r) => r.Record === `deposits:${deposit.json.id}`)).toMatchObject({
        Type: 'deposit',
        Account: 'bank',
        Amount: '-120.00',
      })
      // A card's dues and its Stripe fee (recorded with STRIPE_SECRET_KEY) are in it too.
      expect(ledger.some((r) => r.Account === 'dues' && r.Method === 'stripe' && r.Amount === '75.00')).toBe(true)
      expect(ledger.some((r) => r.Type === 'fee' && r.Amount === '-2.48' && r.Record.startsWith('dues:'))).toBe(true)

      // Stripe pays the Riveras' dues out with its fee taken: the payout's line is matched to the dues.
      const riveras = (await admin.get(`/cms-api/dues?where[stripeFee][equals]=2.48&depth=0`)).json.docs[0]
      const payout = stripe.payout([riveras.stripeBalanceTransactionId], today)
      expect((await sendEvent(server.url, signedEvent('payout.paid', payout))).status).toBe(200)
      expect((await admin.get(`/cms-api/dues/${riveras.id}?depth=0`)).json).toMatchObject({ stripePayoutId: payout.id, stripeNet: '72.52' })
      const payoutLine = (await admin.get('/api/admin/payouts')).json.find((p: any) => p.payoutId === payout.id).lines[0]
      expect(payoutLine).toMatchObject({
        kind: 'gift',
        donationId: riveras.id,
        donorName: 'Ana Rivera',
        amount: '75.00',
        fee: '2.48',
        net: '72.52',
      })
      const paidOut = csvRecords((await admin.get(`/api/admin/ledger.csv?from=${today}&to=${today}`)).text)
      expect(paidOut.find((r) => r.Type === 'payout')).toMatchObject({ Account: 'bank', Amount: '-72.52' })
    })

    it('refunds dues within the window: the membership refunded, the receipt withdrawn by a dated notice, the books net', async () => {
      await join({ levelId: plus.id, adults: [{ name: 'Rene Refund', email: 'rene@refund.test' }], athletes: 1 })
      const { link } = await linkIn('rene@refund.test', '/join/continue/')
      await continuePage(link)
      expect((await formPost(visitor(), link)).status).toBe(303)
      const { membership } = (await membershipOf('rene@refund.test'))!
      const paid = await payByCard(membership.id, 'rene@refund.test')
      const receipt = await smtp.waitFor((m) => m.to.includes('rene@refund.test') && m.subject.includes('membership receipt'))
      // To the payer Stripe named (the card's holder), not the household's first adult.
      expect(receipt.text).toMatch(/^Dear Pat Family,\n/)
      // Above $75 with real benefits: the quid pro quo disclosure, the benefits' value and the deductible part.
      expect(receipt.text).toContain('In exchange for this contribution you received: Two season passes; A booster T-shirt.')
      expect(receipt.text).toContain('Our good-faith estimate of the value of these goods and services is $60.00.')
      expect(receipt.text).toContain('limited to the amount paid minus that value: $60.00.') // the late price, $120
      const refund = await sendEvent(
        server.url,
        signedEvent('charge.refunded', refundedCharge(paid.payment_intent as string, 12000, 12000)),
      )
      expect(refund.status, refund.text).toBe(200)
      expect((await membershipOf('rene@refund.test'))!.membership.status).toBe('refunded')
      const notice = await smtp.waitFor((m) => m.to.includes('rene@refund.test') && m.subject.includes('withdrawn'))
      expect(notice.text).toMatch(
        new RegExp(`We have withdrawn receipt \\d{4}-\\d{4}, because your membership dues of \\$120\\.00 were refunded in full on`),
      )
      // Nothing of the dues remains a contribution: the notice never calls any of it deductible.
      expect(notice.text).toContain('Please keep this letter for your tax records.')
      expect(notice.text).not.toContain('deductible')
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}`)).json.docs[0]
      expect(dues).toMatchObject({ status: 'refunded', refundedAmount: '120.00', refundedOn: today })
      // The family's page: refunded, no receipt to download, and this season open to join again.
      const rene = await signedIn('rene@refund.test')
      expect((await rene.get('/api/member')).json).toMatchObject({ canJoin: '2026–27', membership: { status: 'refunded', receipt: null } })
      expect((await rene.get('/member')).text).not.toContain('Download receipt')
      const ledger = csvRecords((await admin.get('/api/admin/ledger.csv')).text).filter((r) => r.Record === `dues:${dues.id}`)
      expect(ledger.map((r) => [r.Type, r.Amount])).toEqual([
        ['gift', '120.00'],
        ['refund', '-120.00'],
        // Stripe keeps its fee on a refunded payment: the club's expense.
        ['fee', '-2.00'],
      ])
      // Joining again the same season: the same membership, to pay again (a new session, a second payment).
      await join({ levelId: plus.id, adults: [{ name: 'Rene Refund', email: 'rene@refund.test' }], athletes: 1 })
      // No longer a member: the mail queued is a join link, not "already a member" (the outbox read back).
      const queued = (await admin.get('/cms-api/email-outbox?where[to][equals]=rene@refund.test&sort=-createdAt&limit=1')).json.docs
      expect(queued.map((m: any) => m.kind)).toEqual(['membership-join'])
      const again = await linkIn('rene@refund.test', '/join/continue/', smtp.messages.length - 1)
      expect((await continuePage(again.link)).html).toContain('Pay $120.00 by card')
      expect((await membershipOf('rene@refund.test'))!.membership).toMatchObject({ id: membership.id, status: 'pending', dues: null })
      expect((await formPost(visitor(), again.link)).status).toBe(303)
      await payByCard(membership.id, 'rene@refund.test')
      expect((await membershipOf('rene@refund.test'))!.membership.status).toBe('active')
    })

    it('counts dues in the year report and lists them on statements as their tax treatment says', async () => {
      const year = Number(today.slice(0, 4))
      const report = (await admin.get(`/api/admin/reports/year?year=${year}`)).json
      // Kept: the Riveras' $75 card, Casey's $120 cash, Rene's second $120; Rene's first $120 refunded.
      expect(report.dues).toMatchObject({ received: '435.00', refunded: '120.00', kept: '315.00', count: 4, notContributions: '180.00' })
      const pdf = await fetch(`${server.url}/api/admin/donors/statement.pdf?email=casey@cash.test&year=${year}`, {
        headers: { Cookie: admin.cookie },
      })
      expect(pdf.status).toBe(200)
      const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).lines.join('\n')
      expect(text).toContain('$120.00 (membership 2026–27, Player fee; participation fee (not a contribution)) | $120.00 | $0.00')
      expect(text).toContain('deductible: $0.00')
      // Rene's Family Plus dues kept: $120, of which the benefits' stated $60 is no contribution.
      const renes = await fetch(`${server.url}/api/admin/donors/statement.pdf?email=rene@refund.test&year=${year}`, {
        headers: { Cookie: admin.cookie },
      })
      const reneText = (await readPdf(new Uint8Array(await renes.arrayBuffer()))).lines.join('\n')
      expect(reneText).toContain('(membership 2026–27, Family Plus; contribution with benefits of a stated value) | $60.00 | $60.00')
      expect(reneText).toContain('deductible: $60.00')
    })

    it('signs a member in by a mailed link, once, with a session of its own that no staff door honours', async () => {
      const member = visitor()
      const asked = Date.now()
      const sent = smtp.messages.length
      // The same answer whether the address is a member's or not; only a member's gets a mail.
      const stranger = await member.post('/api/member/sign-in', { email: 'nobody@nowhere.test' })
      const known = await member.post('/api/member/sign-in', { email: 'Luis.Rivera@family.test' })
      expect([stranger.status, stranger.text]).toEqual([known.status, known.text])
      expect(known.status).toBe(202)
      const { link } = await linkIn('luis.rivera@family.test', '/member/sign-in/', sent)
      const mailed = Date.now()
      expect(smtp.messages.some((m) => m.to.includes('nobody@nowhere.test'))).toBe(false)

      // Opening the link spends nothing (a mail scanner); its button does, once.
      expect((await member.get(link)).status).toBe(200)
      const opening = Date.now()
      const signIn = await formPost(member, link)
      const opened = Date.now()
      expect([signIn.status, signIn.location]).toEqual([303, '/member'])
      expect(signIn.setCookies.join()).toMatch(/lhb-member=[^;]+; Path=\/; HttpOnly; SameSite=Lax/)
      expect((await formPost(visitor(), link)).status).toBe(410)
      // Read from the database: the link spent, lapsing 30 minutes after its mail was written (as the mail says), and one
      // session opened, for the Riveras' household, whatever the second click did.
      const riveras = (await membershipOf('luis.rivera@family.test'))!.household.id
      const luis = await memberLinksOf(server.databaseUri, 'luis.rivera@family.test')
      const spent = luis.filter((l) => l.kind === 'sign-in').at(-1)!
      expect(Date.parse(spent.expiresAt!)).toBeGreaterThanOrEqual(asked + 30 * MINUTE_MS)
      expect(Date.parse(spent.expiresAt!)).toBeLessThanOrEqual(mailed + 30 * MINUTE_MS)
      expect(spent.usedAt).not.toBeNull()
      const sessions = luis.filter((l) => l.kind === 'session')
      expect(sessions.map((l) => l.household)).toEqual([riveras])
      // The session lasts 30 days from its opening.
      expect(Date.parse(sessions[0].expiresAt!)).toBeGreaterThanOrEqual(opening + 30 * DAY_MS)
      expect(Date.parse(sessions[0].expiresAt!)).toBeLessThanOrEqual(opened + 30 * DAY_MS)

      const view = (await member.get('/api/member')).json
      expect(view).toMatchObject({
        email: 'luis.rivera@family.test',
        household: { name: 'The Rivera family' },
        membership: { season: '2026–27', level: 'Family', status: 'active', amount: '75.00', method: 'card' },
        canJoin: null,
        directory: null,
      })
      expect(JSON.stringify(view)).not.toMatch(/athletes"\s*:\s*\[/)
      const page = await member.get('/member')
      expect(page.text).toContain('Welcome, The Rivera family')
      // The season's membership as the family reads it: its level, dues, and when and how they were paid.
      const shown = page.text.replaceAll('<!-- -->', '')
      expect(shown).toContain('<dt class="font-bold">Level</dt><dd>Family</dd>')
      expect(shown).toContain('<dt class="font-bold">Dues</dt><dd>$75.00</dd>')
      expect(shown).toMatch(/<dt class="font-bold">Paid<\/dt><dd>[A-Z][a-z]+ \d{1,2}, \d{4} by card<\/dd>/)
      expect(view.membership.receipt).toMatch(/^\d{4}-\d{4}$/)
      expect(page.text).toContain(
        `<a href="/api/member/receipt.pdf" class="link" download="">Download receipt ${view.membership.receipt} (PDF)</a>`,
      )
      expect(page.headers.get('cache-control')).toBe('no-store')

      const receipt = await fetch(`${server.url}/api/member/receipt.pdf`, { headers: { Cookie: member.cookie } })
      expect(receipt.status).toBe(200)
      const pdfText = (await readPdf(new Uint8Array(await receipt.arrayBuffer()))).lines.join('\n')
      expect(pdfText).toContain('Amount: $75.00')
      // The receipt's tax words, as its mail said them.
      expect(pdfText).toContain('No goods or services of substantial value were provided in exchange for this contribution')
      expect(pdfText).toContain('Your contribution is tax-deductible to the extent allowed by law.')

      // A member is not staff: no admin session, no Payload REST beyond what anyone may read.
      expect((await member.get('/api/admin/me')).status).toBe(401)
      expect((await member.get('/cms-api/households')).status).toBe(403)
      // Another adult, invited by mail with their own link; at most four.
      const inviting = Date.now()
      const added = await member.post('/api/member/adults', { name: 'Abuela Rivera', email: 'abuela@family.test' })
      expect(added.status, added.text).toBe(201)
      expect(added.json.household.adults.map((a: any) => a.email)).toContain('abuela@family.test')
      const invite = await linkIn('abuela@family.test', '/member/sign-in/')
      const invited = Date.now()
      expect(invite.mail.text).toContain('Luis Rivera added you to The Rivera family')
      // Her own link, to the Riveras' household, for the week the mail says.
      const [invitation] = await memberLinksOf(server.databaseUri, 'abuela@family.test')
      expect([invitation.kind, invitation.household, invitation.usedAt]).toEqual(['invite', riveras, null])
      expect(Date.parse(invitation.expiresAt!)).toBeGreaterThanOrEqual(inviting + 7 * DAY_MS)
      expect(Date.parse(invitation.expiresAt!)).toBeLessThanOrEqual(invited + 7 * DAY_MS)
      expect((await member.post('/api/member/adults', { name: 'Again', email: 'abuela@family.test' })).status).toBe(409)
      // Refused from another site, with the member's cookie.
      expect((await member.post('/api/member/adults', { name: 'X', email: 'x@x.test' }, { Origin: 'https://evil.test' })).status).toBe(403)
      // Signing out ends the session: its cookie cleared, and the session itself gone from the database (a copy of the
      // cookie opens nothing).
      expect((await member.post('/api/member/sign-out')).status).toBe(200)
      expect((await member.get('/api/member')).status).toBe(401)
      expect((await memberLinksOf(server.databaseUri, 'luis.rivera@family.test')).filter((l) => l.kind === 'session')).toEqual([])
    })

    it('opens nothing with a session or a mailed link past its end', async () => {
      // Abuela's invitation, mailed in the test before and never used, past its week (its end moved a minute back in
      // the database: no door ages a link): its button is refused, and nothing is spent or opened.
      const lapsedAt = new Date(Date.now() - MINUTE_MS)
      const { link } = await linkIn('abuela@family.test', '/member/sign-in/')
      expect(await lapseMemberLinks(server.databaseUri, 'abuela@family.test', 'invite', lapsedAt)).toBe(1)
      const late = visitor()
      const refused = await formPost(late, link)
      expect(refused.status).toBe(410)
      expect(refused.setCookies.join()).not.toContain('lhb-member=')
      expect((await late.get('/api/member')).status).toBe(401)
      const abuela = await memberLinksOf(server.databaseUri, 'abuela@family.test')
      expect(abuela.map((l) => [l.kind, l.usedAt])).toEqual([['invite', null]])

      // Luis signed out at the end of the test before: the session opened here is his only one. Its 30 days over, the
      // cookie opens nothing.
      const member = await signedIn('luis.rivera@family.test')
      expect((await member.get('/api/member')).status).toBe(200)
      expect(await lapseMemberLinks(server.databaseUri, 'luis.rivera@family.test', 'session', lapsedAt)).toBe(1)
      expect((await member.get('/api/member')).status).toBe(401)
      expect((await member.get('/member')).text).not.toContain('Welcome,')
    })

    it('shows the directory, when the club has one, to signed-in members only, and only what each household chose', async () => {
      const rivera = await signedIn('ana.rivera@family.test')
      const casey = await signedIn('casey@cash.test')
      // Kim's family joined and has not paid: listed by its own choice, but not a member, so not in the directory.
      const kim = await signedIn('kim@twice.test')
      expect((await rivera.get('/api/member')).json.directory).toBeNull()
      // Kim's page offers joining this season (its membership is not paid), and no receipt.
      expect((await kim.get('/api/member')).json).toMatchObject({ canJoin: '2026–27', membership: { status: 'pending', receipt: null } })
      expect((await kim.get('/member')).text).toContain('Join for 2026–27')
      // A phone the Riveras gave the club: shown to members only if they choose to show phones (they do not).
      const riveraHousehold = (await membershipOf('ana.rivera@family.test'))!.household
      const adults = riveraHousehold.adults.map((a: any, i: number) => (i === 0 ? { ...a, phone: '217-555-0142' } : a))
      await cms('patch', `/cms-api/households/${riveraHousehold.id}`, { adults })
      await cms('post', '/cms-api/globals/membership-settings', { directory: true }, 200)
      expect((await kim.put('/api/member/directory', { listed: true, showAdults: true, showEmails: true, showPhones: true })).status).toBe(
        200,
      )
      // Listed, and a member of a season long past only: not in this season's directory.
      const past = await cms('post', '/cms-api/seasons', {
        label: '2019–20',
        startsOn: shiftDay(today, -2400),
        endsOn: shiftDay(today, -2036),
        renewalOpensOn: shiftDay(today, -2430),
        renewalDeadline: shiftDay(today, -2370),
      })
      const pastLevel = await cms('post', '/cms-api/membership-levels', {
        season: past.id,
        name: 'Family',
        price: '50.00',
        taxTreatment: 'contribution',
      })
      const alumni = await cms('post', '/cms-api/households', {
        name: 'The Alumni family',
        adults: [{ name: 'Al Alumni', email: 'al@alumni.test' }],
        directory: { listed: true, showAdults: true },
      })
      await cms('post', '/cms-api/memberships', {
        household: alumni.id,
        level: pastLevel.id,
        status: 'comped',
        compReason: 'Founding family',
      })
      const chosen = await rivera.put('/api/member/directory', { listed: true, showAdults: true, showEmails: false, showPhones: false })
      expect(chosen.status, chosen.text).toBe(200)
      const directory = (await casey.get('/api/member')).json.directory
      expect(directory).toEqual([
        { name: 'The Rivera family', adults: [{ name: 'Ana Rivera' }, { name: 'Luis Rivera' }, { name: 'Abuela Rivera' }] },
      ])
      expect(JSON.stringify(directory)).not.toContain('@')
      // /member shows the choices made; its form posted without JavaScript saves ticked boxes as chosen, the rest not.
      const box = (html: string, name: string) => new RegExp(`<input[^>]* name="${name}"[^>]*>`).exec(html)?.[0] ?? ''
      const shown = (await rivera.get('/member')).text
      expect(['listed', 'showAdults', 'showEmails', 'showPhones'].map((name) => box(shown, name).includes('checked'))).toEqual([
        true,
        true,
        false,
        false,
      ])
      for (const [body, showAdults] of [
        ['listed=on', false],
        ['listed=on&showAdults=on', true],
      ] as const) {
        const posted = await formPost(rivera, '/member/directory', body)
        expect([posted.status, posted.location]).toEqual([303, '/member?saved=directory'])
        expect((await rivera.get('/api/member')).json.household.directory).toEqual({
          listed: true,
          showAdults,
          showEmails: false,
          showPhones: false,
        })
      }
    })

    it('comps a membership with a reason (admins only), moves an athlete, and keeps every rule on every door', async () => {
      const household = await cms('post', '/cms-api/households', {
        name: 'The Coach family',
        adults: [{ name: 'Coach Ray', email: 'ray@coach.test' }],
      })
      expect((await admin.post('/cms-api/memberships', { household: household.id, level: family.id, status: 'comped' })).status).toBe(400)
      expect((await admin.get(`/cms-api/memberships?where[household][equals]=${household.id}`)).json.totalDocs).toBe(0)
      const comped = await cms('post', '/cms-api/memberships?depth=0', {
        household: household.id,
        level: family.id,
        status: 'comped',
        compReason: 'Head coach',
      })
      expect(comped).toMatchObject({ status: 'comped', paymentMethod: 'comp', paidOn: today, season: season.id, amount: '60.00' })
      // A comped membership owes nothing: no payment is recorded for it.
      expect((await admin.post(`/api/admin/memberships/${comped.id}/payment`, { method: 'cash', receivedOn: today })).status).toBe(409)
      expect((await admin.get(`/cms-api/dues?where[membership][equals]=${comped.id}`)).json.totalDocs).toBe(0)
      // Each adult of a household has an address of their own, on every door.
      const twins = {
        name: 'The Twin family',
        adults: [
          { name: 'One', email: 'same@twin.test' },
          { name: 'Two', email: 'Same@Twin.test' },
        ],
      }
      expect((await admin.post('/cms-api/households', twins)).status).toBe(400)
      expect((await admin.get('/cms-api/households?where[name][equals]=The Twin family')).json.totalDocs).toBe(0)
      // The level's price raised later: a membership already settled keeps the amount it was told, whatever else changes.
      await cms('patch', `/cms-api/membership-levels/${family.id}`, { price: '65.00' })
      expect(await cms('patch', `/cms-api/memberships/${comped.id}?depth=0`, { compReason: 'Head coach, both seasons' })).toMatchObject({
        compReason: 'Head coach, both seasons',
        amount: '60.00',
      })
      await cms('patch', `/cms-api/membership-levels/${family.id}`, { price: '60.00' })
      // One per household and season; a membership is activated by its payment, never by hand; never deleted.
      expect((await admin.post('/cms-api/memberships', { household: household.id, level: family.id })).status).toBe(400)
      const { membership } = (await membershipOf('ana.rivera@family.test'))!
      for (const change of [{ status: 'pending' }, { amount: '1.00', athletes: 1 }, { level: plus.id }]) {
        const res = await admin.patch(`/cms-api/memberships/${membership.id}`, change)
        expect(res.status, JSON.stringify(change)).toBeGreaterThanOrEqual(400)
      }
      const pending = (await membershipOf('kim@twice.test'))!.membership
      expect((await admin.patch(`/cms-api/memberships/${pending.id}`, { status: 'active' })).status).toBe(409)
      // In bulk too: every pending membership made active by hand is refused, none changed.
      const bulk = await admin.patch('/cms-api/memberships?where[status][equals]=pending', { status: 'active' })
      expect(bulk.status).toBeGreaterThanOrEqual(400)
      expect((await admin.get(`/cms-api/memberships/${pending.id}?depth=0`)).json.status).toBe('pending')
      expect((await admin.delete(`/cms-api/memberships/${pending.id}`)).status).toBe(403)
      // Whose it is stays: a membership is not moved to another household.
      expect((await admin.patch(`/cms-api/memberships/${pending.id}`, { household: household.id })).status).toBe(409)
      expect((await admin.get(`/cms-api/memberships/${pending.id}?depth=0`)).json.household).toBe(pending.household)
      // A level and a season that memberships name stay (take the level off offer instead).
      expect((await admin.delete(`/cms-api/membership-levels/${family.id}`)).status).toBe(409)
      expect((await admin.delete(`/cms-api/seasons/${season.id}`)).status).toBe(409)
      expect((await admin.get(`/cms-api/membership-levels/${family.id}?depth=0`)).status).toBe(200)
      expect((await admin.get(`/cms-api/seasons/${season.id}?depth=0`)).status).toBe(200)
      // A card payment's facts are Stripe's; dues are never deleted, nor made by hand through /cms-api.
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}`)).json.docs[0]
      expect((await admin.patch(`/cms-api/dues/${dues.id}`, { amount: '1.00' })).status).toBe(409)
      expect((await admin.delete(`/cms-api/dues/${dues.id}`)).status).toBe(403)
      expect(
        (await admin.post('/cms-api/dues', { membership: pending.id, amount: '60.00', status: 'completed', paymentMethod: 'cash' })).status,
      ).toBe(403)

      // An athlete belongs to one household: linking them to another moves them; only admins see the link.
      const player1 = (await admin.post('/api/admin/team', { name: 'Maya Rivera', jerseyNumber: 4, position: 'Guard', grade: '10' })).json
      const rivera = (await membershipOf('ana.rivera@family.test'))!.household
      await cms('patch', `/cms-api/households/${rivera.id}`, { athletes: [player1.id] })
      await cms('patch', `/cms-api/households/${household.id}`, { athletes: [player1.id] })
      expect((await admin.get(`/cms-api/households/${rivera.id}?depth=0`)).json.athletes).toEqual([])
      expect((await admin.get(`/cms-api/households/${household.id}?depth=0`)).json.athletes).toEqual([player1.id])
      expect(JSON.stringify((await visitor().get('/api/team')).json)).not.toContain('Coach family')
    })

    it('stores nothing an editor writes to memberships, households, dues or the membership settings', async () => {
      const door = await cms('post', '/cms-api/households', {
        name: 'The Door family',
        adults: [{ name: 'Dana Door', email: 'dana@door.test' }],
      })
      const kim = (await membershipOf('kim@twice.test'))!.membership
      const rivera = (await membershipOf('ana.rivera@family.test'))!
      const riveraDues = (await admin.get(`/cms-api/dues?where[membership][equals]=${rivera.membership.id}&depth=0`)).json.docs[0]
      const refused = [
        await editor.post('/cms-api/memberships', {
          household: door.id,
          level: family.id,
          status: 'comped',
          compReason: 'The editor says so',
        }),
        await editor.patch(`/cms-api/memberships/${kim.id}`, { status: 'comped', compReason: 'The editor says so' }),
        await editor.patch(`/cms-api/households/${rivera.household.id}`, { name: 'Renamed by an editor' }),
        await editor.patch(`/cms-api/dues/${riveraDues.id}`, { status: 'refunded' }),
        await editor.post('/cms-api/globals/membership-settings', { directory: false, payInPerson: 'Hand it to the editor' }),
      ]
      expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403])
      // Read back: all as it was.
      expect((await admin.get(`/cms-api/memberships?where[household][equals]=${door.id}`)).json.totalDocs).toBe(0)
      expect((await admin.get(`/cms-api/memberships/${kim.id}?depth=0`)).json).toMatchObject({ status: 'pending', compReason: null })
      expect((await admin.get(`/cms-api/households/${rivera.household.id}?depth=0`)).json.name).toBe('The Rivera family')
      expect((await admin.get(`/cms-api/dues/${riveraDues.id}?depth=0`)).json).toMatchObject({ status: 'completed', refundedAmount: null })
      expect((await admin.get(`/cms-api/memberships/${rivera.membership.id}?depth=0`)).json.status).toBe('active')
      const settings = (await admin.get('/cms-api/globals/membership-settings')).json
      expect([settings.directory, settings.payInPerson ?? null]).toEqual([true, null])
      await admin.delete(`/cms-api/households/${door.id}`)
    })

    it('lists households by season and status for the Members tab, exports them, and sums the season on the Overview', async () => {
      const all = await admin.get(`/api/admin/members?season=${season.id}&limit=100`)
      expect(all.status).toBe(200)
      expect(Number(all.headers.get('x-total-count'))).toBe(all.json.length)
      const rivera = all.json.find((r: any) => r.household.name === 'The Rivera family')
      expect(rivera.membership).toMatchObject({ status: 'active', amount: '75.00', paymentMethod: 'card' })
      expect(rivera.membership.receiptNumber).toMatch(/^\d{4}-\d{4}$/)
      const active = (await admin.get(`/api/admin/members?season=${season.id}&status=active`)).json.map((r: any) => r.household.name)
      expect(active).toEqual(['The Cash family', 'The Refund family', 'The Rivera family'])
      expect((await admin.get(`/api/admin/members?status=bogus`)).status).toBe(400)
      const names = async (query: string) =>
        (await admin.get(`/api/admin/members?season=${season.id}&${query}`)).json.map((r: any) => r.household.name)
      // Found by any adult's address; by level; last season's members not yet members of this one.
      expect(await names('search=abuela@family')).toEqual(['The Rivera family'])
      expect(await names(`level=${plus.id}`)).toEqual(['The Late family', 'The Refund family'])
      expect(await names('status=not-renewed')).toEqual(['The Alumni family'])
      expect(await names('status=none')).toEqual(['The Alumni family'])
      const csv = csvRecords((await admin.get(`/api/admin/members.csv?season=${season.id}&status=active`)).text)
      expect(csv.map((r) => r.household)).toEqual(['The Cash family', 'The Refund family', 'The Rivera family'])
      expect(csv.find((r) => r.household === 'The Rivera family')).toEqual({
        household: 'The Rivera family',
        adults: 'Ana Rivera; Luis Rivera; Abuela Rivera',
        emails: 'ana.rivera@family.test; luis.rivera@family.test; abuela@family.test',
        athletes: '2',
        level: 'Family',
        status: 'active',
        amount: '75.00',
        method: 'card',
        paidOn: today,
        receipt: rivera.membership.receiptNumber,
      })
      const summary = (await admin.get('/api/admin/members/summary')).json
      // Active: the Riveras, Casey and Rene paid, the coach comped; dues kept: $75 + $120 + $120 (the refund taken back).
      // Pending: Tess, Kim and Lee opened their links and have not paid; not renewed: the Alumni family of the season before.
      expect(summary).toMatchObject({ season: { id: season.id, label: '2026–27' }, active: 4, pending: 3, notRenewed: 1, dues: '315.00' })
    })

    it('keeps a family’s money in the books when the family asks to be removed, under “removed at the family’s request”', async () => {
      const { household, membership } = (await membershipOf('casey@cash.test'))!
      // Its sign-in links and sessions, read from the database itself (no door serves them): Casey signed in above.
      const linksOf = () => countLinked(server.databaseUri, 'member-links', 'household', String(household.id))
      const before = await linksOf()
      expect((await admin.delete(`/cms-api/households/${household.id}`)).status).toBe(200)
      expect([before > 0, await linksOf()]).toEqual([true, 0])
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}`)).json.docs[0]
      expect(dues).toMatchObject({ payerName: 'removed at the family’s request', payerEmail: null, amount: '120.00', status: 'completed' })
      expect((await admin.get(`/cms-api/memberships/${membership.id}?depth=0`)).json.household).toBeNull()
      const ledger = csvRecords((await admin.get('/api/admin/ledger.csv')).text)
      expect(ledger.find((r) => r.Record === `dues:${dues.id}`)).toMatchObject({
        Name: 'removed at the family’s request',
        Amount: '120.00',
      })
    })

    it('applies a refund Stripe sends before the dues’ payment once the payment is recorded, on the refund’s own day', async () => {
      await join({ levelId: player.id, adults: [{ name: 'Ora Order', email: 'ora@order.test' }], athletes: 1 })
      const { link } = await linkIn('ora@order.test', '/join/continue/')
      await continuePage(link)
      expect((await formPost(visitor(), link)).status).toBe(303)
      const { membership } = (await membershipOf('ora@order.test'))!
      const session = stripe.sessions().findLast((s) => s.client_reference_id === `membership:${membership.id}`)!
      const paid = stripe.pay(session.id as string, 200, { name: 'Ora Order', email: 'ora@order.test' })
      const unmatched = () => allPages<Record<string, any>>(admin, '/api/admin/unmatched-refunds')
      // Stripe does not promise order: $50 of the $120 refunded, told before the payment itself.
      const refund = signedEvent('charge.refunded', refundedCharge(paid.payment_intent as string, 12000, 5000))
      expect(JSON.parse((await sendEvent(server.url, refund)).text).outcome).toBe('unmatched')
      expect(await unmatched()).toContainEqual(expect.objectContaining({ eventId: refund.id, amount: '50.00' }))

      expect((await sendEvent(server.url, signedEvent('checkout.session.completed', paid))).status).toBe(200)
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}`)).json.docs[0]
      expect(dues).toMatchObject({ status: 'partially_refunded', amount: '120.00', refundedAmount: '50.00', refundedOn: today })
      expect(dues.refunds).toEqual([expect.objectContaining({ amount: '50.00', day: today })])
      expect((await membershipOf('ora@order.test'))!.membership.status).toBe('active')
      expect((await unmatched()).filter((r) => r.eventId === refund.id)).toEqual([])
      // The receipt leaves as the dues then stand; the ledger has the refund as its own row.
      const receipt = await smtp.waitFor((m) => m.to.includes('ora@order.test') && m.subject.includes('membership receipt'))
      expect(receipt.text).toContain(`Refunded: $50.00 on ${dayInWords(today)}\nDues after refunds: $70.00\n`)
      // A participation fee is no contribution, before or after a refund.
      expect(receipt.text).not.toMatch(/Contribution after|tax-deductible/)
      // The family's page offers that receipt (it stands for what was kept), its PDF the same lines.
      const ora = await signedIn('ora@order.test')
      const view = (await ora.get('/api/member')).json.membership
      expect(view).toMatchObject({ status: 'active', receipt: dues.receiptNumber })
      const pdf = await fetch(`${server.url}/api/member/receipt.pdf`, { headers: { Cookie: ora.cookie } })
      expect((await readPdf(new Uint8Array(await pdf.arrayBuffer()))).lines.join('\n')).toContain('Dues after refunds: $70.00')
      const rows = csvRecords((await admin.get('/api/admin/ledger.csv')).text).filter((r) => r.Record === `dues:${dues.id}`)
      expect(rows.filter((r) => r.Type !== 'fee').map((r) => [r.Type, r.Amount, r['Club day']])).toEqual([
        ['gift', '120.00', today],
        ['refund', '-50.00', today],
      ])
    })

    it('records dues paid by hand from the first adult who receives mail, and a returned check leaves the membership unpaid', async () => {
      const household = await cms('post', '/cms-api/households', {
        name: 'The Mail family',
        adults: [
          { name: 'Quinn Mail', email: 'quinn@mail.test', receivesMail: false },
          { name: 'Morgan Mail', email: 'morgan@mail.test' },
        ],
      })
      const membership = await cms('post', '/cms-api/memberships?depth=0', { household: household.id, level: family.id, athletes: 1 })
      const paid = await admin.post(`/api/admin/memberships/${membership.id}/payment`, {
        method: 'check',
        receivedOn: today,
        checkNumber: '1001',
      })
      expect(paid.status, paid.text).toBe(201)
      const dues = (await admin.get(`/cms-api/dues/${paid.json.dues.id}?depth=0`)).json
      expect(dues).toMatchObject({ payerName: 'Morgan Mail', payerEmail: 'morgan@mail.test', amount: '60.00', status: 'completed' })
      const receipt = await smtp.waitFor((m) => m.to.includes('morgan@mail.test') && m.subject.includes('membership receipt'))
      expect(receipt.text).toContain(`Receipt number: ${dues.receiptNumber}`)
      expect(smtp.messages.some((m) => m.to.includes('quinn@mail.test'))).toBe(false)
      expect((await admin.get(`/cms-api/memberships/${membership.id}?depth=0`)).json).toMatchObject({
        status: 'active',
        paymentMethod: 'check',
        paidOn: today,
        dues: dues.id,
      })

      // The check comes back: the payment voided, the membership unpaid again (to pay again or in person).
      const voided = await admin.patch(`/cms-api/dues/${dues.id}`, { status: 'void', voidReason: 'Check returned by the bank' })
      expect(voided.status, voided.text).toBe(200)
      expect((await admin.get(`/cms-api/memberships/${membership.id}?depth=0`)).json).toMatchObject({
        status: 'pending',
        dues: null,
        paymentMethod: null,
        paidOn: null,
        amount: '60.00',
      })
    })

    it('opens next season for joining on the club’s day its renewal opens, before this season ends', async () => {
      const next = await cms('post', '/cms-api/seasons', {
        label: '2027–28',
        startsOn: shiftDay(today, 301),
        endsOn: shiftDay(today, 665),
        renewalOpensOn: shiftDay(today, 1),
        renewalDeadline: shiftDay(today, 330),
      })
      const opensOn = (day: string) => cms('patch', `/cms-api/seasons/${next.id}`, { renewalOpensOn: day })
      const nextFamily = await cms('post', '/cms-api/membership-levels', {
        season: next.id,
        name: 'Family',
        price: '65.00',
        taxTreatment: 'contribution',
        onOffer: true,
      })
      const outboxTo = async (email: string) => (await admin.get(`/cms-api/email-outbox?where[to][equals]=${email}`)).json.totalDocs
      const nora = { levelId: nextFamily.id, adults: [{ name: 'Nora Next', email: 'nora@next.test' }], athletes: 1 }
      // Its renewal opens tomorrow on the club's calendar: this season is still the one joined today.
      const seasonsOffered = async () => new Set((await visitor().get('/api/membership/levels')).json.map((l: any) => l.seasonLabel))
      expect(await seasonsOffered()).toEqual(new Set(['2026–27']))
      expect((await visitor().get('/join')).text).toContain('Membership for 2026–27')
      const adminsSeason = async () => (await admin.get('/api/admin/members/summary')).json.season.label
      expect(await adminsSeason()).toBe('2026–27')
      expect((await visitor().post('/api/membership/join', nora)).status).toBe(400)
      expect(await outboxTo('nora@next.test')).toBe(0)

      await opensOn(today)
      const levels = (await visitor().get('/api/membership/levels')).json
      expect(levels.map((l: any) => [l.seasonLabel, l.name, l.price])).toEqual([['2027–28', 'Family', '65.00']])
      expect((await visitor().get('/join')).text).toContain('Membership for 2027–28')
      expect(await adminsSeason()).toBe('2027–28')
      await join(nora)
      const { link } = await linkIn('nora@next.test', '/join/continue/')
      // The mailed link makes the membership only while the season is open for joining on the club's day.
      await opensOn(shiftDay(today, 1))
      expect((await continuePage(link)).status).toBe(410)
      expect(await membershipOf('nora@next.test')).toBeNull()
      await opensOn(today)
      expect((await continuePage(link)).status).toBe(200)
      const { household } = (await membershipOf('nora@next.test'))!
      const noras = (await admin.get(`/cms-api/memberships?where[household][equals]=${household.id}&depth=0`)).json.docs
      expect(noras).toMatchObject([{ season: next.id, level: nextFamily.id, amount: '65.00', status: 'pending' }])
      // This season's levels are no longer the ones joined: refused, and no mail queued.
      const res = await visitor().post('/api/membership/join', {
        levelId: family.id,
        adults: [{ name: 'Lou Late', email: 'lou@late.test' }],
        athletes: 1,
      })
      expect(res.status).toBe(400)
      expect(await outboxTo('lou@late.test')).toBe(0)
    })

    it('records a second card payment of a membership already paid as money that arrived, with a note to refund it', async () => {
      const { membership } = (await membershipOf('ana.rivera@family.test'))!
      const first = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}&depth=0`)).json.docs[0]
      // A second session the family paid (an older tab's): Stripe reports it like any.
      const again = {
        ...checkoutSession({ amountCents: 7500, name: 'Luis Rivera', email: 'luis.rivera@family.test' }),
        client_reference_id: `membership:${membership.id}`,
      }
      expect((await sendEvent(server.url, signedEvent('checkout.session.completed', again))).status).toBe(200)
      const dues = (await admin.get(`/cms-api/dues?where[membership][equals]=${membership.id}&sort=createdAt&depth=0`)).json.docs
      expect(dues.map((d: any) => [d.id, d.amount, d.status])).toEqual([
        [first.id, '75.00', 'completed'],
        [expect.any(String), '75.00', 'completed'],
      ])
      expect(dues[1].notes).toBe(`A second payment of a membership already paid (receipt ${first.receiptNumber}): refund it in Stripe.`)
      expect((await admin.get(`/cms-api/memberships/${membership.id}?depth=0`)).json).toMatchObject({ status: 'active', dues: first.id })
    })
  })

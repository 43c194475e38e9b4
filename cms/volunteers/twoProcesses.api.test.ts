import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clubDay, clubTime } from '../../testing/clubCalendar'
import { databaseTargets } from '../../testing/databases'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { mailSettings, startSmtpCapture, type CapturedMail } from '../../testing/smtp'

/**
 * docs/VOLUNTEERS.md "Never overbooked" and "Reminders": the volunteers' days on two server processes sharing one
 * database, as a club runs them. The 8 pm rush: 300 sign-ups sent to both at once for 40 places. Then the days
 * before a shift, on the tasks' clock (TEST_TASK_CLOCK): each time another process starts on the same database
 * with the clock moved on, and runs the periodic work at its start, as the first process would when that hour
 * came. The clocks only move forward (so the tests run in order, kept so under `--sequence.shuffle`); every reminder
 * and note is counted in the mail server.
 */

const HOUR = 60 * 60_000
let nextAddress = 1
/** A parent on a network of their own (the servers trust the loopback proxy). */
const parent = (server: TestServer) => {
  const client = new ApiClient(server.url)
  const address = `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`
  const request = client.request.bind(client)
  client.request = (method, path, body, headers = {}) => request(method, path, body, { 'X-Forwarded-For': address, ...headers })
  return client
}
const tokenIn = (mail: CapturedMail) => /\/volunteer\/manage\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]

for (const target of databaseTargets)
  describe(`two server processes on one ${target.name} database: the rush and the reminders`, { shuffle: false }, () => {
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
    let a: TestServer
    let other: TestServer | undefined
    let admin: ApiClient
    const now = Date.now()
    const env = () => ({ ...target.env, ...mailSettings(smtp), EMAIL_RETRY_MS: '200', TRUST_PROXY: 'loopback' })
    /** Another process on the same database, its periodic work run at start on `clock`. */
    const processAt = async (clock: number) => {
      await other?.stop()
      other = await startServer({ dataDir: a.dataDir, env: { ...env(), TEST_TASK_CLOCK: new Date(clock).toISOString() } })
      return other
    }

    beforeAll(async () => {
      smtp = await startSmtpCapture()
      a = await startServer({ env: env() })
      admin = await loggedInAdmin(a.url)
    }, 120_000)
    afterAll(async () => {
      await other?.stop()
      await a?.stop()
      await smtp?.stop()
    })

    async function openShift(startsAt: number, capacity: number, waitlistSize: number, title = 'Home game') {
      const event = await admin.post('/cms-api/volunteer-events', {
        title,
        day: clubDay(startsAt),
        place: 'Main Gym',
        status: 'open',
      })
      const shift = await admin.post('/cms-api/volunteer-shifts', {
        event: event.json.doc.id,
        role: 'Concession stand',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 2 * HOUR).toISOString(),
        capacity,
        waitlistSize,
      })
      expect(shift.status, shift.text).toBe(201)
      return { eventId: event.json.doc.id as string, shiftId: shift.json.doc.id as string }
    }
    const signups = async (shiftId: string) =>
      (await admin.get(`/cms-api/volunteer-signups?where[shift][equals]=${shiftId}&sort=createdAt&limit=500`)).json.docs as Array<
        Record<string, any>
      >
    const mailsTo = (to: string, subject: RegExp) => smtp.messages.filter((m) => m.to.includes(to) && subject.test(m.subject))
    /**
     * Who has the three-day shift's reminder (`in two days` or `tomorrow`), read from the mail server once the outbox
     * holds no reminder still to send: each address as often as it came.
     */
    const remindedOf = async (when: 'in two days' | 'tomorrow') => {
      const waiting =
        '/cms-api/email-outbox?where[kind][in]=volunteer-reminder-48,volunteer-reminder-24&where[status][in]=pending,sending&limit=1'
      await expect.poll(async () => (await admin.get(waiting)).json.totalDocs).toBe(0)
      return smtp.messages
        .filter((m) => m.to[0]?.endsWith('@remind.test') && m.subject.startsWith(`Reminder: Concession stand ${when}`))
        .map((m) => m.to[0])
        .sort()
    }
    /** Those confirmed when each reminder's time came: Dot and Eve took the places Cal (cancelled) and Fin (excused) freed. */
    const CONFIRMED = ['ann@remind.test', 'ben@remind.test', 'dot@remind.test', 'eve@remind.test']

    // Shared by the tests below, which run in order: a shift three days ahead to be reminded of, one 30 hours ahead whose
    // freed place is offered, and a tournament at noon on the club's day 26 hours from now, whose coordinator hears the
    // day after who was not checked in. The other process starts on the clock of each step.
    let remind: { eventId: string; shiftId: string }
    let offer: { shiftId: string }
    let tournament: { eventId: string; shiftId: string }
    const tournamentDay = clubDay(now + 26 * HOUR)
    /** The season the tournament ends: from yesterday (the club's) to the tournament's day. */
    const opens = clubDay(now - 24 * HOUR)
    /**
     * Two past days' volunteers who gave a phone: yesterday's set-up day, in the season (its phone kept until the season
     * ends), and a car wash the day before, outside every season (kept 30 days).
     */
    const pastPhones = { setUp: '', carWash: '' }
    /** A closed event on a past club day with one volunteer who gave a phone, recorded by an admin after the fact. */
    async function pastSignup(day: string, title: string, name: string, phone: string) {
      const event = await admin.post('/cms-api/volunteer-events', { title, day, place: 'Main Gym', status: 'closed' })
      const at = clubTime(day, '10:00') * 1000
      const shift = await admin.post('/cms-api/volunteer-shifts', {
        event: event.json.doc.id,
        role: 'Helper',
        startsAt: new Date(at).toISOString(),
        endsAt: new Date(at + 2 * HOUR).toISOString(),
        capacity: 2,
      })
      expect(shift.status, shift.text).toBe(201)
      const email = `${name.split(' ')[0].toLowerCase()}@past.test`
      const signup = await admin.post('/cms-api/volunteer-signups', { shift: shift.json.doc.id, name, email, phone })
      expect(signup.status, signup.text).toBe(201)
      return signup.json.doc.id as string
    }
    const phonesOfPast = async () =>
      Promise.all(
        [pastPhones.setUp, pastPhones.carWash].map(async (id) => (await admin.get(`/cms-api/volunteer-signups/${id}`)).json.phone ?? null),
      )

    it('gives 300 sign-ups sent at once to both processes exactly 40 places, the waitlist its 20, the rest a 409; one mail each', async () => {
      // Four places and a waitlist of three: Ann, Ben, Cal and Fin confirmed; Dot, Eve and Gia waiting.
      remind = await openShift(now + 72 * HOUR, 4, 3)
      for (const [name, phone] of [
        ['Ann Reed', '555-0100'],
        ['Ben Reed', null],
        ['Cal Ross', '555-0102'],
        ['Fin Ross', null],
        ['Dot Reed', null],
        ['Eve Ross', null],
        ['Gia Reed', null],
      ]) {
        const email = `${name!.split(' ')[0].toLowerCase()}@remind.test`
        expect((await parent(a).post('/api/volunteer/signups', { shiftId: remind.shiftId, name, email, phone, adult: true })).status).toBe(
          201,
        )
      }
      offer = await openShift(now + 30 * HOUR, 1, 2)
      for (const name of ['Dee', 'Eli', 'Fay']) {
        const email = `${name.toLowerCase()}@offer.test`
        expect(
          (await parent(a).post('/api/volunteer/signups', { shiftId: offer.shiftId, name: `${name} Oak`, email, adult: true })).status,
        ).toBe(201)
      }
      tournament = await openShift(clubTime(tournamentDay, '12:00') * 1000, 2, 0, 'Tournament')
      for (const [name, phone] of [
        ['Gus Pine', '555-0107'],
        ['Hal Pine', null],
      ]) {
        const email = `${name!.split(' ')[0].toLowerCase()}@tournament.test`
        const signup = { shiftId: tournament.shiftId, name, email, phone, adult: true }
        expect((await parent(a).post('/api/volunteer/signups', signup)).status).toBe(201)
      }
      // Now, on the first process: Dee leaves the 30-hour shift (her place is offered to Eli), Cal the 3-day one.
      const dee = tokenIn(await smtp.waitFor((m) => m.to.includes('dee@offer.test') && /^You're signed up/.test(m.subject)))
      expect((await parent(a).delete(`/api/volunteer/signups/${dee}`)).json, 'before the 24-hour cut-off').toEqual({ status: 'cancelled' })
      await smtp.waitFor((m) => m.to.includes('eli@offer.test') && /^A place is yours/.test(m.subject))
      const cal = tokenIn(await smtp.waitFor((m) => m.to.includes('cal@remind.test')))
      expect((await parent(a).delete(`/api/volunteer/signups/${cal}`)).json).toEqual({ status: 'cancelled' })
      // Cal's place goes to Dot (72 hours ahead: confirmed at once); an admin excuses Fin, whose place goes to Eve.
      const fin = (await signups(remind.shiftId)).find((s) => s.name === 'Fin Ross')!
      const excused = await admin.patch(`/cms-api/volunteer-signups/${fin.id}`, { status: 'excused', statusNote: 'Away at a tournament' })
      expect(excused.status, excused.text).toBe(200)
      expect((await signups(remind.shiftId)).map((s) => [s.name, s.status])).toEqual([
        ['Ann Reed', 'confirmed'],
        ['Ben Reed', 'confirmed'],
        ['Cal Ross', 'cancelled'],
        ['Fin Ross', 'excused'],
        ['Dot Reed', 'confirmed'],
        ['Eve Ross', 'confirmed'],
        ['Gia Reed', 'waitlisted'],
      ])

      const season = {
        label: 'Short season',
        startsOn: opens,
        endsOn: tournamentDay,
        renewalOpensOn: opens,
        renewalDeadline: tournamentDay,
      }
      expect((await admin.post('/cms-api/seasons', season)).status).toBe(201)
      pastPhones.setUp = await pastSignup(opens, 'Set-up day', 'Ike Lamb', '555-0108')
      pastPhones.carWash = await pastSignup(clubDay(now - 48 * HOUR), 'Car wash', 'Jo Lamb', '555-0109')

      // The second process, its clock 25 hours on: at its start it runs that hour's work (the next test looks at it).
      const b = await processAt(now + 25 * HOUR)
      const { shiftId } = await openShift(now + 240 * HOUR, 40, 20)
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          parent(i % 2 ? b : a).post('/api/volunteer/signups', {
            shiftId,
            name: `Parent ${i}`,
            email: `parent${i}@rush.test`,
            adult: true,
          }),
        ),
      )
      const count = (status: number, answer?: string) =>
        answers.filter((r) => r.status === status && (!answer || r.json.status === answer)).length
      expect(answers.filter((r) => r.status >= 500).map((r) => r.text)).toEqual([])
      expect([count(201, 'confirmed'), count(201, 'waitlisted'), count(409)]).toEqual([40, 20, 240])
      const stored = async (status: string) =>
        (await admin.get(`/cms-api/volunteer-signups?where[shift][equals]=${shiftId}&where[status][equals]=${status}&limit=1`)).json
          .totalDocs
      expect([await stored('confirmed'), await stored('waitlisted')]).toEqual([40, 20])
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json).toMatchObject({ held: 40, waiting: 20 })

      // Each sign-up its one mail, sent by either process; those refused none.
      const rush = () => smtp.messages.filter((m) => m.to[0]?.endsWith('@rush.test'))
      await expect.poll(() => rush().length).toBe(60)
      answers.forEach((r, i) => {
        const to = `parent${i}@rush.test`
        if (r.status !== 201) return expect(mailsTo(to, /./), to).toHaveLength(0)
        expect(mailsTo(to, r.json.status === 'confirmed' ? /^You're signed up/ : /^You're on the waitlist/), to).toHaveLength(1)
      })
      expect(new Set(rush().map((m) => m.to[0])).size).toBe(60)
    })

    it('lapses an offer not taken in 12 hours and offers the place to the next, and sends the 48-hour reminder once', async () => {
      // 25 hours on, Eli's offer (12 hours) had lapsed: Fay was offered the place until 2 hours before the start
      // (28 hours from now), the earlier end than 12 hours from that clock.
      const [, eli, fay] = await signups(offer.shiftId)
      expect([eli.status, eli.statusNote, fay.status]).toEqual(['cancelled', 'The offer lapsed', 'offered'])
      const startsAt = Date.parse((await admin.get(`/cms-api/volunteer-shifts/${offer.shiftId}`)).json.startsAt)
      expect(Date.parse(fay.offerExpiresAt)).toBe(startsAt - 2 * HOUR)
      await smtp.waitFor((m) => m.to.includes('fay@offer.test') && /^A place is yours/.test(m.subject))
      // 47 hours before the three-day shift: those confirmed then got the 48-hour reminder, once each (the two who took
      // a freed place too); Cal who left, Fin excused and Gia still waiting none.
      expect(await remindedOf('in two days')).toEqual(CONFIRMED)
      for (const to of ['cal@remind.test', 'fin@remind.test', 'gia@remind.test']) expect(mailsTo(to, /^Reminder/), to).toHaveLength(0)
      // It still says until when a cancel frees the place: 24 hours before the start, on the club's clock (Chicago's).
      const remindStart = Date.parse((await admin.get(`/cms-api/volunteer-shifts/${remind.shiftId}`)).json.startsAt)
      const deadline = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(remindStart - 24 * HOUR))
      expect(mailsTo('ann@remind.test', /^Reminder: Concession stand in two days/)[0].text).toContain(
        `Cancel with your link before ${deadline}`,
      )
      // The hour's work kept the past days' phones: the set-up day's season goes on, the car wash was 30 days ago or less.
      expect(await phonesOfPast()).toEqual(['555-0108', '555-0109'])
    })

    it('sends the 24-hour reminder once, and the day after tells the coordinator who was not checked in; phones go with the season', async () => {
      // The tournament's coordinator has an address; its season (Short season) ends on its day. Gus is checked in, Hal is not.
      const coordinator = await addStaffAccount(admin, {
        username: 'table.coordinator',
        email: 'coordinator@ladyhawks.test',
        password: 'the-table-opens-at-six-42',
        role: 'editor',
      })
      expect((await admin.patch(`/cms-api/volunteer-events/${tournament.eventId}`, { coordinator: coordinator.id })).status).toBe(200)
      const [gus] = await signups(tournament.shiftId)
      expect((await admin.patch(`/cms-api/volunteer-signups/${gus.id}`, { status: 'checked-in' })).status).toBe(200)

      // 23 hours or less before the three-day shift, and a morning after the tournament's day (the later of the two).
      const nextMorning = clubTime(clubDay(clubTime(tournamentDay, '12:00') * 1000 + 24 * HOUR), '08:00') * 1000
      await processAt(Math.max(now + 49 * HOUR, nextMorning))
      expect(await remindedOf('tomorrow')).toEqual(CONFIRMED)
      // Fay's offer lapsed at 28 hours: nobody is left waiting.
      expect((await signups(offer.shiftId)).map((s) => s.status)).toEqual(['cancelled', 'cancelled', 'cancelled'])

      // Her first mail is her account's invitation; the day-after note comes next.
      const note = await smtp.waitFor(
        (m) => m.to.includes('coordinator@ladyhawks.test') && /^Who was not checked in: Tournament/.test(m.subject),
      )
      expect(note.text).toContain('1 of 2 checked in')
      expect(note.text).toContain('Hal Pine <hal@tournament.test>: confirmed')
      expect(note.text).not.toContain('Gus Pine')
      // Every reminder went once, to those confirmed at its time alone, whichever process and clock ran the work; none
      // to the 30-hour shift's, never confirmed when its reminder's time came (Dee had left, Eli's and Fay's offers lapsed).
      expect(await remindedOf('in two days')).toEqual(CONFIRMED)
      for (const to of ['dee@offer.test', 'eli@offer.test', 'fay@offer.test']) expect(mailsTo(to, /^Reminder/), to).toHaveLength(0)
      expect(mailsTo('coordinator@ladyhawks.test', /^Who was not checked in/)).toHaveLength(1)
      // The season ended: the tournament's phones are gone; the three-day shift's (still ahead, in no season) stay.
      expect((await signups(tournament.shiftId)).map((s) => s.phone ?? null)).toEqual([null, null])
      expect((await signups(remind.shiftId)).map((s) => s.phone ?? null)).toEqual(['555-0100', null, '555-0102', null, null, null, null])
      // The set-up day's went with its season; the car wash's (outside every season) stays until 30 days after it.
      expect(await phonesOfPast()).toEqual([null, '555-0109'])
    })
  })

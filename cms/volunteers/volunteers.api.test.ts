import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countLinked, databaseTargets, uniqueIndexes } from '../../testing/databases'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'
import { clubDay, DST_ZONE_NOT_ON_UTC_DAY } from '../../testing/clubCalendar'
import { csvRecords } from '../../testing/csv'
import { lexicalBody, lexicalParagraph, lexicalText } from '../../testing/richText'
import { mailSettings, startSmtpCapture, type CapturedMail } from '../../testing/smtp'
import { workDayShift } from '../../testing/volunteerShifts'

/**
 * docs/VOLUNTEERS.md: events, shifts and sign-ups through every door on one server: Payload's REST, our /api,
 * the mail a volunteer gets and the link it carries.
 */

const HOUR = 60 * 60_000
/** The club's zone: its clocks change, and its day is not UTC's while the file runs (testing/clubCalendar.ts). */
const ZONE = DST_ZONE_NOT_ON_UTC_DAY
/** The shift's start as the club's clock reads it, as an independent formatter writes it ("Jan 16, 6:00 PM"). */
const clubClock = (instant: string | number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  )
const clubFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options })
/** A deadline as the mails and pages write it, by an independent formatter on the club's clock ("Fri, Jan 16, 4:00 PM"). */
const clubDeadline = (instant: string | number) =>
  clubFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant))
/**
 * A shift's time on the club's clock by the same formatter: "Fri, Jan 16, 6:00 PM – 8:00 PM", or with the end's day when
 * it ends the next day ("Fri, Jan 16, 11:00 PM – Jan 17, 1:00 AM").
 */
const clubShiftTime = (shift: { startsAt: string; endsAt: string }) => {
  const clock = (instant: string) => clubFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(instant))
  const day = (instant: string) => clubFormat({ month: 'short', day: 'numeric' }).format(new Date(instant))
  const weekday = clubFormat({ weekday: 'short' }).format(new Date(shift.startsAt))
  const endDay = day(shift.endsAt) === day(shift.startsAt) ? '' : `${day(shift.endsAt)}, `
  return `${weekday}, ${day(shift.startsAt)}, ${clock(shift.startsAt)} – ${endDay}${clock(shift.endsAt)}`
}
/** The club's zone as its clock reads at an instant, by the same formatter: "CST", or "CDT" in summer. */
const zoneAt = (instant: string | number) =>
  clubFormat({ timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')!.value
/** The personal link a mail carries: its token. */
const tokenIn = (mail: CapturedMail) => /\/volunteer\/manage\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]
const ics = (mail: CapturedMail) => mail.attachments.find((a) => a.filename.endsWith('.ics'))?.content.toString('utf8') ?? ''
/** An ICS instant (20300116T000000Z) as the ISO instant it is. */
const icsInstant = (at: string) => at.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6.000Z')
const icsField = (text: string, name: string) => new RegExp(`^${name}[^:]*:(.+)$`, 'm').exec(text.replace(/\r\n[ \t]/g, ''))?.[1]?.trim()
let nextAddress = 1
const networkAddress = () => `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`
/** A visitor of their own (the server trusts the loopback proxy): each test's sign-ups count apart. */
const visitor = (server: TestServer) => {
  const client = new ApiClient(server.url)
  const address = networkAddress()
  const request = client.request.bind(client)
  client.request = (method, path, body, headers = {}) => request(method, path, body, { 'X-Forwarded-For': address, ...headers })
  return client
}

// A season's events and sign-ups told in order (kept so under `--sequence.shuffle`): a test reads what the tests
// before it made.
for (const target of databaseTargets)
  describe(`volunteer shifts on ${target.name}`, { shuffle: false }, () => {
    let server: TestServer
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
    let admin: ApiClient

    beforeAll(async () => {
      smtp = await startSmtpCapture()
      server = await startServer({
        env: { ...target.env, ...mailSettings(smtp), EMAIL_RETRY_MS: '200', TRUST_PROXY: 'loopback', CLUB_TIME_ZONE: ZONE },
      })
      admin = await loggedInAdmin(server.url)
    })
    afterAll(async () => {
      await server?.stop()
      await smtp?.stop()
    })

    /**
     * An open event (or one with `eventFields`) with one shift `hoursAhead` from now, made through Payload's REST with
     * the contract's fields.
     */
    async function openShift(
      hoursAhead: number,
      capacity: number,
      extra: Record<string, unknown> = {},
      eventFields: Record<string, unknown> = {},
    ) {
      const startsAt = new Date(Date.now() + hoursAhead * HOUR)
      const event = await admin.post('/cms-api/volunteer-events', {
        title: 'Home game vs Riverside',
        day: clubDay(startsAt, ZONE),
        place: 'Main Gym',
        status: 'open',
        ...eventFields,
      })
      expect(event.status, event.text).toBe(201)
      const shift = await admin.post('/cms-api/volunteer-shifts', {
        event: event.json.doc.id,
        role: 'Gate',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(),
        capacity,
        ...extra,
      })
      expect(shift.status, shift.text).toBe(201)
      return { eventId: event.json.doc.id as string, shiftId: shift.json.doc.id as string }
    }

    /** The column of `volunteer-links` holding a token's hash, on the database the test runs. */
    const hashColumn = () => (/^mongodb/.test(server.databaseUri) ? 'tokenHash' : 'token_hash')
    /** The rows of `volunteer-links` holding a token's SHA-256, read from the database itself (no door serves them). */
    const linkRowsOf = (token: string) =>
      countLinked(server.databaseUri, 'volunteer-links', hashColumn(), createHash('sha256').update(token).digest('hex'))

    /** A shift's sign-ups as stored, in the order they came. */
    const signupsOf = async (shiftId: string): Promise<any[]> =>
      (await admin.get(`/cms-api/volunteer-signups?where[shift][equals]=${shiftId}&depth=0&sort=createdAt`)).json.docs

    const signUp = (shiftId: string, name: string, email: string, more: Record<string, unknown> = {}) =>
      visitor(server).post('/api/volunteer/signups', { shiftId, name, email, adult: true, ...more })

    it('lists an open shift with its places and no one’s name, and fills it: confirmed, waitlisted, then 409', async () => {
      // No event yet (SEED=none): the footer's Volunteer Information is the spec's, and the list is empty.
      expect((await new ApiClient(server.url).get('/api/pages')).json).toEqual({ slugs: [] })
      expect((await new ApiClient(server.url).get('/api/volunteer/events')).json).toEqual([])
      const { shiftId } = await openShift(100, 2, { waitlistSize: 1 })
      const first = await signUp(shiftId, 'Ann Baker', 'ann@parents.test', { phone: '555-0101' })
      expect(first.status, first.text).toBe(201)
      expect(first.json).toEqual({ status: 'confirmed' })
      expect((await signUp(shiftId, 'Bo Chen', 'bo@parents.test')).json).toEqual({ status: 'confirmed' })
      const third = await signUp(shiftId, 'Cy Diaz', 'cy@parents.test')
      expect(third.status).toBe(201)
      expect(third.json).toEqual({ status: 'waitlisted' })
      const full = await signUp(shiftId, 'Di Eng', 'di@parents.test')
      expect(full.status).toBe(409)
      expect(full.json.error).toMatch(/full/)

      // The same address again, whoever types it: her place, and her sign-up as she gave it, not a second one or
      // a stranger's name and phone over hers.
      const again = await signUp(shiftId, 'Someone Else', 'ANN@parents.test', { phone: '555-0199' })
      expect(again.status).toBe(200)
      expect(again.json).toEqual({ status: 'confirmed' })
      const stored = await signupsOf(shiftId)
      expect(stored.map((s: any) => [s.name, s.email, s.phone ?? null, s.status])).toEqual([
        ['Ann Baker', 'ann@parents.test', '555-0101', 'confirmed'],
        ['Bo Chen', 'bo@parents.test', null, 'confirmed'],
        ['Cy Diaz', 'cy@parents.test', null, 'waitlisted'],
      ])
      // One sign-up per address and shift whatever arrives at once: a unique index of the database the test runs on.
      const column = /^mongodb/.test(server.databaseUri) ? 'shift' : 'shift_id'
      expect(await uniqueIndexes(server.databaseUri, 'volunteer-signups')).toContainEqual([column, 'email'])

      const events = await new ApiClient(server.url).get('/api/volunteer/events')
      expect(events.status).toBe(200)
      const listed = events.json.flatMap((e: any) => e.shifts).find((s: any) => s.id === shiftId)
      expect(listed).toMatchObject({ role: 'Gate', capacity: 2, open: 0, waitlist: 0 })
      expect(JSON.stringify(events.json)).not.toMatch(/Ann|Baker|parents\.test|555-0101/)
    })

    it('lists only the open events’ shifts still ahead and not cancelled, and signs no one up for a shift that has started', async () => {
      const anonymous = new ApiClient(server.url)
      const me = (await admin.get('/cms-api/admin-users/me')).json.user
      const ahead = await openShift(100, 2, { role: 'Usher' })
      expect((await admin.patch(`/cms-api/volunteer-events/${ahead.eventId}`, { coordinator: me.id })).status).toBe(200)
      const started = await openShift(-1, 2, { role: 'Clock operator' })
      const cancelled = await openShift(120, 2, { role: 'Ticket table' })
      expect((await admin.patch(`/cms-api/volunteer-shifts/${cancelled.shiftId}`, { cancelled: true })).status).toBe(200)
      const draft = await openShift(90, 2, { role: 'Table setter' }, { title: 'Draft banquet', place: 'Cafe', status: 'draft' })
      const closed = await openShift(80, 2, { role: 'Chair stacker' }, { title: 'Closed banquet', place: 'Cafe', status: 'closed' })

      const listed = (await anonymous.get('/api/volunteer/events')).json
      const shiftIds = listed.flatMap((e: any) => e.shifts.map((s: any) => s.id))
      expect(shiftIds).toContain(ahead.shiftId)
      for (const hidden of [started.shiftId, cancelled.shiftId, draft.shiftId, closed.shiftId]) expect(shiftIds).not.toContain(hidden)
      expect(listed.map((e: any) => e.id)).not.toContain(draft.eventId)
      const page = (await anonymous.get('/volunteer')).text
      expect(page).toContain('Usher')
      expect(page).not.toMatch(/Clock operator|Ticket table|Table setter|Draft banquet|Chair stacker|Closed banquet/)
      // Payload's REST: a visitor reads open events and their shifts only (not a draft's, nor a closed one's), and never
      // who coordinates one.
      const events = (await anonymous.get('/cms-api/volunteer-events?limit=500&depth=0')).json.docs
      expect(events.map((e: any) => e.id)).not.toContain(draft.eventId)
      expect([...new Set(events.map((e: any) => e.status))]).toEqual(['open'])
      const shifts = (await anonymous.get('/cms-api/volunteer-shifts?limit=500&depth=0')).json.docs.map((s: any) => s.id)
      expect(shifts).toContain(ahead.shiftId)
      for (const hidden of [draft.shiftId, closed.shiftId]) expect(shifts).not.toContain(hidden)
      for (const path of [
        `/cms-api/volunteer-events/${draft.eventId}`,
        `/cms-api/volunteer-events/${closed.eventId}`,
        `/cms-api/volunteer-shifts/${closed.shiftId}`,
      ])
        expect((await anonymous.get(path)).status, path).toBe(404)
      const open = (await anonymous.get(`/cms-api/volunteer-events/${ahead.eventId}?depth=0`)).json
      expect(open.title).toBe('Home game vs Riverside')
      expect(open).not.toHaveProperty('coordinator')
      expect((await admin.get(`/cms-api/volunteer-events/${ahead.eventId}?depth=0`)).json.coordinator).toBe(me.id)

      // A shift that started an hour ago takes no sign-up, and nothing is stored.
      const late = await signUp(started.shiftId, 'Lou Late', 'lou@parents.test')
      expect(late.status, late.text).toBe(409)
      expect(late.json.error).toMatch(/already started/)
      expect(await signupsOf(started.shiftId)).toEqual([])
    })

    /** The mail `subject` (a pattern) that came to `to`, once it arrives. */
    const mailTo = (to: string, subject: RegExp) => smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject))

    it('mails the shift in the club’s time with its calendar entry and a personal link, which cancels before the cut-off', async () => {
      const { shiftId } = await openShift(100, 3)
      const shift = (await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json
      expect((await signUp(shiftId, 'Eve Fox', 'eve@parents.test')).status).toBe(201)
      const mail = await mailTo('eve@parents.test', /^You're signed up/)
      expect(mail.subject).toContain('Gate')
      expect(mail.text).toContain(clubClock(shift.startsAt).replace(/^\w+ \d+, /, ''))
      expect(mail.text).toContain(`When: ${clubShiftTime(shift)} ${zoneAt(shift.startsAt)}`)
      // The cut-off the mail gives: 24 hours before the start (the event's default), on the club's clock.
      expect(mail.text).toContain(`Cancel with your link before ${clubDeadline(Date.parse(shift.startsAt) - 24 * HOUR)}`)
      const entry = ics(mail)
      expect(entry).toContain('BEGIN:VEVENT')
      expect(icsInstant(icsField(entry, 'DTSTART')!)).toBe(shift.startsAt)
      expect(icsInstant(icsField(entry, 'DTEND')!)).toBe(shift.endsAt)
      expect(icsField(entry, 'LOCATION')).toBe('Main Gym')
      const token = tokenIn(mail)
      // Only the token's SHA-256 is stored: read from the database, no row holds the link as mailed, one its hash.
      expect(await countLinked(server.databaseUri, 'volunteer-links', hashColumn(), token)).toBe(0)
      expect(await linkRowsOf(token)).toBe(1)

      const own = await visitor(server).get(`/api/volunteer/signups/${token}`)
      expect(own.status).toBe(200)
      expect(own.json).toMatchObject({
        status: 'confirmed',
        name: 'Eve Fox',
        shift: { role: 'Gate', startsAt: shift.startsAt },
        canCancel: true,
      })
      const file = await visitor(server).get(`/api/volunteer/signups/${token}/calendar.ics`)
      expect(file.headers.get('content-type')).toMatch(/^text\/calendar/)
      expect(icsField(file.text, 'UID')).toBe(icsField(entry, 'UID'))

      const cancelled = await visitor(server).delete(`/api/volunteer/signups/${token}`)
      expect(cancelled.status).toBe(200)
      expect(cancelled.json).toEqual({ status: 'cancelled' })
      // The link's calendar entry says so now: the same entry, cancelled, for a calendar app to take off.
      const cancelledFile = (await visitor(server).get(`/api/volunteer/signups/${token}/calendar.ics`)).text
      expect(icsField(cancelledFile, 'STATUS')).toBe('CANCELLED')
      expect(icsField(cancelledFile, 'UID')).toBe(icsField(entry, 'UID'))
      expect((await visitor(server).delete(`/api/volunteer/signups/${token}`)).json).toEqual({ status: 'cancelled' })
      expect((await visitor(server).delete(`/api/volunteer/signups/${'x'.repeat(43)}`)).status).toBe(404)
      const listed = (await visitor(server).get('/api/volunteer/events')).json
        .flatMap((e: any) => e.shifts)
        .find((s: any) => s.id === shiftId)
      expect(listed.open).toBe(3)

      // Across a daylight-saving change: a shift in the other half of the year is told in that half's zone.
      const now = Date.now()
      const days = Array.from({ length: 250 }, (_, i) => i + 60).find((d) => zoneAt(now + d * 24 * HOUR) !== zoneAt(now))!
      const far = await openShift(days * 24, 2)
      const farShift = (await admin.get(`/cms-api/volunteer-shifts/${far.shiftId}`)).json
      expect((await signUp(far.shiftId, 'Eve Fox', 'eve.later@parents.test')).status).toBe(201)
      const farMail = await mailTo('eve.later@parents.test', /^You're signed up/)
      expect(farMail.text).toContain(`When: ${clubShiftTime(farShift)} ${zoneAt(farShift.startsAt)}`)
    })

    it('gives a place freed more than 48 hours ahead to the first waiting, and mails them', async () => {
      const { shiftId } = await openShift(100, 1, { waitlistSize: 2 })
      await signUp(shiftId, 'Gil Ha', 'gil@parents.test')
      expect((await signUp(shiftId, 'Ida Jo', 'ida@parents.test')).json).toEqual({ status: 'waitlisted' })
      expect((await signUp(shiftId, 'Kai Lu', 'kai@parents.test')).json).toEqual({ status: 'waitlisted' })
      await mailTo('ida@parents.test', /^You're on the waitlist/)
      const gilMail = await mailTo('gil@parents.test', /^You're signed up/)
      const token = tokenIn(gilMail)
      expect((await visitor(server).delete(`/api/volunteer/signups/${token}`)).json).toEqual({ status: 'cancelled' })
      // Promoted in the cancel's own transaction: stored before any mail, the first waiting first.
      const signups = await signupsOf(shiftId)
      expect(signups.map((s: any) => [s.name, s.status])).toEqual([
        ['Gil Ha', 'cancelled'],
        ['Ida Jo', 'confirmed'],
        ['Kai Lu', 'waitlisted'],
      ])
      const promoted = await mailTo('ida@parents.test', /^A place opened/)
      expect(ics(promoted)).toContain('STATUS:CONFIRMED')
      // Each sign-up its own calendar entry: Ida's does not replace Gil's, on the same shift, in anyone's calendar.
      expect(icsField(ics(promoted), 'UID')).toBeTruthy()
      expect(icsField(ics(promoted), 'UID')).not.toBe(icsField(ics(gilMail), 'UID'))
      expect((await visitor(server).get(`/api/volunteer/signups/${tokenIn(promoted)}`)).json.status).toBe('confirmed')

      // An admin excuses Ida (her place goes to Kai): her link then cancels nothing, and the excuse and its reason stay.
      const ida = (await signupsOf(shiftId))[1]
      const excused = await admin.patch(`/cms-api/volunteer-signups/${ida.id}`, { status: 'excused', statusNote: 'Away with the team' })
      expect(excused.status, excused.text).toBe(200)
      expect((await visitor(server).delete(`/api/volunteer/signups/${tokenIn(promoted)}`)).json).toEqual({ status: 'excused' })
      const afterLink = await signupsOf(shiftId)
      expect(afterLink.map((s: any) => [s.name, s.status])).toEqual([
        ['Gil Ha', 'cancelled'],
        ['Ida Jo', 'excused'],
        ['Kai Lu', 'confirmed'],
      ])
      expect(afterLink[1].statusNote).toBe('Away with the team')
    })

    it('keeps a cancel after the cut-off as cancelled late, and offers the place closer than 48 hours for 12 hours', async () => {
      const { shiftId } = await openShift(20, 1, { waitlistSize: 2 })
      await signUp(shiftId, 'Lea Mo', 'lea@parents.test')
      await signUp(shiftId, 'Max No', 'max@parents.test')
      await signUp(shiftId, 'Ned Oz', 'ned@parents.test')
      const lea = tokenIn(await mailTo('lea@parents.test', /^You're signed up/))
      const before = Date.now()
      const cancelled = await visitor(server).delete(`/api/volunteer/signups/${lea}`)
      const after = Date.now()
      expect(cancelled.json).toEqual({ status: 'cancelled-late' })

      const offer = await mailTo('max@parents.test', /^A place is yours if you take it by/)
      const max = tokenIn(offer)
      const offered = (await visitor(server).get(`/api/volunteer/signups/${max}`)).json
      expect(offered.status).toBe('offered')
      // The earlier of 12 hours from the cancel and 2 hours before the start (18 hours away): 12 hours from the cancel.
      expect(Date.parse(offered.offerExpiresAt)).toBeGreaterThanOrEqual(before + 12 * HOUR)
      expect(Date.parse(offered.offerExpiresAt)).toBeLessThanOrEqual(after + 12 * HOUR)
      expect(offer.subject).toContain(clubClock(offered.offerExpiresAt))
      const listed = (await visitor(server).get('/api/volunteer/events')).json
        .flatMap((e: any) => e.shifts)
        .find((s: any) => s.id === shiftId)
      expect(listed.open, 'an offered place is not open to others').toBe(0)

      expect((await visitor(server).post(`/api/volunteer/signups/${max}/accept`)).json).toEqual({ status: 'confirmed' })
      const statuses = (await signupsOf(shiftId)).map((s) => s.status)
      expect(statuses).toEqual(['cancelled-late', 'confirmed', 'waitlisted'])

      // Max leaves too (late): the place is offered to Ned, who has not taken it when the shift starts. Closing the
      // shift ends his offer (it lapsed: he holds no place, and is no no-show).
      expect((await visitor(server).delete(`/api/volunteer/signups/${max}`)).json).toEqual({ status: 'cancelled-late' })
      expect((await signupsOf(shiftId)).map((s) => s.status)).toEqual(['cancelled-late', 'cancelled-late', 'offered'])
      const started = { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString() }
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, started)).status).toBe(200)
      expect((await admin.post(`/api/admin/volunteer/shifts/${shiftId}/close`)).json).toEqual({ noShows: 0 })
      const closed = await signupsOf(shiftId)
      expect(closed.map((s) => [s.name, s.status, s.statusNote ?? null])).toEqual([
        ['Lea Mo', 'cancelled-late', null],
        ['Max No', 'cancelled-late', null],
        ['Ned Oz', 'cancelled', 'The offer lapsed'],
      ])
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}?depth=0`)).json.held).toBe(0)
    })

    it('holds the places on every door: Payload’s REST refuses an overbooking and fewer places than are taken', async () => {
      const { shiftId } = await openShift(100, 1, { waitlistSize: 0 })
      await signUp(shiftId, 'Oli Pa', 'oli@parents.test')
      const overbooked = await admin.post('/cms-api/volunteer-signups', {
        shift: shiftId,
        name: 'Pat Qu',
        email: 'pat@parents.test',
        status: 'confirmed',
      })
      expect(overbooked.status).toBe(409)
      expect(overbooked.json.errors[0].message).toMatch(/full/)
      const placed = await admin.post('/cms-api/volunteer-signups', { shift: shiftId, name: 'Pat Qu', email: 'pat@parents.test' })
      expect(placed.status, 'no place and no waitlist').toBe(409)
      const more = await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, { capacity: 2 })
      expect(more.status).toBe(200)
      // Typed with capitals by the admin: stored as the address it is, so the same address on the public form finds it.
      const second = await admin.post('/cms-api/volunteer-signups', { shift: shiftId, name: 'Pat Qu', email: 'Pat@Parents.TEST' })
      expect(second.status).toBe(201)
      expect(second.json.doc.status).toBe('confirmed')
      expect((await signUp(shiftId, 'Pat Qu', 'pat@parents.test')).json).toEqual({ status: 'confirmed' })
      // A place is offered by the waitlist itself, for a set time: an admin's "offered" by hand is refused, Pat still confirmed.
      expect((await admin.patch(`/cms-api/volunteer-signups/${second.json.doc.id}`, { status: 'offered' })).status).toBe(400)
      expect((await signupsOf(shiftId)).map((s) => [s.email, s.status, s.offerExpiresAt ?? null])).toEqual([
        ['oli@parents.test', 'confirmed', null],
        ['pat@parents.test', 'confirmed', null],
      ])
      const fewer = await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, { capacity: 1 })
      expect(fewer.status).toBe(409)
      expect(fewer.json.errors[0].message).toMatch(/2 places are taken/)
      const shift = (await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json
      expect(shift).toMatchObject({ capacity: 2, held: 2 })
      // An admin deletes a sign-up (its mailed links with it, read from the database): its place is free again.
      const oliToken = tokenIn(await mailTo('oli@parents.test', /^You're signed up/))
      expect(await linkRowsOf(oliToken)).toBe(1)
      const oli = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=oli@parents.test`)).json.docs[0]
      expect((await admin.delete(`/cms-api/volunteer-signups/${oli.id}`)).status).toBe(200)
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json).toMatchObject({ held: 1 })
      expect(await linkRowsOf(oliToken)).toBe(0)
    })

    it('keeps a sign-up on its shift and a shift with its sign-ups and times, gives new places to the waiting in turn, and tells everyone of a new place', async () => {
      const { eventId, shiftId } = await openShift(100, 1, { waitlistSize: 3, role: 'Scorer' })
      const other = await openShift(110, 2)
      expect((await signUp(shiftId, 'Abe Cole', 'abe@shifts.test')).json).toEqual({ status: 'confirmed' })
      expect((await signUp(shiftId, 'Bea Dunn', 'bea@shifts.test')).json).toEqual({ status: 'waitlisted' })
      expect((await signUp(shiftId, 'Cas Eng', 'cas@shifts.test')).json).toEqual({ status: 'waitlisted' })
      const stored = async () => (await signupsOf(shiftId)).map((s) => [s.name, s.status])
      const shiftBefore = (await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json
      const [abe] = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=abe@shifts.test&depth=0`)).json.docs

      // Refused, each leaving everything as it was: a sign-up moved to another shift, a shift ending before it
      // starts (changed or new), and deleting a shift or an event that has sign-ups.
      expect((await admin.patch(`/cms-api/volunteer-signups/${abe.id}`, { shift: other.shiftId })).status).toBe(409)
      const backwards = { endsAt: new Date(Date.parse(shiftBefore.startsAt) - HOUR).toISOString() }
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, backwards)).status).toBe(400)
      const instant = new Date(Date.now() + 130 * HOUR).toISOString()
      const empty = { event: eventId, role: 'No time at all', startsAt: instant, endsAt: instant, capacity: 1 }
      expect((await admin.post('/cms-api/volunteer-shifts', empty)).status).toBe(400)
      expect((await admin.delete(`/cms-api/volunteer-shifts/${shiftId}`)).status).toBe(409)
      expect((await admin.delete(`/cms-api/volunteer-events/${eventId}`)).status).toBe(409)
      const shiftsOfEvent = (await admin.get(`/cms-api/volunteer-shifts?where[event][equals]=${eventId}&depth=0`)).json.docs
      expect(shiftsOfEvent.map((s: any) => [s.id, s.startsAt, s.endsAt])).toEqual([[shiftId, shiftBefore.startsAt, shiftBefore.endsAt]])
      expect((await admin.get(`/cms-api/volunteer-events/${eventId}`)).status).toBe(200)
      expect((await admin.get(`/cms-api/volunteer-signups/${abe.id}?depth=0`)).json.shift).toBe(shiftId)
      expect(await stored()).toEqual([
        ['Abe Cole', 'confirmed'],
        ['Bea Dunn', 'waitlisted'],
        ['Cas Eng', 'waitlisted'],
      ])

      // A new shift's hours default to its length to the nearest quarter hour (1:40 and 1:50 are both 1.75), and its
      // times are kept to the minute (sent with seconds).
      const sentAt = Date.parse(instant) + 30_500
      const minute = (at: number) => new Date(Math.floor(at / 60_000) * 60_000).toISOString()
      for (const minutes of [100, 110]) {
        const endsAt = sentAt + minutes * 60_000
        const made = await admin.post('/cms-api/volunteer-shifts', {
          event: other.eventId,
          role: `Usher ${minutes}`,
          startsAt: new Date(sentAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          capacity: 1,
        })
        expect(made.status, made.text).toBe(201)
        const kept = (await admin.get(`/cms-api/volunteer-shifts/${made.json.doc.id}?depth=0`)).json
        expect([kept.hours, kept.startsAt, kept.endsAt]).toEqual([1.75, minute(sentAt), minute(endsAt)])
      }

      // A place more, more than 48 hours ahead: the first waiting is confirmed (and told), the next still waits.
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, { capacity: 2 })).status).toBe(200)
      expect(await stored()).toEqual([
        ['Abe Cole', 'confirmed'],
        ['Bea Dunn', 'confirmed'],
        ['Cas Eng', 'waitlisted'],
      ])
      await mailTo('bea@shifts.test', /^A place opened/)

      // The event moves to another gym: the shift's next revision, mailed to everyone on it with the new place.
      expect((await admin.patch(`/cms-api/volunteer-events/${eventId}`, { place: 'North Gym' })).status).toBe(200)
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json.revision).toBe((shiftBefore.revision ?? 0) + 1)
      for (const to of ['abe@shifts.test', 'bea@shifts.test', 'cas@shifts.test'])
        expect((await mailTo(to, /^Changed: Scorer/)).text).toContain('Where: North Gym')
      // Renamed: the next revision again, and each is told the new title.
      expect((await admin.patch(`/cms-api/volunteer-events/${eventId}`, { title: 'Senior night vs Riverside' })).status).toBe(200)
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json.revision).toBe((shiftBefore.revision ?? 0) + 2)
      for (const to of ['abe@shifts.test', 'bea@shifts.test', 'cas@shifts.test'])
        await smtp.waitFor(
          (m) => m.to.includes(to) && /^Changed: Scorer/.test(m.subject) && m.text.includes('Event: Senior night vs Riverside'),
        )
    })

    it('offers no place within 2 hours of the start, and takes no cancel by link once the shift has started', async () => {
      const { shiftId } = await openShift(1.5, 1, { waitlistSize: 1 })
      expect((await signUp(shiftId, 'Dot Fry', 'dot@soon.test')).json).toEqual({ status: 'confirmed' })
      expect((await signUp(shiftId, 'Eli Gold', 'eli@soon.test')).json).toEqual({ status: 'waitlisted' })
      const signups = async () => (await signupsOf(shiftId)).map((s) => [s.name, s.status, s.offerExpiresAt ?? null])
      const dotToken = tokenIn(await mailTo('dot@soon.test', /^You're signed up/))
      const [dot] = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=dot@soon.test&depth=0`)).json.docs
      expect((await admin.patch(`/cms-api/volunteer-signups/${dot.id}`, { status: 'cancelled' })).json.doc.status).toBe('cancelled-late')
      expect(await signups()).toEqual([
        ['Dot Fry', 'cancelled-late', null],
        ['Eli Gold', 'waitlisted', null],
      ])
      const listed = (await visitor(server).get('/api/volunteer/events')).json
        .flatMap((e: any) => e.shifts)
        .find((s: any) => s.id === shiftId)
      expect(listed.open, 'the place is free for anyone to take').toBe(1)

      // Signed up again and the shift under way: the link no longer cancels.
      expect((await signUp(shiftId, 'Dot Fry', 'dot@soon.test')).json).toEqual({ status: 'confirmed' })
      // A confirmation of its own for the place taken again (the outbox read back, then the mail with a link of its own).
      const confirmations = `/cms-api/email-outbox?where[kind][equals]=volunteer-signed-up&where[recordId][equals]=${dot.id}&limit=0`
      expect((await admin.get(confirmations)).json.totalDocs).toBe(2)
      const again = await smtp.waitFor(
        (m) => m.to.includes('dot@soon.test') && /^You're signed up/.test(m.subject) && tokenIn(m) !== dotToken,
      )
      expect((await visitor(server).get(`/api/volunteer/signups/${tokenIn(again)}`)).json.status).toBe('confirmed')
      const started = { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString() }
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, started)).status).toBe(200)
      const refused = await visitor(server).delete(`/api/volunteer/signups/${dotToken}`)
      expect(refused.status).toBe(409)
      expect(refused.json.error).toMatch(/already started/)
      // Nor does the link's answer or its page offer a cancel any more.
      expect((await visitor(server).get(`/api/volunteer/signups/${dotToken}`)).json).toMatchObject({
        status: 'confirmed',
        canCancel: false,
      })
      const managePage = await visitor(server).get(`/volunteer/manage/${dotToken}`)
      expect(managePage.status).toBe(200)
      expect(managePage.text).not.toContain('Cancel my sign-up')
      expect((await signups()).map(([name, status]: string[]) => [name, status])).toEqual([
        ['Dot Fry', 'confirmed'],
        ['Eli Gold', 'waitlisted'],
      ])
    })

    it('shows no one’s name, address or phone to a visitor on any door, and refuses what a visitor may not do', async () => {
      const { eventId, shiftId } = await openShift(100, 4)
      await signUp(shiftId, 'Quinn Rao', 'quinn@parents.test', { phone: '555-0199' })
      const anonymous = new ApiClient(server.url)
      expect((await anonymous.get('/cms-api/volunteer-signups')).status).toBe(403)
      expect((await anonymous.post('/cms-api/volunteer-signups', { shift: shiftId, name: 'X', email: 'x@y.test' })).status).toBe(403)
      expect((await anonymous.patch(`/cms-api/volunteer-shifts/${shiftId}`, { capacity: 40 })).status).toBe(403)
      expect((await anonymous.patch(`/cms-api/volunteer-events/${eventId}`, { place: 'The parking lot' })).status).toBe(403)
      const visitorsEvent = { title: 'A visitor’s event', day: clubDay(Date.now() + 100 * HOUR, ZONE), place: 'Gym', status: 'open' }
      expect((await anonymous.post('/cms-api/volunteer-events', visitorsEvent)).status).toBe(403)
      // Read back: none of it stored.
      expect((await signupsOf(shiftId)).map((s) => s.email)).toEqual(['quinn@parents.test'])
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}?depth=0`)).json.capacity).toBe(4)
      expect((await admin.get(`/cms-api/volunteer-events/${eventId}?depth=0`)).json.place).toBe('Main Gym')
      expect(
        (await admin.get(`/cms-api/volunteer-events?where[title][equals]=${encodeURIComponent(visitorsEvent.title)}`)).json.totalDocs,
      ).toBe(0)
      expect((await anonymous.get('/cms-api/volunteer-excusals')).status).toBe(403)
      // The personal links' hashes are the server's alone: no one lists them, not even an admin.
      for (const client of [anonymous, admin]) {
        const links = await client.get('/cms-api/volunteer-links')
        expect(links.status).toBe(403)
        expect(links.text).not.toMatch(/tokenHash|[0-9a-f]{64}/)
      }
      const reads = await Promise.all(
        [
          '/api/volunteer/events',
          '/cms-api/volunteer-events?depth=2',
          '/cms-api/volunteer-shifts?depth=2',
          `/cms-api/volunteer-events/${eventId}`,
          '/volunteer',
        ].map((path) => anonymous.get(path)),
      )
      for (const read of reads) expect(read.text).not.toMatch(/Quinn|Rao|quinn@|555-0199/)
      // The club may choose to show first names and last initials, and nothing more.
      expect((await admin.post('/cms-api/globals/volunteer-settings', { publicNames: 'first-name-last-initial' })).status).toBe(200)
      const shown = (await anonymous.get('/api/volunteer/events')).json.flatMap((e: any) => e.shifts).find((s: any) => s.id === shiftId)
      expect(shown.names).toEqual(['Quinn R.'])
      // …of those holding a place: not of whoever waits, nor of whoever cancelled.
      const { shiftId: full } = await openShift(105, 1, { waitlistSize: 3 })
      for (const [name, email] of [
        ['Ulla Vance', 'ulla@parents.test'],
        ['Vera West', 'vera@parents.test'],
        ['Walt Xiong', 'walt@parents.test'],
      ])
        expect((await signUp(full, name, email)).status).toBe(201)
      const walt = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=walt@parents.test`)).json.docs[0]
      expect((await admin.patch(`/cms-api/volunteer-signups/${walt.id}`, { status: 'cancelled' })).json.doc.status).toBe('cancelled')
      const fullListed = (await anonymous.get('/api/volunteer/events')).json.flatMap((e: any) => e.shifts).find((s: any) => s.id === full)
      expect(fullListed.names).toEqual(['Ulla V.'])
      expect((await anonymous.get('/volunteer')).text).not.toMatch(/Vera|Walt/)
      expect((await anonymous.get('/volunteer')).text).not.toMatch(/Rao|quinn@|555-0199/)
      expect((await admin.post('/cms-api/globals/volunteer-settings', { publicNames: 'hidden' })).status).toBe(200)
      expect((await anonymous.get('/cms-api/globals/volunteer-settings')).status).toBe(403)

      const draft = await openShift(200, 1, { role: 'Clock' }, { title: 'Draft', place: 'Gym', status: 'draft' })
      expect((await anonymous.get(`/cms-api/volunteer-shifts/${draft.shiftId}`)).status).toBe(404)
      expect((await signUp(draft.shiftId, 'Ray Sol', 'ray@parents.test')).status).toBe(404)
      expect((await signUp(shiftId, 'Ray Sol', 'ray@parents.test', { adult: false })).status).toBe(400)
      expect((await signUp(shiftId, 'Ray Sol', 'ray@parents.test', { adult: undefined })).json.error).toMatch(/adults/)
      expect((await signUp(shiftId, 'Ray Sol', 'ray@parents.test', { hpTrap: 'http://spam.test' })).status).toBe(400)
      expect((await signUp(shiftId, '', 'not-an-email')).status).toBe(400)
    })

    it('answers an address signed up elsewhere exactly as a new one, and limits sign-ups per address', async () => {
      const { shiftId: first } = await openShift(100, 4)
      const { shiftId: second } = await openShift(110, 4)
      await signUp(first, 'Sue Tan', 'sue@parents.test')
      const known = await signUp(second, 'Sue Tan', 'sue@parents.test')
      const stranger = await signUp(second, 'Tom Ue', 'tom@parents.test')
      expect([known.status, known.json]).toEqual([stranger.status, stranger.json])

      // Ten sign-ups an hour per address, from any network (two counted above).
      const shifts = await Promise.all(Array.from({ length: 9 }, (_, i) => openShift(120 + i, 1)))
      for (const { shiftId } of shifts.slice(0, 8)) expect((await signUp(shiftId, 'Sue Tan', 'sue@parents.test')).status).toBe(201)
      // The eleventh, on a shift she is not on yet: refused, and nothing stored.
      const refused = await signUp(shifts[8].shiftId, 'Sue Tan', 'Sue@Parents.test')
      expect(refused.status).toBe(429)
      expect(refused.json.error).toMatch(/this email address/)
      expect(await signupsOf(shifts[8].shiftId)).toEqual([])
      expect((await admin.get('/cms-api/volunteer-signups?where[email][equals]=sue@parents.test&limit=0')).json.totalDocs).toBe(10)
    })

    /** A day `days` from the club's today, as YYYY-MM-DD. */
    const dayAhead = (days: number) => clubDay(Date.now() + days * 24 * HOUR, ZONE)

    it('makes gate and concession shifts from a home game in one action, and moves or cancels them with the game on any door', async () => {
      const game = await admin.post('/api/admin/games', {
        opponent: 'Cedar Creek',
        gameDate: dayAhead(20),
        gameTime: '7:00 PM',
        location: 'Main Gym',
      })
      expect(game.status).toBe(201)
      const made = await admin.post(`/api/admin/volunteer/games/${game.json.id}/shifts`)
      expect(made.status, made.text).toBe(201)
      expect(made.json).toMatchObject({ title: 'Home game vs Cedar Creek', day: dayAhead(20), status: 'draft' })
      expect((await admin.post(`/api/admin/volunteer/games/${game.json.id}/shifts`)).status, 'one event per game').toBe(409)
      const shiftsOf = async () =>
        (await admin.get(`/cms-api/volunteer-shifts?where[event][equals]=${made.json.id}&sort=startsAt`)).json.docs as Array<
          Record<string, any>
        >
      const byRole = async () => Object.fromEntries((await shiftsOf()).map((s) => [s.role, s]))
      const { Gate: gate, 'Concession stand': stand } = await byRole()
      expect((await shiftsOf()).map((s) => s.role).sort()).toEqual(['Concession stand', 'Gate'])
      expect(stand.capacity).toBe(3)
      expect(clubClock(gate.startsAt)).toMatch(/6:00 PM$/)
      expect(clubClock(gate.endsAt)).toMatch(/8:00 PM$/)
      expect(gate.hours).toBe(2)
      // The stand: an hour before tip-off to two hours after.
      expect([clubClock(stand.startsAt), clubClock(stand.endsAt), stand.hours]).toEqual([
        expect.stringMatching(/6:00 PM$/),
        expect.stringMatching(/9:00 PM$/),
        3,
      ])
      expect((await admin.patch(`/cms-api/volunteer-events/${made.json.id}`, { status: 'open' })).status).toBe(200)
      expect((await signUp(gate.id, 'Uma Vo', 'uma@parents.test')).status).toBe(201)
      const signedUp = await mailTo('uma@parents.test', /^You're signed up/)
      // Its calendar entry names the job and the event, and carries the shift's instructions.
      expect(icsField(ics(signedUp), 'SUMMARY')).toBe('Gate: Home game vs Cedar Creek')
      expect(icsField(ics(signedUp), 'DESCRIPTION')).toContain('Take tickets and passes at the main entrance.')

      // Moved a week on and an hour earlier through Payload's REST: the shifts keep their place around tip-off.
      const moved = await admin.patch(`/cms-api/games/${game.json.id}`, { gameDate: dayAhead(27), gameTime: '6:00 PM' })
      expect(moved.status, moved.text).toBe(200)
      const { Gate: gateMoved } = await byRole()
      expect(gateMoved.startsAt.slice(0, 10) >= dayAhead(26)).toBe(true)
      expect(clubClock(gateMoved.startsAt)).toMatch(/5:00 PM$/)
      expect(Date.parse(gateMoved.endsAt) - Date.parse(gateMoved.startsAt)).toBe(2 * HOUR)
      expect((await admin.get(`/cms-api/volunteer-events/${made.json.id}`)).json.day).toBe(dayAhead(27))
      // A time changed is the shift's next revision (a new notice, never the old one rewritten), stored before it is mailed.
      expect([gate.revision, gateMoved.revision]).toEqual([0, 1])
      const changed = await mailTo('uma@parents.test', /^Changed: Gate/)
      expect(icsInstant(icsField(ics(changed), 'DTSTART')!)).toBe(gateMoved.startsAt)
      expect(icsField(ics(changed), 'SEQUENCE')).toBe('1')
      // The same entry, updated: a calendar app that imported the first replaces it, never keeps both.
      expect(icsField(ics(changed), 'UID')).toBe(icsField(ics(signedUp), 'UID'))

      // The game moves to the North Gym and half an hour later, in one edit: the event follows, the shifts move, and
      // that is one revision, told to Uma once (the outbox read back), with the new place and time.
      expect((await admin.patch(`/cms-api/games/${game.json.id}`, { gameTime: '6:30 PM', location: 'North Gym' })).status).toBe(200)
      expect((await admin.get(`/cms-api/volunteer-events/${made.json.id}`)).json.place).toBe('North Gym')
      const { Gate: gateThen } = await byRole()
      expect([gateThen.revision, clubClock(gateThen.startsAt)]).toEqual([2, expect.stringMatching(/5:30 PM$/)])
      const [uma] = await signupsOf(gate.id)
      const told = `/cms-api/email-outbox?where[kind][equals]=volunteer-shift-changed&where[recordId][equals]=${uma.id}&limit=0`
      expect((await admin.get(told)).json.totalDocs).toBe(2)
      await smtp.waitFor(
        (m) =>
          m.to.includes('uma@parents.test') &&
          /^Changed: Gate/.test(m.subject) &&
          m.text.includes('Where: North Gym') &&
          icsInstant(icsField(ics(m), 'DTSTART')!) === gateThen.startsAt,
      )

      // Cancelled through our admin API: the shifts are cancelled, everyone told, the calendar entry cancelled.
      expect((await admin.put(`/api/admin/games/${game.json.id}`, { cancelled: true })).status).toBe(200)
      expect((await shiftsOf()).map((s) => [s.cancelled, s.revision])).toEqual([
        [true, 3],
        [true, 3],
      ])
      const cancelled = await mailTo('uma@parents.test', /^Cancelled: Gate/)
      expect(icsField(ics(cancelled), 'STATUS')).toBe('CANCELLED')
      expect(icsField(ics(cancelled), 'UID')).toBe(icsField(ics(signedUp), 'UID'))
      expect((await signUp(stand.id, 'Vic Wu', 'vic@parents.test')).status).toBe(404)
      // Nor does an admin add anyone to a cancelled shift through Payload's REST.
      expect((await admin.post('/cms-api/volunteer-signups', { shift: stand.id, name: 'Vic Wu', email: 'vic@parents.test' })).status).toBe(
        409,
      )
      expect(await signupsOf(stand.id)).toEqual([])

      // The cancel undone: the shifts are on again (the next revision), and Uma's entry is confirmed again.
      expect((await admin.put(`/api/admin/games/${game.json.id}`, { cancelled: false })).status).toBe(200)
      expect((await shiftsOf()).map((s) => [s.cancelled, s.revision])).toEqual([
        [false, 4],
        [false, 4],
      ])
      const backOn = await smtp.waitFor(
        (m) => m.to.includes('uma@parents.test') && /^Changed: Gate/.test(m.subject) && icsField(ics(m), 'SEQUENCE') === '4',
      )
      expect(icsField(ics(backOn), 'STATUS')).toBe('CONFIRMED')
    })

    it('lets an event’s coordinator check people in on the day and close the shift; the roster is theirs and the admins’', async () => {
      const accounts = []
      for (const username of ['gate.coordinator', 'other.editor']) {
        const created = await addStaffAccount(admin, {
          username,
          email: `${username}@ladyhawks.test`,
          password: 'coordinators-run-the-gate-42',
          role: 'editor',
        })
        const client = new ApiClient(server.url)
        expect((await client.post('/api/admin/login', { username, password: 'coordinators-run-the-gate-42' })).status).toBe(200)
        accounts.push({ id: created.id, client })
      }
      const [coordinator, other] = accounts
      const { eventId, shiftId } = await openShift(30, 4)
      expect((await admin.patch(`/cms-api/volunteer-events/${eventId}`, { coordinator: coordinator.id })).status).toBe(200)
      for (const [name, email, phone] of [
        ['Wes Xu', 'wes@parents.test', '555-0111'],
        ['Yan Zo', 'yan@parents.test', null],
        ['Zed Ab', 'zed@parents.test', null],
      ])
        expect((await signUp(shiftId, name!, email!, phone ? { phone } : {})).status).toBe(201)
      const roster = async (client: ApiClient) =>
        (await client.get(`/cms-api/volunteer-signups?where[shift][equals]=${shiftId}&sort=createdAt`)).json.docs
      expect((await roster(coordinator.client)).map((s: any) => [s.name, s.email, s.phone ?? null])).toEqual([
        ['Wes Xu', 'wes@parents.test', '555-0111'],
        ['Yan Zo', 'yan@parents.test', null],
        ['Zed Ab', 'zed@parents.test', null],
      ])
      expect((await roster(coordinator.client))[0].household, 'which family is the admins’').toBeUndefined()
      expect(await roster(other.client)).toEqual([])
      expect((await other.client.post(`/api/admin/volunteer/shifts/${shiftId}/close`)).status).toBe(404)
      // Who signed up is the admins' to change: the coordinator neither renames, readdresses, adds nor deletes anyone.
      const [, yanBefore, zedBefore] = await roster(coordinator.client)
      await coordinator.client.patch(`/cms-api/volunteer-signups/${yanBefore.id}`, {
        name: 'Someone Else',
        email: 'someone@else.test',
        phone: '555-0666',
      })
      const added = await coordinator.client.post('/cms-api/volunteer-signups', {
        shift: shiftId,
        name: 'Cousin Al',
        email: 'al@cousin.test',
      })
      expect(added.status).toBe(403)
      expect((await coordinator.client.delete(`/cms-api/volunteer-signups/${zedBefore.id}`)).status).toBe(403)
      expect((await roster(admin)).map((s: any) => [s.name, s.email, s.phone ?? null, s.status])).toEqual([
        ['Wes Xu', 'wes@parents.test', '555-0111', 'confirmed'],
        ['Yan Zo', 'yan@parents.test', null, 'confirmed'],
        ['Zed Ab', 'zed@parents.test', null, 'confirmed'],
      ])

      // Not started yet: closing it is refused, and no one is marked a no-show.
      expect((await coordinator.client.post(`/api/admin/volunteer/shifts/${shiftId}/close`)).status).toBe(409)
      expect((await roster(admin)).map((s: any) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed'])
      expect((await admin.get(`/cms-api/volunteer-shifts/${shiftId}?depth=0`)).json.closedAt ?? null).toBeNull()

      // The shift starts: its coordinator checks Wes in (hours credited) and tries what only an admin may.
      const started = { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString() }
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, started)).status).toBe(200)
      const [wes, yan] = await roster(coordinator.client)
      // The hours credited are the shift's, whatever the coordinator sends.
      const checkedIn = await coordinator.client.patch(`/cms-api/volunteer-signups/${wes.id}`, { status: 'checked-in', hoursCredited: 10 })
      expect(checkedIn.status, checkedIn.text).toBe(200)
      expect(checkedIn.json.doc).toMatchObject({ status: 'checked-in', hoursCredited: 2 })
      expect(
        (await coordinator.client.patch(`/cms-api/volunteer-signups/${yan.id}`, { status: 'excused', statusNote: 'Sick' })).status,
      ).toBe(403)
      expect((await other.client.patch(`/cms-api/volunteer-signups/${yan.id}`, { status: 'checked-in' })).status).toBe(403)

      const closed = await coordinator.client.post(`/api/admin/volunteer/shifts/${shiftId}/close`)
      expect(closed.status, closed.text).toBe(200)
      expect(closed.json).toEqual({ noShows: 2 })
      expect((await roster(admin)).map((s: any) => s.status)).toEqual(['checked-in', 'no-show', 'no-show'])
      // A no-show excused by an admin, with the reason.
      expect((await admin.patch(`/cms-api/volunteer-signups/${yan.id}`, { status: 'excused' })).status).toBe(400)
      expect((await admin.get(`/cms-api/volunteer-signups/${yan.id}`)).json.status, 'no excuse without a reason').toBe('no-show')
      expect((await admin.patch(`/cms-api/volunteer-signups/${yan.id}`, { status: 'excused', statusNote: 'Sick child' })).status).toBe(200)
      // The reason is the admins' as well: the coordinator neither rewrites it nor notes anything on a sign-up.
      await coordinator.client.patch(`/cms-api/volunteer-signups/${yan.id}`, { statusNote: 'Did not bother to come' })
      await coordinator.client.patch(`/cms-api/volunteer-signups/${wes.id}`, { status: 'checked-in', statusNote: 'Came late, left early' })
      const notes = (await roster(admin)).map((s: any) => [s.name, s.status, s.statusNote ?? null])
      expect(notes).toEqual([
        ['Wes Xu', 'checked-in', null],
        ['Yan Zo', 'excused', 'Sick child'],
        ['Zed Ab', 'no-show', null],
      ])

      const csv = await coordinator.client.get(`/api/admin/volunteer/events/${eventId}/roster.csv`)
      expect(csv.status).toBe(200)
      expect(csvRecords(csv.text).map((r) => [r.Name, r.Email, r.Phone, r.Status, r['Hours credited']])).toEqual([
        ['Wes Xu', 'wes@parents.test', '555-0111', 'Checked in', '2'],
        ['Yan Zo', 'yan@parents.test', '', 'Excused', ''],
        ['Zed Ab', 'zed@parents.test', '', 'No-show', ''],
      ])
      const onTheDay = (await admin.get(`/cms-api/volunteer-shifts/${shiftId}?depth=0`)).json
      for (const row of csvRecords(csv.text)) expect(row.When).toBe(`${clubShiftTime(onTheDay)} ${zoneAt(onTheDay.startsAt)}`)
      expect((await other.client.get(`/api/admin/volunteer/events/${eventId}/roster.csv`)).status).toBe(404)
      expect((await admin.get(`/api/admin/volunteer/events/${eventId}/roster.csv`)).status).toBe(200)

      // The event itself is the admins': its coordinator deletes neither it nor a shift, even with no one signed up (a
      // hook keeps those with sign-ups from anyone, so only the access rule stands here), and neither does a visitor.
      const spare = await openShift(400, 2, { role: 'Scorer' })
      expect((await admin.patch(`/cms-api/volunteer-events/${spare.eventId}`, { coordinator: coordinator.id })).status).toBe(200)
      const spares = [`/cms-api/volunteer-shifts/${spare.shiftId}`, `/cms-api/volunteer-events/${spare.eventId}`]
      for (const client of [coordinator.client, new ApiClient(server.url)])
        for (const path of spares) expect((await client.delete(path)).status, path).toBe(403)
      for (const path of spares) expect((await admin.get(path)).status, path).toBe(200)
      for (const path of spares) expect((await admin.delete(path)).status, path).toBe(200)
      for (const path of spares) expect((await admin.get(path)).status, path).toBe(404)
    })

    it('counts each family’s hours in the season against what it owes, with an admin’s excuse, for admins only', async () => {
      // The season's first and last days, and the days either side of it.
      const [before, first, last, after] = [dayAhead(-31), dayAhead(-30), dayAhead(300), dayAhead(301)]
      const season = await admin.post('/cms-api/seasons', {
        label: 'Hours season',
        startsOn: first,
        endsOn: last,
        renewalOpensOn: first,
        renewalDeadline: dayAhead(30),
        volunteerHours: { perHousehold: 6, perAdditionalAthlete: 2 },
      })
      expect(season.status, season.text).toBe(201)
      const nextSeason = await admin.post('/cms-api/seasons', {
        label: 'Next hours season',
        startsOn: after,
        endsOn: dayAhead(600),
        renewalOpensOn: dayAhead(280),
        renewalDeadline: dayAhead(330),
        volunteerHours: { perHousehold: 6, perAdditionalAthlete: 2 },
      })
      expect(nextSeason.status, nextSeason.text).toBe(201)
      const players = []
      for (const [i, name] of ['Ava', 'Bea'].entries())
        players.push(
          (await admin.post('/api/admin/team', { name: `${name} Rivera`, jerseyNumber: 40 + i, position: 'Guard', grade: '10' })).json.id,
        )
      const household = await admin.post('/cms-api/households', {
        name: 'The Rivera family',
        adults: [
          { name: 'Rosa Rivera', email: 'rosa@rivera.test' },
          { name: 'Raul Rivera', email: 'raul@rivera.test' },
        ],
        athletes: players,
      })
      expect(household.status, household.text).toBe(201)
      const { shiftId } = await openShift(30, 4)
      // Raul signs up with his address (no sign-in): his household's hours count it.
      expect((await signUp(shiftId, 'Raul Rivera', 'raul@rivera.test')).status).toBe(201)
      expect((await signUp(shiftId, 'Rosa Rivera', 'rosa@rivera.test')).status).toBe(201)
      const onTheDay = {
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        hours: 3,
      }
      expect((await admin.patch(`/cms-api/volunteer-shifts/${shiftId}`, onTheDay)).status).toBe(200)
      const raul = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=raul@rivera.test`)).json.docs[0]
      expect(raul.household.id ?? raul.household).toBe(household.json.doc.id)
      expect((await admin.patch(`/cms-api/volunteer-signups/${raul.id}`, { status: 'checked-in' })).json.doc.hoursCredited).toBe(3)
      /** An admin's excuse of some of the household's hours in a season, with the reason. */
      const excuse = async (seasonId: string, hours: number, reason: string) => {
        const excused = await admin.post('/cms-api/volunteer-excusals', {
          household: household.json.doc.id,
          season: seasonId,
          hours,
          reason,
        })
        expect(excused.status, excused.text).toBe(201)
        return excused.json.doc.id as string
      }
      const bakeSale = await excuse(season.json.doc.id, 2, 'Ran the bake sale')
      // Rosa is checked in, then marked a no-show after all: the hours credited go back, on her sign-up too.
      const rosa = (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=rosa@rivera.test`)).json.docs[0]
      expect((await admin.patch(`/cms-api/volunteer-signups/${rosa.id}`, { status: 'checked-in' })).json.doc.hoursCredited).toBe(3)
      expect((await admin.patch(`/cms-api/volunteer-signups/${rosa.id}`, { status: 'no-show' })).status).toBe(200)
      const rosaStored = (await admin.get(`/cms-api/volunteer-signups/${rosa.id}?depth=0`)).json
      expect([rosaStored.status, rosaStored.hoursCredited ?? null]).toEqual(['no-show', null])
      // Hours count in the season of their event's day, its first and last days included: 1 + 1 here, the 5 and 4
      // either side not. Hours excused in another season count there only.
      for (const [day, hours] of [
        [before, 5],
        [first, 1],
        [last, 1],
        [after, 4],
      ] as const) {
        const worked = await admin.post('/cms-api/volunteer-signups', {
          shift: await workDayShift(admin, day, hours),
          name: 'Raul Rivera',
          email: 'raul@rivera.test',
          household: household.json.doc.id,
          status: 'checked-in',
        })
        expect(worked.json.doc?.hoursCredited, worked.text).toBe(hours)
      }
      await excuse(nextSeason.json.doc.id, 5, 'Coaching the summer camp')

      const hours = await admin.get(`/api/admin/volunteer/hours?season=${season.json.doc.id}`)
      expect(hours.status).toBe(200)
      expect(hours.json.rows.find((r: any) => r.household === 'The Rivera family')).toMatchObject({ credited: 5, excused: 2, required: 8 })
      const next = await admin.get(`/api/admin/volunteer/hours?season=${nextSeason.json.doc.id}`)
      expect(next.json.rows.find((r: any) => r.household === 'The Rivera family')).toMatchObject({ credited: 4, excused: 5, required: 8 })
      const csv = await admin.get(`/api/admin/volunteer/hours.csv?season=${season.json.doc.id}`)
      expect(csvRecords(csv.text).find((r) => r.Household === 'The Rivera family')).toEqual({
        Household: 'The Rivera family',
        Season: 'Hours season',
        'Hours credited': '5',
        'Hours excused': '2',
        'Hours bought out': '0',
        'Hours required': '8',
        'Hours missing': '1',
      })
      const editor = new ApiClient(server.url)
      expect(
        (await editor.post('/api/admin/login', { username: 'gate.coordinator', password: 'coordinators-run-the-gate-42' })).status,
      ).toBe(200)
      // Every family's hours, as the list or the CSV: the admins' alone (the answer carries no family).
      for (const path of ['/api/admin/volunteer/hours', `/api/admin/volunteer/hours.csv?season=${season.json.doc.id}`]) {
        const read = await editor.get(path)
        expect(read.status, path).toBe(403)
        expect(read.text, path).not.toMatch(/Rivera/)
      }
      expect((await editor.get('/cms-api/volunteer-excusals')).status).toBe(403)
      // An excuse is the admins' to change or take back: neither the editor nor a visitor does either.
      for (const client of [editor, new ApiClient(server.url)]) {
        expect((await client.patch(`/cms-api/volunteer-excusals/${bakeSale}`, { hours: 8 })).status).toBe(403)
        expect((await client.delete(`/cms-api/volunteer-excusals/${bakeSale}`)).status).toBe(403)
      }
      expect((await admin.get(`/cms-api/volunteer-excusals/${bakeSale}?depth=0`)).json).toMatchObject({
        hours: 2,
        reason: 'Ran the bake sale',
      })

      // A season with hours excused stays, as one with memberships does.
      const kept = await admin.delete(`/cms-api/seasons/${season.json.doc.id}`)
      expect([kept.status, kept.json.errors?.[0]?.message]).toEqual([409, 'This season has volunteer hours excused and cannot be deleted'])
      expect((await admin.get(`/cms-api/seasons/${season.json.doc.id}?depth=0`)).json.label).toBe('Hours season')
      // The family asks to be removed: its excused hours go with it; its sign-ups stay, without the family.
      const removed = await admin.delete(`/cms-api/households/${household.json.doc.id}`)
      expect(removed.status, removed.text).toBe(200)
      expect((await admin.get(`/cms-api/households/${household.json.doc.id}`)).status).toBe(404)
      const excusedLeft = await admin.get(`/cms-api/volunteer-excusals?where[household][equals]=${household.json.doc.id}&limit=0`)
      expect(excusedLeft.json.totalDocs).toBe(0)
      const raulAfter = (await admin.get(`/cms-api/volunteer-signups/${raul.id}?depth=0`)).json
      expect([raulAfter.status, raulAfter.household ?? null]).toEqual(['checked-in', null])
    })

    /** A plain form post, as a browser without JavaScript sends it, from a network of its own; the answer unfollowed. */
    const postForm = async (path: string, fields: Record<string, string>) => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'X-Forwarded-For': networkAddress() },
        body: new URLSearchParams(fields).toString(),
      })
      return { status: res.status, headers: res.headers, text: await res.text() }
    }

    it('serves /volunteer without JavaScript: the page text, the places left, and a form that signs up and says so', async () => {
      const { shiftId } = await openShift(150, 4)
      const shift = (await admin.get(`/cms-api/volunteer-shifts/${shiftId}`)).json
      await signUp(shiftId, 'Wren Young', 'wren@parents.test')
      // The club's volunteer page text, as an editor publishes the footer page: above the list.
      const body = lexicalBody([lexicalParagraph([lexicalText('Every family works two games a season.')])])
      const text = await admin.post('/cms-api/pages', {
        title: 'Volunteer Information',
        slug: 'volunteer-information',
        body,
        _status: 'published',
      })
      expect(text.status, text.text).toBe(201)
      const page = await visitor(server).get('/volunteer')
      expect(page.status).toBe(200)
      expect(page.text.indexOf('Every family works two games a season.')).toBeGreaterThan(0)
      expect(page.text.indexOf('Every family works two games a season.')).toBeLessThan(page.text.indexOf('3 of 4 spots left'))
      expect(page.headers.get('cache-control')).toMatch(/no-store/)
      expect(page.text).toContain('3 of 4 spots left')
      // The shift's time on the club's clock, whatever the server's own zone.
      expect(page.text).toContain(clubShiftTime(shift))
      expect(page.text).not.toMatch(/Wren|Young|wren@/)
      expect((await new ApiClient(server.url).get('/api/pages')).json.links).toMatchObject({ 'volunteer-information': '/volunteer' })

      const refused = await postForm('/volunteer', { shiftId, name: 'Xavi Zed', email: 'xavi@parents.test', phone: '555-0142' })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('Volunteers must be adults: tick the box')
      for (const typed of ['value="Xavi Zed"', 'value="xavi@parents.test"', 'value="555-0142"']) expect(refused.text).toContain(typed)
      // No shift chosen: the page again says so above the choices, and keeps what was typed.
      const unchosen = await postForm('/volunteer', { name: 'Xavi Zed', email: 'xavi@parents.test', adult: 'true' })
      expect(unchosen.status).toBe(400)
      expect(unchosen.text).toContain('Choose a shift')
      expect(unchosen.text).toContain('value="xavi@parents.test"')
      const sent = await postForm('/volunteer', { shiftId, name: 'Xavi Zed', email: 'xavi@parents.test', adult: 'true' })
      expect(sent.status).toBe(303)
      expect(sent.headers.get('location')).toBe('/volunteer?placed=confirmed#volunteer-form')
      expect((await visitor(server).get('/volunteer?placed=confirmed')).text).toContain('You’re signed up. Thank you!')
      const full = await openShift(160, 1, { waitlistSize: 1 })
      await signUp(full.shiftId, 'Yoko Abe', 'yoko@parents.test')
      // A full shift with room on its waitlist: the answer says waitlisted, not signed up.
      const waiting = await postForm('/volunteer', { shiftId: full.shiftId, name: 'Abe Cox', email: 'abe@parents.test', adult: 'true' })
      expect(waiting.status).toBe(303)
      expect(waiting.headers.get('location')).toBe('/volunteer?placed=waitlisted#volunteer-form')
      const waitingPage = (await visitor(server).get(waiting.headers.get('location')!)).text
      expect(waitingPage).toContain('You’re on the waitlist')
      expect(waitingPage).not.toContain('You’re signed up')
      const refusedFull = await postForm('/volunteer', { shiftId: full.shiftId, name: 'Zoe Bay', email: 'zoe@parents.test', adult: 'on' })
      expect(refusedFull.status).toBe(409)
      expect(refusedFull.text).toContain('This shift is full')

      const token = tokenIn(await mailTo('xavi@parents.test', /^You're signed up/))
      const manage = await visitor(server).get(`/volunteer/manage/${token}`)
      expect(manage.status).toBe(200)
      expect(manage.headers.get('x-robots-tag')).toBe('noindex')
      expect(manage.text).toContain('Cancel my sign-up')
      expect(manage.text).toContain(clubShiftTime(shift))
      expect(manage.text).toContain(`A cancel before ${clubDeadline(Date.parse(shift.startsAt) - 24 * HOUR)} frees your place`)
      expect((await visitor(server).get(`/volunteer/manage/${'z'.repeat(43)}`)).status).toBe(404)
      const cancelled = await postForm(`/volunteer/manage/${token}/cancel`, {})
      expect(cancelled.status).toBe(303)
      expect((await visitor(server).get(cancelled.headers.get('location')!)).text).toContain('Your sign-up is cancelled')
      expect((await visitor(server).get(`/api/volunteer/signups/${token}`)).json.status).toBe('cancelled')
    })

    /** A family's adult signed in at /member by the link mailed to them (the memberships' passwordless sign-in). */
    async function signedInMember(email: string) {
      const member = visitor(server)
      const asked = smtp.messages.length
      expect((await member.post('/api/member/sign-in', { email })).status).toBe(202)
      const mail = await smtp.waitFor(
        (m) => m.to.includes(email) && smtp.messages.indexOf(m) >= asked && m.text.includes('/member/sign-in/'),
      )
      const link = new RegExp(`${server.url}(/member/sign-in/[A-Za-z0-9_-]+)`).exec(mail.text)![1]
      const signedIn = await fetch(server.url + link, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        redirect: 'manual',
      })
      expect(signedIn.status).toBe(303)
      member.cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!
      return member
    }

    it('lets a signed-in member see and cancel their own household’s sign-ups, and no one else’s', async () => {
      const household = await admin.post('/cms-api/households', {
        name: 'The Lindqvist family',
        adults: [{ name: 'Ines Lindqvist', email: 'ines@lindqvist.test' }],
      })
      expect(household.status, household.text).toBe(201)
      const { shiftId } = await openShift(140, 4)
      expect((await signUp(shiftId, 'Ines Lindqvist', 'ines@lindqvist.test')).status).toBe(201)
      expect((await signUp(shiftId, 'Otto Park', 'otto@park.test')).status).toBe(201)
      const byEmail = async (email: string) =>
        (await admin.get(`/cms-api/volunteer-signups?where[email][equals]=${email}&depth=0`)).json.docs[0] as Record<string, any>
      const [ines, otto] = [await byEmail('ines@lindqvist.test'), await byEmail('otto@park.test')]
      const member = await signedInMember('ines@lindqvist.test')
      const own = await member.get('/api/member/volunteer')
      expect(own.status, own.text).toBe(200)
      expect(own.json.signups.map((s: any) => [s.id, s.name])).toEqual([[ines.id, 'Ines Lindqvist']])
      expect(own.text).not.toMatch(/Otto|otto@park/)

      // Another family's sign-up, by its id, on the API and the page's form: not theirs, and left as it was.
      expect((await member.delete(`/api/member/volunteer/signups/${otto.id}`)).status).toBe(404)
      expect((await member.post(`/api/member/volunteer/signups/${otto.id}/accept`)).status).toBe(404)
      const form = await fetch(`${server.url}/member/volunteer/${otto.id}/cancel`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Cookie: member.cookie },
      })
      expect(form.status).toBe(404)
      expect((await byEmail('otto@park.test')).status).toBe('confirmed')

      // Their own: cancelled.
      expect((await member.delete(`/api/member/volunteer/signups/${ines.id}`)).json).toEqual({ status: 'cancelled' })
      expect((await byEmail('ines@lindqvist.test')).status).toBe('cancelled')

      // Signed in, Ines signs up with her work address, which no household has: the sign-up is her household's still.
      const atWork = await member.post('/api/volunteer/signups', { shiftId, name: 'Ines Lindqvist', email: 'ines@work.test', adult: true })
      expect(atWork.status, atWork.text).toBe(201)
      const work = await byEmail('ines@work.test')
      expect(work.household?.id ?? work.household).toBe(household.json.doc.id)
      expect((await member.get('/api/member/volunteer')).json.signups.map((s: any) => s.email)).toContain('ines@work.test')
    })

    it('lets an admin record a buy-out of the hours a household did not work, once the club offers it: a participation fee the books read as dues', async () => {
      // The season that began today on the club's calendar; the next begins tomorrow (UTC's day may be either).
      const today = dayAhead(0)
      const season = await admin.post('/cms-api/seasons', {
        label: 'Buy-out season',
        startsOn: today,
        endsOn: dayAhead(200),
        renewalOpensOn: dayAhead(-1),
        renewalDeadline: dayAhead(20),
        volunteerHours: { perHousehold: 10 },
      })
      expect(season.status, season.text).toBe(201)
      const next = await admin.post('/cms-api/seasons', {
        label: 'The season after',
        startsOn: dayAhead(1),
        endsOn: dayAhead(400),
        renewalOpensOn: dayAhead(1),
        renewalDeadline: dayAhead(30),
        volunteerHours: { perHousehold: 10 },
      })
      expect(next.status, next.text).toBe(201)
      // And one long over: the current season is the one begun last, not the first ever.
      const last = await admin.post('/cms-api/seasons', {
        label: 'Long ago season',
        startsOn: dayAhead(-400),
        endsOn: dayAhead(-200),
        renewalOpensOn: dayAhead(-420),
        renewalDeadline: dayAhead(-380),
        volunteerHours: { perHousehold: 3 },
      })
      expect(last.status, last.text).toBe(201)
      const household = await admin.post('/cms-api/households', {
        name: 'The Okafor family',
        // The first adult asked for no mail: the buy-out is Ngozi's, as dues paid by hand are.
        adults: [
          { name: 'Emeka Okafor', email: 'emeka@okafor.test', receivesMail: false },
          { name: 'Ngozi Okafor', email: 'ngozi@okafor.test' },
        ],
      })
      expect(household.status, household.text).toBe(201)
      const householdId = household.json.doc.id as string
      // Receipts leave once the club's legal name, EIN and address are set.
      for (const [key, value] of [
        ['legalName', 'Lady Hawks Basketball Boosters, Inc.'],
        ['ein', '12-3456789'],
        ['address', '1200 Hawk Way, Springfield, IL 62701'],
      ])
        expect((await admin.put('/api/admin/content', { section: 'organization', key, value })).status).toBe(200)
      const buyOut = (client: ApiClient, body: Record<string, unknown>) =>
        client.post(`/api/admin/volunteer/households/${householdId}/buy-out`, {
          method: 'check',
          receivedOn: today,
          checkNumber: '1234',
          ...body,
        })

      // Off by default: refused, nothing recorded.
      expect((await admin.get('/cms-api/globals/volunteer-settings')).json).toMatchObject({ buyOutEnabled: false })
      const off = await buyOut(admin, { hours: 4 })
      expect(off.status, off.text).toBe(409)
      expect(off.json.error).toMatch(/does not offer a volunteer-hours buy-out/)

      // The setting is the admins': an editor can neither read nor change it, on Payload's REST.
      await addStaffAccount(admin, { username: 'buyout.editor', password: 'editors-never-take-money-42', role: 'editor' })
      const editor = new ApiClient(server.url)
      expect((await editor.post('/api/admin/login', { username: 'buyout.editor', password: 'editors-never-take-money-42' })).status).toBe(
        200,
      )
      expect((await editor.post('/cms-api/globals/volunteer-settings', { buyOutEnabled: true, buyOutPricePerHour: '1.00' })).status).toBe(
        403,
      )
      expect((await editor.get('/cms-api/globals/volunteer-settings')).status).toBe(403)
      expect((await admin.get('/cms-api/globals/volunteer-settings')).json).toMatchObject({ buyOutEnabled: false })
      expect((await admin.post('/cms-api/globals/volunteer-settings', { buyOutEnabled: true })).status).toBe(400) // no price
      const on = await admin.post('/cms-api/globals/volunteer-settings', { buyOutEnabled: true, buyOutPricePerHour: '15' })
      expect(on.status, on.text).toBe(200)

      // Refused: an editor, a day not come yet, more hours than are missing.
      expect((await buyOut(editor, { hours: 4 })).status).toBe(403)
      const future = await buyOut(admin, { hours: 4, receivedOn: dayAhead(3) })
      expect(future.status, future.text).toBe(400)
      const tooMany = await buyOut(admin, { hours: 11 })
      expect(tooMany.status, tooMany.text).toBe(409)
      expect(tooMany.json.error).toMatch(/10 hours left to work/)
      expect((await admin.get(`/cms-api/dues?where[household][equals]=${householdId}`)).json.docs).toEqual([])

      // 4 hours by check at $15 an hour: a dues record of its own kind.
      const first = await buyOut(admin, { hours: 4 })
      expect(first.status, first.text).toBe(201)
      expect(first.json.dues).toMatchObject({ amount: '60.00', hours: 4, status: 'completed' })
      // The 6 left, asked twice at once (two admins at the meeting): one is recorded, the other refused.
      const both = await Promise.all([1, 2].map(() => buyOut(admin, { hours: 6, method: 'cash', checkNumber: undefined })))
      expect(both.map((r) => r.status).sort()).toEqual([201, 409])
      const rest = both.find((r) => r.status === 201)!
      expect(rest.json.hours).toMatchObject({ credited: 0, boughtOut: 10, required: 10 })
      expect((await buyOut(admin, { hours: 1 })).status).toBe(409) // nothing left to buy out
      const dues = (await admin.get(`/cms-api/dues?where[household][equals]=${householdId}&sort=createdAt`)).json.docs
      expect(dues.map((d: any) => [d.kind, d.amount, d.taxTreatment, d.paymentMethod, d.payerName, d.payerEmail])).toEqual([
        ['volunteer-buy-out', '60.00', 'participation-fee', 'check', 'Ngozi Okafor', 'ngozi@okafor.test'],
        ['volunteer-buy-out', '90.00', 'participation-fee', 'cash', 'Ngozi Okafor', 'ngozi@okafor.test'],
      ])

      // The receipt says it is a fee for program participation, not a contribution, and offers no deductible part.
      const receipt = await smtp.waitFor((m) => m.to.includes('ngozi@okafor.test') && m.text.includes('$60.00'))
      expect(receipt.subject).toMatch(/volunteer-hours buy-out receipt/)
      expect(receipt.text).toContain('a fee for program participation, not a charitable contribution')
      expect(receipt.text).toContain('Volunteer hours bought out: Buy-out season, 4 volunteer hours bought out')
      expect(receipt.text).not.toMatch(/deductible portion|membership dues/)

      // The books: the ledger's dues / program revenue account, deposits like check and cash dues, the year report.
      const ledger = csvRecords((await admin.get('/api/admin/ledger.csv')).text).filter((r) => r.Record === `dues:${dues[0].id}`)
      expect(ledger.map((r) => [r.Type, r.Amount, r.Account])).toEqual([['gift', '60.00', 'dues']])
      const deposit = await admin.post('/api/admin/deposits', { depositedOn: today, duesIds: dues.map((d: any) => d.id) })
      expect(deposit.status, deposit.text).toBe(201)
      const report = (await admin.get(`/api/admin/reports/year?year=${today.slice(0, 4)}`)).json
      expect(Number(report.dues.notContributions)).toBeGreaterThanOrEqual(150)

      // The household's hours read as met, with the hours bought out.
      const hours = await admin.get(`/api/admin/volunteer/hours?season=${season.json.doc.id}`)
      expect(hours.json.rows.find((r: any) => r.householdId === householdId)).toMatchObject({ boughtOut: 10, required: 10 })
      const csv = csvRecords((await admin.get(`/api/admin/volunteer/hours.csv?season=${season.json.doc.id}`)).text)
      expect(csv.find((r) => r.Household === 'The Okafor family')).toMatchObject({ 'Hours bought out': '10', 'Hours missing': '0' })
      // …and on the family's own /member, signed in by the link mailed to Ngozi.
      const member = await signedInMember('ngozi@okafor.test')
      const own = await member.get('/api/member/volunteer')
      expect(own.status, own.text).toBe(200)
      expect(own.json.hours).toMatchObject({ boughtOut: 10, required: 10, season: { label: 'Buy-out season' } })
      expect((await member.get('/member')).text).toContain('10 of 10 hours this season (10 bought out)')
      // The cash payment voided (given back at the meeting): it buys no hours, and the 6 are missing again.
      const voided = await admin.patch(`/cms-api/dues/${dues[1].id}`, { status: 'void', voidReason: 'Paid twice by mistake' })
      expect(voided.status, voided.text).toBe(200)
      expect((await admin.get(`/cms-api/dues/${dues[1].id}?depth=0`)).json.status).toBe('void')
      const afterVoid = csvRecords((await admin.get(`/api/admin/volunteer/hours.csv?season=${season.json.doc.id}`)).text)
      expect(afterVoid.find((r) => r.Household === 'The Okafor family')).toMatchObject({ 'Hours bought out': '4', 'Hours missing': '6' })
      expect((await member.get('/api/member/volunteer')).json.hours).toMatchObject({ boughtOut: 4, required: 10 })
      for (const other of [next, last]) expect((await admin.delete(`/cms-api/seasons/${other.json.doc.id}`)).status).toBe(200)
    })
  })

import type { Payload } from 'payload'
import { calendarDayLabel, clockFormat } from '#shared/clubDay'
import { clockLabel, HOLDS_PLACE, SIGNUP_STATUS_LABELS, shiftTimeLabel, type SignupStatus } from '#shared/volunteers'
import type { AdminUser, VolunteerEvent, VolunteerShift, VolunteerSignup } from '../payload-types'
import { env } from '../env'
import { readSettings, receiptMail } from '../email/messages'
import { orgName } from '../email/wording'
import type { Compose, Composed, Email } from '../outbox/outbox'
import { shiftCalendar } from './calendar'
import { mintManageToken } from './links'
import { EVENTS, idOf, SHIFTS, shiftsOfEvent, SIGNUPS } from './places'

/**
 * What the volunteers' mails say (docs/VOLUNTEERS.md "Mail"), written when each is sent, like every mail
 * (cms/outbox): from the sign-up and its shift as they are then, with a personal link whose token is made for
 * this mail (./links.ts). A mail no longer true when its turn comes (a reminder of a shift since cancelled, an
 * offer since lapsed) is withdrawn, never sent.
 */

const system = { depth: 0, overrideAccess: true } as const

const zoneName = (instant: string) =>
  clockFormat(env.CLUB_TIME_ZONE, { timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value ?? env.CLUB_TIME_ZONE

/** "Fri, Jan 16, 6:00 – 8:00 PM CST": on the club's clock, wherever the volunteer reads it. */
export const whenInWords = (shift: Pick<VolunteerShift, 'startsAt' | 'endsAt'>) =>
  `${shiftTimeLabel(shift.startsAt, shift.endsAt, env.CLUB_TIME_ZONE)} ${zoneName(shift.startsAt)}`

const clock = (instant: string) => clockLabel(instant, env.CLUB_TIME_ZONE)

const signature = (settings: Record<string, string>) => [
  '',
  orgName(settings),
  ...(settings['contact/email'] ? [`Questions? Write to ${settings['contact/email']}.`] : []),
]

type Loaded = { signup: VolunteerSignup; shift: VolunteerShift; event: VolunteerEvent; settings: Record<string, string> }

async function load(payload: Payload, signupId: string): Promise<Loaded | null> {
  const signup = (await payload.findByID({ collection: SIGNUPS, id: signupId, ...system, disableErrors: true })) as VolunteerSignup | null
  if (!signup) return null
  const shift = (await payload.findByID({
    collection: SHIFTS,
    id: idOf(signup.shift)!,
    ...system,
    disableErrors: true,
  })) as VolunteerShift | null
  const event =
    shift &&
    ((await payload.findByID({ collection: EVENTS, id: idOf(shift.event)!, ...system, disableErrors: true })) as VolunteerEvent | null)
  return shift && event ? { signup, shift, event, settings: await readSettings(payload) } : null
}

const withdrawn = (why: string): Composed => ({ withdraw: why })

/** The shift's lines every mail carries, and the personal link. */
async function shiftLines(payload: Payload, { signup, shift, event }: Loaded): Promise<string[]> {
  const link = `${env.SERVER_URL}/volunteer/manage/${await mintManageToken(payload, String(signup.id))}`
  return [
    `Shift: ${shift.role}`,
    `Event: ${event.title}`,
    `When: ${whenInWords(shift)}`,
    `Where: ${event.place}`,
    ...(shift.instructions ? ['', shift.instructions] : []),
    '',
    'Your own link, to cancel or add the shift to your calendar (keep it to yourself):',
    link,
  ]
}

/** The mail with the shift's calendar entry attached. */
function withCalendar(mail: Email, loaded: Loaded): Email {
  const ics = shiftCalendar(loaded.signup, loaded.shift, loaded.event, orgName(loaded.settings))
  return {
    ...mail,
    attachments: [
      { filename: 'volunteer-shift.ics', content: Buffer.from(ics), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  }
}

const cutoffLine = ({ shift, event }: Loaded) => {
  const hours = event.cancelCutoffHours ?? 24
  const until = new Date(Date.parse(shift.startsAt) - hours * 60 * 60_000).toISOString()
  return `Can't make it? Cancel with your link before ${clock(until)} so someone else can take your place; after that the club keeps it as a late cancel.`
}

/** A sign-up: confirmed (with the calendar entry), or on the waitlist. */
const signedUpMail: Compose = async (payload, item) => {
  const loaded = await load(payload, item.recordId)
  if (!loaded) return withdrawn('The sign-up is gone')
  const { signup, shift, settings } = loaded
  if (shift.cancelled) return withdrawn('The shift was cancelled before this mail went out')
  if (signup.status === 'confirmed')
    return withCalendar(
      receiptMail(signup.email, `You're signed up: ${shift.role}, ${clock(shift.startsAt)}`, [
        `Dear ${signup.name},`,
        '',
        `Thank you for volunteering with ${orgName(settings)}. Your place is confirmed.`,
        '',
        ...(await shiftLines(payload, loaded)),
        '',
        cutoffLine(loaded),
        'We will remind you 48 and 24 hours before the shift.',
        ...signature(settings),
      ]),
      loaded,
    )
  if (signup.status === 'waitlisted')
    return receiptMail(signup.email, `You're on the waitlist: ${shift.role}, ${clock(shift.startsAt)}`, [
      `Dear ${signup.name},`,
      '',
      `This shift is full, so you are on its waitlist. If a place opens more than 48 hours ahead it is yours and we tell you; closer to the shift we offer it to you for a few hours first.`,
      '',
      ...(await shiftLines(payload, loaded)),
      ...signature(settings),
    ])
  return withdrawn(`The sign-up is ${signup.status} now`)
}

/** A place given from the waitlist. */
const promotedMail: Compose = async (payload, item) => {
  const loaded = await load(payload, item.recordId)
  if (!loaded || loaded.signup.status !== 'confirmed' || loaded.shift.cancelled) return withdrawn('No longer confirmed')
  const { signup, shift, settings } = loaded
  return withCalendar(
    receiptMail(signup.email, `A place opened: you're on ${shift.role}, ${clock(shift.startsAt)}`, [
      `Dear ${signup.name},`,
      '',
      'A place opened on the shift you were waiting for, and it is yours: you are confirmed.',
      '',
      ...(await shiftLines(payload, loaded)),
      '',
      cutoffLine(loaded),
      ...signature(settings),
    ]),
    loaded,
  )
}

/** A place offered for a while. */
const offeredMail: Compose = async (payload, item) => {
  const loaded = await load(payload, item.recordId)
  const { signup } = loaded ?? {}
  if (!loaded || signup?.status !== 'offered' || !signup.offerExpiresAt || Date.parse(signup.offerExpiresAt) <= Date.now())
    return withdrawn('The offer is no longer open')
  return receiptMail(signup.email, `A place is yours if you take it by ${clock(signup.offerExpiresAt)}`, [
    `Dear ${signup.name},`,
    '',
    `A place opened on the shift you were waiting for. It is yours if you take it with your link by ${clock(signup.offerExpiresAt)}; after that it goes to the next person waiting.`,
    '',
    ...(await shiftLines(payload, loaded)),
    ...signature(loaded.settings),
  ])
}

/** 48 and 24 hours before: only to a volunteer still confirmed on a shift still on. */
const reminderMail =
  (hours: 48 | 24): Compose =>
  async (payload, item) => {
    const loaded = await load(payload, item.recordId)
    if (!loaded || loaded.signup.status !== 'confirmed' || loaded.shift.cancelled || Date.parse(loaded.shift.startsAt) <= Date.now())
      return withdrawn('Not expected on the shift any more')
    const { signup, shift, settings } = loaded
    const when = hours === 24 ? 'tomorrow' : 'in two days'
    return receiptMail(signup.email, `Reminder: ${shift.role} ${when}, ${clock(shift.startsAt)}`, [
      `Dear ${signup.name},`,
      '',
      `A reminder of your volunteer shift ${when}. Thank you!`,
      '',
      ...(await shiftLines(payload, loaded)),
      ...(hours === 48 ? ['', cutoffLine(loaded)] : []),
      ...signature(settings),
    ])
  }

/** The shift's time or place changed, or it was cancelled (or is back on): with its calendar entry anew. */
const changedMail: Compose = async (payload, item) => {
  const loaded = await load(payload, item.recordId)
  const holds = loaded && HOLDS_PLACE.includes(loaded.signup.status)
  if (!loaded || !(holds || loaded.signup.status === 'waitlisted')) return withdrawn('Not on the shift any more')
  const { signup, shift, settings } = loaded
  const lines = shift.cancelled
    ? [`The shift below is cancelled: please do not come. Thank you for being ready to help.`]
    : [`The shift below has changed: here it is as it stands now.${holds ? ' Your calendar entry is attached again.' : ''}`]
  const mail = receiptMail(signup.email, `${shift.cancelled ? 'Cancelled' : 'Changed'}: ${shift.role}, ${clock(shift.startsAt)}`, [
    `Dear ${signup.name},`,
    '',
    ...lines,
    '',
    ...(await shiftLines(payload, loaded)),
    ...signature(settings),
  ])
  return holds ? withCalendar(mail, loaded) : mail
}

/** The day after an event, to its coordinator (or the club): who was not checked in, by shift. */
const dayAfterMail: Compose = async (payload, item) => {
  const event = (await payload.findByID({
    collection: EVENTS,
    id: item.recordId,
    ...system,
    depth: 1,
    disableErrors: true,
  })) as VolunteerEvent | null
  if (!event) return withdrawn('The event is gone')
  const settings = await readSettings(payload)
  const coordinator = typeof event.coordinator === 'object' ? (event.coordinator as AdminUser | null) : null
  const to = coordinator?.email || settings['contact/email']
  if (!to)
    return { hold: "The event has no coordinator with an email address, and the club's contact email is not set (Content: contact/email)." }
  const lines: string[] = []
  for (const shift of await shiftsOfEvent(payload, event.id)) {
    if (shift.cancelled) continue
    const { docs } = await payload.find({
      collection: SIGNUPS,
      where: { and: [{ shift: { equals: shift.id } }, { status: { in: ['confirmed', 'offered', 'checked-in', 'no-show'] } }] },
      sort: 'name',
      pagination: false,
      ...system,
    })
    const missing = (docs as VolunteerSignup[]).filter((s) => s.status !== 'checked-in')
    lines.push(
      '',
      `${shift.role} (${whenInWords(shift)}): ${docs.length - missing.length} of ${docs.length} checked in`,
      ...missing.map(
        (s) => `- ${s.name} <${s.email}>${s.phone ? `, ${s.phone}` : ''}: ${SIGNUP_STATUS_LABELS[s.status as SignupStatus].toLowerCase()}`,
      ),
    )
  }
  return receiptMail(to, `Who was not checked in: ${event.title}, ${calendarDayLabel(event.day)}`, [
    `${coordinator?.username ? `Hello ${coordinator.username},` : 'Hello,'}`,
    '',
    `Yesterday's volunteers at ${event.title} (${event.place}). Those not checked in are listed by shift; an admin can excuse anyone with a reason.`,
    ...lines,
    ...signature(settings),
  ])
}

/** Every mail kind of the volunteers' domain, with its text (the root hands them to the outbox: cms/domains.ts). */
export const volunteerEmails: Record<string, Compose> = {
  'volunteer-signed-up': signedUpMail,
  'volunteer-promoted': promotedMail,
  'volunteer-offered': offeredMail,
  'volunteer-reminder-48': reminderMail(48),
  'volunteer-reminder-24': reminderMail(24),
  'volunteer-shift-changed': changedMail,
  'volunteer-day-after': dayAfterMail,
}

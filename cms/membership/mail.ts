import type { Payload } from 'payload'
import { benefitsInWords, type TaxTreatment } from '#shared/membership'
import { tokenForMail } from '../auth/memberLinks'
import { clubDayOf, env } from '../env'
import { readSettings, receiptMail } from '../email/messages'
import { dollars, endSentence, orgName, usDate } from '../email/wording'
import type { Compose, Composed } from '../outbox/outbox'
import type { JoinRequest } from './join'
import { quotedAmount } from './join'

/**
 * What the membership domain's mails say (docs/MEMBERSHIP.md "Mail"), written when each is sent, like every
 * mail (cms/outbox): the link a mail carries gets its token then (cms/auth/memberLinks.ts), so none is stored.
 * A link already used (or gone) holds its mail, which is then never sent.
 */

const system = { depth: 0, overrideAccess: true } as const
const GONE: Composed = { hold: 'The link of this mail was used or is gone: nothing to send.' }

const signature = (settings: Record<string, string>) => [
  '',
  orgName(settings),
  ...(settings['contact/email'] ? [`Questions? Write to ${settings['contact/email']}.`] : []),
]

/** The join link: what they asked for, what it costs today, and the link that continues to payment. */
const joinMail: Compose = async (payload, item) => {
  const minted = await tokenForMail(payload, item.recordId)
  if (!minted) return GONE
  const settings = await readSettings(payload)
  const data = minted.link.data as JoinRequest & { seasonId: string }
  const [level, season, amount] = await Promise.all([
    payload.findByID({ collection: 'membership-levels', id: data.levelId, disableErrors: true, ...system }),
    payload.findByID({ collection: 'seasons', id: data.seasonId, disableErrors: true, ...system }),
    quotedAmount(payload, data),
  ])
  if (!level || !season || !amount) return GONE
  const link = `${env.SERVER_URL}/join/continue/${minted.token}`
  return receiptMail(minted.link.email, `Your ${season.label} membership of ${orgName(settings)}: one step left`, [
    `Dear ${data.adults[0].name},`,
    '',
    `Thank you for joining ${orgName(settings)} for ${season.label}. To finish, open this link: it shows your dues and takes you to payment.`,
    '',
    link,
    '',
    `Level: ${level.name}`,
    `Athletes: ${data.athletes}`,
    `Dues: ${dollars(amount)}`,
    '',
    benefitsInWords(level.taxTreatment as TaxTreatment, level.benefitsValue, amount),
    '',
    // Its last day on the club's calendar: the instant's UTC day is the next one for an evening mail in America.
    `The link works for 7 days${minted.link.expiresAt ? `, until ${usDate(clubDayOf(Date.parse(minted.link.expiresAt)))}` : ''}. If you did not ask to join, ignore this mail: nothing happens without it.`,
    ...signature(settings),
  ])
}

/** A household already a member of the season: nothing to pay, and a link to its page. */
const alreadyMail: Compose = async (payload, item) => {
  const minted = await tokenForMail(payload, item.recordId)
  if (!minted) return GONE
  const settings = await readSettings(payload)
  const household = await payload.findByID({ collection: 'households', id: minted.link.household!, disableErrors: true, ...system })
  if (!household) return GONE
  return receiptMail(minted.link.email, `You are already a member of ${orgName(settings)}`, [
    `Dear ${household.adults.find((a) => a.email === minted.link.email)?.name ?? household.name},`,
    '',
    `Someone (we hope you) asked to join ${orgName(settings)} with this address. ${household.name} is already a member this season, so there is nothing to pay.`,
    '',
    'To see your membership and its receipt, sign in here (the link works once, for 30 minutes):',
    signInAddress(minted.token),
    ...signature(settings),
  ])
}

const signInAddress = (token: string) => `${env.SERVER_URL}/member/sign-in/${token}`

/** A sign-in link asked for at /member. */
const signInMail: Compose = async (payload, item) => {
  const minted = await tokenForMail(payload, item.recordId)
  if (!minted) return GONE
  const settings = await readSettings(payload)
  return receiptMail(minted.link.email, `Your sign-in link for ${orgName(settings)}`, [
    'Hello,',
    '',
    `Here is your link to your family's page at ${orgName(settings)}. It works once, for 30 minutes:`,
    '',
    signInAddress(minted.token),
    '',
    'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
    ...signature(settings),
  ])
}

/** Another adult added to a household at /member: who added them, and their own sign-in link (valid a week). */
const inviteMail: Compose = async (payload, item) => {
  const minted = await tokenForMail(payload, item.recordId)
  if (!minted) return GONE
  const settings = await readSettings(payload)
  const household = await payload.findByID({ collection: 'households', id: minted.link.household!, disableErrors: true, ...system })
  if (!household) return GONE
  const invited = household.adults.find((a) => a.email === minted.link.email)
  const by = (minted.link.data as { invitedBy?: string } | null)?.invitedBy
  return receiptMail(minted.link.email, `You were added to ${household.name} at ${orgName(settings)}`, [
    `Dear ${invited?.name ?? minted.link.email},`,
    '',
    endSentence(`${by ?? 'An adult of your household'} added you to ${household.name}, members of ${orgName(settings)}`),
    'Sign in to see your family’s membership and receipts (the link works once, within 7 days):',
    '',
    signInAddress(minted.token),
    '',
    `If this is a mistake, write to ${endSentence(settings['contact/email'] || orgName(settings))}`,
    ...signature(settings),
  ])
}

/** A renewal reminder (cms/membership/renewals.ts; recordId `<season>:<household>:<stage>`): a link to /join, prefilled. */
const renewalMail: Compose = async (payload, item) => {
  const [seasonId, householdId] = item.recordId.split(':')
  const settings = await readSettings(payload)
  const [season, household] = await Promise.all([
    payload.findByID({ collection: 'seasons', id: seasonId, disableErrors: true, ...system }),
    payload.findByID({ collection: 'households', id: householdId, disableErrors: true, ...system }),
  ])
  if (!season || !household) return GONE
  const link = await renewalPrefill(payload, season.id, household.id)
  return receiptMail(item.to ?? '', `Renew your ${orgName(settings)} membership for ${season.label}`, [
    `Dear ${household.name},`,
    '',
    `Thank you for being members of ${orgName(settings)} last season. Membership for ${season.label} is open: please renew by ${usDate(season.renewalDeadline)}.`,
    '',
    `${env.SERVER_URL}/join${link.size ? `?${link}` : ''}`,
    '',
    'Nothing is charged without you: renewing is a new payment you make on that page.',
    ...signature(settings),
  ])
}

/**
 * /join's query for a household renewing: the athletes of its last membership and this season's level of the
 * same name, when there is one on offer (values of no one's typing: a level's id and a count).
 */
async function renewalPrefill(payload: Payload, seasonId: string, householdId: string): Promise<URLSearchParams> {
  const query = new URLSearchParams()
  const { docs } = await payload.find({
    collection: 'memberships',
    where: { and: [{ household: { equals: householdId } }, { season: { not_equals: seasonId } }, { paidOn: { exists: true } }] },
    sort: '-createdAt',
    limit: 1,
    depth: 1,
    overrideAccess: true,
  })
  const last = docs[0]
  if (!last) return query
  const lastLevel = typeof last.level === 'object' ? last.level : null
  const { docs: levels } = await payload.find({
    collection: 'membership-levels',
    where: { and: [{ season: { equals: seasonId } }, { onOffer: { equals: true } }, { name: { equals: lastLevel?.name ?? '' } }] },
    limit: 1,
    ...system,
  })
  if (levels[0]) query.set('level', levels[0].id)
  query.set('athletes', String(last.athletes ?? 1))
  return query
}

/** The outbox kinds this domain writes, each with its text (handed to the outbox by the root: cms/domains.ts). */
export const membershipEmails: Record<string, Compose> = {
  'membership-join': joinMail,
  'membership-already': alreadyMail,
  'member-sign-in': signInMail,
  'member-invite': inviteMail,
  'membership-renewal': renewalMail,
}

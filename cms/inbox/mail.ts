import type { DataFromCollectionSlug, Payload } from 'payload'
import { readSettings, tierOf } from '../email/messages'
import { dollars, orgName } from '../email/wording'
import { env } from '../env'
import type { Compose, Composed, Email } from '../outbox/outbox'

/**
 * What the inbox's mails say, written when each is sent (cms/outbox): the club told of each arrival (to the
 * Content tab's contact address, held until there is one) and the sponsor told their application arrived.
 */

const system = { depth: 0, overrideAccess: true } as const
const NO_CLUB_ADDRESS: Composed = { hold: 'No club address to notify: fill in the Content tab → Contact → Email.' }

type Arrival = 'contact-messages' | 'sponsor-applications'

async function arrival<S extends Arrival>(payload: Payload, collection: S, id: string) {
  const { docs } = await payload.find({ collection, where: { id: { equals: id } }, limit: 1, ...system })
  return docs[0] as DataFromCollectionSlug<S> | undefined
}

/** The club told of one arrival: held until the Content tab names the club's address, or while the arrival is gone. */
const clubNotice =
  <S extends Arrival>(collection: S, gone: string, write: (arrival: DataFromCollectionSlug<S>, club: string) => Email): Compose =>
  async (payload, item) => {
    const club = (await readSettings(payload))['contact/email']
    if (!club) return NO_CLUB_ADDRESS
    const found = await arrival(payload, collection, item.recordId)
    return found ? write(found, club) : { hold: gone }
  }

const contactNotice = clubNotice('contact-messages', 'The message no longer exists.', (m, club) => ({
  to: club,
  replyTo: m.email,
  subject: `New contact message from ${m.name}`,
  text: `${m.name} <${m.email}> wrote through the website:\n\n${m.message}\n\nReply to this email to answer, and mark it read in the admin: ${env.SERVER_URL}/admin\n`,
}))

const applicationNotice = clubNotice('sponsor-applications', 'The application no longer exists.', (a, club) => ({
  to: club,
  replyTo: a.contactEmail,
  subject: `New sponsor application: ${a.companyName} (${a.sponsorshipLevel})`,
  text: [
    `${a.companyName} applied to sponsor at the ${a.sponsorshipLevel} level.`,
    '',
    `Contact: ${a.contactName} <${a.contactEmail}>, ${a.contactPhone}`,
    `Address: ${a.companyAddress}`,
    `Business type: ${a.businessType}`,
    ...(a.companyWebsite ? [`Website: ${a.companyWebsite}`] : []),
    ...(a.notes ? ['', `Notes: ${a.notes}`] : []),
    '',
    `Approve or decline it in the admin: ${env.SERVER_URL}/admin`,
    '',
  ].join('\n'),
}))

const applicationConfirmation: Compose = async (payload, item) => {
  const settings = await readSettings(payload)
  const club = settings['contact/email']
  const a = await arrival(payload, 'sponsor-applications', item.recordId)
  if (!a) return { hold: 'The application no longer exists.' }
  const name = orgName(settings)
  const tier = await tierOf(payload, a.sponsorshipLevel)
  return {
    to: a.contactEmail,
    ...(club ? { replyTo: club } : {}),
    subject: `We received your sponsorship application, ${a.companyName}`,
    text: [
      `Dear ${a.contactName},`,
      '',
      `Thank you for applying to sponsor the Lady Hawks at the ${tier ? `${tier.name} level (${dollars(tier.amount)})` : `${a.sponsorshipLevel} level`}.`,
      'A volunteer will contact you soon about the next steps and payment.',
      ...(club ? ['', `Questions? Write to ${club}.`] : []),
      '',
      name,
      '',
    ].join('\n'),
  }
}

/** The inbox's mail kinds (queued by ./arrivals.ts). */
export const inboxEmails: Record<string, Compose> = {
  'contact-notice': contactNotice,
  'application-notice': applicationNotice,
  'application-confirmation': applicationConfirmation,
}

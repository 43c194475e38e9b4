import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'
import { APPLICATION_MOVES, canMove, CONTACT_MOVES } from '#shared/payments'
import type { SponsorshipLevel } from '#shared/tiers'
import { loadAllTiers } from '../payments/tiers'
import { refuse } from '../hooks/refuse'

/**
 * What volunteers do with the public forms' arrivals (docs/payments.md), as
 * collection hooks so every path obeys them: contact messages go
 * unread → read → archived; a sponsor application is approved (which creates
 * its pending sponsorship at the tier's amount, in the same transaction) or
 * declined. A new one always starts at the beginning; any other move is
 * refused with 409 and changes nothing.
 */
function statusMoves<S extends string>(
  moves: Record<S, readonly S[]>,
  initial: S,
  refusal: (from: string, to: string) => string,
): CollectionBeforeChangeHook {
  return ({ data, originalDoc, operation }) => {
    const from = operation === 'create' ? initial : (originalDoc?.status as string)
    const to = (data.status ?? from) as string
    if (!Object.hasOwn(moves, to)) throw refuse(400, `status: ${to} is not one of ${Object.keys(moves).join(', ')}`)
    if (to !== from && !canMove(moves, from, to)) throw refuse(409, refusal(from, to))
    return data
  }
}

export const contactMessageMoves = statusMoves(CONTACT_MOVES, 'unread', (from, to) => `A ${from} message cannot be marked ${to}`)

export const applicationMoves = statusMoves(APPLICATION_MOVES, 'pending', (from, to) => `A ${from} application cannot be ${to}`)

/** An approved application becomes a pending sponsorship (one per application: its applicationId is unique). */
export const sponsorshipOnApproval: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || doc.status !== 'approved' || previousDoc?.status === 'approved') return doc
  await createSponsorshipFor(req, doc)
  return doc
}

async function createSponsorshipFor(req: PayloadRequest, application: Record<string, unknown>) {
  const level = application.sponsorshipLevel as SponsorshipLevel
  const tier = (await loadAllTiers(req.payload, req))[level]
  await req.payload.create({
    collection: 'sponsorships',
    data: {
      sponsorName: application.contactName as string,
      sponsorEmail: application.contactEmail as string,
      sponsorCompany: application.companyName as string,
      tier: level,
      amount: tier.amount,
      benefits: tier.benefits,
      website: (application.companyWebsite as string | null) ?? null,
      applicationId: String(application.id),
      status: 'pending',
    },
    req,
    depth: 0,
    overrideAccess: true,
  })
}

import { createHash } from 'node:crypto'
import { APIError, type CollectionBeforeChangeHook, type CollectionSlug, type Field, type Payload } from 'payload'
import { isUniqueViolation } from '../db/transaction'

/**
 * One submit, one record (SECURITY.md §5): a public form sent twice (a double
 * tap, a retry on a bad connection, Back and send again) is stored once and
 * the club told once, whichever door it came through, because the check is a
 * collection hook. A repeat is the same sender and the same words within
 * DUPLICATE_WINDOW_MS, or the same form fill again (its `submissionKey`, made
 * by the page's code for each fill). The repeat gets the first one's success
 * answer (storeOnce); Payload's REST answers it 409.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000

/** What makes two arrivals the same: the sender and every word they typed. */
const SAME_WHEN: Partial<Record<CollectionSlug, readonly string[]>> = {
  'contact-messages': ['name', 'email', 'message'],
  'sponsor-applications': [
    'contactName',
    'contactEmail',
    'contactPhone',
    'companyName',
    'companyAddress',
    'companyWebsite',
    'companyTwitter',
    'companyInstagram',
    'businessType',
    'sponsorshipLevel',
    'notes',
  ],
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** The words as typed (but the spaces around them); an address in any case is the same address. */
const normalized = (name: string, value: unknown) =>
  typeof value !== 'string' ? (value ?? null) : /email/i.test(name) ? value.trim().toLowerCase() : value.trim()

export class DuplicateSubmission extends APIError<{ id: string | number }> {
  constructor(readonly earlier: { id: string | number }) {
    super('This was already received: the same submission is stored once.', 409, earlier, true)
  }
}

/** The two fields the hook keeps on each arrival; never shown (hidden), set only by the hook. */
export const duplicateFields: Field[] = [
  { name: 'fingerprint', type: 'text', index: true, hidden: true },
  { name: 'submissionKey', type: 'text', unique: true, index: true, hidden: true },
]

/**
 * Before a new arrival is stored: its fingerprint (sender and words) and the
 * key that makes the same submit unique in the database (the form fill's key
 * or, without one, the current window), so two identical requests at the same
 * instant cannot both be stored, even from two processes. An earlier arrival
 * with that key, or with that fingerprint inside the window, refuses it.
 */
export const oneRecordPerSubmit: CollectionBeforeChangeHook = async ({ data, operation, req, collection }) => {
  if (operation !== 'create') return data
  const fields = SAME_WHEN[collection.slug as CollectionSlug] ?? []
  const fingerprint = sha256(JSON.stringify(fields.map((name) => normalized(name, data[name]))))
  const given = typeof data.submissionKey === 'string' && data.submissionKey.trim() ? data.submissionKey.trim() : null
  const now = Date.now()
  const key = sha256(`${given ?? `window:${Math.floor(now / DUPLICATE_WINDOW_MS)}`}\n${fingerprint}`)
  const earlier = await req.payload.find({
    collection: collection.slug as CollectionSlug,
    where: {
      or: [
        { submissionKey: { equals: key } },
        {
          and: [
            { fingerprint: { equals: fingerprint } },
            { createdAt: { greater_than: new Date(now - DUPLICATE_WINDOW_MS).toISOString() } },
          ],
        },
      ],
    },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  if (earlier.docs[0]) throw new DuplicateSubmission({ id: earlier.docs[0].id })
  return { ...data, fingerprint, submissionKey: key }
}

/**
 * Stores an arrival with `store`; a repeat answers with the first record
 * instead (and queues no second notice). Two identical requests racing each
 * other meet at the unique key: the loser finds the winner's record.
 */
export async function storeOnce<T extends { id: string | number }>(
  payload: Payload,
  collection: 'contact-messages' | 'sponsor-applications',
  store: () => Promise<T>,
): Promise<T> {
  let earlierId: string | number
  try {
    return await store()
  } catch (err) {
    if (err instanceof DuplicateSubmission) earlierId = err.earlier.id
    else if (isUniqueViolation(err)) {
      const racing = await store().catch((again: unknown) => (again instanceof DuplicateSubmission ? again : Promise.reject(again)))
      if (!(racing instanceof DuplicateSubmission)) return racing
      earlierId = racing.earlier.id
    } else throw err
  }
  return (await payload.findByID({ collection, id: earlierId, depth: 0, overrideAccess: true })) as unknown as T
}

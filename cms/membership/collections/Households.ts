import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig } from 'payload'
import { MAX_ADULTS } from '#shared/membership'
import { isAdmin } from '../../access/isAdmin'
import { adminOnlyField } from '../../access/roles'
import { refuse } from '../../hooks/refuse'
import { forgetHousehold } from '../../auth/memberLinks'
import { GROUP } from '../../collections/groups'
import { REMOVED_NAME } from '../dues'
import { asSettling } from '../memberships'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Adults' addresses as one form (trimmed, lower-cased); the first adult's is the household's own (`primaryEmail`). */
const oneFormOfEmails: CollectionBeforeChangeHook = async ({ data, originalDoc, req, operation }) => {
  if (!Array.isArray(data.adults)) return { ...data, primaryEmail: originalDoc?.primaryEmail }
  const adults = data.adults.map((adult: Record<string, unknown>) => ({
    ...adult,
    email: typeof adult.email === 'string' ? adult.email.trim().toLowerCase() : adult.email,
  }))
  const emails = adults.map((a: { email?: unknown }) => a.email)
  if (new Set(emails).size !== emails.length) throw refuse(400, 'adults: Each adult needs an address of their own')
  const primaryEmail = String(adults[0]?.email ?? '')
  if (primaryEmail && primaryEmail !== originalDoc?.primaryEmail) {
    const { docs } = await req.payload.find({
      collection: 'households',
      where: { primaryEmail: { equals: primaryEmail } },
      limit: 1,
      depth: 0,
      req,
      overrideAccess: true,
    })
    if (docs[0] && (operation === 'create' || docs[0].id !== originalDoc?.id))
      throw refuse(409, `adults: ${primaryEmail} is already the first adult of the household “${docs[0].name}”`)
  }
  return { ...data, adults, primaryEmail }
}

/**
 * A player belongs to one household: linking them here moves them from any other (the Members tab's "move
 * an athlete"), in the same transaction.
 */
const athleteInOneHousehold: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const ids = (value: unknown) => (Array.isArray(value) ? value.map((v) => String(typeof v === 'object' && v ? v.id : v)) : [])
  const added = ids(doc.athletes).filter((id) => !ids(previousDoc?.athletes).includes(id))
  if (added.length === 0) return doc
  const { docs } = await req.payload.find({
    collection: 'households',
    where: { and: [{ athletes: { in: added } }, { id: { not_equals: doc.id } }] },
    pagination: false,
    depth: 0,
    req,
    overrideAccess: true,
  })
  for (const other of docs)
    await req.payload.update({
      collection: 'households',
      id: other.id,
      data: { athletes: ids(other.athletes).filter((id) => !added.includes(id)) },
      depth: 0,
      req,
      overrideAccess: true,
    })
  return doc
}

/**
 * Deleting a household at the family's request: its payments stay in the books (money records are never
 * deleted) with the name replaced by "removed at the family's request" and no address; its memberships stay
 * counted for their season without it; its sign-in links and sessions go.
 */
const forgetTheFamily: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const system = { req, depth: 0, overrideAccess: true } as const
  const memberships = await req.payload.find({
    collection: 'memberships',
    where: { household: { equals: id } },
    pagination: false,
    ...system,
  })
  const membershipIds = memberships.docs.map((m) => m.id)
  if (membershipIds.length > 0) {
    req.context.removingFamily = true
    await req.payload.update({
      collection: 'dues',
      where: { membership: { in: membershipIds } },
      data: { payerName: REMOVED_NAME, payerEmail: null },
      ...system,
    })
    req.context.removingFamily = false
    await asSettling(req, () =>
      req.payload.update({ collection: 'memberships', where: { id: { in: membershipIds } }, data: { household: null }, ...system }),
    )
  }
  await forgetHousehold(req.payload, req, String(id))
}

/**
 * A family (docs/MEMBERSHIP.md "Households"): its display name, one to four adults (the first is the one the
 * household is found by when it joins), the players an admin links to it, the mailing address its receipts
 * name, and what it agrees to show in the members' directory, all off until the family turns it on.
 * Personal data: admins only on every door (an editor reads nothing of it); a family reads and changes its own
 * through /member. Which player belongs to which household is the admins' alone.
 */
export const Households: CollectionConfig = {
  slug: 'households',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin, readVersions: isAdmin },
  admin: {
    group: GROUP.members,
    useAsTitle: 'name',
    defaultColumns: ['name', 'primaryEmail', 'updatedAt'],
    listSearchableFields: ['name', 'primaryEmail'],
    description: 'Families. Deleting one keeps its payments in the books, named “removed at the family’s request”.',
  },
  defaultSort: 'name',
  hooks: { beforeChange: [oneFormOfEmails], afterChange: [athleteInOneHousehold], beforeDelete: [forgetTheFamily] },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, admin: { description: 'As the family is called: “The Rivera family”.' } },
    {
      name: 'adults',
      type: 'array',
      required: true,
      minRows: 1,
      maxRows: MAX_ADULTS,
      admin: { description: 'The first adult gets the household’s mail and finds it when joining again.' },
      fields: [
        { name: 'name', type: 'text', required: true, maxLength: 100 },
        {
          name: 'email',
          type: 'text',
          required: true,
          maxLength: 254,
          validate: (value: unknown) => (typeof value === 'string' && EMAIL.test(value.trim())) || 'Must be an email address',
        },
        { name: 'phone', type: 'text', maxLength: 40 },
        { name: 'receivesMail', type: 'checkbox', defaultValue: true, admin: { description: 'Gets receipts and renewal reminders.' } },
      ],
    },
    {
      name: 'primaryEmail',
      type: 'text',
      unique: true,
      index: true,
      maxLength: 254,
      admin: { readOnly: true, description: 'The first adult’s address (set by the server).' },
    },
    {
      name: 'athletes',
      type: 'relationship',
      relationTo: 'team-members',
      hasMany: true,
      index: true,
      // Which player belongs to which family: admins only, whoever asks (the collection's access says the same).
      access: { read: adminOnlyField, create: adminOnlyField, update: adminOnlyField },
      admin: { description: 'The family’s players on the roster (a player belongs to one household).' },
    },
    { name: 'address', type: 'textarea', maxLength: 500, admin: { description: 'The mailing address receipts and statements name.' } },
    {
      name: 'directory',
      type: 'group',
      admin: { description: 'What the family shows other signed-in members, if the club has a directory. Everything off by default.' },
      fields: [
        { name: 'listed', type: 'checkbox', defaultValue: false, label: 'Listed in the members’ directory (the household’s name)' },
        { name: 'showAdults', type: 'checkbox', defaultValue: false, label: 'Show the adults’ names' },
        { name: 'showEmails', type: 'checkbox', defaultValue: false, label: 'Show the adults’ email addresses' },
        { name: 'showPhones', type: 'checkbox', defaultValue: false, label: 'Show the adults’ phone numbers' },
      ],
    },
    { name: 'notes', type: 'textarea', maxLength: 2000, admin: { description: 'The admins’ own notes.' } },
  ],
}

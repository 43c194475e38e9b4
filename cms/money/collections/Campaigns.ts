import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig } from 'payload'
import { formatCents, toCents } from '#shared/money'
import { isAdmin } from '../../access/isAdmin'
import { isStaff } from '../../access/isStaff'
import { adminOnlyValue } from '../../access/roles'
import { keepOnRestore } from '../../hooks/keepOnRestore'
import { urlFromUpload } from '../../hooks/urlFromUpload'
import { refuse } from '../../hooks/refuse'
import { historyField, moneyField, photoFields, textFlagField, updatedByField } from '../../collections/fields'
import { systemField } from '../../collections/moneyRecord'
import { GROUP } from '../../collections/groups'

const cents = (amount: unknown) => (typeof amount === 'string' && amount ? toCents(amount) : 0)

/**
 * Raised = opening balance + recorded gifts, always. The gifts part is the
 * ledger's (cms/payments/ledger.ts). The spec's API writes the raised amount
 * itself (currentAmount): that sets the opening balance to what the gifts do
 * not explain.
 */
const raisedIsBasePlusGifts: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  const gifts = cents(data.giftsAmount)
  let base = cents(data.baseAmount)
  const currentTyped = operation === 'create' ? data.baseAmount == null : data.currentAmount !== originalDoc?.currentAmount
  const baseTyped = operation === 'update' && data.baseAmount !== originalDoc?.baseAmount
  if (currentTyped && !baseTyped) {
    base = cents(data.currentAmount) - gifts
    if (base < 0) throw refuse(400, `currentAmount: Cannot be less than the gifts recorded for this campaign (${formatCents(gifts)})`)
  }
  return { ...data, baseAmount: formatCents(base), giftsAmount: formatCents(gifts), currentAmount: formatCents(base + gifts) }
}

/**
 * A campaign with gifts is never deleted: its gifts would be re-filed to the general fund without a word
 * (the donors' receipts name the campaign). The admin ends it instead (untick Active). Every door obeys:
 * /api/admin, /cms-api, Payload's editor and bulk deletes.
 */
const keptWhileItHasGifts: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: 'donations', where: { campaign: { equals: id } }, req, overrideAccess: true })
  if (totalDocs > 0)
    throw refuse(
      409,
      `This campaign has ${totalDocs} gift${totalDocs === 1 ? '' : 's'} and cannot be deleted; end the campaign instead (untick Active): it leaves the site and keeps its gifts.`,
    )
}

export const Campaigns: CollectionConfig = {
  slug: 'campaigns',
  // Editors change a campaign's texts and image; the money and the campaign list are the admins'.
  access: { read: isStaff, create: isAdmin, update: isStaff, delete: isAdmin, readVersions: isStaff },
  // Undo for the texts, photo and flag; a restore keeps the amounts.
  versions: { maxPerDoc: 25 },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'name',
    defaultColumns: ['name', 'currentAmount', 'goalAmount', 'isActive'],
    listSearchableFields: ['name', 'description'],
    description: 'The campaigns on the home page and /donate; amounts are the admins’.',
  },
  hooks: {
    beforeChange: [
      // A restore brings back texts and the photo; the money and whether the campaign is open stay the admins'.
      keepOnRestore('goalAmount', 'baseAmount', 'giftsAmount', 'currentAmount', 'isActive'),
      urlFromUpload('image', 'imageUrl', 'card'),
      raisedIsBasePlusGifts,
    ],
    beforeDelete: [keptWhileItHasGifts],
  },
  fields: [
    updatedByField,
    historyField,
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 5000 },
    moneyField('goalAmount', {
      label: 'Goal',
      required: true,
      ...adminOnlyValue('Only an admin can change campaign goals'),
      admin: { description: 'What the campaign aims to raise. Set by admins.' },
    }),
    moneyField('baseAmount', {
      label: 'Opening balance',
      ...adminOnlyValue('Only an admin can change a campaign’s opening balance'),
      admin: { description: 'Money raised before gifts were recorded here.' },
    }),
    systemField(
      moneyField('giftsAmount', {
        label: 'Recorded gifts',
        admin: { description: 'Completed gifts to this campaign less refunds, kept by the books.' },
      }) as Parameters<typeof systemField>[0],
    ),
    moneyField('currentAmount', {
      label: 'Raised',
      required: true,
      ...adminOnlyValue('Only an admin can change the amount raised'),
      admin: { description: 'Opening balance + recorded gifts.', readOnly: true },
    }),
    ...photoFields,
    // Ending a campaign takes it off /donate: the admins' call, as creating and deleting one are.
    textFlagField('isActive', 'Active', 'Admins untick this to close the campaign: it leaves the home page and /donate.', {
      required: true,
      ...adminOnlyValue('Only an admin can end or reopen a campaign'),
    }),
  ],
}

import type { CollectionConfig, RelationshipFieldSingleValidation } from 'payload'
import { isPlausibleId } from '../../http/validate'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { keptFact, moneyHooks } from '../../payments/moneyRules'
import { moneyField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { cardPaymentFields, moneyRecordFields, moneyStatusField, paymentMethodField, systemField } from '../../collections/moneyRecord'

/** A readable refusal for an unknown campaign (the database's own foreign key check would fail the write without a reason). */
const campaignExists: RelationshipFieldSingleValidation = async (value, { req }) => {
  if (value == null || value === '') return true
  const id = typeof value === 'object' ? value.value : value
  if (typeof id !== 'string' || !isPlausibleId(id)) return 'No such campaign'
  const { totalDocs } = await req.payload.count({ collection: 'campaigns', where: { id: { equals: id } }, req, overrideAccess: true })
  return totalDocs > 0 || 'No such campaign'
}

export const Donations: CollectionConfig = {
  slug: 'donations',
  // Never deleted, by anyone: a mistaken gift is voided with a reason.
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: nobody },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'donorName',
    defaultColumns: ['donorName', 'amount', 'status', 'paymentMethod', 'campaign', 'createdAt'],
    listSearchableFields: ['donorName', 'donorEmail', 'reference', 'receiptNumber'],
    description: 'Gifts by card arrive from Stripe; checks, cash and Venmo are recorded in the portal (Record a gift).',
  },
  disableDuplicate: true,
  defaultSort: '-createdAt',
  hooks: moneyHooks('donations'),
  fields: [
    // Stripe's facts stay (cms/payments/moneyRules.ts factsKept).
    { name: 'donorName', type: 'text', required: true, maxLength: 200, ...keptFact('donorName') },
    { name: 'donorEmail', type: 'text', required: true, maxLength: 254, ...keptFact('donorEmail') },
    // Corrected in the portal (docs/roles.md), where the rules and the ledger apply; read-only in Payload's editor.
    moneyField('amount', { required: true, ...keptFact('amount'), admin: { readOnly: true } }),
    // Empty: the general fund. The campaign's raised amount counts this gift while it is completed (cms/payments/ledger.ts).
    // A card gift's campaign is the one its donor chose on Stripe's page: kept like its other facts.
    {
      name: 'campaign',
      type: 'relationship',
      relationTo: 'campaigns',
      index: true,
      validate: campaignExists,
      ...keptFact('campaign'),
      admin: { description: 'Empty: the general fund.' },
    },
    paymentMethodField(true),
    ...cardPaymentFields,
    // A month of a monthly gift (cms/money/collections/MonthlyGifts.ts): one donation per paid invoice.
    systemField({ name: 'stripeInvoiceId', type: 'text', maxLength: 255, unique: true }),
    systemField({ name: 'stripeSubscriptionId', type: 'text', maxLength: 255, index: true }),
    systemField({ name: 'stripeCustomerId', type: 'text', maxLength: 255 }),
    { name: 'venmoTransactionId', type: 'text', maxLength: 255 },
    moneyStatusField,
    ...moneyRecordFields,
  ],
}

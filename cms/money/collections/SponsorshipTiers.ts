import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { isStaff } from '../../access/isStaff'
import { adminOnlyValue } from '../../access/roles'
import { keepOnRestore } from '../../hooks/keepOnRestore'
import { historyField, moneyField, textFlagField, textLinesField, updatedByField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'

export const SponsorshipTiers: CollectionConfig = {
  slug: 'sponsorship-tiers',
  // Editors change a tier's texts; prices, public levels, the tier list and which tiers are offered are the admins'.
  access: { read: isStaff, create: isAdmin, update: isStaff, delete: isAdmin, readVersions: isStaff },
  // Undo for the texts; a restore keeps the price, the goods' value and Offered (the admins', changed by editing, not by undo).
  versions: { maxPerDoc: 25 },
  hooks: { beforeChange: [keepOnRestore('amount', 'goodsValue', 'isActive', 'level')] },
  labels: { singular: 'Sponsorship level', plural: 'Sponsorship levels' },
  admin: {
    group: GROUP.fundraising,
    useAsTitle: 'name',
    defaultColumns: ['name', 'amount', 'level', 'isActive', 'displayOrder'],
    listSearchableFields: ['name', 'description'],
    description:
      'Sponsorship levels and their prices, used when an application is approved and on receipts; prices and the list are the admins’.',
  },
  defaultSort: 'displayOrder',
  fields: [
    updatedByField,
    historyField,
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    moneyField('amount', {
      required: true,
      label: 'Price',
      ...adminOnlyValue('Only an admin can change a sponsorship level’s price'),
      admin: { description: 'What a sponsor pays for this level. Set by admins.' },
    }),
    {
      name: 'color',
      type: 'text',
      required: true,
      defaultValue: 'green',
      maxLength: 30,
      admin: { description: 'The card’s colour on /sponsor, for example green.' },
    },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    textLinesField('benefits', 'Benefits', 'One benefit per line, in the order /sponsor lists them.', {
      defaultValue: [],
      validate: (value: unknown) =>
        value == null || (Array.isArray(value) && value.every((b) => typeof b === 'string')) || 'Benefits must be a list of text lines',
    }),
    // Which public level (bronze/silver/gold) this tier is, to match applications and sponsorships to it.
    // The admins' too: moving a level to another public level changes what /sponsor offers and at what price.
    {
      name: 'level',
      label: 'Public level',
      type: 'select',
      options: ['bronze', 'silver', 'gold'],
      ...adminOnlyValue(
        'Only an admin can change a sponsorship level’s public level (bronze, silver or gold): it decides what /sponsor offers',
      ),
      admin: { description: 'Which level on /sponsor this is. Set by admins.' },
    },
    // Good-faith estimate of what the sponsor receives (tickets, ads): printed on receipts, not deductible.
    // The admins' alone: it decides what donors may deduct (sponsorships keep the value they were recorded with).
    moneyField('goodsValue', {
      label: 'Value of goods received',
      ...adminOnlyValue('Only an admin can change the value of goods received'),
      admin: { description: 'Printed on receipts as not deductible (tickets, ads…). Set by admins.' },
    }),
    {
      name: 'displayOrder',
      label: 'Order',
      type: 'number',
      required: true,
      defaultValue: 0,
      min: 0,
      admin: { description: 'Smaller numbers come first.' },
    },
    // Offering a level or not changes /sponsor, as a campaign's Active changes /donate: the admins' call (the spec's
    // tier form has no such switch either).
    textFlagField(
      'isActive',
      'Offered',
      'Admins untick this to take the level off /sponsor without deleting it.',
      adminOnlyValue('Only an admin can stop or resume offering a sponsorship level'),
    ),
  ],
}

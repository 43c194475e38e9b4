import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig, FieldHook } from 'payload'
import { isCalendarDay } from '#shared/clubDay'
import { TAX_TREATMENT_LABELS, TAX_TREATMENTS } from '#shared/membership'
import { toCents } from '#shared/money'
import { isAdmin } from '../../access/isAdmin'
import { refuse } from '../../hooks/refuse'
import { moneyField, textLinesField } from '../../collections/fields'
import { GROUP } from '../../collections/groups'
import { publicContentChanged } from '../../collections/publicChanges'

const cents = (value: unknown) => (typeof value === 'string' && value ? toCents(value) : 0)

/** An optional amount or day left empty ("" from a form, or none) is none, whichever door sent it. */
const blankIsNone: FieldHook = ({ value }) => (value === '' ? null : value)
const optional = { hooks: { beforeValidate: [blankIsNone] } }

/**
 * A level's prices and tax treatment agree (docs/MEMBERSHIP.md "Tax treatment"): benefits of a stated value
 * are worth something and less than the price; a contribution with insubstantial benefits states none (the
 * receipt says no goods or services of substantial value); a late price comes with its day; a cap is no
 * less than the price.
 */
const pricesAgree: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const value = <K extends string>(name: K) => (data[name] !== undefined ? data[name] : originalDoc?.[name])
  const treatment = value('taxTreatment') ?? 'contribution'
  const benefits = cents(value('benefitsValue'))
  const price = cents(value('price'))
  if (treatment === 'contribution-with-benefits' && benefits === 0)
    throw refuse(
      400,
      'benefitsValue: Give the good-faith value of the member benefits (or choose a contribution with insubstantial benefits)',
    )
  if (treatment === 'contribution-with-benefits' && benefits >= price)
    throw refuse(400, 'benefitsValue: Benefits worth the whole price leave no contribution: choose a participation fee')
  if (treatment === 'contribution' && benefits > 0)
    throw refuse(
      400,
      'benefitsValue: Benefits of insubstantial value count as $0; to state their value choose a contribution with benefits',
    )
  if (Boolean(value('latePrice')) !== Boolean(value('lateFrom')))
    throw refuse(400, 'lateFrom: A late-join price needs the day it applies from, and that day a price')
  if (value('householdCap') && cents(value('householdCap')) < price)
    throw refuse(400, 'householdCap: The household cap cannot be less than the price')
  return data
}

/** A level a membership names stays: it says what that family joined at. Take it off offer instead. */
const keptWhileUsed: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: 'memberships', where: { level: { equals: id } }, req, overrideAccess: true })
  if (totalDocs > 0)
    throw refuse(409, `${totalDocs} membership${totalDocs === 1 ? '' : 's'} name this level: untick “On offer” instead of deleting it`)
}

/**
 * What a household can join a season at (docs/MEMBERSHIP.md "Levels"): the price for the household, a price
 * per additional athlete, a cap, an optional late-join price from a day on, the member benefits and their
 * good-faith value, and the tax treatment its receipts follow. Prices and tax treatment are the admins'
 * alone, like every field of it. A membership keeps its own amount and a payment its own tax facts, so a
 * later edit of a level changes nothing told to a family.
 */
export const MembershipLevels: CollectionConfig = {
  slug: 'membership-levels',
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    group: GROUP.members,
    useAsTitle: 'name',
    defaultColumns: ['name', 'season', 'price', 'taxTreatment', 'onOffer'],
    description: 'What a family pays to join a season, and how its receipt reads for taxes.',
  },
  defaultSort: 'displayOrder',
  hooks: {
    beforeChange: [pricesAgree],
    beforeDelete: [keptWhileUsed],
    afterChange: [publicContentChanged],
    afterDelete: [publicContentChanged],
  },
  fields: [
    { name: 'season', type: 'relationship', relationTo: 'seasons', required: true, index: true },
    { name: 'name', type: 'text', required: true, maxLength: 100 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    textLinesField('benefits', 'Member benefits', 'What membership gives the family, one per line (shown on /join and on receipts).'),
    moneyField('price', { required: true, admin: { description: 'For the household, with one athlete (or none).' } }),
    moneyField('perAdditionalAthlete', {
      ...optional,
      defaultValue: '0.00',
      admin: { description: 'Added for each athlete after the first.' },
    }),
    moneyField('householdCap', { ...optional, admin: { description: 'Empty: no cap. A household never pays more than this.' } }),
    moneyField('latePrice', {
      ...optional,
      admin: { description: 'Optional: the base price for families joining from the late-join day on.' },
    }),
    {
      name: 'lateFrom',
      type: 'text',
      maxLength: 10,
      validate: (value: unknown) => value == null || value === '' || isCalendarDay(value) || 'Must be a day written YYYY-MM-DD',
      ...optional,
      admin: { description: 'The club day the late-join price applies from (YYYY-MM-DD).' },
    },
    moneyField('benefitsValue', {
      ...optional,
      defaultValue: '0.00',
      admin: { description: 'The good-faith value of the member benefits (0 when insubstantial).' },
    }),
    {
      name: 'taxTreatment',
      type: 'select',
      required: true,
      defaultValue: 'contribution',
      options: TAX_TREATMENTS.map((value) => ({ value, label: TAX_TREATMENT_LABELS[value] })),
      admin: { description: 'How receipts and statements read (docs/MEMBERSHIP.md): ask the club’s tax adviser.' },
    },
    { name: 'onOffer', type: 'checkbox', defaultValue: true, admin: { description: 'Shown on /join while its season is open.' } },
    { name: 'displayOrder', type: 'number', defaultValue: 0 },
  ],
}

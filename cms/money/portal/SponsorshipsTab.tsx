import type { AdminTier } from '#shared/api'
import { sponsorshipTierSchema, sponsorshipTierUpdateSchema } from '#shared/schemas'
import { TextAreaField, TextField } from '#ui/form/fields.tsx'
import { SelectField } from '#ui/form/SelectField.tsx'
import { formatMoney } from '#shared/money'
import { SPONSORSHIP_LEVELS } from '#shared/payments'
import { RecordActions, ResourceTab } from '#portal/components/ResourceTab.tsx'
import { ADMIN_MONEY, benefitsFromText } from '#portal/lib/format.ts'
import { KEYS } from '#portal/lib/keys.ts'
import type { RecordEditor, Resource } from '#portal/lib/resource.ts'
import { isFlagOn } from '#shared/textFlag'
import { formText } from '#shared/notGiven'

/** Tier color is not editable in the admin form: new tiers get the default. */
const DEFAULT_TIER_COLOR = 'green'

/** The level select's "none": a tier no public level shows (shared/tiers.ts). */
const NO_LEVEL = 'none'
const LEVEL_OPTIONS = [
  ...SPONSORSHIP_LEVELS.map((level) => ({ value: level, label: `${level[0].toUpperCase()}${level.slice(1)} on /sponsor and receipts` })),
  { value: NO_LEVEL, label: 'None (not shown on the public pages)' },
]

const EMPTY = { name: '', amount: '', level: NO_LEVEL, goodsValue: '', description: '', benefits: '' }
type Values = typeof EMPTY

const tiers: Resource<AdminTier, Values> = {
  path: KEYS.tiers,
  history: 'sponsorship-tiers',
  payloadPage: 'Order and all fields',
  tab: {
    title: 'Sponsorship Tiers',
    description:
      'The levels a business can sponsor at. A tier set to a public level is what the home page, /sponsor, receipts and statements show for it; a level no tier names shows the standard one.',
    listLabel: 'Sponsorship tiers',
    what: 'sponsorship tiers',
    addLabel: 'Create Tier',
    emptyTitle: 'No sponsorship tiers found',
  },
  dialog: {
    createTitle: 'Create Sponsorship Tier',
    editTitle: 'Edit Sponsorship Tier',
    createDescription: 'A new level businesses can sponsor at.',
    editDescription: (t) => `Change the “${t.name}” tier.`,
    createSubmit: 'Create Tier',
    createPending: 'Creating...',
  },
  record: { noun: 'sponsorship tier', name: (t) => t.name },
  toasts: {
    created: 'Sponsorship tier created successfully',
    updated: 'Sponsorship tier updated successfully',
    deleted: 'Sponsorship tier deleted successfully',
    createFailed: 'Error creating sponsorship tier',
    updateFailed: 'Error updating sponsorship tier',
    deleteFailed: 'Error deleting sponsorship tier',
  },
  createSchema: sponsorshipTierSchema,
  updateSchema: sponsorshipTierUpdateSchema,
  empty: EMPTY,
  toValues: (t) => ({
    name: t.name,
    amount: t.amount,
    level: t.level ?? NO_LEVEL,
    goodsValue: formText(t.goodsValue),
    description: formText(t.description),
    benefits: t.benefits.join('\n'),
  }),
  toPayload: (v, editing, list) => ({
    name: v.name,
    amount: v.amount,
    level: v.level === NO_LEVEL ? null : v.level,
    goodsValue: v.goodsValue,
    description: v.description,
    benefits: benefitsFromText(v.benefits),
    // Not editable here: an edit keeps the tier's color and place, a new tier gets the default color and goes last.
    color: editing ? editing.color : DEFAULT_TIER_COLOR,
    displayOrder: editing ? editing.displayOrder : list.reduce((max, t) => Math.max(max, t.displayOrder + 1), 0),
  }),
}

export function SponsorshipsTab() {
  return (
    <ResourceTab
      resource={tiers}
      listClassName="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
      card={(t, editor) => <TierCard key={t.id} t={t} editor={editor} />}
      fields={({ form }) => (
        <>
          <TextField form={form} name="name" label="Name" required autoComplete="off" />
          <TextField form={form} name="amount" label="Amount ($)" required type="number" inputMode="decimal" min="0" step="0.01" />
          <SelectField form={form} name="level" label="Public level" required options={LEVEL_OPTIONS} placeholder="Choose a level" />
          <TextField
            form={form}
            name="goodsValue"
            label="Value of goods received ($)"
            optional
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            hint="Good-faith value of tickets, ads and the like: printed on receipts as not deductible."
          />
          <TextAreaField form={form} name="description" label="Description" optional rows={3} />
          <TextAreaField
            form={form}
            name="benefits"
            label="Benefits"
            optional
            rows={5}
            hint="One benefit per line. Blank lines are ignored."
          />
        </>
      )}
    />
  )
}

function TierCard({ t, editor }: { t: AdminTier; editor: RecordEditor<AdminTier, Values> }) {
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 border-t-4 border-t-brand-700 bg-white p-5 shadow-sm">
      <h3 className="text-lg font-semibold text-gray-900">{t.name}</h3>
      <p className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">{formatMoney(t.amount, ADMIN_MONEY)}</p>
      <p className="mt-1 text-sm text-gray-600">
        {t.level ? `${t.level[0].toUpperCase()}${t.level.slice(1)} level` : 'No public level'}
        {!isFlagOn(t.isActive) && ' · not offered'}
        {' · goods value '}
        {formatMoney(t.goodsValue ?? '0', ADMIN_MONEY)}
      </p>
      {t.description && <p className="mt-2 text-sm text-gray-700">{t.description}</p>}
      {t.benefits.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-gray-700" aria-label={`${t.name} benefits`}>
          {t.benefits.map((b, i) => (
            <li key={i}>{b}</li>
          ))}
        </ul>
      )}
      <RecordActions
        editor={editor}
        record={t}
        className="mt-auto flex justify-end gap-2 border-t border-gray-100 pt-3 [&:not(:first-child)]:mt-4"
      />
    </li>
  )
}

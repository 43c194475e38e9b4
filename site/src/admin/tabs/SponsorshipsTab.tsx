import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { sponsorshipTierSchema } from '#shared/schemas'
import { Button } from '../components/Button'
import { ConfirmDelete } from '../components/ConfirmDelete'
import { EntityDialog } from '../components/EntityDialog'
import { TextAreaField, TextField } from '../../components/form/fields'
import { PencilIcon, PlusIcon } from '../components/Icons'
import { EmptyState, ListState, SectionHeader } from '../components/States'
import { deleteRecord, submitRecord } from '../lib/actions'
import { formatMoney } from '../../lib/format'
import { ADMIN_MONEY, benefitsFromText } from '../lib/format'
import { useForm } from '../../lib/form'
import { KEYS } from '../lib/keys'
import type { AdminTier } from '#shared/api'

type Target = 'new' | AdminTier | null

/** Tier color is not editable in the admin form (SPEC §3): new tiers get the default. */
const DEFAULT_TIER_COLOR = 'green'

export function SponsorshipsTab() {
  const { data, error, isLoading, mutate } = useSWR<AdminTier[]>(KEYS.tiers)
  const [target, setTarget] = useState<Target>(null)

  return (
    <section aria-labelledby="tiers-title">
      <SectionHeader
        id="tiers-title"
        title="Sponsorship Tiers"
        description="The levels a business can sponsor at."
        action={
          <Button onClick={() => setTarget('new')}>
            <PlusIcon />
            Create Tier
          </Button>
        }
      />
      <ListState
        what="sponsorship tiers"
        data={data}
        error={error}
        isLoading={isLoading}
        retry={() => void mutate()}
        empty={<EmptyState title="No sponsorship tiers found" />}
      >
        {(tiers) => (
          <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Sponsorship tiers">
            {tiers.map((t) => (
              <li
                key={t.id}
                className="flex flex-col rounded-lg border border-gray-200 border-t-4 border-t-brand-700 bg-white p-5 shadow-sm"
              >
                <h3 className="text-lg font-semibold text-gray-900">{t.name}</h3>
                <p className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">{formatMoney(t.amount, ADMIN_MONEY)}</p>
                {t.description && <p className="mt-2 text-sm text-gray-700">{t.description}</p>}
                {t.benefits.length > 0 && (
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-gray-700" aria-label={`${t.name} benefits`}>
                    {t.benefits.map((b, i) => (
                      <li key={i}>{b}</li>
                    ))}
                  </ul>
                )}
                <div className="mt-auto flex justify-end gap-2 border-t border-gray-100 pt-3 [&:not(:first-child)]:mt-4">
                  <Button variant="ghost" size="sm" onClick={() => setTarget(t)} aria-label={`Edit ${t.name}`}>
                    <PencilIcon />
                    Edit
                  </Button>
                  <ConfirmDelete
                    what="sponsorship tier"
                    itemLabel={t.name}
                    onConfirm={() =>
                      deleteRecord({
                        path: `${KEYS.tiers}/${encodeURIComponent(t.id)}`,
                        listKey: KEYS.tiers,
                        success: 'Sponsorship tier deleted successfully',
                        failure: 'Error deleting sponsorship tier',
                      })
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <TierDialog target={target} tiers={data ?? []} onClose={() => setTarget(null)} />
    </section>
  )
}

const EMPTY = { name: '', amount: '', description: '', benefits: '' }

function TierDialog({ target, tiers, onClose }: { target: Target; tiers: AdminTier[]; onClose: () => void }) {
  const form = useForm(EMPTY)
  const { reset } = form
  const editing = target !== null && target !== 'new' ? target : null

  useEffect(() => {
    if (target === 'new') reset(EMPTY)
    else if (target)
      reset({ name: target.name, amount: target.amount, description: target.description ?? '', benefits: target.benefits.join('\n') })
  }, [target, reset])

  const submit = () => {
    const v = form.values
    const payload = {
      name: v.name,
      amount: v.amount,
      description: v.description,
      benefits: benefitsFromText(v.benefits),
      // Not editable here: an edit keeps the tier's color and place, a new tier gets the default color and goes last.
      color: editing ? editing.color : DEFAULT_TIER_COLOR,
      displayOrder: editing ? editing.displayOrder : tiers.reduce((max, t) => Math.max(max, t.displayOrder + 1), 0),
    }
    void submitRecord({
      form,
      schema: sponsorshipTierSchema,
      payload,
      method: editing ? 'PUT' : 'POST',
      path: editing ? `${KEYS.tiers}/${encodeURIComponent(editing.id)}` : KEYS.tiers,
      listKey: KEYS.tiers,
      success: editing ? 'Sponsorship tier updated successfully' : 'Sponsorship tier created successfully',
      failure: editing ? 'Error updating sponsorship tier' : 'Error creating sponsorship tier',
      onSuccess: onClose,
    })
  }

  return (
    <EntityDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Sponsorship Tier' : 'Create Sponsorship Tier'}
      description={editing ? `Change the “${editing.name}” tier.` : 'A new level businesses can sponsor at.'}
      submitLabel={editing ? 'Save Changes' : 'Create Tier'}
      pendingLabel={editing ? 'Saving...' : 'Creating...'}
      pending={form.pending}
      onSubmit={submit}
    >
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <TextField form={form} name="amount" label="Amount ($)" required type="number" inputMode="decimal" min="0" step="0.01" />
      <TextAreaField form={form} name="description" label="Description" optional rows={3} />
      <TextAreaField form={form} name="benefits" label="Benefits" optional rows={5} hint="One benefit per line. Blank lines are ignored." />
    </EntityDialog>
  )
}

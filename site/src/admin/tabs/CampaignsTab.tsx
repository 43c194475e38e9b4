import { useEffect, useState } from 'react'
import useSWR from 'swr'
import { campaignSchema, campaignUpdateSchema } from '#shared/schemas'
import { Button } from '../components/Button'
import { ConfirmDelete } from '../components/ConfirmDelete'
import { EntityDialog } from '../components/EntityDialog'
import { CheckboxField, TextAreaField, TextField } from '../../components/form/fields'
import { PencilIcon, PlusIcon } from '../components/Icons'
import { EmptyState, ListState, SectionHeader } from '../components/States'
import { deleteRecord, submitRecord } from '../lib/actions'
import { campaignProgress, formatMoney } from '../../lib/format'
import { ADMIN_MONEY } from '../lib/format'
import { useForm } from '../../lib/form'
import { KEYS } from '../lib/keys'
import type { AdminCampaign } from '#shared/api'

type Target = 'new' | AdminCampaign | null

export function CampaignsTab() {
  const { data, error, isLoading, mutate } = useSWR<AdminCampaign[]>(KEYS.campaigns)
  const [target, setTarget] = useState<Target>(null)
  const create = (
    <Button onClick={() => setTarget('new')}>
      <PlusIcon />
      Create Campaign
    </Button>
  )

  return (
    <section aria-labelledby="campaigns-title">
      <SectionHeader id="campaigns-title" title="Campaigns" description="Fundraising campaigns shown on the site." action={create} />
      <ListState
        what="campaigns"
        data={data}
        error={error}
        isLoading={isLoading}
        retry={() => void mutate()}
        empty={
          <EmptyState title="No campaigns found">
            <Button onClick={() => setTarget('new')}>
              <PlusIcon />
              Create Your First Campaign
            </Button>
          </EmptyState>
        }
      >
        {(campaigns) => (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Campaigns">
            {campaigns.map((c) => (
              <CampaignCard key={c.id} campaign={c} onEdit={() => setTarget(c)} />
            ))}
          </ul>
        )}
      </ListState>
      <CampaignDialog target={target} onClose={() => setTarget(null)} />
    </section>
  )
}

function CampaignCard({ campaign, onEdit }: { campaign: AdminCampaign; onEdit: () => void }) {
  const progress = campaignProgress(campaign.currentAmount, campaign.goalAmount)
  const active = campaign.isActive !== 'false'
  return (
    <li className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-gray-900">{campaign.name}</h3>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${active ? 'bg-brand-100 text-brand-800' : 'bg-gray-200 text-gray-800'}`}
        >
          {active ? 'Active' : 'Ended'}
        </span>
      </div>
      <p className="mt-2 line-clamp-3 text-sm text-gray-700">{campaign.description}</p>
      <div className="mt-auto pt-4">
        <p className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(campaign.currentAmount, ADMIN_MONEY)} raised</span>
          <span className="text-gray-600 tabular-nums">of {formatMoney(campaign.goalAmount, ADMIN_MONEY)}</span>
        </p>
        <div
          role="progressbar"
          aria-label={`${campaign.name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress.width)}
          aria-valuetext={`${progress.label}% complete`}
          className="mt-2 h-3 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${progress.width}%` }} data-testid="progress-fill" />
        </div>
        <p className="mt-1 text-sm text-gray-600">{progress.label}% complete</p>
        <div className="mt-4 flex justify-end gap-2 border-t border-gray-100 pt-3">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${campaign.name}`}>
            <PencilIcon />
            Edit
          </Button>
          <ConfirmDelete
            what="campaign"
            itemLabel={campaign.name}
            onConfirm={() =>
              deleteRecord({
                path: `${KEYS.campaigns}/${encodeURIComponent(campaign.id)}`,
                listKey: KEYS.campaigns,
                success: 'Campaign deleted successfully',
                failure: 'Error deleting campaign',
              })
            }
          />
        </div>
      </div>
    </li>
  )
}

const EMPTY = { name: '', description: '', goalAmount: '', imageUrl: '', currentAmount: '0.00', isActive: true }

function CampaignDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const form = useForm(EMPTY)
  const { reset } = form
  const editing = target !== null && target !== 'new' ? target : null

  useEffect(() => {
    if (target === 'new') reset(EMPTY)
    else if (target)
      reset({
        name: target.name,
        description: target.description,
        goalAmount: target.goalAmount,
        imageUrl: target.imageUrl ?? '',
        currentAmount: target.currentAmount,
        isActive: target.isActive !== 'false',
      })
  }, [target, reset])

  const submit = () => {
    const { name, description, goalAmount, imageUrl, currentAmount, isActive } = form.values
    if (editing) {
      void submitRecord({
        form,
        schema: campaignUpdateSchema,
        payload: { name, description, goalAmount, imageUrl, currentAmount, isActive: isActive ? 'true' : 'false' },
        method: 'PUT',
        path: `${KEYS.campaigns}/${encodeURIComponent(editing.id)}`,
        listKey: KEYS.campaigns,
        success: 'Campaign updated successfully',
        failure: 'Error updating campaign',
        onSuccess: onClose,
      })
    } else {
      void submitRecord({
        form,
        schema: campaignSchema,
        payload: { name, description, goalAmount, imageUrl },
        method: 'POST',
        path: KEYS.campaigns,
        listKey: KEYS.campaigns,
        success: 'Campaign created successfully',
        failure: 'Error creating campaign',
        onSuccess: onClose,
      })
    }
  }

  return (
    <EntityDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Campaign' : 'Create Campaign'}
      description={editing ? `Change the details of “${editing.name}”.` : 'A new fundraising campaign for the site.'}
      submitLabel={editing ? 'Save Changes' : 'Create Campaign'}
      pendingLabel={editing ? 'Saving...' : 'Creating...'}
      pending={form.pending}
      onSubmit={submit}
    >
      <TextField form={form} name="name" label="Name" required />
      <TextAreaField form={form} name="description" label="Description" required rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="goalAmount" label="Goal amount ($)" required type="number" inputMode="decimal" min="0" step="0.01" />
        {editing && (
          <TextField
            form={form}
            name="currentAmount"
            label="Amount raised ($)"
            required
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            hint="Include gifts received offline."
          />
        )}
      </div>
      <TextField form={form} name="imageUrl" label="Image URL" optional placeholder="https://…" />
      {editing && (
        <CheckboxField
          form={form}
          name="isActive"
          label="Active"
          hint="Active campaigns are listed on the Donate page. Uncheck to end this campaign."
        />
      )}
    </EntityDialog>
  )
}

import { campaignSchema, campaignUpdateSchema } from '#shared/schemas'
import type { AdminCampaign } from '#shared/api'
import { CheckboxField } from '#ui/form/CheckboxField.tsx'
import { TextAreaField, TextField } from '#ui/form/fields.tsx'
import { campaignProgress, formatMoney } from '#shared/money'
import { RecordActions, ResourceTab } from '#portal/components/ResourceTab.tsx'
import { ADMIN_MONEY } from '#portal/lib/format.ts'
import { KEYS } from '#portal/lib/keys.ts'
import { useIsAdmin } from '#portal/lib/session.ts'
import type { RecordEditor, Resource } from '#portal/lib/resource.ts'
import { isFlagOn, toTextFlag } from '#shared/textFlag'
import { formText } from '#shared/notGiven'

const EMPTY = { name: '', description: '', goalAmount: '', imageUrl: '', currentAmount: '0.00', isActive: true }
type Values = typeof EMPTY

const campaigns: Resource<AdminCampaign, Values> = {
  path: KEYS.campaigns,
  history: 'campaigns',
  payloadPage: 'Photo upload and all fields',
  tab: {
    title: 'Campaigns',
    description: 'Fundraising campaigns shown on the site.',
    listLabel: 'Campaigns',
    what: 'campaigns',
    addLabel: 'Create Campaign',
    emptyTitle: 'No campaigns found',
    emptyAction: 'Create Your First Campaign',
  },
  dialog: {
    createTitle: 'Create Campaign',
    editTitle: 'Edit Campaign',
    createDescription: 'A new fundraising campaign for the site.',
    editDescription: (c) => `Change the details of “${c.name}”.`,
    createSubmit: 'Create Campaign',
    createPending: 'Creating...',
  },
  record: { noun: 'campaign', name: (c) => c.name },
  adminsCreateAndDelete: true,
  toasts: {
    created: 'Campaign created successfully',
    updated: 'Campaign updated successfully',
    deleted: 'Campaign deleted successfully',
    createFailed: 'Error creating campaign',
    updateFailed: 'Error updating campaign',
    deleteFailed: 'Error deleting campaign',
  },
  createSchema: campaignSchema,
  updateSchema: campaignUpdateSchema,
  empty: EMPTY,
  toValues: (c) => ({
    name: c.name,
    description: c.description,
    goalAmount: c.goalAmount,
    imageUrl: formText(c.imageUrl),
    currentAmount: c.currentAmount,
    isActive: isFlagOn(c.isActive),
  }),
  // Only an edit can change the amount raised or end the campaign.
  toPayload: ({ name, description, goalAmount, imageUrl, currentAmount, isActive }, editing) =>
    editing
      ? { name, description, goalAmount, imageUrl, currentAmount, isActive: toTextFlag(isActive) }
      : { name, description, goalAmount, imageUrl },
}

export function CampaignsTab() {
  const isAdmin = useIsAdmin()
  return (
    <ResourceTab
      resource={campaigns}
      listClassName="grid gap-4 md:grid-cols-2"
      card={(c, editor) => <CampaignCard key={c.id} campaign={c} editor={editor} />}
      fields={({ form, editing }) => (
        <>
          <TextField form={form} name="name" label="Name" required />
          <TextAreaField form={form} name="description" label="Description" required rows={4} />
          {isAdmin ? (
            <AdminOnlyFields form={form} editing={editing} />
          ) : (
            // An editor sees the admins' figures but is offered no box for them: the save sends them unchanged.
            editing && <AdminsFigures campaign={editing} />
          )}
          <TextField form={form} name="imageUrl" label="Image URL" optional placeholder="https://…" />
        </>
      )}
    />
  )
}

/** The goal, the amount raised and Active: the admins' (docs/roles.md; the server refuses an editor's change). */
function AdminOnlyFields({ form, editing }: Pick<RecordEditor<AdminCampaign, Values>, 'form' | 'editing'>) {
  return (
    <>
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
            hint={`Opening balance plus recorded gifts (${formatMoney(editing.giftsAmount, ADMIN_MONEY)}, counted from the donations). Change it only to correct the opening balance; record new gifts under Overview → Donations.`}
          />
        )}
      </div>
      {editing && (
        <CheckboxField
          form={form}
          name="isActive"
          label="Active"
          hint="Active campaigns are listed on the Donate page. Uncheck to end this campaign."
        />
      )}
    </>
  )
}

function AdminsFigures({ campaign }: { campaign: AdminCampaign }) {
  return (
    <div className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700" data-testid="admins-figures">
      <p>
        Goal {formatMoney(campaign.goalAmount, ADMIN_MONEY)} · raised {formatMoney(campaign.currentAmount, ADMIN_MONEY)} ·{' '}
        {campaign.isActive === 'false' ? 'ended' : 'active'}
      </p>
      <p className="mt-1 text-gray-600">Only an admin can change the goal, the amount raised or end the campaign.</p>
    </div>
  )
}

function CampaignCard({ campaign, editor }: { campaign: AdminCampaign; editor: RecordEditor<AdminCampaign, Values> }) {
  const progress = campaignProgress(campaign.currentAmount, campaign.goalAmount)
  const active = isFlagOn(campaign.isActive)
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
          <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
            {formatMoney(campaign.currentAmount, ADMIN_MONEY)} raised
          </span>
          <span className="whitespace-nowrap text-gray-600 tabular-nums">of {formatMoney(campaign.goalAmount, ADMIN_MONEY)}</span>
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
        {/* The raised figure, traced: what was raised before the records here, and what the recorded gifts add. */}
        <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm" aria-label={`How ${campaign.name}'s raised amount adds up`}>
          <dt className="text-gray-600">Opening balance</dt>
          <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums" data-testid="opening-balance">
            {formatMoney(campaign.baseAmount, ADMIN_MONEY)}
          </dd>
          <dt className="text-gray-600" title="Completed donations to this campaign less refunds: kept, as the Overview’s books count it">
            + Recorded gifts (kept)
          </dt>
          <dd className="text-right whitespace-nowrap text-gray-900 tabular-nums" data-testid="recorded-gifts">
            {formatMoney(campaign.giftsAmount, ADMIN_MONEY)}
          </dd>
        </dl>
        <RecordActions editor={editor} record={campaign} className="mt-4 flex justify-end gap-2 border-t border-gray-100 pt-3" />
      </div>
    </li>
  )
}

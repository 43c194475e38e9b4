import { useId, useState } from 'react'
import type { PaymentMethod } from '#shared/payments'
import { donationSchema } from '#shared/schemas'
import { EntityDialog } from '../components/EntityDialog'
import { FormField } from '#ui/form/fields.tsx'
import type { FieldErrors } from '#ui/lib/form.ts'
import { issuesToFieldErrors } from '#ui/lib/validate.ts'
import { KEYS } from '../lib/keys'
import { useClubToday } from '../lib/session'
import { useWholeList } from '../lib/list'
import type { AdminCampaign } from '#shared/api'
import { ReceiptsHeldNote } from './EmailStatusNotice'
import { sendAction } from './moneyActions'
import { PaymentMethodSelect } from './PaymentMethodSelect'

const EMPTY = {
  donorName: '',
  donorEmail: '',
  amount: '',
  paymentMethod: 'check' as PaymentMethod | '',
  campaignId: '',
  reference: '',
  // Until a day is typed: the club's today (useClubToday), read at each render, so it is right once the session says the zone.
  receivedAt: null as string | null,
  notes: '',
  received: true,
}

/** "Record a gift": a check, cash or Venmo gift handed to the club (POST /api/admin/donations). */
export function RecordGiftDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  // Every campaign, however many pages the list has.
  const campaigns = useWholeList<AdminCampaign>(open ? KEYS.campaigns : null)
  const today = useClubToday()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  const submit = async () => {
    const { received, ...fields } = values
    const body = { ...fields, receivedAt: fields.receivedAt ?? today, status: received ? 'completed' : 'pending' }
    const parsed = donationSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    setPending(true)
    const ok = await sendAction('POST', KEYS.donations, parsed.data, 'Gift recorded', 'Could not record the gift')
    setPending(false)
    if (ok) {
      setValues(EMPTY)
      onOpenChange(false)
    }
  }

  const text = (field: keyof typeof EMPTY, label: string, options: { type?: string; optional?: boolean; hint?: string } = {}) => (
    <FormField
      id={`${id}-${field}`}
      label={label}
      error={errors[field]}
      optional={options.optional}
      required={!options.optional}
      hint={options.hint}
    >
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          value={String((field === 'receivedAt' ? (values.receivedAt ?? today) : values[field]) ?? '')}
          onChange={set(field)}
        />
      )}
    </FormField>
  )

  return (
    <EntityDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record a Gift"
      description="A check, cash or Venmo gift handed to the club. It gets a receipt by email once it is completed and the club's legal name, EIN and mailing address are set."
      submitLabel="Record Gift"
      pendingLabel="Recording..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <ReceiptsHeldNote />
      {text('donorName', 'Donor name')}
      {text('donorEmail', 'Donor email', { type: 'email' })}
      {text('amount', 'Amount ($)', { hint: 'Dollars and cents, e.g. 250.00' })}
      <FormField id={`${id}-paymentMethod`} label="Payment method" error={errors.paymentMethod} required>
        {(props) => (
          <PaymentMethodSelect
            {...props}
            byHand
            value={values.paymentMethod}
            onChange={(m) => setValues((v) => ({ ...v, paymentMethod: m }))}
          />
        )}
      </FormField>
      <FormField id={`${id}-campaignId`} label="Campaign" error={errors.campaignId} optional>
        {(props) => (
          <select {...props} value={values.campaignId} onChange={set('campaignId')}>
            <option value="">General fund</option>
            {(campaigns.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('reference', 'Check number or Venmo transaction id', { optional: true })}
      {text('receivedAt', 'Date received', { type: 'date', optional: true })}
      {text('notes', 'Notes', { optional: true })}
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" checked={values.received} onChange={(e) => setValues((v) => ({ ...v, received: e.target.checked }))} />
        The money is in hand (completed); leave unticked for a pledge still to arrive (pending)
      </label>
    </EntityDialog>
  )
}

import { useId, useState } from 'react'
import { MONEY_MOVES, type MoneyStatus } from '#shared/payments'
import { EntityDialog } from '../components/EntityDialog'
import { FormField } from '../../../../ui/form/fields'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY } from '../lib/format'
import { sendAction } from './moneyActions'
import { STATUS_LABELS } from './types'
import { KEYS } from '../lib/keys'

export type MoneyRecordRef = { id: string; name: string; amount: string; status: MoneyStatus }

/** Moves a donation or sponsorship to one of the statuses its current one allows (shared/payments.ts MONEY_MOVES). */
export function StatusDialog({
  record: donation,
  kind,
  onClose,
}: {
  record: MoneyRecordRef | null
  kind: 'donations' | 'sponsorships'
  onClose: () => void
}) {
  const noun = kind === 'donations' ? 'Donation' : 'Sponsorship'
  const id = useId()
  const moves = donation ? MONEY_MOVES[donation.status] : []
  const [to, setTo] = useState<MoneyStatus | ''>('')
  const [refundedAmount, setRefundedAmount] = useState('')
  const [voidReason, setVoidReason] = useState('')
  const [pending, setPending] = useState(false)
  const target = to && moves.includes(to) ? to : (moves[0] ?? '')

  const submit = async () => {
    if (!donation || !target) return
    const body = {
      status: target,
      ...(target === 'partially_refunded' ? { refundedAmount } : {}),
      ...(target === 'void' ? { voidReason } : {}),
    }
    setPending(true)
    const ok = await sendAction(
      'PUT',
      `${KEYS[kind]}/${donation.id}`,
      body,
      `${noun} updated`,
      `Could not update the ${noun.toLowerCase()}`,
    )
    setPending(false)
    if (ok) {
      setTo('')
      setRefundedAmount('')
      setVoidReason('')
      onClose()
    }
  }

  return (
    <EntityDialog
      open={donation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Change ${noun} Status`}
      description={
        donation
          ? `${donation.name}, ${formatMoney(donation.amount, ADMIN_MONEY)}: now ${STATUS_LABELS[donation.status].toLowerCase()}.`
          : ''
      }
      submitLabel="Save Status"
      pendingLabel="Saving..."
      pending={pending}
      onSubmit={() => void submit()}
    >
      <FormField id={`${id}-status`} label="New status" required>
        {(props) => (
          <select {...props} value={target} onChange={(e) => setTo(e.target.value as MoneyStatus)}>
            {moves.map((m) => (
              <option key={m} value={m}>
                {STATUS_LABELS[m]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {target === 'partially_refunded' && (
        <FormField id={`${id}-refunded`} label="Refunded so far ($)" hint="The total refunded, less than the gift" required>
          {(props) => <input {...props} value={refundedAmount} onChange={(e) => setRefundedAmount(e.target.value)} />}
        </FormField>
      )}
      {target === 'void' && (
        <FormField id={`${id}-reason`} label="Reason" hint="Why this record does not count, e.g. entered twice" required>
          {(props) => <input {...props} value={voidReason} onChange={(e) => setVoidReason(e.target.value)} />}
        </FormField>
      )}
    </EntityDialog>
  )
}

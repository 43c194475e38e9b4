import { useId, useState } from 'react'
import {
  MONEY_MOVES,
  VOID_CATEGORIES,
  VOID_CATEGORY_LABELS,
  type MoneyStatus,
  type PaymentMethod,
  type VoidCategory,
} from '#shared/payments'
import { EntityDialog } from '../components/EntityDialog'
import { FormField } from '#ui/form/fields.tsx'
import { formatMoney } from '#shared/money'
import { ADMIN_MONEY } from '../lib/format'
import { sendAction } from './moneyActions'
import { PaymentMethodSelect } from './PaymentMethodSelect'
import { STATUS_LABELS } from './types'
import { KEYS } from '../lib/keys'
import { useClubToday } from '../lib/session'

export type MoneyRecordRef = { id: string; name: string; amount: string; status: MoneyStatus; paymentMethod: PaymentMethod | null }

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
  const [voidCategory, setVoidCategory] = useState<VoidCategory>('check_returned')
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('check')
  // A sponsorship's payment arrives by check, cash or another way handed over: its method is asked as it is marked completed.
  const asksMethod = kind === 'sponsorships' && !donation?.paymentMethod
  const [pending, setPending] = useState(false)
  const target = to && moves.includes(to) ? to : (moves[0] ?? '')
  // The club's day a refund was paid or a check bounced: today unless the treasurer records it late.
  const today = useClubToday()
  const [day, setDay] = useState<string | null>(null)
  const dated = target === 'refunded' || target === 'partially_refunded' ? 'refundedOn' : target === 'void' ? 'voidedOn' : null

  const submit = async () => {
    if (!donation || !target) return
    const body = {
      status: target,
      ...(target === 'partially_refunded' ? { refundedAmount } : {}),
      ...(target === 'void' ? { voidReason, voidCategory } : {}),
      ...(target === 'completed' && asksMethod ? { paymentMethod } : {}),
      // Sent only when the treasurer changed it: the server dates it today otherwise.
      ...(dated && day ? { [dated]: day } : {}),
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
      setDay(null)
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
      {target === 'completed' && asksMethod && (
        <FormField id={`${id}-method`} label="Paid by" required>
          {(props) => <PaymentMethodSelect {...props} byHand value={paymentMethod} onChange={(m) => m && setPaymentMethod(m)} />}
        </FormField>
      )}
      {target === 'partially_refunded' && (
        <FormField id={`${id}-refunded`} label="Refunded so far ($)" hint="The total refunded, less than the gift" required>
          {(props) => <input {...props} value={refundedAmount} onChange={(e) => setRefundedAmount(e.target.value)} />}
        </FormField>
      )}
      {target === 'void' && (
        <FormField
          id={`${id}-category`}
          label="Why it is void"
          hint="With a receipt sent, the donor is mailed a notice that withdraws it and says this"
          required
        >
          {(props) => (
            <select {...props} value={voidCategory} onChange={(e) => setVoidCategory(e.target.value as VoidCategory)}>
              {VOID_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {VOID_CATEGORY_LABELS[c].replace(/^the /, 'The ')}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {target === 'void' && (
        <FormField id={`${id}-reason`} label="Reason" hint="Why this record does not count, e.g. entered twice" required>
          {(props) => <input {...props} value={voidReason} onChange={(e) => setVoidReason(e.target.value)} />}
        </FormField>
      )}
      {dated && (
        <FormField
          id={`${id}-day`}
          label={dated === 'refundedOn' ? 'Day refunded' : 'Day it stopped counting'}
          hint={
            dated === 'refundedOn'
              ? 'The day the money went back; the books date the refund so'
              : 'The day the bank returned the check (or the day it was found void); the books date the void so'
          }
          required
        >
          {(props) => (
            <input {...props} type="date" max={today || undefined} value={day ?? today} onChange={(e) => setDay(e.target.value)} />
          )}
        </FormField>
      )}
    </EntityDialog>
  )
}

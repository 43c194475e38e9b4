import { useId } from 'react'
import { FormField } from '#ui/form/fields.tsx'

type Values = { method: string; receivedOn: string; checkNumber: string }

/**
 * Money paid in person (dues, a volunteer-hours buy-out): cash or a check, the club day received (never one not come
 * yet), and the check's number.
 */
export function PaidInPersonFields({
  values,
  set,
  today,
}: {
  values: Values
  set: (name: keyof Values) => (event: { target: { value: string } }) => void
  today: string
}) {
  const id = useId()
  return (
    <>
      <FormField id={`${id}-method`} label="Paid by" required>
        {(props) => (
          <select {...props} value={values.method} onChange={set('method')}>
            <option value="cash">Cash</option>
            <option value="check">Check</option>
          </select>
        )}
      </FormField>
      <FormField id={`${id}-day`} label="Received on" required>
        {(props) => <input {...props} type="date" value={values.receivedOn || today} max={today} onChange={set('receivedOn')} />}
      </FormField>
      {values.method === 'check' && (
        <FormField id={`${id}-check`} label="Check number" optional>
          {(props) => <input {...props} value={values.checkNumber} onChange={set('checkNumber')} />}
        </FormField>
      )}
    </>
  )
}

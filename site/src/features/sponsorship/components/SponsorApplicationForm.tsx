import { useState, type FormEvent } from 'react'
import type { SponsorApplicationInput } from '#shared/schemas'
import { Honeypot, honeypotValue } from '../../../components/ui/Honeypot'
import { toast } from '../../../components/ui/toast'
import { submitSponsorApplication } from '../api/submitSponsorApplication'
import { BUSINESS_TYPE_OPTIONS } from '#shared/businessTypes'
import type { SponsorPageTier } from '../tiers'

type Values = Omit<Record<keyof SponsorApplicationInput, string>, 'sponsorshipLevel'>
type FieldName = keyof Values

const EMPTY: Values = {
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  companyName: '',
  companyAddress: '',
  businessType: '',
  companyWebsite: '',
  companyTwitter: '',
  companyInstagram: '',
  notes: '',
}

const REQUIRED: FieldName[] = ['contactName', 'contactEmail', 'contactPhone', 'companyName', 'companyAddress', 'businessType']
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The same generic wording the server uses (SPEC §5). The server re-checks everything. */
function validate(values: Values): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {}
  for (const name of REQUIRED) if (!values[name].trim()) errors[name] = 'Required'
  if (!errors.contactEmail && !EMAIL.test(values.contactEmail.trim())) errors.contactEmail = 'Invalid email'
  return errors
}

export function SponsorApplicationForm({ tier, onSubmitted }: { tier: SponsorPageTier | null; onSubmitted: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [submitting, setSubmitting] = useState(false)

  const update = (name: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((v) => ({ ...v, [name]: value }))
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const form = event.currentTarget
    const found = validate(values)
    setErrors(found)
    if (!tier) {
      toast({
        title: 'Please select a sponsorship level',
        description: 'Click on one of the sponsorship tier cards above to select your preferred level.',
        variant: 'destructive',
      })
      return
    }
    const firstInvalid = REQUIRED.find((name) => found[name])
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }

    setSubmitting(true)
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as Values
      await submitSponsorApplication(
        {
          ...trimmed,
          businessType: trimmed.businessType as SponsorApplicationInput['businessType'],
          sponsorshipLevel: tier.id,
        },
        honeypotValue(form),
      )
      toast({
        title: 'Application Submitted!',
        description: 'Thank you for supporting the Lady Hawks! We will contact you soon to finalize your sponsorship.',
      })
      setValues(EMPTY)
      setErrors({})
      onSubmitted()
    } catch {
      toast({ title: 'Error', description: 'Failed to submit application. Please try again.', variant: 'destructive' })
    } finally {
      setSubmitting(false)
    }
  }

  const field = (name: FieldName, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const required = REQUIRED.includes(name)
    const error = errors[name]
    return (
      <div>
        <label htmlFor={`sponsor-${name}`} className="field-label">
          {label}
          {required ? <span aria-hidden="true" className="req"> *</span> : <span className="optional"> (optional)</span>}
        </label>
        <input
          id={`sponsor-${name}`}
          name={name}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `sponsor-${name}-error` : undefined}
          className="field"
          value={values[name]}
          onChange={update(name)}
          {...props}
        />
        {error && (
          <p id={`sponsor-${name}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative space-y-8" aria-labelledby="sponsor-form-title">
      <div className="amount-box">
        <label htmlFor="sponsorship-amount" className="field-label">
          Selected Sponsorship Level
        </label>
        <output id="sponsorship-amount" htmlFor="tier-bronze tier-silver tier-gold" className="mt-1 block text-lg" data-testid="selected-level">
          {tier ? (
            <>
              <span className="font-extrabold text-brand-900">{tier.name}</span>
              <span className="text-gray-600"> · </span>
              <span className="font-extrabold text-brand-800" data-testid="selected-amount">
                {tier.selectedPrice}
              </span>
            </>
          ) : (
            <span className="text-gray-700">Please select a sponsorship tier above</span>
          )}
        </output>
      </div>

      <fieldset className="space-y-5">
        <legend className="legend">Contact Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {field('contactName', 'Contact Name', { autoComplete: 'name' })}
          {field('contactEmail', 'Contact Email', { type: 'email', autoComplete: 'email' })}
          {field('contactPhone', 'Contact Phone', { type: 'tel', autoComplete: 'tel' })}
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="legend">Company Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {field('companyName', 'Company Name', { autoComplete: 'organization' })}
          <div>
            <label htmlFor="sponsor-businessType" className="field-label">
              Business Type<span aria-hidden="true" className="req"> *</span>
            </label>
            <select
              id="sponsor-businessType"
              name="businessType"
              required
              aria-invalid={errors.businessType ? true : undefined}
              aria-describedby={errors.businessType ? 'sponsor-businessType-error' : undefined}
              className="field"
              value={values.businessType}
              onChange={update('businessType')}
            >
              <option value="" disabled>
                Select business type
              </option>
              {BUSINESS_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {errors.businessType && (
              <p id="sponsor-businessType-error" className="field-error">
                {errors.businessType}
              </p>
            )}
          </div>
          <div className="sm:col-span-2">{field('companyAddress', 'Company Address', { autoComplete: 'street-address' })}</div>
          {field('companyWebsite', 'Website', { type: 'url', inputMode: 'url', placeholder: 'https://example.com' })}
          {field('companyTwitter', 'Twitter', { placeholder: '@yourbusiness' })}
          {field('companyInstagram', 'Instagram', { placeholder: '@yourbusiness' })}
        </div>
      </fieldset>

      <div>
        <label htmlFor="sponsor-notes" className="field-label">
          Notes<span className="optional"> (optional)</span>
        </label>
        <textarea
          id="sponsor-notes"
          name="notes"
          rows={4}
          className="field"
          placeholder="Anything we should know: preferred games, logo questions, invoicing…"
          value={values.notes}
          onChange={update('notes')}
        />
      </div>

      <Honeypot id="sponsor-hp" />
      <button type="submit" className="btn btn-gold w-full text-lg" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  )
}

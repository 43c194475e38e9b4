import type { FormEvent } from 'react'
import { BUSINESS_TYPE_OPTIONS } from '#shared/businessTypes'
import type { SponsorApplicationInput } from '#shared/schemas'
import { TextAreaField, TextField } from '#ui/form/fields.tsx'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { SelectField } from '#ui/form/SelectField.tsx'
import { Honeypot, honeypotValue } from '#site/components/ui/Honeypot.tsx'
import { renewSubmissionKey, SubmissionKey, submissionKeyValue } from '#site/components/ui/SubmissionKey.tsx'
import { toast } from '#ui/toast.tsx'
import { usePublicForm } from '#site/lib/postedForm.tsx'
import { loadedSchemas, loadSchemas, preloadSchemasOnUse } from '#site/lib/schemas.ts'
import { submitSponsorApplication } from '../api/submitSponsorApplication'
import { plainPrice } from '#shared/tiers'
import type { PublicTier } from '../tiers'

/** What the person types; the level comes from the tier cards. */
type Values = Omit<Record<keyof SponsorApplicationInput, string>, 'sponsorshipLevel'>

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

/** The spec's success text: a toast, or the notice of a plain post's answer. */
const SUBMITTED = {
  title: 'Application Submitted!',
  description: 'Thank you for supporting the Lady Hawks! We will contact you soon to finalize your sponsorship.',
}

/**
 * Checked with the server's own schema (shared/schemas.ts), so browser and
 * server agree on every rule; the server re-checks everything. Without a tier
 * the spec's toast asks for one and nothing is sent (e2e/public-sponsor.test.ts). Before or
 * without the page's code it is a plain form posting to /sponsor, the tier in a hidden field
 * (cms/site/forms.ts): the server's answer shows its notice here and keeps what was typed.
 */
export function SponsorApplicationForm({ tier, onSubmitted }: { tier: PublicTier | null; onSubmitted: () => void }) {
  const { form, answer, hideAnswer } = usePublicForm('sponsor', EMPTY)
  const levelError = tier ? undefined : form.errors.sponsorshipLevel

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (form.pending) return
    hideAnswer()
    const formElement = event.currentTarget
    const { sponsorApplicationSchema, validate } = loadedSchemas() ?? (await loadSchemas())
    const application = validate(form, sponsorApplicationSchema, { ...form.values, sponsorshipLevel: tier?.level })
    if (!tier) {
      toast({
        title: 'Please select a sponsorship level',
        description: 'Click on one of the sponsorship tier cards above to select your preferred level.',
        variant: 'destructive',
      })
      return
    }
    if (!application) return

    form.setPending(true)
    try {
      await submitSponsorApplication(application, honeypotValue(formElement), submissionKeyValue(formElement))
      toast(SUBMITTED)
      form.reset(EMPTY)
      renewSubmissionKey(formElement)
      onSubmitted()
    } catch {
      toast({ title: 'Error', description: 'Failed to submit application. Please try again.', variant: 'destructive' })
      form.setPending(false)
    }
  }

  return (
    <form
      method="post"
      action="/sponsor#sponsor-form-title"
      noValidate
      onSubmit={onSubmit}
      {...preloadSchemasOnUse}
      className="relative space-y-8"
      aria-labelledby="sponsor-form-title"
    >
      <FormNotice answer={answer} success={SUBMITTED} />
      <input type="hidden" name="sponsorshipLevel" value={tier?.level ?? ''} />
      <div className="amount-box">
        <label htmlFor="sponsorship-amount" className="field-label">
          Selected Sponsorship Level
        </label>
        <output
          id="sponsorship-amount"
          htmlFor="tier-bronze tier-silver tier-gold"
          className="mt-1 block text-lg"
          data-testid="selected-level"
          aria-describedby={levelError ? 'sponsorship-amount-error' : undefined}
        >
          {tier ? (
            <>
              <span className="font-extrabold text-brand-900">{tier.name}</span>
              <span className="text-gray-600"> · </span>
              <span className="font-extrabold text-brand-800" data-testid="selected-amount">
                {plainPrice(tier.amount)}
              </span>
            </>
          ) : (
            <span className="text-gray-700">Please select a sponsorship tier above</span>
          )}
        </output>
        {levelError && (
          <p id="sponsorship-amount-error" className="field-error">
            {levelError}
          </p>
        )}
      </div>

      <fieldset className="space-y-5">
        <legend className="legend">Contact Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="contactName" label="Contact Name" required autoComplete="name" />
          <TextField form={form} name="contactEmail" label="Contact Email" required type="email" autoComplete="email" />
          <TextField form={form} name="contactPhone" label="Contact Phone" required type="tel" autoComplete="tel" />
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="legend">Company Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField form={form} name="companyName" label="Company Name" required autoComplete="organization" />
          <SelectField
            form={form}
            name="businessType"
            label="Business Type"
            required
            options={BUSINESS_TYPE_OPTIONS}
            placeholder="Select business type"
          />
          <div className="sm:col-span-2">
            <TextField form={form} name="companyAddress" label="Company Address" required autoComplete="street-address" />
          </div>
          <TextField
            form={form}
            name="companyWebsite"
            label="Website"
            optional
            type="url"
            inputMode="url"
            placeholder="https://example.com"
          />
          <TextField form={form} name="companyTwitter" label="Twitter" optional placeholder="@yourbusiness" />
          <TextField form={form} name="companyInstagram" label="Instagram" optional placeholder="@yourbusiness" />
        </div>
      </fieldset>

      <TextAreaField
        form={form}
        name="notes"
        label="Notes"
        optional
        rows={4}
        placeholder="Anything we should know: preferred games, logo questions, invoicing…"
      />

      <Honeypot id="sponsor-hp" />

      <SubmissionKey />
      <button type="submit" className="btn btn-gold w-full text-lg" disabled={form.pending}>
        {form.pending ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  )
}

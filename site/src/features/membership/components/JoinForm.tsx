import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'wouter'
import { clubToday } from '#site/lib/config.ts'
import {
  duesAmount,
  joinFieldOf,
  joinRequestFrom,
  MAX_ATHLETES,
  type JoinFormValues,
  type JoinPrefill,
  type PublicLevel,
} from '#shared/membership'
import { formatMoney } from '#shared/money'
import { TextField } from '#ui/form/fields.tsx'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { toast } from '#ui/toast.tsx'
import { Honeypot, honeypotValue } from '#site/components/ui/Honeypot.tsx'
import { usePublicForm } from '#site/lib/postedForm.tsx'
import { loadedSchemas, loadSchemas, preloadSchemasOnUse } from '#site/lib/schemas.ts'
import { requestToJoin } from '../api/join'

const EMPTY: JoinFormValues = {
  levelId: '',
  householdName: '',
  adult1Name: '',
  adult1Email: '',
  adult2Name: '',
  adult2Email: '',
  athletes: '1',
}

/** The answer to every request, whatever the address: the link is in the first adult's mail. */
const SENT = {
  title: 'Check your email',
  description:
    'We sent the first adult a link to finish joining and pay. It works for 7 days. If your family is already a member this season, the mail says so instead.',
}

/**
 * The join form: a level, the adults (the first gets the mail), how many athletes (never their names). The price
 * shown is the same rule the server applies; the server alone decides it. Before or without the page's code it
 * posts to /join (cms/membership/pages.ts) and the answer shows here; with it, it posts JSON and says the same.
 */
export function JoinForm({ levels, prefill }: { levels: PublicLevel[]; prefill?: JoinPrefill }) {
  const start = {
    ...EMPTY,
    levelId: levels.some((l) => l.id === prefill?.level) ? prefill!.level! : levels.length === 1 ? levels[0].id : '',
    athletes: prefill?.athletes === undefined ? EMPTY.athletes : String(prefill.athletes),
  }
  const { form, answer, hideAnswer } = usePublicForm('join', start)
  const [sent, setSent] = useState(useSearchParams()[0].get('sent') === 'join')
  const level = levels.find((l) => l.id === form.values.levelId)
  const athletes = Number(form.values.athletes)
  const today =
    level && Number.isInteger(athletes) && athletes >= 0 && athletes <= MAX_ATHLETES ? duesAmount(level, athletes, clubToday()) : null

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (form.pending) return
    hideAnswer()
    setSent(false)
    const formElement = event.currentTarget
    const { membershipJoinSchema, validate } = loadedSchemas() ?? (await loadSchemas())
    const request = validate(form, membershipJoinSchema, joinRequestFrom(form.values), joinFieldOf)
    if (!request) return
    form.setPending(true)
    try {
      await requestToJoin(request, honeypotValue(formElement))
      form.reset(start)
      setSent(true)
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message.replace(/^\d+: /, '') : 'Please try again.',
        variant: 'destructive',
      })
      form.setPending(false)
    }
  }

  return (
    <form
      method="post"
      action="/join#join-form"
      noValidate
      onSubmit={onSubmit}
      {...preloadSchemasOnUse}
      className="form"
      aria-labelledby="join-form"
    >
      <FormNotice answer={sent ? { kind: 'success' } : answer?.kind === 'error' ? answer : null} success={SENT} />
      <fieldset aria-describedby={form.errors.levelId ? 'level-error' : undefined}>
        <legend className="field-label">
          Membership level <span className="req">*</span>
        </legend>
        <div className="mt-2 space-y-2">
          {levels.map((l) => (
            <label key={l.id} className="flex min-h-11 items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-2">
              <input
                type="radio"
                name="levelId"
                value={l.id}
                checked={form.values.levelId === l.id}
                onChange={() => form.setValue('levelId', l.id)}
                className="size-5"
              />
              <span>
                <span className="font-bold">{l.name}</span> · {formatMoney(l.priceToday)} per household
              </span>
            </label>
          ))}
        </div>
        {form.errors.levelId && (
          <p id="level-error" className="field-error">
            {form.errors.levelId}
          </p>
        )}
      </fieldset>
      <TextField
        form={form}
        name="athletes"
        label="Athletes in your family"
        required
        type="number"
        min={0}
        max={MAX_ATHLETES}
        inputMode="numeric"
        hint="How many of your children play in the program. We never ask their names here: the club links its players to your family."
      />
      <TextField
        form={form}
        name="householdName"
        label="Family name"
        optional
        hint="As the club should call you, e.g. “The Rivera family”."
        autoComplete="off"
      />
      <div className="form-grid">
        <TextField form={form} name="adult1Name" label="Your name" required autoComplete="name" />
        <TextField
          form={form}
          name="adult1Email"
          label="Your email"
          required
          type="email"
          autoComplete="email"
          hint="Your link arrives here."
        />
      </div>
      <div className="form-grid">
        <TextField form={form} name="adult2Name" label="Another adult’s name" optional autoComplete="off" />
        <TextField form={form} name="adult2Email" label="Their email" optional type="email" autoComplete="off" />
      </div>
      {today && (
        <p className="amount-box" aria-live="polite" data-testid="dues-today">
          Your dues today: <span className="font-extrabold text-brand-900">{formatMoney(today)}</span>
        </p>
      )}
      <Honeypot id="join-hp" />
      <button type="submit" className="btn btn-primary max-sm:w-full" disabled={form.pending}>
        {form.pending ? 'Sending...' : 'Send my link'}
      </button>
    </form>
  )
}

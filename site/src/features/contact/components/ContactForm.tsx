import type { FormEvent } from 'react'
import { TextAreaField, TextField } from '#ui/form/fields.tsx'
import { FormNotice } from '#ui/form/FormNotice.tsx'
import { Honeypot, honeypotValue } from '#site/components/ui/Honeypot.tsx'
import { renewSubmissionKey, SubmissionKey, submissionKeyValue } from '#site/components/ui/SubmissionKey.tsx'
import { toast } from '#ui/toast.tsx'
import { usePublicForm } from '#site/lib/postedForm.tsx'
import { loadedSchemas, loadSchemas, preloadSchemasOnUse } from '#site/lib/schemas.ts'
import { sendContactMessage } from '../api/sendContactMessage'

const EMPTY = { name: '', email: '', message: '' }
/** The spec's success text: a toast, or the notice of a plain post's answer. */
const SENT = { title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you soon." }

const failed = () =>
  toast({ title: 'Error', description: 'There was an issue sending your message. Please try again.', variant: 'destructive' })

/**
 * Checked with the server's own schema (shared/schemas.ts); noValidate keeps
 * the browser's bubbles from pre-empting the toasts. An empty field says
 * Missing Information, any other refusal is a failure like the server's;
 * "Sending..." while pending; cleared on success, kept on failure
 * (e2e/public-home.test.ts "contact form"). Before or without the page's code it is a
 * plain form posting to / (cms/site/forms.ts): the server's answer shows its notice here
 * and keeps what was typed (e2e/public-nojs.test.ts).
 */
export function ContactForm() {
  const { form, answer, hideAnswer } = usePublicForm('contact', EMPTY)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (form.pending) return
    hideAnswer()
    const formElement = event.currentTarget
    const { contactSchema, validate } = loadedSchemas() ?? (await loadSchemas())
    const message = validate(form, contactSchema, form.values)
    if (!message) {
      const missing = Object.values(form.values).some((value) => value.trim() === '')
      if (missing) toast({ title: 'Missing Information', description: 'Please fill out all fields.', variant: 'destructive' })
      else failed()
      return
    }
    form.setPending(true)
    try {
      await sendContactMessage(message, honeypotValue(formElement), submissionKeyValue(formElement))
      toast(SENT)
      form.reset(EMPTY)
      renewSubmissionKey(formElement)
    } catch {
      failed()
      form.setPending(false)
    }
  }

  return (
    <form
      method="post"
      action="/#contact"
      noValidate
      onSubmit={onSubmit}
      {...preloadSchemasOnUse}
      className="form"
      aria-label="Contact form"
    >
      <FormNotice answer={answer} success={SENT} />
      <div className="form-grid">
        <TextField form={form} name="name" label="Name" required autoComplete="name" />
        <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
      </div>
      <TextAreaField form={form} name="message" label="Message" required rows={5} />
      <Honeypot id="contact-hp" />
      <SubmissionKey />
      <button type="submit" className="btn btn-primary max-sm:w-full" disabled={form.pending}>
        {form.pending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}

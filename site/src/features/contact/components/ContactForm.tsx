import { useState, type FormEvent } from 'react'
import { Honeypot, honeypotValue } from '../../../components/ui/Honeypot'
import { toast } from '../../../components/ui/toast'
import { sendContactMessage } from '../api/sendContactMessage'

const EMPTY = { name: '', email: '', message: '' }
type Key = keyof typeof EMPTY

/**
 * SPEC §4/§5/§8: every field required, checked here (noValidate keeps the
 * browser's own bubbles from pre-empting the toast); "Sending..." while
 * pending; cleared on success, kept on failure.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY)
  const [sending, setSending] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const payload = { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() }
    if (!payload.name || !payload.email || !payload.message) {
      toast({ title: 'Missing Information', description: 'Please fill out all fields.', variant: 'destructive' })
      return
    }
    setSending(true)
    try {
      await sendContactMessage(payload, honeypotValue(event.currentTarget))
      toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you soon." })
      setValues(EMPTY)
    } catch {
      toast({ title: 'Error', description: 'There was an issue sending your message. Please try again.', variant: 'destructive' })
    } finally {
      setSending(false)
    }
  }

  const props = (key: Key) => ({
    id: `contact-${key}`,
    name: key,
    required: true,
    className: 'field',
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  })
  const label = (key: Key, text: string) => (
    <label htmlFor={`contact-${key}`} className="field-label">
      {text} <span aria-hidden="true" className="req">*</span>
    </label>
  )

  return (
    <form noValidate onSubmit={onSubmit} className="form" aria-label="Contact form">
      <div className="form-grid">
        <div>
          {label('name', 'Name')}
          <input autoComplete="name" {...props('name')} />
        </div>
        <div>
          {label('email', 'Email')}
          <input type="email" autoComplete="email" {...props('email')} />
        </div>
      </div>
      <div>
        {label('message', 'Message')}
        <textarea rows={5} {...props('message')} />
      </div>
      <Honeypot id="contact-hp" />
      <button type="submit" className="btn btn-primary max-sm:w-full" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}

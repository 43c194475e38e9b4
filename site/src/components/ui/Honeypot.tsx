import { HONEYPOT_FIELD } from '#shared/honeypot'

/**
 * The field people never see (HONEYPOT_FIELD): bots that fill every input
 * fill it too, and the server refuses their post. Off-screen rather than
 * display:none (which bots skip), hidden from assistive technology and out
 * of the tab order.
 */

export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/** The trap's value from a submitted form ("" for people). */
export function honeypotValue(form: HTMLFormElement): string {
  const value = new FormData(form).get(HONEYPOT_FIELD)
  return typeof value === 'string' ? value : ''
}

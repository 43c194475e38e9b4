/** The field beside a form's own that names this fill of the form (SECURITY.md §5, cms/inbox/duplicates.ts). */
export const SUBMISSION_KEY_FIELD = 'submissionKey'

/** 128 random bits as hex: getRandomValues works on plain http too, where randomUUID does not. */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * A hidden key for this fill of the form: a double tap or a retry sends the same key, and the server
 * stores the submit once. Made in the browser when the form mounts (the page's HTML is cached and
 * shared, so it cannot carry one); a form posted without it is recognised by its sender and words.
 */
export function SubmissionKey() {
  return (
    <input
      type="hidden"
      name={SUBMISSION_KEY_FIELD}
      defaultValue=""
      ref={(input) => {
        if (input && !input.value) input.value = newKey()
      }}
    />
  )
}

/** This fill's key, as the JSON post sends it. */
export function submissionKeyValue(form: HTMLFormElement): string {
  const value = new FormData(form).get(SUBMISSION_KEY_FIELD)
  return typeof value === 'string' ? value : ''
}

/** After a success: the next message typed in this form is a new submit. */
export function renewSubmissionKey(form: HTMLFormElement) {
  const input = form.elements.namedItem(SUBMISSION_KEY_FIELD)
  if (input instanceof HTMLInputElement) input.value = newKey()
}

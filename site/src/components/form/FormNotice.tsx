/**
 * What the server said about a form posted without JavaScript (cms/site/forms.ts), above the form:
 * the spec's success text, or why it was refused. With JavaScript the same words come as toasts.
 */
export function FormNotice({ kind, title, description }: { kind: 'success' | 'error'; title: string; description: string }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`form-notice ${kind}`} data-testid={`form-notice-${kind}`}>
      <p className="font-bold">{title}</p>
      <p>{description}</p>
    </div>
  )
}

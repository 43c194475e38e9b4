/**
 * What the server said about a form posted without JavaScript (cms/site/forms.ts), above the form:
 * the spec's success text (`success`), or why it was refused. With JavaScript the same words come as toasts.
 */
export function FormNotice({
  answer,
  success,
}: {
  answer: { kind: 'success' } | { kind: 'error'; title: string; description: string } | null
  success: { title: string; description: string }
}) {
  if (!answer) return null
  const { title, description } = answer.kind === 'error' ? answer : success
  return (
    <div
      role={answer.kind === 'error' ? 'alert' : 'status'}
      className={`form-notice ${answer.kind}`}
      data-testid={`form-notice-${answer.kind}`}
    >
      <p className="font-bold">{title}</p>
      <p>{description}</p>
    </div>
  )
}

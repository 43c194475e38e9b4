import { createContext, use, useState, type ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import { SENT_PARAM, type PostedForm, type PublicFormId } from '#shared/publicPages'
import { useForm } from '#ui/lib/form.ts'

/**
 * A public form the server refused after a plain post (cms/site/forms.ts), as the server
 * rendered it: the same values and errors here, so hydration matches and nothing typed is lost.
 */
const PostedFormContext = createContext<PostedForm | undefined>(undefined)

export function PostedFormProvider({ posted, children }: { posted?: PostedForm; children: ReactNode }) {
  return <PostedFormContext value={posted}>{children}</PostedFormContext>
}

/** The refused post of this form, if the page is its answer. */
export function usePostedForm(form: PublicFormId): PostedForm | undefined {
  const posted = use(PostedFormContext)
  return posted?.form === form ? posted : undefined
}

/**
 * A public form's state (lib/form.ts), starting from the server's answer to a plain post when the
 * page is one: what was refused (values, errors and why), or whether it was received (303 to
 * ?sent=<form>). `answer` is that notice, until the page's code sends the form again (`hideAnswer`).
 */
export function usePublicForm<V extends Record<string, string>>(id: PublicFormId, empty: V) {
  const posted = usePostedForm(id)
  const sent = useSearchParams()[0].get(SENT_PARAM) === id
  const form = useForm(
    posted ? (Object.fromEntries(Object.keys(empty).map((key) => [key, posted.values[key] ?? ''])) as V) : empty,
    posted?.errors,
  )
  const [answered, setAnswered] = useState(Boolean(posted) || sent)
  const answer = !answered ? null : posted ? { kind: 'error' as const, ...posted.notice } : { kind: 'success' as const }
  return { form, answer, hideAnswer: () => setAnswered(false) }
}

import { createContext, use, type ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import { SENT_PARAM, type PostedForm, type PublicFormId } from '#shared/publicPages'

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

/** Whether the page is the answer to a successful plain post of this form (303 to ?sent=<form>). */
export function useSentForm(form: PublicFormId): boolean {
  return useSearchParams()[0].get(SENT_PARAM) === form
}

/** The values the form starts with: as refused by the server, or empty. */
export function initialValues<V extends Record<string, string>>(empty: V, posted: PostedForm | undefined): V {
  if (!posted) return empty
  return Object.fromEntries(Object.keys(empty).map((key) => [key, posted.values[key] ?? ''])) as V
}

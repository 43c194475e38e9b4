import type { z } from 'zod'
import { apiRequest } from '#ui/lib/api.ts'
import { applyServerError, errorMessage } from './errors'
import { toast } from '#ui/toast.tsx'
import type { FormApi, FormValues } from '#ui/lib/form.ts'
import { validate } from '#ui/lib/validate.ts'
import { refetchList } from './list'
import { recheckSessionOn401 } from './session'

type Method = 'POST' | 'PUT'

/**
 * Validate → send → toast → refetch the list (after every successful create,
 * update or delete the matching list is refetched: e2e/admin-records.test.ts). On failure the
 * dialog stays open with what was typed, and a 400's issues land on the fields.
 */
export async function submitRecord<S extends z.ZodType, V extends FormValues>(options: {
  form: FormApi<V>
  schema: S
  payload: unknown
  method: Method
  path: string
  listKey: string
  success: string
  failure: string
  onSuccess?: () => void
}): Promise<boolean> {
  const { form } = options
  const data = validate(form, options.schema, options.payload)
  if (data === null) return false
  form.setPending(true)
  try {
    await apiRequest(options.method, options.path, data)
  } catch (error) {
    form.setPending(false)
    applyServerError(form, error)
    toast({ title: options.failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  form.setPending(false)
  toast({ title: options.success })
  options.onSuccess?.()
  refetchList(options.listKey)
  return true
}

export async function deleteRecord(options: { path: string; listKey: string; success: string; failure: string }): Promise<boolean> {
  try {
    await apiRequest('DELETE', options.path)
  } catch (error) {
    toast({ title: options.failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  toast({ title: options.success })
  refetchList(options.listKey)
  return true
}

/**
 * Sends one action (no form), toasts the outcome (`success` may word it from the server's answer: what it did, not
 * what was hoped), then refetches what it changed (`refresh`); false when it failed.
 */
export async function sendChange<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  words: { success: string | ((answer: T) => string); failure: string },
  refresh: () => void,
): Promise<boolean> {
  let answer: T
  try {
    answer = await apiRequest<T>(method, path, body)
  } catch (error) {
    toast({ title: words.failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  toast({ title: typeof words.success === 'function' ? words.success(answer) : words.success })
  refresh()
  return true
}

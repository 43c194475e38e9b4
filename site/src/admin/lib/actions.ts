import { mutate } from 'swr'
import type { z } from 'zod'
import { apiRequest, errorMessage } from '../../lib/api'
import { toast } from '../../components/ui/toast'
import type { FormApi, FormValues } from '../../lib/form'
import { recheckSessionOn401 } from './session'

type Method = 'POST' | 'PUT'

/**
 * Validate → send → toast → refetch the list (SPEC §4: after every successful
 * create, update or delete the matching list is refetched). On failure the
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
  const data = form.validate(options.schema, options.payload)
  if (data === null) return false
  form.setPending(true)
  try {
    await apiRequest(options.method, options.path, data)
  } catch (error) {
    form.setPending(false)
    form.applyServerError(error)
    toast({ title: options.failure, description: errorMessage(error), variant: 'destructive' })
    recheckSessionOn401(error)
    return false
  }
  form.setPending(false)
  toast({ title: options.success })
  options.onSuccess?.()
  void mutate(options.listKey)
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
  void mutate(options.listKey)
  return true
}

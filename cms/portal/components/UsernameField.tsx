import { TextField } from '#ui/form/fields.tsx'
import type { FormApi, FormValues } from '#ui/lib/form.ts'

/** The admin username box of login and first-time setup: typed as is, no capitals or spelling help. */
export function UsernameField<V extends FormValues & { username: string }>({ form, hint }: { form: FormApi<V>; hint?: string }) {
  return (
    <TextField
      form={form}
      name="username"
      label="Username"
      required
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint={hint}
    />
  )
}

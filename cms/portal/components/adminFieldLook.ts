import type { FieldLookStyle } from '#ui/form/fields.tsx'

/** The admin's compact fields (set with <FieldLook> around every admin form). */
export const ADMIN_FIELD_LOOK: FieldLookStyle = {
  field: 'grid gap-1.5',
  label: 'text-sm font-medium text-gray-800',
  control:
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
    'aria-[invalid=true]:border-red-600 border-gray-300',
  hint: 'text-xs text-gray-600',
  error: 'text-sm font-medium text-red-700',
  optional: 'font-normal text-gray-600',
  requiredMark: false,
}

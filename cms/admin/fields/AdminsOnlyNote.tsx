'use client'
import { useAuth, useFormFields } from '@payloadcms/ui'
import { ADMIN_WRITE_SECTIONS } from '#shared/siteContent'

/**
 * On a site text an editor may read but not change (the giving platform's address, cms/content/collections/SiteContent.ts):
 * why its box is read-only, in words. Nothing for an admin or any other text.
 */
export function AdminsOnlyNote() {
  const { user } = useAuth()
  const section = useFormFields(([fields]) => String(fields.section?.value ?? ''))
  if ((user as { role?: string } | null)?.role === 'admin' || !Object.hasOwn(ADMIN_WRITE_SECTIONS, section)) return null
  return (
    <p className="field-description" data-testid="admins-only-note">
      {ADMIN_WRITE_SECTIONS[section]}
    </p>
  )
}

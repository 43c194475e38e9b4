'use client'
import { useDocumentInfo, useField } from '@payloadcms/ui'
import { useEffect, useId, useState } from 'react'
import { CONTENT_SECTIONS, siteTextLabel } from '#shared/siteContent'

/** Every text the site shows, as the portal's Content tab names them (shared/siteContent.ts). */
const KNOWN = CONTENT_SECTIONS.flatMap((s) =>
  s.fields.map((f) => ({ id: `${s.section}/${f.key}`, section: s.section, key: f.key, label: siteTextLabel(s.section, f.key) })),
)

/**
 * "Create New" in Site texts: the volunteer picks which text (for example "Coach · Photo URL")
 * and the section and key are filled in, so nobody types an internal key. Texts already saved
 * are left out (they are in the list). Only on a new entry; a UI field, nothing stored.
 */
export function SiteTextPicker() {
  const { id } = useDocumentInfo()
  const section = useField<string>({ path: 'section' })
  const key = useField<string>({ path: 'key' })
  const [taken, setTaken] = useState<Set<string>>(new Set())
  const selectId = useId()

  useEffect(() => {
    if (id) return
    // Same origin, the editor's own session: Payload's REST answers only staff (cms/content/collections/SiteContent.ts).
    void fetch('/cms-api/site-content?pagination=false&depth=0', { credentials: 'include' })
      .then((res) => (res.ok ? (res.json() as Promise<{ docs: Array<{ section: string; key: string }> }>) : { docs: [] }))
      .then(({ docs }) => setTaken(new Set(docs.map((d) => `${d.section}/${d.key}`))))
      .catch(() => undefined)
  }, [id])

  if (id) return null
  const current = `${section.value ?? ''}/${key.value ?? ''}`
  return (
    <div className="field-type select">
      <label className="field-label" htmlFor={selectId}>
        Which text
      </label>
      <select
        id={selectId}
        value={KNOWN.some((k) => k.id === current) ? current : ''}
        onChange={(event) => {
          const picked = KNOWN.find((k) => k.id === event.target.value)
          section.setValue(picked?.section ?? '')
          key.setValue(picked?.key ?? '')
        }}
        style={{ minHeight: 44, width: '100%' }}
      >
        <option value="">Choose a text…</option>
        {KNOWN.filter((k) => !taken.has(k.id)).map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
      <div className="field-description">Sets the section and key below. Texts already saved are in the list of Site texts.</div>
    </div>
  )
}

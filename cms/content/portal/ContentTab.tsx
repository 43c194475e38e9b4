import { useEffect, type FormEvent } from 'react'
import { siteContentSchema } from '#shared/schemas'
import { ADMIN_ONLY_SECTIONS, ADMIN_WRITE_SECTIONS, CONTENT_SECTIONS, type ContentField } from '#shared/siteContent'
import { toast } from '#ui/toast.tsx'
import { Button } from '#portal/components/Button.tsx'
import { PhotoUpload } from '#portal/components/PhotoUpload.tsx'
import { FieldLook, TextAreaField, TextField } from '#ui/form/fields.tsx'
import { ADMIN_FIELD_LOOK } from '#portal/components/adminFieldLook.ts'
import { ListState, SectionHeader } from '#portal/components/States.tsx'
import { submitRecord } from '#portal/lib/actions.ts'
import { contentPreview } from '#portal/lib/format.ts'
import { useForm } from '#ui/lib/form.ts'
import { KEYS } from '#portal/lib/keys.ts'
import { refetchList, useWholeList } from '#portal/lib/list.ts'
import { useIsAdmin } from '#portal/lib/session.ts'
import { useUnsaved } from '#portal/lib/unsaved.ts'
import type { SiteContentEntry } from '#shared/api'
import { HistoryDialog } from '#portal/components/HistoryDialog.tsx'

type FieldSpec = ContentField

export function ContentTab() {
  // Every entry, however many pages the list has: each field shows its stored value.
  const { data, error, isLoading, mutate } = useWholeList<SiteContentEntry>(KEYS.content)
  // The club's legal name, EIN and address are the admins' (docs/roles.md): not offered to editors.
  const isAdmin = useIsAdmin()
  const sections = CONTENT_SECTIONS.filter((s) => isAdmin || !ADMIN_ONLY_SECTIONS.includes(s.section))

  return (
    <section aria-labelledby="content-title">
      <SectionHeader id="content-title" title="Content" description="Text shown on the public site. Each field saves on its own." />
      <FieldLook look={ADMIN_FIELD_LOOK}>
        <ListState
          what="site content"
          // The fields are fixed, so an empty list still shows every field (with no current value).
          data={data ? [data] : undefined}
          error={error}
          isLoading={isLoading}
          retry={() => void mutate()}
          empty={null}
        >
          {([entries]) => (
            <div className="grid gap-6 lg:grid-cols-2">
              {sections.map((s) => (
                <section
                  key={s.section}
                  aria-labelledby={`content-${s.section}-title`}
                  className="min-w-0 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
                >
                  <h3 id={`content-${s.section}-title`} className="mb-4 text-lg font-semibold text-gray-900">
                    {s.title}
                  </h3>
                  <div className="grid gap-5">
                    {s.fields.map((f) => {
                      const current = entries.find((e) => e.section === s.section && e.key === f.key)?.value ?? ''
                      // The money settings among the texts: an editor reads them, and is told who changes them and why.
                      const readOnly = !isAdmin && Object.hasOwn(ADMIN_WRITE_SECTIONS, s.section) ? ADMIN_WRITE_SECTIONS[s.section] : null
                      return readOnly ? (
                        <ReadOnlyText key={f.key} label={f.label} current={current} reason={readOnly} />
                      ) : (
                        <ContentField
                          key={f.key}
                          section={s.section}
                          sectionTitle={s.title}
                          field={f}
                          current={current}
                          entryId={entries.find((e) => e.section === s.section && e.key === f.key)?.id}
                        />
                      )
                    })}
                  </div>
                </section>
              ))}
              <WebsiteSettings />
            </div>
          )}
        </ListState>
      </FieldLook>
    </section>
  )
}

function ContentField({
  section,
  sectionTitle,
  field,
  current,
  entryId,
}: {
  section: string
  sectionTitle: string
  field: FieldSpec
  current: string
  /** The stored text's id, once saved: its History (who changed it, when, Restore). */
  entryId?: string
}) {
  const form = useForm({ value: current })
  const { reset } = form
  useUnsaved(form.dirty)

  // A saved (or refetched) value becomes the new starting point of the field.
  useEffect(() => {
    reset({ value: current })
  }, [current, reset])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.pending) return
    void submitRecord({
      form,
      schema: siteContentSchema,
      payload: { section, key: field.key, value: form.values.value },
      method: 'PUT',
      path: KEYS.content,
      listKey: KEYS.content,
      success: 'Content updated successfully',
      failure: 'Error updating content',
      // The organization's details decide whether receipts are held: every screen that says so updates now.
      onSuccess: () => refetchList(KEYS.emailStatus),
    })
  }

  const Field = field.multiline ? TextAreaField : TextField
  const preview = contentPreview(current)
  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-2" data-content-key={`${section}/${field.key}`}>
      <Field form={form} name="value" label={field.label} srPrefix={sectionTitle} rows={field.multiline ? 3 : undefined} />
      {/* The coach's photo is uploaded here too (its URL fills the box), so nobody looks for it in Payload (docs/roles.md). */}
      {field.key === 'photo' && (
        <PhotoUpload
          label="Upload a photo"
          srPrefix={sectionTitle}
          alt={`${sectionTitle} photo`}
          size="thumbnail"
          current={form.values.value}
          onUploaded={({ url }) => form.setValue('value', url)}
        />
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 flex-1 text-xs text-gray-600" data-testid="content-current">
          Current: {preview ? preview : <em>not set{field.fallback ? ' (the site shows its built-in text)' : ''}</em>}
          {form.dirty && (
            // Said beside the field, so nobody leaves believing it was saved (each field saves on its own).
            <strong className="mt-1 block font-semibold text-amber-800" data-testid="content-unsaved">
              Not saved yet: press Update to save it.
            </strong>
          )}
        </p>
        {entryId && (
          <HistoryDialog
            collection="site-content"
            id={entryId}
            name={`${sectionTitle} ${field.label.toLowerCase()}`}
            listKey={KEYS.content}
          />
        )}
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          disabled={form.pending}
          aria-label={`Update ${sectionTitle} ${field.label.toLowerCase()}`}
        >
          {form.pending ? 'Updating...' : 'Update'}
        </Button>
      </div>
    </form>
  )
}

/** A text an editor may read but not change (the giving platform's address), with the reason in words. */
function ReadOnlyText({ label, current, reason }: { label: string; current: string; reason: string }) {
  const preview = contentPreview(current)
  return (
    <div className="grid gap-1" data-testid="content-read-only">
      <p className="text-sm font-medium text-gray-800">{label}</p>
      <p className="text-sm text-gray-900 wrap-anywhere">{preview || <em>not set</em>}</p>
      <p className="text-xs text-gray-700">{reason}</p>
    </div>
  )
}

/**
 * Website Settings (e2e/admin-overview.test.ts): the inputs and buttons exist, but the product
 * has no call that stores them; the buttons are deliberately NOT wired to any
 * API. They say so instead of pretending to save.
 */
function WebsiteSettings() {
  const form = useForm({ colors: '', facebook: '', instagram: '', twitter: '' })
  const notSaved = () => toast({ title: 'Coming soon', description: 'Website settings cannot be saved yet. Nothing was changed.' })

  return (
    <section aria-labelledby="website-settings-title" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h3 id="website-settings-title" className="text-lg font-semibold text-gray-900">
        Website Settings
      </h3>
      <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">Coming soon: these settings are not saved yet.</p>
      <div className="mt-4 grid gap-4">
        <TextField form={form} name="colors" label="School Colors" placeholder="Green and gold" />
        <div>
          <Button variant="secondary" size="sm" onClick={notSaved}>
            Update Colors
          </Button>
        </div>
        <TextField form={form} name="facebook" label="Facebook" placeholder="https://facebook.com/…" />
        <TextField form={form} name="instagram" label="Instagram" placeholder="https://instagram.com/…" />
        <TextField form={form} name="twitter" label="Twitter" placeholder="https://twitter.com/…" />
        <div>
          <Button variant="secondary" size="sm" onClick={notSaved}>
            Update Social Links
          </Button>
        </div>
      </div>
    </section>
  )
}

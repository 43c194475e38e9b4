import { useId, useState, type ChangeEvent } from 'react'
import { FormField } from '#ui/form/fields.tsx'
import { errorMessage } from '../lib/errors'
import { recheckSessionOn401 } from '../lib/session'
import { uploadPhoto } from '../lib/upload'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '#shared/photos'

/**
 * A photo chosen from the computer, uploaded at once to Payload's media collection; `onUploaded`
 * puts it in the record being edited, which the record's own Save/Update then stores. One upload
 * box for the portal (the Team dialog, the coach in the Content tab: docs/roles.md).
 */
export function PhotoUpload({
  label,
  alt,
  size,
  current,
  srPrefix,
  onUploaded,
}: {
  label: string
  /** The photo's alt text in the media collection, with the name as the site shows it, e.g. "Photo of Maya D.". */
  alt: string
  size: 'card' | 'thumbnail'
  /** The URL the record has now (shown small), or ''. */
  current: string
  srPrefix?: string
  onUploaded: (photo: { id: string; url: string }) => void
}) {
  const id = useId()
  const [state, setState] = useState<{ pending: boolean; sent?: number; error?: string; done?: boolean }>({ pending: false })

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setState({ pending: true, sent: 0 })
    try {
      onUploaded(await uploadPhoto(file, alt, size, (sent) => setState({ pending: true, sent })))
      setState({ pending: false, done: true })
    } catch (error) {
      recheckSessionOn401(error)
      setState({ pending: false, error: errorMessage(error) })
    }
    // The same file may be chosen again after a failure.
    input.value = ''
  }

  return (
    <div className="grid gap-1">
      <FormField
        id={id}
        label={label}
        srPrefix={srPrefix}
        optional
        hint={`JPEG, PNG or WebP up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB, straight from a phone is fine. It is uploaded when chosen and shown once you save.`}
        error={state.error}
      >
        {(props) => (
          <div className="flex items-center gap-3">
            {current ? <img src={current} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full object-cover" /> : null}
            <input
              {...props}
              type="file"
              accept={PHOTO_TYPES.join(',')}
              disabled={state.pending}
              onChange={(e) => void choose(e)}
              className="block w-full text-sm text-gray-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-gray-900"
            />
          </div>
        )}
      </FormField>
      {state.pending && (
        <progress className="h-2 w-full accent-brand-700" max={1} value={state.sent ?? 0} aria-label="Upload progress">
          {Math.round((state.sent ?? 0) * 100)}%
        </progress>
      )}
      <p role="status" className="text-xs text-gray-700">
        {state.pending
          ? `Uploading... ${Math.round((state.sent ?? 0) * 100)}%`
          : state.done
            ? 'Photo uploaded. Save to show it on the site.'
            : ''}
      </p>
    </div>
  )
}

import { useEffect, useId, useState } from 'react'
import type { AdminSponsorship } from '#shared/api'
import type { PaymentMethod } from '#shared/payments'
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '#shared/photos'
import { withScheme } from '#shared/schemas'
import { FormField } from '#ui/form/fields.tsx'
import { EntityDialog } from '../components/EntityDialog'
import { errorMessage } from '../lib/errors'
import { KEYS } from '../lib/keys'
import { recheckSessionOn401 } from '../lib/session'
import { uploadPhoto } from '../lib/upload'
import { sendAction } from './moneyActions'
import { PaymentMethodSelect } from './PaymentMethodSelect'

/**
 * A sponsor's logo from its row (docs/roles.md): the file, its description for screen readers (the company's name
 * and "logo", as the wall reads it), the website it links to, and, for a pledge whose payment has arrived, marking it
 * paid in the same save: the wall on the home page shows paid sponsorships. Approve, Add logo, choose the file, tick
 * "paid", Save: five actions from an application to its logo on the home page.
 */
export function SponsorLogoDialog({ sponsorship, onClose }: { sponsorship: AdminSponsorship | null; onClose: () => void }) {
  const id = useId()
  const company = sponsorship ? (sponsorship.sponsorCompany ?? sponsorship.sponsorName) : ''
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [website, setWebsite] = useState('')
  const [paid, setPaid] = useState(false)
  const [method, setMethod] = useState<PaymentMethod>('check')
  const [state, setState] = useState<{ pending: boolean; sent?: number; error?: string }>({ pending: false })
  const pledge = sponsorship?.status === 'pending'

  useEffect(() => {
    if (!sponsorship) return
    setFile(null)
    setAlt(`${company} logo`)
    setWebsite(sponsorship.website ?? '')
    setPaid(false)
    setState({ pending: false })
  }, [sponsorship, company])

  const save = async () => {
    if (!sponsorship) return
    if (!file && !sponsorship.logoUrl) return setState({ pending: false, error: 'Choose the logo’s file first.' })
    setState({ pending: true, sent: 0 })
    let logo: string | undefined
    try {
      if (file) logo = (await uploadPhoto(file, alt.trim() || `${company} logo`, 'logo', (sent) => setState({ pending: true, sent }))).id
    } catch (error) {
      recheckSessionOn401(error)
      return setState({ pending: false, error: errorMessage(error) })
    }
    const body = {
      ...(logo ? { logo } : {}),
      website: website.trim() ? withScheme(website.trim()) : null,
      ...(pledge && paid ? { status: 'completed', ...(sponsorship.paymentMethod ? {} : { paymentMethod: method }) } : {}),
    }
    const saved = await sendAction(
      'PUT',
      `${KEYS.sponsorships}/${sponsorship.id}`,
      body,
      `${company}: logo saved`,
      'Could not save the logo',
    )
    setState({ pending: false })
    if (saved) onClose()
  }

  return (
    <EntityDialog
      open={sponsorship !== null}
      onOpenChange={(open) => !open && onClose()}
      title={sponsorship?.logoUrl ? 'Change logo' : 'Add logo'}
      description={`${company}: the logo shown with its name on the home page’s sponsor wall${pledge ? ' once the sponsorship is paid' : ''}.`}
      submitLabel="Save logo"
      pendingLabel={state.sent !== undefined && state.sent < 1 ? `Uploading... ${Math.round(state.sent * 100)}%` : 'Saving...'}
      pending={state.pending}
      onSubmit={() => void save()}
      unsaved={file !== null}
    >
      <FormField
        id={`${id}-file`}
        label="Logo file"
        required={!sponsorship?.logoUrl}
        hint={`JPEG, PNG or WebP up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`}
        error={state.error}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            className="block w-full text-sm text-gray-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-gray-900"
          />
        )}
      </FormField>
      <FormField id={`${id}-alt`} label="Describe the logo" hint="Read aloud to visitors who cannot see it." required>
        {(props) => <input {...props} value={alt} maxLength={200} onChange={(event) => setAlt(event.target.value)} />}
      </FormField>
      <FormField id={`${id}-website`} label="Website" optional hint="The logo links there, for example whitfieldhardware.com.">
        {(props) => <input {...props} inputMode="url" value={website} onChange={(event) => setWebsite(event.target.value)} />}
      </FormField>
      {pledge && (
        <>
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={paid}
              onChange={(event) => setPaid(event.target.checked)}
            />
            The payment has arrived: mark it paid (its receipt is mailed)
          </label>
          {paid && !sponsorship?.paymentMethod && (
            <FormField id={`${id}-method`} label="Paid by" required>
              {(props) => <PaymentMethodSelect {...props} value={method} onChange={(m) => m && setMethod(m)} />}
            </FormField>
          )}
        </>
      )}
    </EntityDialog>
  )
}

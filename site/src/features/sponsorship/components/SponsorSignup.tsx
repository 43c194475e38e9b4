import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { usePostedForm } from '#site/lib/postedForm.tsx'
import { isTierId, useTiers, type TierId } from '../tiers'
import { SponsorApplicationForm } from './SponsorApplicationForm'
import { TierPicker } from './TierPicker'

/**
 * Tier choice and application form. ?tier=bronze|silver|gold preselects a
 * tier on load; any other value is ignored (docs/PRODUCT.md, Routes /sponsor). A form the
 * server refused (a plain post) keeps the tier it was sent with.
 */
export function SponsorSignup() {
  const [params, setParams] = useSearchParams()
  const posted = usePostedForm('sponsor')
  const [selected, setSelected] = useState<TierId | null>(() => {
    const initial = posted ? posted.values.sponsorshipLevel : params.get('tier')
    return isTierId(initial) ? initial : null
  })
  const tier = useTiers().find((t) => t.level === selected) ?? null

  return (
    <>
      <section aria-labelledby="tiers-title" className="wrap py-14">
        <h2 id="tiers-title" className="text-center text-3xl font-extrabold tracking-tight text-brand-900">
          Choose Your Sponsorship Level
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-center text-gray-600">
          Select a card to pick your level. Every level runs for the full season.
        </p>
        <div className="mt-10">
          <TierPicker selected={selected} onSelect={setSelected} />
        </div>
      </section>

      <section aria-labelledby="sponsor-form-title" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <div className="panel sm:p-10">
          <h2 id="sponsor-form-title" className="text-2xl font-extrabold text-gray-900 sm:text-3xl">
            Sponsor Application Form
          </h2>
          <p className="mt-2 text-gray-600">
            Tell us about your business. We&apos;ll follow up with an invoice and artwork details. Required fields are marked with an
            asterisk (*).
          </p>
          <div className="mt-8">
            <SponsorApplicationForm
              tier={tier}
              onSubmitted={() => {
                setSelected(null)
                if (params.has('tier')) setParams({}, { replace: true })
              }}
            />
          </div>
        </div>
      </section>
    </>
  )
}

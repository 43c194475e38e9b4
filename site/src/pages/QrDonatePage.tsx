import { Link } from 'wouter'
import { Logo } from '../components/layout/Logo'
import { PublicLayout } from '../components/layout/PublicLayout'
import { DonateOptions } from '../features/donate/components/DonateOptions'
import { QuickDonation } from '../features/donate/components/QuickDonation'
import { cardPaymentsOn } from '../lib/config'
import { useDocumentTitle } from '../lib/useDocumentTitle'

/** Where the QR code lands: phone first, one tap to give. */
function QrHeader() {
  return (
    <header className="site-header static">
      <div className="wrap">
        <Link to="/" className="rounded-lg">
          <Logo />
          <span className="sr-only">, home</span>
        </Link>
      </div>
    </header>
  )
}

/**
 * Someone who just scanned the code wants to pay: the card-payment action
 * comes first, the quick-donation block (to share the code) below it.
 */
export default function QrDonatePage() {
  useDocumentTitle('Quick Donation')
  return (
    <PublicLayout header={<QrHeader />}>
      <section aria-labelledby="qr-title" className="hero px-4 py-10 text-center sm:px-6 sm:py-16">
        <h1 id="qr-title" className="section-title text-white">
          Thanks for supporting the Lady Hawks!
        </h1>
        {/* Only what works in this configuration: without card payments, DonateOptions says so and offers the rest. */}
        <p className="lead mx-auto text-white/85">
          {cardPaymentsOn() ? 'Give in seconds by card, Apple Pay or Google Pay. ' : ''}Every gift to our 501(c)(3) is tax-deductible.
        </p>
        <div className="mx-auto mt-8 max-w-md text-left md:max-w-4xl">
          <DonateOptions />
        </div>
      </section>
      <div className="bg-gray-50 px-4 py-10 text-center sm:px-6 sm:py-16">
        {/* Without card payments the block's Donate by Card is hidden here by CSS (.no-card-payments), not by
            QuickDonation's own code, which the home page's JS budget has no bytes left for. */}
        <QuickDonation firstScreen className={cardPaymentsOn() ? '' : 'no-card-payments'} />
        <Link to="/" className="link mt-10 inline-flex min-h-11 items-center gap-2 px-4">
          <span aria-hidden="true">←</span> Back to Main Site
        </Link>
      </div>
    </PublicLayout>
  )
}

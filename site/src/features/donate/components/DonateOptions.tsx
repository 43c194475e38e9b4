import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { Icon } from '#site/components/ui/Icon.tsx'
import { LinkButton } from '#site/components/ui/LinkButton.tsx'
import { cardPaymentsOn, useClubLinks } from '#site/lib/config.ts'

const loadDialog = () => import('./CardPaymentDialog')
const CardPaymentDialog = lazy(loadDialog)

export type DonateCampaign = { id: string; name: string }

/**
 * /donate (docs/PRODUCT.md, Routes): below 768 px only the card-payment button; from 768 px two
 * cards, the giving platform (new tab) and card payment (a modal, loaded on
 * first use so Radix Dialog is not part of the page's initial JavaScript).
 * Arriving from a campaign's Donate button (`campaign`), the modal opens for
 * that campaign. Without card-payment settings no button is offered that
 * cannot work: the page says so and points to the giving platform and contact.
 */
export function DonateOptions({ campaign = null, onClose }: { campaign?: DonateCampaign | null; onClose?: () => void }) {
  const { givingPlatformUrl } = useClubLinks()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const [target, setTarget] = useState<DonateCampaign | null>(null)
  const opener = useRef<HTMLAnchorElement | null>(null)

  const openFor = (forCampaign: DonateCampaign | null) => {
    setTarget(forCampaign)
    setMounted(true)
    setOpen(true)
  }

  // Opens once for the campaign named in the URL (/donate?campaign=<id>), not again when the same campaign's data refreshes.
  useEffect(() => {
    if (campaign && cardPaymentsOn()) openFor(campaign)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the campaign's id on purpose (see above)
  }, [campaign?.id])

  // Before (or without) the page's code, and so without Stripe's script, it leads to the giving page, which takes cards too.
  const cardButton = (className: string, text: React.ReactNode) => (
    <LinkButton
      href={givingPlatformUrl || '/#contact'}
      aria-haspopup="dialog"
      className={`btn btn-gold ${className}`}
      onPress={(event) => {
        opener.current = event.currentTarget
        openFor(null)
      }}
      // Fetch the modal's code as soon as someone shows intent.
      onPointerEnter={loadDialog}
      onFocus={loadDialog}
    >
      {text}
    </LinkButton>
  )

  return (
    <>
      <div className="md:hidden" data-testid="donate-mobile">
        {cardPaymentsOn() ? (
          <>
            {cardButton(
              'btn-lg w-full',
              <>
                <Icon name="card" /> Donate by Card
              </>,
            )}
            <p className="mt-3 text-center text-sm text-white/85">Secure checkout by Stripe. Apple Pay and Google Pay accepted.</p>
          </>
        ) : (
          <div className="donate-card">
            <CardPaymentsOff />
          </div>
        )}
      </div>

      <div className="hidden gap-6 md:grid md:grid-cols-2" data-testid="donate-cards">
        <article className="donate-card">
          <span className="icon-tile size-14">
            <Icon name="heart" className="size-7" />
          </span>
          <h2>Give Online</h2>
          <p>Use our online giving page to make a one-time or recurring gift, give in honor of a player and get an instant tax receipt.</p>
          {givingPlatformUrl ? (
            <a
              href={givingPlatformUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-primary"
              data-testid="giving-platform-link"
            >
              Open Giving Page<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            // No giving page set yet (GIVING_PLATFORM_URL, or the admin's site text): never a button that goes nowhere.
            <a href="/#contact" className="btn btn-primary" data-testid="giving-platform-link">
              Contact Us to Give
            </a>
          )}
        </article>

        <article className="donate-card ring-4 ring-gold-400">
          <span className="icon-tile size-14 bg-gold-300/40 text-brand-800">
            <Icon name="card" className="size-7" />
          </span>
          <h2>Pay by Card</h2>
          {cardPaymentsOn() ? (
            <>
              <p>Give right here with a credit or debit card, Apple Pay or Google Pay. Secure checkout by Stripe.</p>
              {cardButton('', 'Donate by Card')}
            </>
          ) : (
            <CardPaymentsOff withGivingLink={false} />
          )}
        </article>
      </div>

      {mounted && (
        <Suspense fallback={null}>
          <CardPaymentDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next)
              if (!next) onClose?.()
            }}
            returnFocusTo={opener}
            campaign={target}
          />
        </Suspense>
      )}
    </>
  )
}

/** What /donate offers while the club has not set up card payments. */
function CardPaymentsOff({ withGivingLink = true }: { withGivingLink?: boolean }) {
  const { givingPlatformUrl } = useClubLinks()
  return (
    <div data-testid="card-payments-off">
      <p>Card payments are not set up yet. You can give through our online giving page, or contact us and we will help you give.</p>
      <div className="flex flex-wrap items-center gap-x-6">
        {withGivingLink && givingPlatformUrl && (
          <a href={givingPlatformUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
            Open Giving Page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <Link to="/#contact" className="link mt-6 w-fit">
          Contact Us
        </Link>
      </div>
    </div>
  )
}

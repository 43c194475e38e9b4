import { Dialog } from 'radix-ui'
import { useEffect, useState, type RefObject } from 'react'
import { Icon } from '#site/components/ui/Icon.tsx'
import { cardPaymentsOn, publicConfig, useClubLinks } from '#site/lib/config.ts'

export const STRIPE_BUY_BUTTON_SRC = 'https://js.stripe.com/v3/buy-button.js'

type ScriptState = 'loading' | 'ready' | 'failed'

/** Adds Stripe's script once, the first time the modal opens (nothing external loads before). */
function loadBuyButtonScript(): Promise<void> {
  if (customElements.get('stripe-buy-button')) return Promise.resolve()
  let script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_BUY_BUTTON_SRC}"]`)
  if (!script) {
    script = document.createElement('script')
    script.src = STRIPE_BUY_BUTTON_SRC
    script.async = true
    document.head.appendChild(script)
  }
  const element = script
  return new Promise((resolve, reject) => {
    element.addEventListener('error', () => {
      element.remove() // so the next opening tries again
      reject(new Error('Stripe script failed to load'))
    })
    void customElements.whenDefined('stripe-buy-button').then(() => resolve())
  })
}

/**
 * The card-payment modal (docs/PRODUCT.md, Routes: /donate): Stripe's embedded buy button and a
 * close button. Loaded as its own chunk on first use, so Radix Dialog and the
 * Stripe script cost nothing until someone chooses to pay by card.
 */
export default function CardPaymentDialog({
  open,
  onOpenChange,
  returnFocusTo,
  campaign,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the modal gets focus back when it closes. */
  returnFocusTo: RefObject<HTMLElement | null>
  /** Given when the donor came from a campaign's Donate button; none from the general button. */
  campaign?: { id: string; name: string } | null
}) {
  const configured = cardPaymentsOn()
  const { givingPlatformUrl } = useClubLinks()
  const [script, setScript] = useState<ScriptState>('loading')
  // Monthly gifts go to the general fund, so a campaign's button offers a one-time gift only.
  const monthlyOffered = Boolean(publicConfig.stripeMonthlyBuyButtonId) && !campaign
  const [monthly, setMonthly] = useState(false)
  const buyButtonId = monthlyOffered && monthly ? publicConfig.stripeMonthlyBuyButtonId : publicConfig.stripeBuyButtonId

  useEffect(() => {
    if (!open || !configured) return
    let current = true
    setScript(customElements.get('stripe-buy-button') ? 'ready' : 'loading')
    loadBuyButtonScript().then(
      () => current && setScript('ready'),
      () => current && setScript('failed'),
    )
    return () => {
      current = false
    }
  }, [open, configured])

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/70 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-2xl font-extrabold text-gray-900">Donate by Card</Dialog.Title>
              <Dialog.Description className="mt-1 text-gray-600">
                {campaign ? (
                  <>
                    Your gift goes to <strong data-testid="card-campaign">{campaign.name}</strong>.{' '}
                  </>
                ) : null}
                Secure checkout by Stripe. Your gift to the Lady Hawks Boosters is tax-deductible.
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100">
              <span className="sr-only">Close</span>
              <Icon name="close" />
            </Dialog.Close>
          </div>

          <div
            className="mt-6 flex min-h-[22rem] flex-col items-center justify-center rounded-2xl bg-gray-50 p-4"
            data-testid="buy-button-area"
          >
            {configured ? (
              <>
                {monthlyOffered && (
                  <fieldset className="mb-4 flex gap-4" data-testid="gift-frequency">
                    <legend className="sr-only">How often</legend>
                    {[
                      ['once', 'One-time gift'],
                      ['monthly', 'Give monthly'],
                    ].map(([value, label]) => (
                      <label key={value} className="flex min-h-11 items-center gap-2 font-semibold text-gray-900">
                        <input
                          type="radio"
                          name="gift-frequency"
                          value={value}
                          checked={monthly === (value === 'monthly')}
                          onChange={() => setMonthly(value === 'monthly')}
                          className="size-4"
                        />
                        {label}
                      </label>
                    ))}
                  </fieldset>
                )}
                <stripe-buy-button
                  // A new element per campaign and frequency: Stripe reads its attributes once.
                  key={`${campaign?.id ?? 'general'}:${buyButtonId}`}
                  buy-button-id={buyButtonId}
                  publishable-key={publicConfig.stripePublishableKey}
                  {...(campaign ? { 'client-reference-id': campaign.id } : {})}
                />
                {script === 'loading' && (
                  <p role="status" className="text-gray-600">
                    Loading secure checkout…
                  </p>
                )}
                {script === 'failed' && (
                  <p role="alert" className="text-center text-gray-700">
                    Secure checkout could not load. Please check your connection and try again
                    {givingPlatformUrl ? (
                      <>
                        , or give through our{' '}
                        <a href={givingPlatformUrl} target="_blank" rel="noopener noreferrer" className="link">
                          online giving page<span className="sr-only"> (opens in a new tab)</span>
                        </a>
                        .
                      </>
                    ) : (
                      '.'
                    )}
                  </p>
                )}
              </>
            ) : (
              <p className="text-center text-gray-700">Card payments are not available right now. Please contact us to give.</p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

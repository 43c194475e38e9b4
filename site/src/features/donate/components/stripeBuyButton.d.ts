import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/** Stripe's embeddable buy button, a custom element defined by js.stripe.com/v3/buy-button.js. */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'stripe-buy-button': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'buy-button-id': string
        'publishable-key': string
        /** Comes back on the Checkout Session: the campaign the gift is for (cms/payments/webhook.ts). */
        'client-reference-id'?: string
      }
    }
  }
}

import { describe, expect, it } from 'vitest'
import { siteDirectives } from './headers'

/** The site's policy as data (cms/security/headers.ts); the running server's headers are checked in headers.api.test.ts. */
const STRIPE_ONLY = ['scriptSrc', 'imgSrc', 'connectSrc', 'frameSrc']
const withoutStripeDirectives = (directives: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(directives).filter(([name]) => !STRIPE_ONLY.includes(name)))

describe('the site Content-Security-Policy', () => {
  it('names no foreign origin and frames nothing until card payments are set up, then only Stripe’s', () => {
    const off = siteDirectives({ cardPayments: false, upgradeInsecure: false })
    expect(
      Object.values(off)
        .flat()
        .filter((value) => value.startsWith('https:')),
    ).toEqual([])
    expect(off.scriptSrc).toEqual(["'self'"])
    expect(off.frameSrc).toEqual(["'none'"])

    const on = siteDirectives({ cardPayments: true, upgradeInsecure: false })
    expect(on.scriptSrc).toEqual(["'self'", 'https://js.stripe.com'])
    expect(on.imgSrc).toEqual(["'self'", 'data:', 'https://*.stripe.com'])
    expect(on.connectSrc).toEqual(["'self'", 'https://api.stripe.com'])
    expect(on.frameSrc).toEqual(['https://js.stripe.com', 'https://buy.stripe.com', 'https://checkout.stripe.com'])
    // Every other directive is the same either way.
    expect(withoutStripeDirectives(on)).toEqual(withoutStripeDirectives(off))
  })
})

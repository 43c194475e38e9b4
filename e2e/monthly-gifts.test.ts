import { afterAll, describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../testing/server'
import {
  checkoutSession,
  invoicePayment,
  paidInvoice,
  sendEvent,
  signedEvent,
  subscription,
  subscriptionIds,
  TEST_WEBHOOK_SECRET,
} from '../testing/stripe'
import { startStripeApi } from '../testing/stripeApi'
import { expectNoAxeViolations, loginThroughUi, settled, setViewport, signedInPage, useBrowserEnv } from '../testing/browserEnv'

const MONTHLY_BUTTON = 'buy_btn_test_monthly'

/** The local stand-in for Stripe's API (testing/stripeApi.ts), for the payouts the treasurer matches. */
const stripeApi = await startStripeApi()

/**
 * Monthly gifts (docs/payments.md "Monthly gifts"): the donor's monthly choice on /donate, the treasurer's view of running and
 * cancelled ones; and the payouts that carry card gifts, one-time and monthly, to the bank ("Stripe payouts").
 */
describe('monthly gifts in the browser', () => {
  const e = useBrowserEnv({
    seed: 'none',
    env: {
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_MONTHLY_BUY_BUTTON_ID: MONTHLY_BUTTON,
      STRIPE_SECRET_KEY: stripeApi.key,
      TEST_STRIPE_API: stripeApi.url,
    },
  })
  afterAll(() => stripeApi.stop())

  it('the card modal offers a monthly gift through the monthly buy button', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    await page.goto('/donate')
    await settled(page)
    await page.getByTestId('donate-cards').getByRole('button', { name: 'Donate by Card' }).click()
    const dialog = page.getByRole('dialog', { name: 'Donate by Card' })
    await dialog.waitFor()
    const button = dialog.locator('stripe-buy-button')
    expect(await dialog.getByRole('radio', { name: 'One-time gift' }).isChecked()).toBe(true)
    expect(await button.getAttribute('buy-button-id')).toBe('buy_btn_test_ladyhawks')
    await dialog.getByRole('radio', { name: 'Give monthly' }).check()
    await expect.poll(() => button.getAttribute('buy-button-id')).toBe(MONTHLY_BUTTON)
    await expectNoAxeViolations(page, 'card modal with the monthly choice')
  })

  it('the Overview lists each monthly gift, running or cancelled, and each paid month under Donations', async () => {
    const { page, server } = e()
    const admin = await loggedInAdmin(server.url)
    const running = subscriptionIds()
    const ended = subscriptionIds()
    for (const event of [
      signedEvent('invoice.paid', paidInvoice({ ...running, amountCents: 2500, name: 'Morgan Monthly', email: 'morgan@monthly.test' })),
      signedEvent('invoice.paid', paidInvoice({ ...ended, amountCents: 1000, name: 'Casey Cancel', email: 'casey@monthly.test' })),
      signedEvent('customer.subscription.deleted', subscription(ended.subscription, ended.customer)),
    ])
      expect((await sendEvent(server.url, event)).status).toBe(200)
    // Every monthly gift the API lists (the file's payout test adds one of its own), these two among them.
    const gifts = (await admin.get('/api/admin/monthly-gifts')).json as Array<{ donorName: string; status: string }>
    const ours = ['Casey Cancel', 'Morgan Monthly']
    expect(
      gifts
        .filter((g) => ours.includes(g.donorName))
        .map((g) => [g.donorName, g.status])
        .sort(),
    ).toEqual([
      ['Casey Cancel', 'cancelled'],
      ['Morgan Monthly', 'active'],
    ])

    await setViewport(page, 'desktop')
    await page.goto('/admin')
    await loginThroughUi(page)
    const panel = page.getByRole('region', { name: 'Monthly Gifts' })
    const rows = panel.getByTestId('monthly-gift-row')
    await expect.poll(() => rows.count()).toBe(gifts.length)
    const row = (name: string) => rows.filter({ hasText: name })
    expect(await Promise.all(ours.map((name) => row(name).count()))).toEqual([1, 1])
    expect(await row('Morgan Monthly').textContent()).toContain('$25.00 a month')
    expect(await row('Morgan Monthly').textContent()).toContain('Active')
    expect(await row('Casey Cancel').textContent()).toContain('Cancelled')
    expect(await row('Casey Cancel').textContent()).toContain('$10.00 a month')
    await settled(page)
    await expectNoAxeViolations(page, 'overview with monthly gifts')
  })

  it('the Overview shows a Stripe payout as the bank will, with the one-time and monthly gifts it carries', async () => {
    const env = e()
    const { server } = env
    await loggedInAdmin(server.url)
    const oneTime = checkoutSession({ amountCents: 10_000, name: 'Pat Payout', email: 'pat@payout.test' })
    const oneTimeCharge = stripeApi.charge(oneTime.payment_intent, 10_000, 320)
    const monthly = subscriptionIds()
    const invoice = paidInvoice({ ...monthly, amountCents: 2500, name: 'Mo Monthly', email: 'mo@payout.test' })
    const monthlyIntent = `pi_test_${monthly.subscription}`
    const monthlyCharge = stripeApi.charge(monthlyIntent, 2500, 103)
    for (const event of [
      signedEvent('checkout.session.completed', oneTime),
      signedEvent('invoice.paid', invoice),
      signedEvent('invoice_payment.paid', invoicePayment(invoice.id, monthlyIntent, 2500)),
      signedEvent('payout.paid', stripeApi.payout([oneTimeCharge.balanceTransactionId, monthlyCharge.balanceTransactionId], '2026-12-09')),
    ])
      expect((await sendEvent(server.url, event)).status).toBe(200)

    const page = await signedInPage(env)
    await setViewport(page, 'desktop')
    const panel = page.getByRole('region', { name: 'Stripe Payouts' })
    const payout = panel.getByTestId('payout-row').filter({ hasText: 'Dec 9, 2026' })
    await expect.poll(() => payout.count()).toBe(1)
    // $96.80 + $23.97 reach the bank on December 9.
    expect(await payout.textContent()).toContain('$120.77')
    const lines = payout.getByTestId('payout-line')
    expect(await lines.count()).toBe(2)
    expect(await lines.filter({ hasText: 'Pat Payout' }).textContent()).toMatch(
      /Gift: Pat Payout \(receipt \d{4}-\d{4}\)\$100\.00\$3\.20\$96\.80/,
    )
    expect(await lines.filter({ hasText: 'Mo Monthly' }).textContent()).toMatch(/\$25\.00\$1\.03\$23\.97/)
    expect(await panel.getByTestId('payouts-key-notice').count()).toBe(0)
    await settled(page)
    await expectNoAxeViolations(page, 'overview with a Stripe payout')
  })
})

import { describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../testing/server'
import { paidInvoice, sendEvent, signedEvent, subscription, subscriptionIds, TEST_WEBHOOK_SECRET } from '../testing/stripe'
import { expectNoAxeViolations, loginThroughUi, settled, setViewport, useBrowserEnv } from '../testing/browserEnv'

const MONTHLY_BUTTON = 'buy_btn_test_monthly'

/** Monthly gifts (issue 21 point 7): the donor's monthly choice on /donate, the treasurer's view of running and cancelled ones. */
describe('monthly gifts in the browser', () => {
  const e = useBrowserEnv({
    seed: 'none',
    env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_MONTHLY_BUY_BUTTON_ID: MONTHLY_BUTTON },
  })

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
    const gifts = (await admin.get('/api/admin/monthly-gifts')).json as Array<{ donorName: string; status: string }>
    expect(gifts.map((g) => [g.donorName, g.status]).sort()).toEqual([
      ['Casey Cancel', 'cancelled'],
      ['Morgan Monthly', 'active'],
    ])

    await setViewport(page, 'desktop')
    await page.goto('/admin')
    await loginThroughUi(page)
    const panel = page.getByRole('region', { name: 'Monthly Gifts' })
    const rows = panel.getByTestId('monthly-gift-row')
    await expect.poll(() => rows.count()).toBe(2)
    const row = (name: string) => rows.filter({ hasText: name })
    expect(await row('Morgan Monthly').textContent()).toContain('$25.00 a month')
    expect(await row('Morgan Monthly').textContent()).toContain('Active')
    expect(await row('Casey Cancel').textContent()).toContain('Cancelled')
    expect(await row('Casey Cancel').textContent()).toContain('$10.00 a month')
    await settled(page)
    await expectNoAxeViolations(page, 'overview with monthly gifts')
  })
})

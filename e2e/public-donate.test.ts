import { describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../testing/server'
import { settled, setViewport, TEST_CONFIG, useBrowserEnv } from '../testing/browserEnv'

/**
 * /donate, /qr-donate and unknown paths (docs/PRODUCT.md, Routes) on the demo
 * content, with the external settings (giving platform, Stripe buy button,
 * social profiles) given to the server through its environment.
 */
const e = useBrowserEnv({ admin: false, seed: 'demo' })

const STRIPE_SCRIPT = 'https://js.stripe.com/v3/buy-button.js'

describe('/donate', () => {
  it('shows only the card-payment button below 768 px', async () => {
    const { page } = e()
    await setViewport(page, 'mobile')
    await page.goto('/donate')
    await settled(page)
    const main = page.getByRole('main')
    expect(await main.getByRole('button', { name: 'Donate by Card' }).count()).toBe(1)
    expect(await page.getByTestId('donate-mobile').isVisible()).toBe(true)
    expect(await page.getByTestId('donate-cards').isVisible()).toBe(false)
    expect(await main.getByRole('link', { name: /Open Giving Page/ }).count()).toBe(0)
  })

  it('shows the two cards from 768 px: the giving platform in a new tab and card payment', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    await page.goto('/donate')
    await settled(page)
    expect(await page.getByTestId('donate-mobile').isVisible()).toBe(false)
    const cards = page.getByTestId('donate-cards')
    expect(await cards.isVisible()).toBe(true)
    expect(await cards.getByRole('heading').allTextContents()).toEqual(['Give Online', 'Pay by Card'])
    const giving = cards.getByRole('link', { name: 'Open Giving Page (opens in a new tab)' })
    expect(await giving.getAttribute('href')).toBe(TEST_CONFIG.GIVING_PLATFORM_URL)
    expect(await giving.getAttribute('target')).toBe('_blank')
    expect(await giving.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await cards.getByRole('button', { name: 'Donate by Card' }).isVisible()).toBe(true)
  })

  it('opens the card-payment modal with the configured Stripe buy button, loading Stripe only then', async () => {
    const { page, blocked, cspErrors } = e()
    await setViewport(page, 'desktop')
    blocked.length = 0
    await page.goto('/donate')
    await settled(page)
    expect(blocked).toEqual([])
    expect(await page.locator(`script[src="${STRIPE_SCRIPT}"]`).count()).toBe(0)

    const trigger = page.getByTestId('donate-cards').getByRole('button', { name: 'Donate by Card' })
    await trigger.click()
    const dialog = page.getByRole('dialog', { name: 'Donate by Card' })
    await dialog.waitFor()
    const button = dialog.locator('stripe-buy-button')
    expect(await button.getAttribute('buy-button-id')).toBe(TEST_CONFIG.STRIPE_BUY_BUTTON_ID)
    expect(await button.getAttribute('publishable-key')).toBe(TEST_CONFIG.STRIPE_PUBLISHABLE_KEY)
    // The script was asked for (and blocked by the test): the modal says so instead of hanging.
    await expect.poll(() => blocked).toContain(STRIPE_SCRIPT)
    await dialog.getByRole('alert').waitFor()
    expect(await dialog.getByRole('alert').textContent()).toContain('Secure checkout could not load')

    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true)

    // Escape closes it too, and the mobile button opens the same modal.
    await trigger.click()
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await setViewport(page, 'mobile')
    await page.getByTestId('donate-mobile').getByRole('button', { name: 'Donate by Card' }).click()
    await dialog.waitFor()
    expect(await dialog.locator('stripe-buy-button').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(cspErrors).toEqual([])
  })

  it('lists active campaigns only and the Other Ways to Support block', async () => {
    const { page, server } = e()
    const admin = await loggedInAdmin(server.url)
    const campaigns = (await admin.get('/api/admin/campaigns')).json as { id: string; name: string }[]
    const ended = campaigns[0]
    expect((await admin.put(`/api/admin/campaigns/${ended.id}`, { isActive: 'false' })).status).toBe(200)

    await setViewport(page, 'desktop')
    await page.goto('/donate')
    await settled(page)
    const section = page.getByRole('region', { name: 'Active Campaigns' })
    const names = await section.getByTestId('campaign-card').locator('h3').allTextContents()
    expect(names.sort()).toEqual(
      campaigns
        .filter((c) => c.id !== ended.id)
        .map((c) => c.name)
        .sort(),
    )

    const other = page.getByRole('region', { name: 'Other Ways to Support' })
    expect(await other.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Monthly Giving',
      'Corporate Sponsorship',
      'Equipment Donations',
      'Volunteer Support',
    ])
    await other.getByRole('link', { name: 'See sponsorship levels' }).click()
    await page.locator('h1', { hasText: 'Become a Sponsor' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/sponsor')
  })
})

describe('/qr-donate', () => {
  it('is a phone-first page with the quick-donation block and a way back', async () => {
    const { page, server } = e()
    await setViewport(page, 'mobile')
    await page.goto('/qr-donate')
    await settled(page)
    expect(await page.locator('h1').count()).toBe(1)
    const block = page.getByRole('region', { name: 'Quick Donation' })
    // The code is part of the page (cms/site/qrCode.ts), drawn at its size.
    const code = block.getByRole('img', { name: 'QR code linking to the quick donation page' })
    expect(await code.locator('svg').count()).toBe(1)
    expect(await code.boundingBox()).toMatchObject({ width: 200, height: 200 })
    expect(await block.getByTestId('qr-link').getAttribute('href')).toBe(`${server.url}/qr-donate`)
    expect(await block.getByRole('link', { name: 'Donate by Card' }).getAttribute('href')).toBe('/donate')
    // Nothing overflows a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.getByRole('link', { name: 'Back to Main Site' }).click()
    await page.locator('h1', { hasText: 'Lady Hawks Boosters' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
  })
})

describe('unknown paths', () => {
  it('answers 404 and shows Page Not Found', async () => {
    const { page, server } = e()
    for (const path of ['/no-such-page', '/donate/extra', '/sponsors']) {
      expect((await fetch(server.url + path)).status).toBe(404)
      const res = await page.goto(path)
      expect(res?.status()).toBe(404)
      await page.locator('h1', { hasText: 'Page Not Found' }).waitFor()
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click()
    await page.locator('h1', { hasText: 'Lady Hawks Boosters' }).waitFor()
  })
})

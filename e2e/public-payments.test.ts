import { describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin } from '../testing/server'
import { expectNoAxeViolations, settled, setViewport, useBrowserEnv } from '../testing/browserEnv'

const STRIPE_SCRIPT = 'https://js.stripe.com/v3/buy-button.js'

/** Card payments for a campaign, the sponsor wall, and /donate when card payments are not set up (docs/payments.md). */
describe('with card payments configured (demo content)', () => {
  const e = useBrowserEnv({ admin: false, seed: 'demo' })

  it("a campaign's Donate button opens the card modal for that campaign, carrying its id; the general button carries none", async () => {
    const { page, server } = e()
    const campaigns = (await new ApiClient(server.url).get('/api/campaigns')).json as Array<{ id: string; name: string; status: string }>
    const campaign = campaigns.find((c) => c.status === 'active')!
    await setViewport(page, 'desktop')
    await page.goto('/')
    await settled(page)
    const fundraising = page.locator('#fundraising')
    await fundraising.getByRole('link', { name: `Donate to ${campaign.name}` }).click()

    const dialog = page.getByRole('dialog', { name: 'Donate by Card' })
    await dialog.waitFor()
    expect(new URL(page.url()).pathname).toBe('/donate')
    expect(await dialog.getByTestId('card-campaign').textContent()).toBe(campaign.name)
    const button = dialog.locator('stripe-buy-button')
    expect(await button.getAttribute('client-reference-id')).toBe(campaign.id)
    await expectNoAxeViolations(page, 'card modal for a campaign')

    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await page.getByTestId('donate-cards').getByRole('button', { name: 'Donate by Card' }).click()
    await dialog.waitFor()
    expect(await dialog.getByTestId('card-campaign').count()).toBe(0)
    expect(await dialog.locator('stripe-buy-button').getAttribute('client-reference-id')).toBeNull()
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  it('shows completed sponsors on the home page, grouped by level, with links', async () => {
    const { page, server } = e()
    const admin = await loggedInAdmin(server.url)
    await admin.post('/api/admin/sponsorships', {
      sponsorName: 'Lee',
      sponsorEmail: 'lee@private.test',
      sponsorCompany: 'Hawk Hardware',
      tier: 'gold',
      amount: '1200',
      status: 'completed',
      website: 'https://hawkhardware.test',
    })
    await setViewport(page, 'desktop')
    await page.goto('/')
    await settled(page)
    const wall = page.getByRole('region', { name: 'Our Sponsors' })
    await wall.waitFor({ timeout: 20_000 })
    expect(await wall.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Gold Sponsors', 'Silver Sponsors', 'Bronze Sponsors'])
    const link = wall.getByRole('list', { name: 'Gold Sponsors' }).getByRole('link', { name: /Hawk Hardware/ })
    expect(await link.getAttribute('href')).toBe('https://hawkhardware.test/')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await wall.textContent()).not.toMatch(/@|private/)
    await expectNoAxeViolations(page, 'home page with sponsor wall')
  })
})

describe('without card-payment settings (empty database)', () => {
  const e = useBrowserEnv({ admin: false, seed: 'none', env: { STRIPE_BUY_BUTTON_ID: '', STRIPE_PUBLISHABLE_KEY: '' } })

  it('/donate says card payments are not set up and offers the giving platform and contact, loading nothing from Stripe', async () => {
    const { page, blocked } = e()
    blocked.length = 0
    for (const viewport of ['desktop', 'mobile'] as const) {
      await setViewport(page, viewport)
      await page.goto('/donate')
      await settled(page)
      const shown = page.getByTestId(viewport === 'desktop' ? 'donate-cards' : 'donate-mobile')
      expect(await shown.getByText('Card payments are not set up yet.', { exact: false }).isVisible()).toBe(true)
      expect(await shown.getByRole('button', { name: 'Donate by Card' }).count()).toBe(0)
      expect(await shown.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/#contact')
      expect(
        await shown
          .getByRole('link', { name: /Open Giving Page/ })
          .first()
          .isVisible(),
      ).toBe(true)
      await expectNoAxeViolations(page, `donate without card payments (${viewport})`)
    }
    expect(await page.locator('stripe-buy-button').count()).toBe(0)
    expect(blocked.filter((url) => url.startsWith(STRIPE_SCRIPT))).toEqual([])
  })

  it('/qr-donate promises no card payment: no card sentence, no Donate by Card, the giving page instead', async () => {
    const { page } = e()
    await setViewport(page, 'mobile')
    await page.goto('/qr-donate')
    await settled(page)
    const main = page.getByRole('main')
    expect(await main.getByText('Every gift to our 501(c)(3) is tax-deductible.').isVisible()).toBe(true)
    expect(await main.textContent()).not.toMatch(/by card, Apple Pay/)
    expect(await page.getByTestId('donate-mobile').getByText('Card payments are not set up yet.', { exact: false }).isVisible()).toBe(true)
    expect(await main.getByRole('link', { name: 'Donate by Card' }).count()).toBe(0)
    expect(await main.getByRole('button', { name: 'Donate by Card' }).count()).toBe(0)
    await expectNoAxeViolations(page, 'qr-donate without card payments')
  })

  it('the home page has no sponsor block on an empty database', async () => {
    const { page } = e()
    await setViewport(page, 'desktop')
    await page.goto('/')
    await settled(page)
    await page.locator('#contact').waitFor()
    expect(await page.getByTestId('sponsor-wall').count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Our Sponsors' }).count()).toBe(0)
  })
})

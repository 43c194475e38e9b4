import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInAdmin, type ApiClient } from '../testing/server'
import { checkoutSession, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../testing/stripe'
import { dumpServerOnFailure, loginThroughUi, startBrowserEnv, stopBrowserEnv, type BrowserEnv } from '../testing/browserEnv'

/**
 * Money in Payload's own editor (docs/roles.md): an admin sees donations with
 * names, never a Delete, and an amount that cannot be typed over; the rules
 * that keep the books live in the collection (cms/payments/moneyRules.ts).
 */
describe('money records in Payload’s editor', () => {
  let env: BrowserEnv
  let admin: ApiClient
  let cardGift: { id: string; donorName: string }
  let checkGift: { id: string }

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none', env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
    admin = await loggedInAdmin(env.server.url)
    const session = checkoutSession({ amountCents: 4_000, name: 'Dana Giver' })
    expect((await sendEvent(env.server.url, signedEvent('checkout.session.completed', session))).status).toBe(200)
    const donations = (await admin.get('/api/admin/donations')).json as Array<{ id: string; donorName: string }>
    cardGift = donations[0]
    checkGift = (
      await admin.post('/api/admin/donations', {
        donorName: 'Grandma Lee',
        donorEmail: 'glee@example.test',
        amount: '40',
        paymentMethod: 'check',
        status: 'completed',
      })
    ).json
    await loginThroughUi(env.page)
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  it('lists donations by donor name and offers no Delete, even with every row selected', async () => {
    const { page } = env
    // The positive control: a campaign may be deleted, and the same steps find its Delete.
    await admin.post('/api/admin/campaigns', { name: 'Travel Fund', description: 'Bus to State', goalAmount: '500' })
    await page.goto('/admin/collections/campaigns')
    await page.getByRole('link', { name: 'Travel Fund' }).waitFor()
    await page.getByRole('checkbox').first().check()
    await page
      .getByRole('button', { name: /delete/i })
      .first()
      .waitFor()

    await page.goto('/admin/collections/donations')
    await page.getByRole('link', { name: 'Dana Giver' }).waitFor()
    await page.getByRole('link', { name: 'Grandma Lee' }).waitFor()
    await page.getByRole('checkbox').first().check()
    // Payload's selection bar offers Edit and Delete only where the rules allow them.
    await page
      .getByText(/selected/i)
      .first()
      .waitFor()
    expect(await page.getByRole('button', { name: /delete/i }).count()).toBe(0)
  })

  for (const [which, gift] of [
    ['card payment', () => cardGift],
    ['check', () => checkGift],
  ] as const) {
    it(`shows a ${which}’s amount read-only and no Delete on its page`, async () => {
      const { page } = env
      await page.goto(`/admin/collections/donations/${gift().id}`)
      const amount = page.locator('#field-amount')
      await amount.waitFor()
      expect(await amount.isEditable()).toBe(false)
      // The document's menu (⋮) holds Delete and Duplicate where they are allowed; a campaign's has Delete (the control).
      await page.locator('.doc-controls__popup').click()
      await page
        .getByText(/^Create New$/)
        .first()
        .waitFor()
      expect(await page.getByRole('button', { name: /^delete$/i }).count()).toBe(0)
      expect(await page.getByText(/^Delete$/).count()).toBe(0)
      expect(await page.getByText(/^Duplicate$/).count()).toBe(0)
    })
  }

  it('finds Delete in a campaign’s document menu (the control for the checks above)', async () => {
    const { page } = env
    const campaign = ((await admin.get('/api/admin/campaigns')).json as Array<{ id: string }>)[0]
    await page.goto(`/admin/collections/campaigns/${campaign.id}`)
    await page.locator('.doc-controls__popup').click()
    const remove = page.getByRole('button', { name: /^delete$/i }).or(page.getByText(/^Delete$/))
    await remove.first().waitFor()
    expect(await remove.count()).toBeGreaterThan(0)
  })

  it('shows a card payment’s donor read-only too; a check’s donor stays editable', async () => {
    const { page } = env
    await page.goto(`/admin/collections/donations/${cardGift.id}`)
    await page.locator('#field-donorName').waitFor()
    expect(await page.locator('#field-donorName').isEditable()).toBe(false)
    expect(await page.locator('#field-donorEmail').isEditable()).toBe(false)
    await page.goto(`/admin/collections/donations/${checkGift.id}`)
    await page.locator('#field-donorName').waitFor()
    expect(await page.locator('#field-donorName').isEditable()).toBe(true)
  })
})

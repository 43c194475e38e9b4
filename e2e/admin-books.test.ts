import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../testing/allPages'
import { loggedInAdmin, TEST_ADMIN, type ApiClient } from '../testing/server'
import { checkoutSession, sendEvent, signedEvent, TEST_WEBHOOK_SECRET } from '../testing/stripe'
import { dumpServerOnFailure, signedInPage, startBrowserEnv, stopBrowserEnv, type BrowserEnv } from '../testing/browserEnv'

/**
 * Money in Payload's own editor (docs/roles.md): an admin sees donations with
 * names, never a Delete, and an amount that cannot be typed over; the rules
 * that keep the books live in the collection (cms/payments/moneyRules.ts).
 * Each test makes the records it looks at, under names of its own, and signs in a browser of its own.
 */
describe('money records in Payload’s editor', () => {
  let env: BrowserEnv
  let admin: ApiClient

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none', env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
    admin = await loggedInAdmin(env.server.url)
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  /** A card gift as Stripe reports it (a signed checkout.session.completed), found by its donor's name. */
  const cardGift = async (donorName: string): Promise<{ id: string }> => {
    const session = checkoutSession({ amountCents: 4_000, name: donorName })
    expect((await sendEvent(env.server.url, signedEvent('checkout.session.completed', session))).status).toBe(200)
    const gifts = (await allPages(admin, '/api/admin/donations')).filter((d) => d.donorName === donorName)
    expect(gifts).toHaveLength(1)
    return gifts[0]
  }
  /** A check the treasurer records. */
  const checkGift = async (donorName: string): Promise<{ id: string }> => {
    const res = await admin.post('/api/admin/donations', {
      donorName,
      donorEmail: 'glee@example.test',
      amount: '40',
      paymentMethod: 'check',
      status: 'completed',
    })
    expect(res.status).toBe(201)
    return res.json
  }
  const campaign = async (name: string): Promise<{ id: string }> => {
    const res = await admin.post('/api/admin/campaigns', { name, description: 'Bus to State', goalAmount: '500' })
    expect(res.status).toBe(201)
    return res.json
  }

  /**
   * A gift's page in Payload's editor once its form is live: until the form state loads Payload shows every field
   * read-only, so a read-only check made earlier could not fail. The void reason, editable on every gift, is the control.
   */
  const openGift = async (page: Page, id: string) => {
    await page.goto(`/admin/collections/donations/${id}`)
    await formLive(page)
  }
  const formLive = (page: Page) => expect.poll(() => page.locator('#field-voidReason').isEditable()).toBe(true)
  /** A signed-in page of the test's own, opened on the gift's page (not the portal first). */
  const giftPage = async (id: string) => {
    const page = await signedInPage(env, TEST_ADMIN, { at: `/admin/collections/donations/${id}` })
    await formLive(page)
    return page
  }

  it('lists donations by donor name and offers no Delete, even with every row selected', async () => {
    await cardGift('Dana Giver')
    await checkGift('Grandma Lee')
    await campaign('Travel Fund')
    // The positive control: a campaign may be deleted, and the same steps find its Delete.
    const page = await signedInPage(env, TEST_ADMIN, { at: '/admin/collections/campaigns' })
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
    ['card payment', () => cardGift('Card Amount Giver')],
    ['check', () => checkGift('Check Amount Giver')],
  ] as const) {
    it(`shows a ${which}’s amount read-only and no Delete on its page`, async () => {
      const { id } = await gift()
      const page = await giftPage(id)
      expect(await page.locator('#field-amount').isEditable()).toBe(false)
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
    const { id } = await campaign('Uniform Fund')
    const page = await signedInPage(env, TEST_ADMIN, { at: `/admin/collections/campaigns/${id}` })
    await page.locator('.doc-controls__popup').click()
    const remove = page.getByRole('button', { name: /^delete$/i }).or(page.getByText(/^Delete$/))
    await remove.first().waitFor()
    expect(await remove.count()).toBeGreaterThan(0)
  })

  it('shows a card payment’s donor, method and day read-only; saving it in the editor leaves every fact as Stripe reported it', async () => {
    const card = await cardGift('Card Donor Giver')
    const check = await checkGift('Check Donor Giver')
    const facts = async (id: string) => {
      const d = (await allPages(admin, '/api/admin/donations')).find((r) => r.id === id)
      return { ...d, notes: undefined, history: undefined, updatedAt: undefined }
    }
    const before = await facts(card.id)
    const page = await giftPage(card.id)
    for (const field of ['amount', 'donorName', 'donorEmail', 'receivedAt'])
      expect(await page.locator(`#field-${field}`).isEditable(), field).toBe(false)
    expect(await page.locator('#field-paymentMethod').getAttribute('class')).toContain('read-only')
    // What may change does, through the editor's own Save: a note; the facts stay as they were.
    await page.locator('#field-notes').fill('Thanked by phone')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(async () => (await allPages(admin, '/api/admin/donations')).find((r) => r.id === card.id).notes)
      .toBe('Thanked by phone')
    expect(await facts(card.id)).toEqual(before)
    // The control: a check's donor and method stay editable (its amount and day once it is no longer pending do not).
    await openGift(page, check.id)
    expect(await page.locator('#field-donorName').isEditable()).toBe(true)
    expect(await page.locator('#field-paymentMethod').getAttribute('class')).not.toContain('read-only')
  })
})

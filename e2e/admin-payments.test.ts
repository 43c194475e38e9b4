import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  loginThroughUi,
  settled,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
} from '../testing/browserEnv'

/** The treasurer's Donations view, status moves and the inbox actions on the Overview (issue 12). */
describe('admin portal: donations, inbox actions and email status', () => {
  let env: BrowserEnv
  let admin: ApiClient

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none' })
    admin = await loggedInAdmin(env.server.url)
    await loginThroughUi(env.page)
  })
  afterAll(() => stopBrowserEnv(env))
  dumpServerOnFailure(() => env)

  const donationsPanel = () => env.page.getByRole('region', { name: 'Donations', exact: true })
  const openOverview = async () => {
    await env.page.goto('/admin')
    await env.page.getByRole('tabpanel', { name: 'Overview' }).waitFor()
    await settled(env.page)
  }

  it('says email is off when the server has no SMTP_URL', async () => {
    await openOverview()
    expect(await env.page.getByTestId('email-status').textContent()).toContain('Email is off')
  })

  it('records a check, shows it in Donations and in Total Donations, then voids it with a reason', async () => {
    const { page } = env
    await openOverview()
    await donationsPanel().getByRole('button', { name: 'Record a gift' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record a Gift' })
    await dialog.getByLabel('Donor name').fill('Grandma Lee')
    await dialog.getByLabel('Donor email').fill('glee@example.test')
    await dialog.getByLabel('Amount ($)').fill('250')
    await dialog.getByLabel('Payment method').selectOption('check')
    await dialog.getByLabel(/Check number/).fill('1042')
    await expectNoAxeViolations(page, 'Record a Gift dialog')
    await dialog.getByRole('button', { name: 'Record Gift' }).click()
    await takeToast(page, 'Gift recorded')
    await dialog.waitFor({ state: 'detached' })

    const row = donationsPanel().getByTestId('donation-row').filter({ hasText: 'Grandma Lee' })
    await row.waitFor()
    expect(await row.textContent()).toContain('$250.00')
    expect(await row.textContent()).toContain('Check')
    expect(await row.textContent()).toContain('1042')
    const total = page.getByTestId('stat-card').filter({ has: page.getByRole('heading', { name: 'Total Donations' }) })
    await expect.poll(() => total.textContent()).toContain('$250.00')
    const [stored] = (await admin.get('/api/admin/donations')).json
    expect(stored).toMatchObject({
      donorName: 'Grandma Lee',
      amount: '250.00',
      status: 'completed',
      paymentMethod: 'check',
      reference: '1042',
    })

    await row.getByRole('button', { name: /Change status/ }).click()
    const statusDialog = page.getByRole('dialog', { name: 'Change Donation Status' })
    await statusDialog.getByLabel('New status').selectOption('void')
    await statusDialog.getByLabel('Reason').fill('Entered twice')
    await statusDialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Donation updated')
    await expect.poll(() => row.textContent()).toContain('Voided: Entered twice')
    await expect.poll(() => total.textContent()).toContain('$0.00')
  })

  it('filters donations by method', async () => {
    await admin.post('/api/admin/donations', {
      donorName: 'Cash Donor',
      donorEmail: 'cash@example.test',
      amount: '20',
      paymentMethod: 'cash',
      status: 'completed',
    })
    await openOverview()
    await donationsPanel().getByTestId('donation-row').filter({ hasText: 'Cash Donor' }).waitFor()
    await donationsPanel().getByLabel('Method').selectOption('cash')
    await expect.poll(() => donationsPanel().getByTestId('donation-row').count()).toBe(1)
    expect(await donationsPanel().getByTestId('donation-row').textContent()).toContain('Cash Donor')
  })

  it('marks a contact message read then archived, and approves a sponsor application', async () => {
    const { page } = env
    const visitor = new ApiClient(env.server.url)
    await visitor.post('/api/contact', { name: 'Robin', email: 'robin@example.test', message: 'Snack bar?' })
    await visitor.post('/api/sponsors', {
      contactName: 'Dana',
      contactEmail: 'dana@hh.test',
      contactPhone: '555',
      companyName: 'Hawk Hardware',
      companyAddress: '1 Main',
      businessType: 'retail',
      sponsorshipLevel: 'silver',
    })
    await openOverview()
    const message = page.getByRole('article', { name: 'Message from Robin' })
    expect(await message.getByRole('link', { name: 'Reply to Robin' }).getAttribute('href')).toMatch(
      /^mailto:robin@example\.test\?subject=/,
    )
    await message.getByRole('button', { name: /Mark read/ }).click()
    await takeToast(page, 'Message marked read')
    await expect.poll(() => message.textContent()).toMatch(/Status: read/)
    await message.getByRole('button', { name: /Archive/ }).click()
    await takeToast(page, 'Message marked archived')
    await expect.poll(() => message.textContent()).toMatch(/Status: archived/)

    const application = page.getByRole('article', { name: 'Hawk Hardware' })
    await application.getByRole('button', { name: /Approve/ }).click()
    await takeToast(page, 'Application approved: a pending sponsorship was created')
    await expect.poll(() => application.getByRole('button', { name: /Approve/ }).count()).toBe(0)
    const sponsorships = (await admin.get('/api/admin/sponsorships')).json as any[]
    expect(sponsorships).toEqual([
      expect.objectContaining({ sponsorCompany: 'Hawk Hardware', tier: 'silver', amount: '600.00', status: 'pending' }),
    ])

    // The payment arrives: the treasurer marks the sponsorship completed.
    const row = page.getByTestId('sponsorship-row').filter({ hasText: 'Hawk Hardware' })
    await row.getByRole('button', { name: /Change status/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Change Sponsorship Status' })
    await dialog.getByLabel('New status').selectOption('completed')
    await dialog.getByRole('button', { name: 'Save Status' }).click()
    await takeToast(page, 'Sponsorship updated')
    await expect.poll(async () => ((await admin.get('/api/admin/sponsorships')).json as any[])[0].status).toBe('completed')
    await expectNoAxeViolations(page, 'overview with donations and inbox actions')
  })
})

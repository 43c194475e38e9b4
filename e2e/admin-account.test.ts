import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { addStaffAccount, ApiClient, loggedInAdmin, TEST_ADMIN } from '../testing/server'
import { startSmtpCapture } from '../testing/smtp'
import { VIEWPORTS } from '../testing/browser'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  fieldError,
  freshPage,
  loginThroughUi,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
} from '../testing/browserEnv'

/** "Forgot password?" on the login card, sent for `email`: the dialog, to read its answer. */
async function askForRecoveryLink(page: Page, email: string) {
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const forgot = page.getByRole('dialog', { name: 'Forgot password' })
  await forgot.getByLabel('Email').fill(email)
  await forgot.getByRole('button', { name: 'Send link' }).click()
  return forgot
}

/** Account and security in the admin: own sessions, password change, the audit log (SECURITY.md §1, §9). */
describe('admin portal: account and audit log', () => {
  let env: BrowserEnv

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'demo', env: { RATE_LIMIT_LOGIN: '1000' } })
    await loggedInAdmin(env.server.url) // creates the admin
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  it('lists your sessions and signs out everywhere else, by keyboard, with no axe violations', async () => {
    // An account of its own, so its sessions are exactly the two made here.
    const owner = { username: 'many.devices', password: 'signed in on the phone and the laptop' }
    await addStaffAccount(await loggedInAdmin(env.server.url), { ...owner, role: 'admin' })
    const elsewhere = new ApiClient(env.server.url) // a second session, on "another device"
    expect((await elsewhere.post('/api/admin/login', owner)).status).toBe(200)
    const page = await signedInPage(env, owner, { ownContext: true })
    const opener = page.getByRole('button', { name: 'Account', exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.waitFor()
    const sessions = dialog.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
    await expect.poll(() => sessions.count()).toBeGreaterThanOrEqual(2)
    await expect.poll(() => sessions.filter({ hasText: 'This browser' }).count()).toBe(1)
    await expectNoAxeViolations(page, 'account dialog')

    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click()
    expect((await takeToast(page, '1 other session signed out')).description).toBe('')
    await expect.poll(() => sessions.count()).toBe(1)
    expect((await elsewhere.get('/api/admin/me')).status).toBe(401)

    // The audit log shows the sign-ins, newest first.
    const log = dialog.getByRole('table')
    await log.waitFor()
    expect(await log.getByRole('cell', { name: 'login', exact: true }).count()).toBeGreaterThanOrEqual(2)
    await expect.poll(() => log.getByRole('cell', { name: 'sessions-revoked', exact: true }).count()).toBe(1)

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('signed out and in again at once, loads the new session afresh: nothing kept, or still loading, from the last', async () => {
    const page = await signedInPage(env, TEST_ADMIN, { ownContext: true })
    const signOutAndIn = async () => {
      await page.getByRole('button', { name: 'Logout' }).click()
      await page.getByLabel('Username').fill(TEST_ADMIN.username)
      await page.getByLabel('Password').fill(TEST_ADMIN.password)
      await page.getByRole('button', { name: 'Login' }).click()
      await page.getByText('Lady Hawks Admin').waitFor()
    }
    // Twice in a row: the second sign-out comes while the dashboard's first requests of the session are still fresh
    // (SWR de-duplicates a key's requests for 2 s; they once answered for the next session and were then dropped).
    await signOutAndIn()
    await signOutAndIn()
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor({ timeout: 5000 })
    expect(await dialog.getByText('Loading...').count()).toBe(0)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('changes the password only with the current one, showing the reason beside the field', async () => {
    // An account of its own: the admin's password stays what the other tests sign in with.
    const owner = { username: 'changes.password', password: 'the first passphrase of the season' }
    await addStaffAccount(await loggedInAdmin(env.server.url), { ...owner, role: 'admin' })
    const page = await signedInPage(env, owner, { ownContext: true })
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.getByLabel('Current password').fill('not the password at all')
    await dialog.getByLabel('New password').fill('a new passphrase for the spring season')
    await dialog.getByRole('button', { name: 'Change password' }).click()
    expect(await fieldError(page, 'Current password', dialog)).toBe('The current password is not correct')

    await dialog.getByLabel('Current password').fill(owner.password)
    await dialog.getByRole('button', { name: 'Change password' }).click()
    expect((await takeToast(page, 'Password changed')).description).toBe('Your other sessions have been signed out.')
    expect(await dialog.getByLabel('Current password').inputValue()).toBe('')
    const fresh = new ApiClient(env.server.url)
    expect(
      (await fresh.post('/api/admin/login', { username: owner.username, password: 'a new passphrase for the spring season' })).status,
    ).toBe(200)
    await expectNoAxeViolations(page, 'account dialog after a password change')
  })

  it('"Forgot password?" without a mail server says so, whatever the address, with no axe violations', async () => {
    const page = await freshPage(env)
    const forgot = await askForRecoveryLink(page, 'someone@example.org')
    // No SMTP_URL in this environment: the answer says so, and points to the way in without email.
    await expect.poll(() => forgot.getByRole('status').textContent()).toMatch(/cannot send email yet.*admin:reset/)
    await expectNoAxeViolations(page, 'forgot password dialog')
  })
})

/** An account of its own for recovery, so the password the other test signs in with stays. */
const FORGETFUL = { username: 'forgot.password', password: 'a passphrase now forgotten', email: 'forgetful@ladyhawks.test' }

/** SECURITY.md §1: after a flood of wrong passwords, the owner still gets in from a new place, through the emailed link. */
describe('admin portal: signing in from a new place after many failed logins', () => {
  let env: BrowserEnv
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    env = await startBrowserEnv({
      seed: 'demo',
      env: { RATE_LIMIT_LOGIN: '1000', LOGIN_ACCOUNT_CEILING: '3', TRUST_PROXY: 'loopback', SMTP_URL: smtp.url },
    })
    expect((await env.api.post('/api/admin/setup', TEST_ADMIN)).status).toBe(201)
    // The recovery test's account, made from an address of its own: the browser's stays new to the admin.
    const admin = new ApiClient(env.server.url)
    const login = await admin.post('/api/admin/login', TEST_ADMIN, { 'X-Forwarded-For': '198.51.100.9' })
    expect(login.status, login.text).toBe(200)
    await addStaffAccount(admin, { ...FORGETFUL, role: 'editor' }, { 'X-Forwarded-For': '198.51.100.9' })
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
    await smtp?.stop()
  })
  dumpServerOnFailure(() => env)

  it('says a link is on its way on the login card, and the link signs in with one button, with no axe violations', async () => {
    for (let i = 1; i <= 3; i++) {
      const guess = { username: TEST_ADMIN.username, password: `Wrong-Guess-${i}-passphrase` }
      expect((await new ApiClient(env.server.url).post('/api/admin/login', guess, { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(
        401,
      )
    }
    const page = await freshPage(env)
    await page.goto('/admin')
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Login' }).click()
    expect((await takeToast(page, 'Two-factor sign-in')).description).toMatch(/one-time sign-in link is on its way/)
    expect(await page.getByText('Lady Hawks Admin').count()).toBe(0)

    const mail = await smtp.waitFor((m) => /sign-in link/.test(m.subject))
    const token = mail.text.match(/\/admin\/login\?signin=([\w-]+)/)?.[1]
    expect(token, mail.text).toBeTruthy()
    await page.goto(`/admin/login?signin=${token}`)
    const dialog = page.getByRole('dialog', { name: 'Sign in with the emailed link' })
    await dialog.waitFor()
    await expectNoAxeViolations(page, 'sign-in link dialog')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('Lady Hawks Admin').waitFor()
    expect(new URL(page.url()).search).toBe('')
  })

  it('recovers an account: "Forgot password?" mails a link that opens "Choose a new password"', async () => {
    const page = await freshPage(env)
    const forgot = await askForRecoveryLink(page, FORGETFUL.email)
    await expect.poll(() => forgot.getByRole('status').textContent()).toBeTruthy()
    await page.keyboard.press('Escape')

    const mail = await smtp.waitFor((m) => m.to.includes(FORGETFUL.email) && /choose a new password/.test(m.subject))
    const link = mail.text.match(/\/admin\?reset=[\w-]+/)?.[0]
    expect(link, mail.text).toBeTruthy()
    await page.goto(link!)
    const reset = page.getByRole('dialog', { name: 'Choose a new password' })
    await reset.getByLabel('New password').fill('password1234')
    await reset.getByRole('button', { name: 'Save new password' }).click()
    expect(await fieldError(page, 'New password', reset)).toMatch(/too common/)
    await reset.getByLabel('New password').fill('recovered by the link in my inbox')
    await reset.getByRole('button', { name: 'Save new password' }).click()
    expect((await takeToast(page, 'Password changed')).description).toBe(`Log in as ${FORGETFUL.username} with your new password.`)
    expect(new URL(page.url()).search).toBe('')
    await loginThroughUi(page, FORGETFUL.username, 'recovered by the link in my inbox')
  })

  it('invites a new editor from Payload’s Create New: an email box, no password; she chooses hers from the mail, on a phone', async () => {
    const volunteer = { username: 'new.volunteer', email: 'volunteer@ladyhawks.test', password: 'my own volunteer passphrase 2026' }
    // Signed in from the address the admin used before (the guesses of this file's first test asked a new one for a second step).
    const admin = new ApiClient(env.server.url)
    expect((await admin.post('/api/admin/login', TEST_ADMIN, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(200)
    const page = await freshPage(env)
    const [name, value] = admin.cookie.split('=')
    await page.context().addCookies([{ name, value, url: env.server.url }])
    await page.goto('/admin/collections/admin-users/create')
    const email = page.locator('#field-email')
    await email.waitFor()
    // Nobody types another's password: Create New asks for none.
    expect(
      await page.locator('input[type="password"]').evaluateAll((inputs) => inputs.filter((i) => (i as HTMLElement).offsetParent).length),
    ).toBe(0)
    expect(await page.getByText('Her invitation goes here: she chooses her own password from it').count()).toBe(1)
    await page.locator('#field-username').fill(volunteer.username)
    await email.fill(volunteer.email)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL(/\/admin\/collections\/admin-users\/(?!create$)[^/]+$/)
    // Her page, as the admin sees it: waiting for her, no Change Password.
    await page.getByText('She has not chosen her password yet').waitFor()
    expect(await page.locator('#change-password').isVisible()).toBe(false)

    const mail = await smtp.waitFor((m) => m.to.includes(volunteer.email) && /you are invited/.test(m.subject))
    const link = mail.text.match(/\/admin\?reset=[0-9a-f]+&invited=1/)?.[0]
    expect(link, mail.text).toBeTruthy()
    const phone = await freshPage(env, { viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true })
    await phone.goto(link!)
    const welcome = phone.getByRole('dialog', { name: 'Welcome: choose your password' })
    await welcome.waitFor()
    await expectNoAxeViolations(phone, 'the invitation at 375 px')
    await welcome.getByLabel('New password').fill(volunteer.password)
    await welcome.getByRole('button', { name: 'Save my password' }).click()
    expect((await takeToast(phone, 'Password chosen')).description).toBe(`Log in as ${volunteer.username} with your password.`)
    await loginThroughUi(phone, volunteer.username, volunteer.password)
    // Once used, the link is spent.
    expect(
      (
        await new ApiClient(env.server.url).post('/api/admin/recover/reset', {
          token: new URL(link!, env.server.url).searchParams.get('reset'),
          password: 'another passphrase for me',
        })
      ).status,
    ).toBe(400)
  })
})

import type { Client } from '@libsql/client'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffAccount, loggedInAdmin, openDatabase, TEST_ADMIN, type ApiClient } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  fieldError,
  freshPage,
  loginThroughUi,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
} from '../testing/browserEnv'

/** Two-factor sign-in in the admin (SECURITY.md §1): set up from the account dialog, then sign in with a code. */
const SECOND_ADMIN = { username: 'second.admin', password: 'second admin passphrase' }

describe('admin portal: two-factor sign-in', () => {
  let env: BrowserEnv
  let db: Client
  let first: ApiClient // the first admin's session from before any test, to switch the club setting

  beforeAll(async () => {
    env = await startBrowserEnv({ env: { RATE_LIMIT_LOGIN: '1000' } })
    db = await openDatabase(env.server)
    first = await loggedInAdmin(env.server.url)
    await addStaffAccount(first, { ...SECOND_ADMIN, role: 'admin' })
  })
  afterAll(async () => {
    db?.close()
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  it('sets it up from the account dialog by keyboard, shows the recovery codes once, then asks for a code at sign-in', async () => {
    const page = await freshPage(env)
    await loginThroughUi(page)
    await page.getByRole('button', { name: 'Account', exact: true }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).focus()
    await page.keyboard.press('Enter')

    const qr = dialog.getByRole('img', { name: /QR code/ })
    await qr.waitFor()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const secret = (await dialog.locator('code').innerText()).replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await expectNoAxeViolations(page, 'two-factor set-up')
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret) })

    const codeField = dialog.getByLabel('Code from the app')
    await codeField.fill('000000')
    await codeField.press('Enter')
    expect(await fieldError(page, 'Code from the app', dialog)).toMatch(/not correct/)
    await codeField.fill(code())
    await codeField.press('Enter')
    expect((await takeToast(page, 'Two-factor sign-in is on')).description).toBe('Save your recovery codes now.')
    const recoveryCodes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    expect(await recoveryCodes.count()).toBe(10)
    const download = dialog.getByRole('link', { name: 'Download' })
    expect(await download.getAttribute('download')).toBe('lady-hawks-recovery-codes.txt')
    expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toContain(await recoveryCodes.first().innerText())
    await expectNoAxeViolations(page, 'recovery codes')
    const savedCodes = await recoveryCodes.allInnerTexts()
    await dialog.getByRole('button', { name: 'I have saved them' }).click()
    await dialog.getByText('10 recovery codes left.').waitFor()
    expect(await dialog.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0)

    // The club setting, for admins.
    await dialog.getByRole('checkbox', { name: /Require two-factor sign-in for admins/ }).check()
    await takeToast(page, 'Two-factor sign-in is now required for admins')
    expect(
      (await env.api.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).json.totpRequired,
    ).toBe(true)

    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Logout' }).click()
    await takeToast(page, 'Logged out successfully')

    // Sign in again: the password first, then the code the form now asks for.
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Login' }).click()
    // The field appears with the focus, ready to type into.
    const authCode = page.getByLabel('Authentication code')
    await authCode.waitFor()
    await expect.poll(() => authCode.evaluate((el) => el === document.activeElement)).toBe(true)
    expect((await takeToast(page, 'Two-factor sign-in')).description).toBe('Enter the 6-digit code from your authenticator app')
    await expectNoAxeViolations(page, 'login asking for the code')
    await authCode.fill('123456')
    await authCode.press('Enter')
    expect(await fieldError(page, 'Authentication code', page.locator('form'))).toMatch(/not correct/)
    // The set-up's code was accepted in this 30-second step: as if the next step had come.
    await db.execute({ sql: 'UPDATE admin_users SET totp_last_step = NULL WHERE username = ?', args: [TEST_ADMIN.username] })
    await authCode.fill(code())
    await authCode.press('Enter')
    await page.getByText('Lady Hawks Admin').waitFor()
    await takeToast(page, 'Login successful')

    // New recovery codes, then turning it off: each form refuses a wrong entry beside its field. On the same page,
    // signed out and in again within seconds: the dialog loads this session's status (lib/sessionCache.ts).
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    const newCodes = dialog.getByRole('form', { name: 'New recovery codes' })
    await newCodes.getByLabel('Authentication code').fill('000000')
    await newCodes.getByRole('button', { name: 'Make new recovery codes' }).click()
    expect(await fieldError(page, 'Authentication code', newCodes)).toMatch(/not correct/)
    await newCodes.getByLabel('Authentication code').fill(savedCodes[0])
    await newCodes.getByRole('button', { name: 'Make new recovery codes' }).click()
    const freshList = dialog.getByRole('list', { name: 'Recovery codes' })
    await freshList.waitFor()
    const freshCodes = await freshList.getByRole('listitem').allInnerTexts()
    expect(freshCodes).toHaveLength(10)
    expect(freshCodes).not.toContain(savedCodes[1])
    await dialog.getByRole('button', { name: 'I have saved them' }).click()

    const turnOff = dialog.getByRole('form', { name: 'Turn off two-factor sign-in' })
    await turnOff.getByLabel('Your password').fill('not the password')
    await turnOff.getByLabel('Authentication code').fill(freshCodes[0])
    await turnOff.getByRole('button', { name: 'Turn off' }).click()
    expect(await fieldError(page, 'Your password', turnOff)).toMatch(/not correct/)
    await turnOff.getByLabel('Your password').fill(TEST_ADMIN.password)
    await turnOff.getByRole('button', { name: 'Turn off' }).click()
    await takeToast(page, 'Two-factor sign-in is off')
  })
  it('opens the set-up at once for an admin without it while the club requires it', async () => {
    const required = (on: boolean) => first.put('/api/admin/account/security-settings', { requireTotpForAdmins: on })
    expect((await required(true)).status).toBe(200)
    try {
      const page = await freshPage(env)
      await page.goto('/admin')
      await page.getByLabel('Username').fill(SECOND_ADMIN.username)
      await page.getByLabel('Password').fill(SECOND_ADMIN.password)
      await page.getByRole('button', { name: 'Login' }).click()
      const dialog = page.getByRole('dialog', { name: 'Account and security' })
      await dialog.waitFor()
      await dialog.getByRole('alert').filter({ hasText: 'The club requires two-factor sign-in for admins' }).waitFor()
      await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor()
      await expectNoAxeViolations(page, 'set-up required')
    } finally {
      // Off again: the other test switches it on itself, from the account dialog.
      expect((await required(false)).status).toBe(200)
    }
  })
})

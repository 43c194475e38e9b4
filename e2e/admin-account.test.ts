import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  fieldError,
  loginThroughUi,
  readToast,
  startAdminEnv,
  stopAdminEnv,
  TEST_ADMIN,
  type AdminEnv,
} from './admin-helpers'

/** Account and security in the admin: own sessions, password change, the audit log (SECURITY.md §1, §9). */
describe('admin portal: account and audit log', () => {
  let env: AdminEnv
  let elsewhere: ApiClient

  beforeAll(async () => {
    env = await startAdminEnv({ seed: 'demo', env: { RATE_LIMIT_LOGIN: '1000' } })
    elsewhere = await loggedInAdmin(env.server.url) // a second session, on "another device"
  })
  afterAll(async () => {
    await stopAdminEnv(env)
  })
  dumpServerOnFailure(() => env)

  it('lists your sessions and signs out everywhere else, by keyboard, with no axe violations', async () => {
    const { page } = env
    await loginThroughUi(page)
    const opener = page.getByRole('button', { name: 'Account' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.waitFor()
    const sessions = dialog.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')
    await expect.poll(() => sessions.count()).toBeGreaterThanOrEqual(2)
    await expect.poll(() => sessions.filter({ hasText: 'This browser' }).count()).toBe(1)
    await expectNoAxeViolations(page, 'account dialog')

    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click()
    expect(await readToast(page, '1 other session signed out')).toBe('')
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

  it('changes the password only with the current one, showing the reason beside the field', async () => {
    const { page } = env
    await page.getByRole('button', { name: 'Account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Account and security' })
    await dialog.getByLabel('Current password').fill('not the password at all')
    await dialog.getByLabel('New password').fill('a new passphrase for the spring season')
    await dialog.getByRole('button', { name: 'Change password' }).click()
    expect(await fieldError(page, 'Current password', dialog)).toBe('The current password is not correct')

    await dialog.getByLabel('Current password').fill(TEST_ADMIN.password)
    await dialog.getByRole('button', { name: 'Change password' }).click()
    expect(await readToast(page, 'Password changed')).toBe('Your other sessions have been signed out.')
    expect(await dialog.getByLabel('Current password').inputValue()).toBe('')
    const fresh = new ApiClient(env.server.url)
    expect((await fresh.post('/api/admin/login', { username: TEST_ADMIN.username, password: 'a new passphrase for the spring season' })).status).toBe(200)
    await expectNoAxeViolations(page, 'account dialog after a password change')
  })
})

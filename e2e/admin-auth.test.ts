import { beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, TEST_ADMIN } from '../testing/server'
import {
  apiWithBrowserSession,
  everyRequestSeen,
  expectNoAxeViolations,
  fieldError,
  freshPage,
  signedInPage,
  settled,
  takeToast,
  useBrowserEnv,
} from '../testing/browserEnv'

/** /admin entry: session check, login, logout (docs/PRODUCT.md: Routes, Errors). Each test on a page of its own. */
describe('admin portal: session, login, logout', () => {
  const env = useBrowserEnv({ seed: 'none' })

  beforeAll(async () => {
    await loggedInAdmin(env().server.url) // creates the admin
  })

  it('loads the admin code only under /admin, asked for once on a first visit, in the system’s colour scheme after it', async () => {
    const page = await freshPage(env(), { colorScheme: 'dark' })
    // The portal lives in Payload's admin (Next.js, cms/admin): its code comes from /_next/.
    const isAdminCode = (path: string) => path.startsWith('/_next/') || path.includes('AdminPage')
    const scripts: string[] = []
    const documents: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname)
    })
    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor()
    expect(scripts.filter(isAdminCode).length).toBeGreaterThan(0)
    // Not asked for twice (Payload's Critical-CH: cms/admin/next.config.mjs).
    expect(documents).toEqual(['/admin'])
    // From the next visit on the browser says which scheme it uses (Payload's Accept-CH), and the admin is rendered in it.
    await page.reload()
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')

    // A public page loads none of it: what it loaded, its browser's cache included (Resource Timing lists both).
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
    expect(loaded.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
    expect(loaded.filter(isAdminCode)).toEqual([])
  })

  it('shows a spinner while the session is checked, asks once (no retry), then the login card', async () => {
    const page = await freshPage(env())
    let meCalls = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // Hold the real server's answer back a moment so the unknown state is visible.
    await page.route('**/api/admin/me', async (route) => {
      meCalls++
      await held
      await route.continue()
    })
    await page.goto('/admin')
    await page.getByRole('status').filter({ hasText: 'Checking your session' }).waitFor()
    release()
    await page.getByRole('heading', { name: 'Admin Portal', level: 1 }).waitFor()
    await everyRequestSeen(page)
    expect(meCalls).toBe(1)
    await page.unroute('**/api/admin/me')

    expect(await page.getByLabel('Username').isVisible()).toBe(true)
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password')
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true)
    await settled(page)
    await expectNoAxeViolations(page, 'login card')

    // Empty submit: nothing sent, errors beside the fields.
    await page.getByRole('button', { name: 'Login' }).click()
    expect(await fieldError(page, 'Username', page.locator('main'))).toBe('Required')
    expect(await fieldError(page, 'Password', page.locator('main'))).toBe('Required')
  })

  it('refuses a wrong password with the spec wording and keeps what was typed', async () => {
    const page = await freshPage(env())
    await page.goto('/admin')
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill('wrong-password-123')
    await page.getByRole('button', { name: 'Login' }).click()
    expect((await takeToast(page, 'Login failed')).description).toBe('Invalid username or password')
    expect(await page.getByLabel('Username').inputValue()).toBe(TEST_ADMIN.username)
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true)
    expect(await page.getByText('Lady Hawks Admin').count()).toBe(0)
  })

  it('logs in by keyboard, keeps the session across a reload, and logs out (session revoked on the server)', async () => {
    const page = await freshPage(env())
    const { server } = env()
    const context = page.context()
    await page.goto('/admin')
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill(TEST_ADMIN.password)
    await page.getByLabel('Password').press('Enter')
    expect((await takeToast(page, 'Login successful')).description).toBe('Welcome to the admin panel')
    await page.getByText('Lady Hawks Admin').waitFor()
    expect(await page.getByText(`Welcome, ${TEST_ADMIN.username}`).isVisible()).toBe(true)
    const tabs = await page.getByRole('tab').allTextContents()
    // The spec's tabs, with the families' two (memberships, volunteers) before Content.
    expect(tabs).toEqual(['Overview', 'Campaigns', 'Team', 'Games', 'Sponsorships', 'Members', 'Volunteers', 'Content'])
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true')

    // Tabs by keyboard: arrow keys move between them and the focus is visible.
    await page.getByRole('tab', { name: 'Overview' }).focus()
    await page.keyboard.press('ArrowRight')
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Campaigns' }).waitFor()
    await page.keyboard.press('ArrowRight')
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Team' }).waitFor()
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none')
    await page.getByRole('heading', { name: 'Team', level: 2 }).waitFor()

    // The portal asks for the session once; its screens read that answer (SignedInSession in portal/lib/session.ts).
    const sessionChecks: string[] = []
    page.on('request', (r) => new URL(r.url()).pathname === '/api/admin/me' && sessionChecks.push(r.method()))
    await page.reload()
    await page.getByText(`Welcome, ${TEST_ADMIN.username}`).waitFor()
    expect(await page.getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true') // ?tab=team
    await settled(page)
    expect(sessionChecks).toEqual(['GET'])

    const session = await apiWithBrowserSession(context, server.url)
    expect((await session.get('/api/admin/me')).status).toBe(200)

    await page.getByRole('button', { name: 'Logout' }).click()
    expect((await takeToast(page, 'Logged out successfully')).description).toBe('')
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor()
    expect((await session.get('/api/admin/me')).status).toBe(401)

    await page.reload()
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor()
  })

  it('returns to the login card when the session ends elsewhere', async () => {
    const page = await signedInPage(env(), TEST_ADMIN, { ownContext: true })
    const session = await apiWithBrowserSession(page.context(), env().server.url)
    expect((await session.post('/api/admin/logout')).status).toBe(200)
    // The next call the portal makes answers 401: opening Games asks for its list, unless a call the Overview
    // still had under way was first and the login card is already back.
    const loginCard = page.getByRole('heading', { name: 'Admin Portal' })
    await page.getByRole('tab', { name: 'Games' }).or(loginCard).first().click()
    await loginCard.waitFor()
  })
})

/** First-time setup needs a database with no admin yet: a server of its own. */
describe('admin portal: first-time setup', () => {
  const env = useBrowserEnv({ seed: 'none' })

  it('first time setup, by keyboard: validates beside the fields, maps server issues, creates the admin and prefills login', async () => {
    const page = await freshPage(env())
    const { server } = env()
    await page.goto('/admin')
    await page.getByLabel('Username').waitFor()
    // Keyboard only: Tab until the setup button has focus, then Enter.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab')
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'First time setup') break
    }
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Create Admin Account' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Email (optional)').isVisible()).toBe(true)

    await page.keyboard.press('Enter') // focus starts in the username field: submits the empty form
    expect(await fieldError(page, 'Username')).toBe('Required')
    expect(await fieldError(page, 'Password')).toBe('Required')
    await settled(page)
    await expectNoAxeViolations(page, 'setup dialog with errors')

    await dialog.getByLabel('Username').fill('Coach.Admin')
    await dialog.getByLabel('Password').fill('short')
    await dialog.getByLabel('Email (optional)').fill('not-an-email')
    await dialog.getByRole('button', { name: 'Create Admin' }).click()
    expect(await fieldError(page, 'Password')).toBe('String must contain at least 12 character(s)')
    expect(await fieldError(page, 'Email (optional)')).toBe('Invalid email')

    // The server's password policy refuses what the shared schema allows: its 400 issue lands on the field.
    await dialog.getByLabel('Password').fill('coach.admin-is-me')
    await dialog.getByLabel('Email (optional)').fill('')
    await dialog.getByRole('button', { name: 'Create Admin' }).click()
    expect((await takeToast(page, 'Setup failed')).description).toBe('The password must not contain the username.')
    expect(await fieldError(page, 'Password')).toBe('The password must not contain the username.')
    expect(await dialog.getByLabel('Username').inputValue()).toBe('Coach.Admin') // kept

    await dialog.getByLabel('Username').fill(TEST_ADMIN.username)
    await dialog.getByLabel('Password').fill(TEST_ADMIN.password)
    await dialog.getByLabel('Email (optional)').fill(TEST_ADMIN.email)
    await page.keyboard.press('Enter')
    expect((await takeToast(page, 'Admin setup complete')).description).toBe('You can now log in.')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByLabel('Username').inputValue()).toBe(TEST_ADMIN.username)
    expect(await page.getByLabel('Password').inputValue()).toBe(TEST_ADMIN.password)

    // The account really exists on the server.
    const api = new ApiClient(server.url)
    const login = await api.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    expect(login.status).toBe(200)
    expect(login.json.user.email).toBe(TEST_ADMIN.email)

    // A second setup is refused (403) and says why.
    await page.getByRole('button', { name: 'First time setup' }).click()
    await dialog.getByLabel('Username').fill('second.admin')
    await dialog.getByLabel('Password').fill('another-long-passphrase')
    await dialog.getByRole('button', { name: 'Create Admin' }).click()
    const again = await new ApiClient(server.url).post('/api/admin/setup', { username: 'x.admin', password: 'yet-another-passphrase' })
    expect(again.status).toBe(403)
    expect((await takeToast(page, 'Setup failed')).description).toBe(again.json.error)
    expect(await dialog.getByLabel('Username').inputValue()).toBe('second.admin')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })
})

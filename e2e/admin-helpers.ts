import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterEach } from 'vitest'
import { axeViolations, launchBrowser, VIEWPORTS } from '../testing/browser'
import { ApiClient, startServer, TEST_ADMIN, type StartOptions, type TestServer } from '../testing/server'

/**
 * Shared set-up of the admin browser tests: one real server (fresh database)
 * and one headless Chromium per file, one browser context for the whole file
 * (the bundled Chromium runs --single-process: closing the last context ends
 * the browser). CSP is bypassed only so axe-core can be injected.
 */
export type AdminEnv = { server: TestServer; browser: Browser; context: BrowserContext; page: Page; api: ApiClient }

export async function startAdminEnv(options: StartOptions = {}): Promise<AdminEnv> {
  const [server, browser] = await Promise.all([startServer(options), launchBrowser()])
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.url })
  const page = await context.newPage()
  // /admin is Payload's admin (Next.js): its first page load can take several seconds on a loaded 2-core machine.
  page.setDefaultTimeout(30_000)
  return { server, browser, context, page, api: new ApiClient(server.url) }
}

/** When a test fails, print the end of the server's output next to it. */
export function dumpServerOnFailure(getEnv: () => AdminEnv | undefined) {
  afterEach((context) => {
    const env = getEnv()
    if (context.task.result?.state === 'fail' && env) console.error(`server output:\n${env.server.output().slice(-4000)}`)
  })
}

export async function stopAdminEnv(env: AdminEnv | undefined) {
  await env?.browser.close().catch(() => undefined)
  await env?.server.stop()
}

/** The newest toast (one is visible at a time): its title and description, then it is dismissed. */
export async function readToast(page: Page, title: string): Promise<string> {
  const toast = page.locator('.toast', { has: page.getByText(title, { exact: true }) })
  await toast.waitFor()
  // Title and description render together: a toast without a description has none to wait for.
  const description = toast.locator('.text-sm')
  const text = (await description.count()) > 0 ? ((await description.first().textContent()) ?? '') : ''
  await toast.locator('.toast-close').click()
  await toast.waitFor({ state: 'detached' })
  return text
}

export async function loginThroughUi(page: Page, username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
  await page.goto('/admin')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByText('Lady Hawks Admin').waitFor()
  await readToast(page, 'Login successful')
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tabpanel', { name }).waitFor()
}

/** No spinner left in the page: every list has answered. */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[role="status"] .animate-spin').length === 0)
}

export async function expectNoAxeViolations(page: Page, where: string) {
  await settled(page)
  const violations = await axeViolations(page)
  if (violations.length > 0) throw new Error(`axe violations on ${where}:\n${JSON.stringify(violations, null, 2)}`)
}

/** The field error shown beside a labelled control (linked by aria-describedby). */
export async function fieldError(page: Page, label: string | RegExp, scope = page.getByRole('dialog')): Promise<string> {
  const control = scope.getByLabel(label, { exact: typeof label === 'string' })
  await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await control.elementHandle())
  return control.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
  })
}

/** Copies the browser's session cookie into an API client, to ask the server what that session can do. */
export async function apiWithBrowserSession(context: BrowserContext, url: string): Promise<ApiClient> {
  const client = new ApiClient(url)
  client.cookie = (await context.cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ')
  return client
}

export { TEST_ADMIN }

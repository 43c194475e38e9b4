import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { axeViolations, launchBrowser, VIEWPORTS } from '../testing/browser'
import { startServer, type StartOptions, type TestServer } from '../testing/server'

/**
 * Shared set-up of the public-site browser tests: one real server (fresh
 * database) and one headless Chromium per file, and one browser context for
 * the whole file (the bundled Chromium runs --single-process: closing a
 * context can end the browser). Requests to any other host are aborted and
 * recorded, so nothing external is loaded; routing also disables the HTTP
 * cache, so every page load fetches what it needs.
 */
export type PublicEnv = {
  server: TestServer
  browser: Browser
  context: BrowserContext
  page: Page
  /** External URLs the pages tried to load (all aborted). */
  blocked: string[]
  /** Content-Security-Policy violations reported by the browser. */
  cspErrors: string[]
}

export const TEST_CONFIG = {
  GIVING_PLATFORM_URL: 'https://give.example.org/lady-hawks',
  STRIPE_BUY_BUTTON_ID: 'buy_btn_test_ladyhawks',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_ladyhawks',
  FACEBOOK_URL: 'https://www.facebook.com/ladyhawks.test',
  INSTAGRAM_URL: 'https://www.instagram.com/ladyhawks.test',
}

export async function startPublicEnv(serverOptions: StartOptions = {}): Promise<PublicEnv> {
  const [server, browser] = await Promise.all([
    startServer({ ...serverOptions, env: { RATE_LIMIT_FORMS: '1000', ...TEST_CONFIG, ...serverOptions.env } }),
    launchBrowser(),
  ])
  // Every page runs under the site's real CSP (axe is injected through DevTools).
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.url })
  const blocked: string[] = []
  const cspErrors: string[] = []
  await context.route(
    (url) => url.origin !== new URL(server.url).origin && url.protocol.startsWith('http'),
    (route) => {
      blocked.push(route.request().url())
      return route.abort('blockedbyclient')
    },
  )
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspErrors.push(message.text())
  })
  return { server, browser, context, page, blocked, cspErrors }
}

export async function stopPublicEnv(env: PublicEnv | undefined) {
  await env?.browser.close().catch(() => undefined)
  await env?.server.stop()
}

/**
 * One server and one browser for the test file, started before its tests and
 * stopped after them; returns a getter for the running environment.
 */
export function usePublicEnv(options: Parameters<typeof startPublicEnv>[0] = {}): () => PublicEnv {
  let env: PublicEnv | undefined
  beforeAll(async () => {
    env = await startPublicEnv(options)
  })
  afterAll(() => stopPublicEnv(env))
  dumpServerOnFailure(() => env)
  return () => env!
}

/** When a test fails, print the end of the server's output next to it. */
export function dumpServerOnFailure(getEnv: () => PublicEnv | undefined) {
  afterEach((context) => {
    const env = getEnv()
    if (context.task.result?.state === 'fail' && env) console.error(`server output:\n${env.server.output().slice(-4000)}`)
  })
}

export const setViewport = (page: Page, name: keyof typeof VIEWPORTS) => page.setViewportSize(VIEWPORTS[name])

/** The visible toast (one at a time): its title and description. */
export async function readToast(page: Page, title: string): Promise<{ title: string; description: string; destructive: boolean }> {
  const toast = page.locator('.toast', { has: page.getByText(title, { exact: true }) })
  await toast.waitFor()
  const description = (await toast.locator('.text-sm').first().textContent({ timeout: 500 }).catch(() => '')) ?? ''
  const destructive = (await toast.getAttribute('data-variant')) === 'destructive'
  return { title, description, destructive }
}

/** Closes the visible toast and waits until it is gone. */
export async function closeToast(page: Page) {
  const toast = page.locator('.toast')
  await toast.locator('.toast-close').click()
  await toast.waitFor({ state: 'detached' })
}

/** Every request to an API path, for asserting what was (not) sent. */
export function recordApiCalls(page: Page, path: string) {
  const calls: { method: string; body: unknown }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) {
      const text = request.postData()
      calls.push({ method: request.method(), body: text ? JSON.parse(text) : undefined })
    }
  })
  return calls
}

/**
 * The route's page has rendered, React has taken over the server's HTML
 * (data-hydrated, set by site/src/main.tsx) and no loading indicator is left.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      document.querySelector('h1') !== null &&
      !document.querySelector('[role="status"] .spinner, [data-testid="player-skeleton"]'),
  )
}

/** Describes how the focused element shows its focus (outline, or its tier card's outline). */
export async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { tag: 'body', visible: false, name: '' }
    const ring = (node: Element) => {
      const style = getComputedStyle(node)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    }
    const card = el.closest('.tier-card')
    return {
      tag: el.tagName.toLowerCase(),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      visible: ring(el) || (card !== null && ring(card)),
    }
  })
}

export async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page)
  if (violations.length > 0) throw new Error(`axe violations on ${where}:\n${JSON.stringify(violations, null, 2)}`)
}

import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest'
import { warmUp } from '../cms/http/warmUp'
import { axeViolations, launchBrowser, VIEWPORTS } from './browser'
import { ApiClient, startServer, TEST_ADMIN, type StartOptions, type TestServer } from './server'
import { dumpServerOnFailure } from './serverOutput'

export { dumpServerOnFailure }

/**
 * The environment of every browser test (e2e/): one real server on a fresh
 * database per test file, and the worker's headless Chromium (`workerBrowser`). `page` is the file's shared
 * page; a test that signs in or changes a page's state takes one of its own
 * (`freshPage`, `signedInPage`, `editorPage`), so it passes alone and in any
 * order. Pages run under the site's real CSP (axe-core is
 * injected through DevTools, which the CSP does not govern). Requests to any
 * other host fail and are recorded, so nothing external is loaded.
 */
export type BrowserEnv = {
  server: TestServer
  browser: Browser
  context: BrowserContext
  page: Page
  /** An anonymous client of the same server, for arranging and checking records over HTTP. */
  api: ApiClient
  /** External URLs the pages tried to load (all aborted). */
  blocked: string[]
  /** Content-Security-Policy violations reported by the browser. */
  cspErrors: string[]
  /** The file's signed-in contexts, one per server and account (`signedInPage`), by server URL and username. */
  accounts: Map<string, Promise<BrowserContext>>
  /** Every context opened for this environment, closed with it (the browser itself is the worker's). */
  contexts: Set<BrowserContext>
}

let browserOfWorker: Promise<Browser> | undefined
/**
 * One Chromium for every browser file a test worker runs (vitest.config.ts keeps a worker's modules between files):
 * a launch and close cost about 0.45 CPU s (docs/SCALING.md, "The test suite's time"). The files share nothing in it: each works in contexts of its
 * own (their own cookies, storage and cache), closed when the file ends (`stopBrowserEnv`). A browser that crashed
 * or was closed is launched again; it ends with the worker.
 */
function workerBrowser(): Promise<Browser> {
  // Chained at once, so two environments started together wait for one launch instead of each making their own.
  const previous = browserOfWorker
  browserOfWorker = (async () => {
    const running = await previous?.catch(() => undefined)
    return running?.isConnected() ? running : launchBrowser()
  })()
  return browserOfWorker
}

/** Public settings the pages show (links, payment ids): fixed test values, so assertions can name them. */
export const TEST_CONFIG = {
  GIVING_PLATFORM_URL: 'https://give.example.org/lady-hawks',
  STRIPE_BUY_BUTTON_ID: 'buy_btn_test_ladyhawks',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_ladyhawks',
  FACEBOOK_URL: 'https://www.facebook.com/ladyhawks.test',
  INSTAGRAM_URL: 'https://www.instagram.com/ladyhawks.test',
}

export type BrowserEnvOptions = StartOptions & {
  /**
   * false for a file whose pages are the public site's only: its server never loads Next (Payload's admin), which
   * the warm-up below would load for nothing (about 1.5 CPU s). An admin page opened anyway still works; its first
   * load then waits for Next.
   */
  admin?: boolean
}

export async function startBrowserEnv({ admin = true, ...options }: BrowserEnvOptions = {}): Promise<BrowserEnv> {
  const [server, browser] = await Promise.all([
    // Tests post many forms from one IP: the per-IP form limit is raised (cms/security/forms.api.test.ts tests it).
    // A test server does not warm up Payload's admin (cms/start.ts): done here, while the browser starts, so a
    // file's first admin page does not spend its 30 s wait loading Next.
    startServer({ ...options, env: { RATE_LIMIT_FORMS: '1000', ...TEST_CONFIG, ...options.env } }).then(async (server) => {
      if (admin) await warmUp(`${server.url}/admin/login`, { redirect: 'manual' })
      return server
    }),
    workerBrowser(),
  ])
  const env: Omit<BrowserEnv, 'context' | 'page'> = {
    server,
    browser,
    api: new ApiClient(server.url),
    blocked: [],
    cspErrors: [],
    accounts: new Map(),
    contexts: new Set(),
  }
  const context = await openContext(env)
  return { ...env, context, page: await context.newPage() }
}

/** A browser context on the server, every other host's request and every CSP violation recorded in `env`. */
async function openContext(
  env: Pick<BrowserEnv, 'browser' | 'server' | 'blocked' | 'cspErrors' | 'contexts'>,
  options: BrowserContextOptions = {},
) {
  const context = await env.browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: env.server.url, ...options })
  env.contexts.add(context)
  context.once('close', () => env.contexts.delete(context))
  const origin = new URL(env.server.url).origin
  // Other hosts do not resolve in our browser (launchBrowser): each attempt is recorded here. Not with a route:
  // routing turns the browser's HTTP cache off, and every admin page would load and compile Next's code anew.
  context.on('request', (request) => {
    const target = new URL(request.url())
    if (target.origin !== origin && target.protocol.startsWith('http')) env.blocked.push(request.url())
  })
  // /admin is Payload's admin (Next.js): its first page load can take several seconds on a loaded 2-core machine.
  context.setDefaultTimeout(30_000)
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) env.cspErrors.push(message.text())
  })
  return context
}

/**
 * A page of the test's own, in a browser context of its own (no cookies, no history, an empty cache), closed
 * when the test ends: a test that starts from it passes alone and in any order. External hosts are recorded as
 * for env.page. `options` change the context (JavaScript off, a phone's viewport and touch); its routes (code
 * held back) are the test's to add through page.context() before the first navigation.
 */
export async function freshPage(env: BrowserEnv, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await openContext(env, options)
  onTestFinished(() => context.close())
  return context.newPage()
}

type Account = { username: string; password: string }

/** Signs the context in as the login card does, through /api/admin/login (the cookie lands in its jar). */
async function signIn(env: BrowserEnv, context: BrowserContext, { username, password }: Account) {
  const login = await context.request.post('/api/admin/login', { data: { username, password }, headers: { Origin: env.server.url } })
  expect(login.status(), await login.text()).toBe(200)
}

/**
 * The file's context signed in as this account, made by the first test that asks for it. Its pages share the
 * browser's HTTP cache, so Payload's admin code is fetched once per file instead of once per test (the server
 * sent and compressed Next's chunks again for every new context; each page's renderer, a process of its own,
 * still compiles them). Besides the cache its tests share only the session cookie: each opens a page of its own
 * (its own history and sessionStorage), and what Payload remembers of a user (its preferences) lives on the server
 * whatever the context. A test that would change what the next one finds (signs out, sets a cookie) takes
 * `ownContext`. Signed in again if a session ended.
 */
async function accountContext(env: BrowserEnv, account: Account): Promise<BrowserContext> {
  // By server too: a test may pass `{ ...env, server }` for a server of its own, and a context is bound to its server.
  const key = `${env.server.url} ${account.username}`
  let shared = env.accounts.get(key)
  if (!shared) {
    shared = openContext(env)
    env.accounts.set(key, shared)
  }
  const context = await shared
  const me = await context.request.get('/api/admin/me')
  if (!me.ok()) await signIn(env, context, account)
  return context
}

export type SignedInOptions = {
  /** A context of the test's own, closed with it: for a test that ends or changes its session (below). */
  ownContext?: boolean
  /**
   * The screen the page opens on: the portal (waited for) unless another is named, which the test then waits for
   * ('about:blank' when the test opens each screen itself). A test that starts elsewhere says so here instead of
   * loading the portal only to leave it (a portal load costs about 1.5 CPU s).
   */
  at?: string
  /** Done before the page opens: listeners that must see its first load (a dialog it may open). */
  beforeLoad?: (page: Page) => unknown
}

/**
 * A page signed in to the admin (TEST_ADMIN unless another account is named), on the portal, closed when the
 * test ends. It signs in as the login card does, through /api/admin/login, without typing into the card: the card
 * itself is tested by e2e/admin-auth.test.ts, and typing into it again for every test only costs time
 * (`loginThroughUi` is the way for a test about signing in). The page is the test's own, in the account's
 * context the file's other tests share (`accountContext`); a test that ends or changes the session (signs out,
 * changes the password, sets up two-factor) asks for `ownContext`, a context of its own closed with the test.
 */
export async function signedInPage(
  env: BrowserEnv,
  account: Account = TEST_ADMIN,
  { ownContext = false, at = '/admin', beforeLoad }: SignedInOptions = {},
): Promise<Page> {
  let page: Page
  if (ownContext) {
    page = await freshPage(env)
    await signIn(env, page.context(), account)
  } else {
    page = await (await accountContext(env, account)).newPage()
    onTestFinished(() => page.close())
  }
  await beforeLoad?.(page)
  await page.goto(at)
  if (at === '/admin') await page.getByText('Lady Hawks Admin').waitFor()
  return page
}

/**
 * A page signed in as an editor account, for Payload's editing screens: leaving an editor Payload still
 * thinks unsaved asks "leave?" (beforeunload), answered yes; and motion is reduced, so the site jumps to an
 * anchor at once (under load its smooth scroll kept an element moving past Playwright's 30 s wait for it to stand still).
 */
export async function editorPage(env: BrowserEnv, editor: Account, options: Omit<SignedInOptions, 'beforeLoad'> = {}): Promise<Page> {
  return signedInPage(env, editor, {
    ...options,
    beforeLoad: async (page) => {
      page.on('dialog', (dialog) => void dialog.accept())
      await page.emulateMedia({ reducedMotion: 'reduce' })
    },
  })
}

export async function stopBrowserEnv(env: BrowserEnv | undefined) {
  await Promise.all([...(env?.contexts ?? [])].map((context) => context.close().catch(() => undefined)))
  await env?.server.stop()
}

/**
 * One environment for the test file, started before its tests and stopped
 * after them; returns a getter for it. A later `beforeAll` in the file runs
 * after this one, so it can log in or arrange records.
 */
export function useBrowserEnv(options: BrowserEnvOptions = {}): () => BrowserEnv {
  let env: BrowserEnv | undefined
  beforeAll(async () => {
    env = await startBrowserEnv(options)
  })
  afterAll(() => stopBrowserEnv(env))
  dumpServerOnFailure(() => env)
  return () => {
    if (!env) throw new Error('the browser environment is not running (did its beforeAll fail?)')
    return env
  }
}

export const setViewport = (page: Page, name: keyof typeof VIEWPORTS) => page.setViewportSize(VIEWPORTS[name])

export type Toast = { title: string; description: string; destructive: boolean }

const toastLocator = (page: Page, title: string) => page.locator('.toast', { has: page.getByText(title, { exact: true }) })

/** Waits for the toast with this title (one is visible at a time) and reads it; it stays open. */
export async function readToast(page: Page, title: string): Promise<Toast> {
  const toast = toastLocator(page, title)
  await toast.waitFor()
  // Title and description render together: a toast without a description has none to wait for.
  const description = toast.locator('.text-sm')
  const text = (await description.count()) > 0 ? ((await description.first().textContent()) ?? '') : ''
  const destructive = (await toast.getAttribute('data-variant')) === 'destructive'
  return { title, description: text, destructive }
}

/**
 * Closes the visible toast (or the one with this title) and waits until it is gone. A toast also closes itself
 * after 5 s (ui/toast.tsx): on a busy machine that can come between a test reading it and closing it, and then
 * there is nothing left to click.
 */
export async function closeToast(page: Page, title?: string) {
  const toast = title ? toastLocator(page, title) : page.locator('.toast')
  const close = toast.locator('.toast-close')
  if (await close.isVisible()) await close.click().catch(() => undefined)
  await toast.waitFor({ state: 'detached' })
}

/** Reads the toast with this title, then closes it: for flows that go on after the message. */
export async function takeToast(page: Page, title: string): Promise<Toast> {
  const toast = await readToast(page, title)
  await closeToast(page, title)
  return toast
}

/**
 * The route's page has rendered (its chunk loaded: an h1 is there), React has
 * taken over the server's HTML (data-hydrated, set by site/src/main.tsx) and
 * no loading indicator is left: no spinner in a status region, no skeleton.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      document.querySelector('h1') !== null &&
      !document.querySelector('[role="status"] .spinner, [role="status"] .animate-spin, [data-testid="player-skeleton"]'),
    // A page load, not an interaction: on a CI machine busy with other test files it can take longer than one action.
    undefined,
    { timeout: 20_000 },
  )
}

/** A layout shift the page recorded (`recordLayoutShifts`): its score, and when, where and what moved, for a failure's message. */
export type LayoutShift = { value: number; seen: string }

/**
 * Run in the page (`page.evaluate(recordLayoutShifts)` once it has loaded, or `page.addInitScript(recordLayoutShifts)`
 * from its first frame): records every layout shift since the page began that no input caused, with each element
 * moved (tag, id, class) and its box (x, y, width, height) before and after. Read them with `layoutShifts`.
 */
export function recordLayoutShifts() {
  type Entry = {
    value: number
    hadRecentInput: boolean
    startTime: number
    sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
  }
  const shifts: LayoutShift[] = []
  ;(window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts = shifts
  const box = ({ x, y, width, height }: DOMRectReadOnly) => [x, y, width, height].map(Math.round).join(',')
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Entry[]) {
      if (entry.hadRecentInput) continue
      const moved = entry.sources.map(({ node, previousRect, currentRect }) => {
        const el = node instanceof Element ? node : node?.parentElement
        return `${el ? `${el.tagName.toLowerCase()}#${el.id}.${el.getAttribute('class') ?? ''}` : 'a node gone'} ${box(previousRect)} -> ${box(currentRect)}`
      })
      const seen = `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms, scrollY ${Math.round(scrollY)}: ${moved.join('; ')}`
      shifts.push({ value: entry.value, seen })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/** The layout shifts `recordLayoutShifts` has recorded in the page so far. */
export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts)

/**
 * Fails with the list if axe-core finds any WCAG 2.2 A/AA violation in the page as it is now: call
 * `settled` first where lists are still loading, so axe sees them.
 */
export async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page)
  expect(violations, `axe violations on ${where}:\n${JSON.stringify(violations, null, 2)}`).toEqual([])
}

/**
 * `page.route` for the running test only: the override is removed when the test ends, passed or failed
 * (as a `finally` would), so a failure cannot leave the file's shared page answering from it in the next test.
 */
export async function routeForTest(page: Page, url: string | RegExp, handler: (route: Route) => unknown) {
  await page.route(url, handler)
  // The page may be closed by then (a page of the test's own): nothing is left to undo.
  onTestFinished(() => page.unroute(url, handler).catch(() => undefined))
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
 * Returns once every request the page made so far has reached the test's listeners: a request of our own,
 * made now, is seen after them (a page's events arrive in order). A "no further request" check read after
 * this could have seen the request it says was not made; a fixed sleep could not promise that.
 */
export async function everyRequestSeen(page: Page) {
  let seen = false
  const marker = (request: { url: () => string }) => {
    if (request.url().endsWith('/robots.txt?seen')) seen = true
  }
  page.on('request', marker)
  await page.evaluate(() => fetch('/robots.txt?seen').then((response) => response.text()))
  page.off('request', marker)
  expect(seen).toBe(true)
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

/** The field error shown beside a labelled control (linked by aria-describedby). */
export async function fieldError(page: Page, label: string | RegExp, scope = page.getByRole('dialog')): Promise<string> {
  const control = scope.getByLabel(label, { exact: typeof label === 'string' })
  await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await control.elementHandle())
  return control.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
  })
}

/** Logs in through the admin login card, as a volunteer would. */
export async function loginThroughUi(page: Page, username = TEST_ADMIN.username, password = TEST_ADMIN.password) {
  await page.goto('/admin')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByText('Lady Hawks Admin').waitFor()
  await takeToast(page, 'Login successful')
}

/** A portal card or row (a list item) by its heading's text. */
export const portalCard = (page: Page, heading: string | RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) })

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tabpanel', { name }).waitFor()
}

/** Copies the browser's session cookie into an API client, to ask the server what that session can do. */
export async function apiWithBrowserSession(context: BrowserContext, url: string): Promise<ApiClient> {
  const client = new ApiClient(url)
  client.cookie = (await context.cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ')
  return client
}

/** The header's mobile menu toggle: the <summary> of a <details> (site/src/components/layout/Header.tsx). */
export const menuToggle = (page: Page) => page.locator('.site-header summary', { hasText: 'Menu' })

/** Whether the header's mobile menu is open (its <details> element's own state). */
export const menuOpen = (page: Page) => page.locator('.site-header details.menu').evaluate((el) => (el as HTMLDetailsElement).open)

/**
 * A link in Payload's side menu, opened first where it is closed (at 1280 px it starts closed; its state is remembered).
 * Opened until it is: a click before the page has hydrated does nothing, and the button may not be there yet at the first look.
 */
export async function menuLink(page: Page, name: string) {
  const open = page.getByRole('button', { name: 'Open Menu' })
  const link = page.locator('nav').getByRole('link', { name, exact: true })
  await expect
    .poll(async () => {
      if (await link.evaluate((a) => a.closest('[inert]') === null)) return true
      if (await open.isVisible()) await open.click()
      return false
    })
    .toBe(true)
  return link
}

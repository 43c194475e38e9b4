import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  closeToast,
  expectNoAxeViolations,
  focusIndicator,
  layoutShifts,
  recordLayoutShifts,
  readToast,
  settled,
  setViewport,
  routeForTest,
  useBrowserEnv,
  menuOpen,
  menuToggle,
} from '../testing/browserEnv'

/**
 * Quality bars of the public site (CONTRIBUTING.md, "Quality bars"): WCAG 2.2 AA (axe-core)
 * at 375 and 1280 px, keyboard use with a visible focus, the initial
 * JavaScript budget per route, no admin code on public pages, and no layout
 * shift when data arrives. Pages run under the site's real CSP.
 */
const e = useBrowserEnv({ admin: false, seed: 'demo' })

const ROUTES = ['/', '/donate', '/qr-donate', '/sponsor', '/no-such-page'] as const
const VIEWPORT_NAMES = ['mobile', 'desktop'] as const

async function open(page: Page, path: string, viewport: (typeof VIEWPORT_NAMES)[number]) {
  await setViewport(page, viewport)
  await page.goto(path)
  await settled(page)
}

describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`finds no violations on any public page at ${viewport === 'mobile' ? 375 : 1280} px`, async () => {
      const { page } = e()
      for (const path of ROUTES) {
        await open(page, path, viewport)
        expect(await page.locator('h1').count(), `one h1 on ${path}`).toBe(1)
        for (const landmark of ['banner', 'main', 'contentinfo'] as const) expect(await page.getByRole(landmark).count()).toBe(1)
        await expectNoAxeViolations(page, `${path} (${viewport})`)
      }
    })
  }

  it('finds none with the mobile menu open, the card modal open, a toast or form errors showing', async () => {
    const { page } = e()
    await open(page, '/', 'mobile')
    await menuToggle(page).click()
    await expectNoAxeViolations(page, 'home with the menu open (375)')

    await menuToggle(page).click()
    await page.getByRole('form', { name: 'Contact form' }).getByRole('button', { name: 'Send Message' }).click()
    await readToast(page, 'Missing Information')
    await expectNoAxeViolations(page, 'home with a toast (375)')
    await closeToast(page)

    await open(page, '/donate', 'desktop')
    await page.getByTestId('donate-cards').getByRole('button', { name: 'Donate by Card' }).click()
    await page.getByRole('dialog').getByRole('alert').waitFor()
    await expectNoAxeViolations(page, '/donate with the card modal open (1280)')
    await page.keyboard.press('Escape')

    await open(page, '/sponsor?tier=gold', 'desktop')
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await page.locator('[aria-invalid="true"]').first().waitFor()
    await expectNoAxeViolations(page, '/sponsor with field errors (1280)')
  })
})

describe('keyboard', () => {
  /** Tabs through the page; every stop must be visible, on screen and show its focus. */
  async function tabThrough(page: Page, stops: number) {
    const seen: string[] = []
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab')
      const focus = await focusIndicator(page)
      if (focus.tag === 'body') break
      // Measured in the next frame, the one that shows the focus: a later section is laid out as it nears the screen
      // (content-visibility, site/src/styles.css) in a frame, and a busy machine can run the check between the two.
      const onScreen = await page.evaluate(async () => {
        await new Promise((shown) => requestAnimationFrame(() => requestAnimationFrame(shown)))
        const el = document.activeElement as HTMLElement
        const box = (el.closest('.tier-card') ?? el).getBoundingClientRect()
        const style = getComputedStyle(el)
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && style.visibility !== 'hidden'
      })
      expect(focus.visible, `focus ring on <${focus.tag}> "${focus.name}"`).toBe(true)
      expect(onScreen, `<${focus.tag}> "${focus.name}" is on screen when focused`).toBe(true)
      seen.push(focus.name)
    }
    return seen
  }

  for (const path of ROUTES) {
    it(`reaches every control on ${path} with Tab, each with a visible focus ring (375 and 1280 px)`, async () => {
      const { page } = e()
      // Reduced motion turns the smooth scrolling off, so a focused control is on screen at once.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      for (const viewport of VIEWPORT_NAMES) {
        await open(page, path, viewport)
        const seen = await tabThrough(page, 80)
        expect(seen[0]).toBe('Skip to main content')
        expect(seen.length).toBeGreaterThan(8)
      }
      await page.emulateMedia({ reducedMotion: 'no-preference' })
    })
  }

  it('operates the skip link, menu, hero links and card modal from the keyboard', async () => {
    const { page } = e()
    await open(page, '/', 'mobile')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Donate Now')

    await open(page, '/', 'mobile')
    const toggle = menuToggle(page)
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await menuOpen(page)).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home')
    await page.keyboard.press('Escape')
    expect(await menuOpen(page)).toBe(false)
    await page.keyboard.press('Space')
    expect(await menuOpen(page)).toBe(true)
    await page.keyboard.press('Space')

    await open(page, '/', 'desktop')
    await page.getByRole('link', { name: 'Donate Now' }).focus()
    await page.keyboard.press('Enter')
    await page.locator('h1', { hasText: 'Support the Lady Hawks' }).waitFor()
    const trigger = page.getByTestId('donate-cards').getByRole('button', { name: 'Donate by Card' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Donate by Card' })
    await dialog.waitFor()
    // Focus moves into the modal and stays there.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('sends the contact form from the keyboard alone', async () => {
    const { page } = e()
    await open(page, '/', 'desktop')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Name').focus()
    await page.keyboard.type('Kim Keyboard')
    await page.keyboard.press('Tab')
    await page.keyboard.type('kim@example.com')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Sent without a mouse.')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send Message')
    await page.keyboard.press('Enter')
    await readToast(page, 'Message Sent!')
    await closeToast(page)
  })
})

describe('performance', () => {
  it('loads under 100 KB of gzipped JavaScript on every public route (the home page under 80 KB as sent), and no admin code', async () => {
    const { context } = e()
    const report: string[] = []
    for (const path of ROUTES) {
      // A fresh page per route; the context's routing keeps the HTTP cache off.
      const page = await context.newPage()
      const scripts = new Map<string, number>()
      // Bytes as sent (the brotli twin, with the response's headers), as Lighthouse counts them for the home page's budget.
      const sent = new Map<string, number>()
      const requested: string[] = []
      let developmentBuild = false
      page.on('request', (request) => requested.push(request.url()))
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return
        const body = await response.body().catch(() => Buffer.alloc(0))
        scripts.set(response.url(), gzipSync(body).length)
        const headers = await response.headersArray()
        const encoded = Number((await response.headerValue('content-length')) ?? body.length)
        sent.set(response.url(), encoded + headers.reduce((sum, h) => sum + h.name.length + h.value.length + 4, 17))
        if (body.includes('Download the React DevTools')) developmentBuild = true
      })
      await open(page, path, 'mobile')
      await page.waitForLoadState('networkidle')
      expect(developmentBuild, 'site/dist holds a development build of React: vite build must run with NODE_ENV=production').toBe(false)
      const total = [...scripts.values()].reduce((a, b) => a + b, 0)
      const files = [...scripts.entries()].map(([url, size]) => `${new URL(url).pathname.replace('/assets/', '')} ${size}`)
      report.push(`${path.padEnd(14)} ${total} B gzipped: ${files.join(', ')}`)
      expect(scripts.size).toBeGreaterThan(1)
      expect(total, `${path}: ${files.join(', ')}`).toBeLessThan(100_000)
      const sentTotal = [...sent.values()].reduce((a, b) => a + b, 0)
      report.push(`${''.padEnd(14)} ${sentTotal} B as sent`)
      // The budget for the home page (docs/SCALING.md, Budgets); `npm run bench` measures it with Lighthouse.
      if (path === '/') expect(sentTotal, `/ as sent: ${[...sent.values()].join(', ')}`).toBeLessThanOrEqual(80 * 1024)
      expect(
        // The admin (Payload's and the portal) is Next's, served under /admin and /_next: never asked for by a public page.
        requested.filter((url) => /^\/(admin|_next)(\/|$)/.test(new URL(url).pathname)),
        path,
      ).toEqual([])
      expect(
        requested.filter((url) => new URL(url).pathname.startsWith('/api/admin')),
        path,
      ).toEqual([])
      await page.close()
    }
    console.log(`Initial JavaScript per public route (gzip, zlib default level; and as sent):\n${report.join('\n')}`)
  })

  it('lazy-loads nothing in the first screen of any public page, and paints the QR code of /qr-donate with it (card payments on)', async () => {
    const { page } = e()
    for (const viewport of VIEWPORT_NAMES) {
      for (const path of ROUTES) {
        await open(page, path, viewport)
        // A lazy image waits for layout before it is even asked for: in the first screen it delays the largest paint.
        const lazyInFirstScreen = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')]
            .filter((img) => img.getBoundingClientRect().top < innerHeight)
            .map((img) => img.src),
        )
        expect(lazyInFirstScreen, `${path} at ${viewport}`).toEqual([])
      }
      // The code is markup in the page (card payments off: cms/site/site.api.test.ts), never an image to fetch.
      await open(page, '/qr-donate', viewport)
      const code = page.getByRole('img', { name: 'QR code linking to the quick donation page' })
      expect(await code.evaluate((el) => el.tagName + (el.querySelector('svg') ? ' svg' : ''))).toBe('DIV svg')
    }
  })

  it('does not shift the layout when data arrives (375 and 1280 px)', async () => {
    const { page } = e()
    const measure = async (path: string) => {
      // The data the page asks for arrives late: held until the page is alive and its layout shifts are counted (a page
      // whose HTML already has the data may ask for none).
      let asked = 0
      let answered = 0
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await routeForTest(page, '**/api/{campaigns,team}', async (route) => {
        asked++
        await held
        await route.continue().catch(() => undefined)
        answered++
      })
      await page.goto('about:blank')
      await page.goto(path)
      await page.evaluate(recordLayoutShifts)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      release()
      await settled(page)
      // Waits for the event itself: every data request made has been answered, then two frames for the shift it causes to be recorded.
      await expect.poll(() => answered).toBe(asked)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      await page.unroute('**/api/{campaigns,team}')
      return layoutShifts(page)
    }
    for (const viewport of VIEWPORT_NAMES) {
      await setViewport(page, viewport)
      for (const path of ['/', '/donate', '/#fundraising', '/#team']) {
        const shifts = await measure(path)
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
        expect(cls, `cumulative layout shift on ${path} (${viewport}):\n${shifts.map((shift) => shift.seen).join('\n')}`).toBeLessThan(0.01)
      }
    }
  })
})

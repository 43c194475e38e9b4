import { renderSVG } from 'uqr'
import { describe, expect, it } from 'vitest'
import { loggedInAdmin } from '../testing/server'
import {
  closeToast,
  freshPage,
  layoutShifts,
  readToast,
  recordApiCalls,
  recordLayoutShifts,
  settled,
  setViewport,
  TEST_CONFIG,
  routeForTest,
  useBrowserEnv,
  menuOpen,
  menuToggle,
} from '../testing/browserEnv'

/**
 * The home page (docs/PRODUCT.md, Routes "/") against the real server with
 * the demo content: every section, its texts, links, states and constants.
 */
const e = useBrowserEnv({ admin: false, seed: 'demo' })

async function openHome(viewport: 'mobile' | 'desktop' = 'desktop') {
  const { page } = e()
  await setViewport(page, viewport)
  await page.goto('/')
  await settled(page)
  return page
}

describe('hero and header', () => {
  it('has one h1, the two calls to action and the landmarks', async () => {
    const page = await openHome()
    expect(await page.locator('h1').count()).toBe(1)
    expect(await page.locator('h1').textContent()).toBe('Lady Hawks Boosters')
    for (const landmark of ['banner', 'main', 'contentinfo'] as const) expect(await page.getByRole(landmark).count()).toBe(1)
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1)

    await page.getByRole('link', { name: 'Donate Now' }).click()
    await page.waitForURL('**/donate')
    await page.locator('h1', { hasText: 'Support the Lady Hawks' }).waitFor()
    await page.goBack()
    await page.getByRole('link', { name: 'Become a Sponsor' }).click()
    await page.waitForURL('**/sponsor')
    await page.locator('h1', { hasText: 'Become a Sponsor' }).waitFor()
  })

  it('scrolls smoothly to each section from the header navigation (1280 px)', async () => {
    const page = await openHome('desktop')
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Fundraising', 'Team', 'Contact'])
    expect(await menuToggle(page).isVisible()).toBe(false)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')

    const sectionTop = (id: string) =>
      page.evaluate((sectionId) => Math.round(document.getElementById(sectionId)!.getBoundingClientRect().top), id)
    // Click a link while sampling the scroll position on every frame; answers how many distinct positions it passed.
    const scrollPositionsWhileFollowing = async (label: string, id: string) => {
      await page.evaluate(() => {
        const w = window as unknown as { positions: number[] }
        w.positions = []
        const start = performance.now()
        const sample = () => {
          w.positions.push(window.scrollY)
          if (performance.now() - start < 3000) requestAnimationFrame(sample)
        }
        requestAnimationFrame(sample)
      })
      await nav.getByRole('link', { name: label, exact: true }).click()
      await page.waitForURL(`**/#${id}`)
      // The section ends up just below the sticky 64 px header.
      await expect.poll(() => sectionTop(id)).toBe(64)
      return page.evaluate(() => new Set((window as unknown as { positions: number[] }).positions).size)
    }
    for (const [label, id] of [
      ['About', 'about'],
      ['Fundraising', 'fundraising'],
      ['Team', 'team'],
      ['Contact', 'contact'],
      ['Home', 'home'],
    ]) {
      const from = await page.evaluate(() => window.scrollY)
      // Start, end and at least one position in between: a jump gives only two, whatever the machine's load.
      // A loaded CI machine may paint too few frames to catch one, so one scroll of the three tries must show it.
      let positions = 0
      for (let attempt = 0; attempt < 3 && positions < 3; attempt++) {
        if (attempt > 0) await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), from)
        positions = await scrollPositionsWhileFollowing(label, id)
      }
      expect(positions, `scrolling to #${id} animates`).toBeGreaterThanOrEqual(3)
    }
  })

  it('collapses the navigation into a menu below 768 px that opens and closes', async () => {
    const page = await openHome('mobile')
    const toggle = menuToggle(page)
    const list = page.locator('#site-menu')
    expect(await menuOpen(page)).toBe(false)
    expect(await list.isVisible()).toBe(false)

    await toggle.click()
    expect(await menuOpen(page)).toBe(true)
    expect(await list.isVisible()).toBe(true)
    expect(await list.getByRole('link').allTextContents()).toEqual(['Home', 'About', 'Fundraising', 'Team', 'Contact'])

    await toggle.click()
    expect(await menuOpen(page)).toBe(false)
    expect(await list.isVisible()).toBe(false)

    // Escape closes it and gives focus back to the button.
    await toggle.click()
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true)

    // Choosing a section closes the menu and scrolls there.
    await toggle.click()
    await list.getByRole('link', { name: 'Team' }).click()
    await page.waitForURL('**/#team')
    expect(await list.isVisible()).toBe(false)
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('team')!.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(66)
  })

  it('arrives at a section from another page (/#contact)', async () => {
    const { page } = e()
    const contactTop = () => page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top))
    await setViewport(page, 'desktop')
    // A client-side move renders the sections above Contact as their code arrives: held back here until the
    // page has jumped to Contact, the race a busy machine once lost (the section left 206 px down).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await routeForTest(page, /\/assets\/(UpcomingGames|SponsorshipSection)-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/donate')
    await settled(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click()
    await page.waitForURL('**/#contact')
    await expect.poll(contactTop).toBeLessThanOrEqual(66)
    const games = page.locator('#games')
    expect(await games.count()).toBe(0)
    release()
    await games.waitFor()
    await expect.poll(contactTop).toBeLessThanOrEqual(66)
  })

  it('lands on a section named by a page load in one jump that moves nothing else, and glides after (/#team at 375 px)', async () => {
    const page = await freshPage(e(), { viewport: { width: 375, height: 812 } })
    // From the first frame (the page can be painted before the section is parsed, at its top): every layout shift, and
    // the scroll position of each frame until the page is alive and two frames more.
    await page.addInitScript(recordLayoutShifts)
    await page.addInitScript(() => {
      const frames: number[] = []
      ;(window as unknown as { frames: number[] }).frames = frames
      let alive = 0
      const record = () => {
        frames.push(Math.round(scrollY))
        if (document.documentElement.dataset.hydrated === 'true') alive++
        if (alive < 3) requestAnimationFrame(record)
      }
      requestAnimationFrame(record)
    })
    await page.goto('/#team')
    await settled(page)
    const frames = await page.evaluate(() => (window as unknown as { frames: number[] }).frames)
    expect(await page.evaluate(() => Math.round(document.getElementById('team')!.getBoundingClientRect().top))).toBe(64)
    const landed = await page.evaluate(() => Math.round(scrollY))
    // The top (a frame before the browser's jump) or the section: no frame in between, as a smooth arrival shows ~7,000 px
    // of page flying past, then the app's own jump landing mid-flight.
    expect(frames.filter((y) => y !== 0 && y !== landed)).toEqual([])
    expect(frames.at(-1)).toBe(landed)
    // The sections above laid out with their own heights from the first frame: the jump is only a scroll (with the
    // later sections' 900 px stand-ins until then, what lands beside Team moved too, a shift of 0.089).
    expect(await layoutShifts(page)).toEqual([])
    // Links within the page still glide.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')
  })
})

describe('about, sponsorship, quick donation, games', () => {
  it('shows the mission and the monthly meetings', async () => {
    const page = await openHome()
    const about = page.locator('#about')
    expect(await about.getByRole('heading', { level: 2 }).textContent()).toBe('More than a game')
    expect(await about.textContent()).toContain('501(c)(3)')
    expect(await about.textContent()).toContain('First Tuesday of every month at 7:00 PM')
    expect(await page.locator('#contact').textContent()).toContain('First Tuesday of every month at 7:00 PM')
  })

  it("shows the three tiers from their records, or the spec's home-page reading where no record names a level (docs/PRODUCT.md: bronze is $300 here)", async () => {
    const { server } = e()
    const page = await openHome()
    const tier = (id: string) => page.getByTestId(`home-tier-${id}`)
    const records = await fetch(`${server.url}/api/sponsorship-tiers`).then((r) => r.json())
    for (const record of records) {
      // The demo seed names every level, so each card reads its record (SEED=none: cms/payments/tiers.api.test.ts).
      const { name, benefits } = record.home ?? record
      // Names in capitals by style, read as written.
      expect(await tier(record.level).locator('h3').textContent()).toBe(name)
      expect(
        await tier(record.level)
          .locator('h3')
          .evaluate((h) => getComputedStyle(h).textTransform),
      ).toBe('uppercase')
      expect(await tier(record.level).locator('li').allTextContents()).toEqual(benefits)
    }
    // As shown: a later section is laid out once it nears the screen, in the frame after (content-visibility,
    // site/src/styles.css); before that its text has no rendering to read.
    await tier('bronze').scrollIntoViewIfNeeded()
    await expect.poll(() => tier('bronze').locator('h3').innerText()).toBe('FREE THROW')
    expect(await tier('bronze').locator('.price').textContent()).toBe('$300')
    expect(await tier('silver').locator('.price').textContent()).toBe('$600')
    expect(await tier('silver').textContent()).toContain('2 season tickets')
    expect(await tier('gold').locator('.price').textContent()).toBe('$1200')
    expect(await tier('gold').textContent()).toContain('POPULAR')
    expect(await tier('gold').textContent()).toContain('4 season tickets')
    expect(await tier('bronze').textContent()).not.toContain('season tickets')

    await tier('silver').getByRole('link').click()
    await page.waitForURL('**/sponsor?tier=silver')
    expect(await page.getByTestId('tier-card-silver').getAttribute('data-selected')).toBe('true')
  })

  it('shows a real QR code of the absolute /qr-donate URL, drawn by the server', async () => {
    const { page, server } = e()
    await openHome()
    const img = page.getByAltText('QR code linking to the quick donation page')
    expect(await img.getAttribute('src')).toBe('/api/qr-donate.svg')
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLImageElement>('img[src="/api/qr-donate.svg"]')
      return el !== null && el.complete && el.naturalWidth > 0
    })
    const link = page.getByTestId('qr-link')
    expect(await link.getAttribute('href')).toBe(`${server.url}/qr-donate`)

    const res = await fetch(`${server.url}/api/qr-donate.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    const svg = await res.text()
    expect(svg.startsWith('<svg')).toBe(true)
    // Same matrix as the QR library draws for that URL: scannable, and pointing at /qr-donate.
    expect(svg).toBe(renderSVG(`${server.url}/qr-donate`, { border: 2 }))
  })

  // The seed dates them in the coming November: a card names the year when that is another season.
  it('lists the three hard-coded upcoming games', async () => {
    const page = await openHome()
    const games = page.getByTestId('game')
    expect(await games.count()).toBe(3)
    const [first, second, third] = await games.allTextContents()
    expect(first).toMatch(/Exhibition/)
    expect(first).toMatch(/Nov 13(, \d{4})? · 7:00 PM/)
    expect(first).toMatch(/Free admission/i)
    expect(second).toMatch(/Away/)
    expect(second).toMatch(/Nov 18(, \d{4})? · 6:00 PM/)
    expect(third).toMatch(/Away/)
    expect(third).toMatch(/Nov 20(, \d{4})? · 6:00 PM/)
  })
})

describe('fundraising and team from the API', () => {
  it('shows every campaign with its rounded percent and a bar capped at 100 %', async () => {
    const { page, server } = e()
    const campaigns = (await (await fetch(`${server.url}/api/campaigns`)).json()) as {
      name: string
      currentAmount: string
      goalAmount: string
    }[]
    await openHome()
    const cards = page.getByTestId('campaign-card')
    expect(await cards.count()).toBe(campaigns.length)
    let capped = 0
    for (const [i, c] of campaigns.entries()) {
      const card = cards.nth(i)
      const percent = (Number(c.currentAmount) / Number(c.goalAmount)) * 100
      expect(await card.locator('h3').textContent()).toBe(c.name)
      expect(await card.getByTestId('campaign-percent').textContent()).toBe(`${Math.round(percent)}% complete`)
      const width = await card.locator('.progress > div').evaluate((el) => (el as HTMLElement).style.width)
      // The browser gives a style's percentage to 6 significant digits.
      expect(parseFloat(width)).toBeCloseTo(Math.min(percent, 100), 3)
      if (percent > 100) capped++
      // The picture loads (known names map to the site's pictures).
      await card.locator('img').scrollIntoViewIfNeeded()
      await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
    expect(capped, 'the demo content has a campaign over its goal').toBeGreaterThan(0)
  })

  it('shows the roster, the player count from the list, the stats and the coach', async () => {
    const { page, server } = e()
    const team = (await (await fetch(`${server.url}/api/team`)).json()) as { name: string }[]
    await openHome()
    expect(await page.getByTestId('stat-players').textContent()).toBe(String(team.length))
    expect(await page.getByTestId('stat-wins').textContent()).toBe('18')
    expect(await page.getByTestId('stat-losses').textContent()).toBe('4')
    expect(await page.getByTestId('stat-ranking').textContent()).toBe('#2')
    expect(await page.locator('article.player h4').allTextContents()).toEqual(team.map((p) => p.name))
    const coach = await page.getByTestId('coach').textContent()
    expect(coach).toContain('12 Years Experience')
    expect(coach).toContain('1 District Championship')
  })
})

describe('contact form', () => {
  it('shows Missing Information for any empty field and sends nothing (no browser bubble first)', async () => {
    // The page's timers run on the test's clock (Playwright's, in a context of this test's own), so the toast's 5 s are
    // counted by it: a busy machine's wall clock could neither shorten nor stretch them.
    const page = await freshPage(e())
    await page.clock.install()
    await setViewport(page, 'mobile')
    await page.goto('/')
    await settled(page)
    const posts = recordApiCalls(page, '/api/contact')
    const form = page.getByRole('form', { name: 'Contact form' })
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true)

    // Time stands still from here; the test moves it 100 ms at a time until the toast is there (its code loads with the
    // first toast), so the toast's 5 s started within the last 100 ms.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await form.getByRole('button', { name: 'Send Message' }).click()
    const shown = page.locator('.toast')
    await expect
      .poll(async () => {
        await page.clock.runFor(100)
        return shown.count()
      })
      .toBe(1)
    expect(await readToast(page, 'Missing Information')).toEqual({
      title: 'Missing Information',
      description: 'Please fill out all fields.',
      destructive: true,
    })
    // Shown for 5 s, then gone.
    await page.clock.runFor(4_800)
    expect(await shown.count()).toBe(1)
    await page.clock.runFor(300)
    await shown.waitFor({ state: 'detached' })
    await page.clock.resume()

    await form.getByLabel('Name').fill('Pat Parent')
    await form.getByLabel('Email').fill('pat@example.com')
    await form.getByLabel('Message').fill('   ')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await readToast(page, 'Missing Information')
    // One toast at a time: a second one replaces the first. The first is marked, so the second is seen arriving.
    await page.locator('.toast').evaluate((toast) => toast.setAttribute('data-first', ''))
    await form.getByRole('button', { name: 'Send Message' }).click()
    await page.locator('.toast:not([data-first])').waitFor()
    await expect.poll(() => page.locator('.toast').count()).toBe(1)
    // F8 moves focus to the notifications region (pressed again until the replacing toast has settled in it).
    await expect
      .poll(async () => {
        await page.keyboard.press('F8')
        return page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null)
      })
      .toBe(true)
    // A swipe to the right dismisses it.
    const box = (await page.locator('.toast').boundingBox())!
    await page.mouse.move(box.x + 20, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 8 })
    await page.mouse.up()
    await page.locator('.toast').waitFor({ state: 'detached' })
    expect(posts).toEqual([])
  })

  it('sends, shows Sending..., thanks, stores the message and clears the form', async () => {
    const { server } = e()
    const page = await openHome('desktop')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Name').fill('Jamie Rivera')
    await form.getByLabel('Email').fill('jamie@example.com')
    await form.getByLabel('Message').fill('How can I volunteer at the concession stand?')

    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await routeForTest(page, '**/api/contact', async (route) => {
      await held
      await route.continue()
    })
    await form.getByRole('button', { name: 'Send Message' }).click()
    const sending = form.getByRole('button', { name: 'Sending...' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    release()

    expect(await readToast(page, 'Message Sent!')).toEqual({
      title: 'Message Sent!',
      description: "Thank you for contacting us. We'll get back to you soon.",
      destructive: false,
    })
    // Closed now: it closes itself after a while, and the checks below can outlast it on a busy machine.
    await closeToast(page)
    await page.unroute('**/api/contact')
    expect(await form.getByLabel('Name').inputValue()).toBe('')
    expect(await form.getByLabel('Email').inputValue()).toBe('')
    expect(await form.getByLabel('Message').inputValue()).toBe('')
    expect(await form.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true)

    const admin = await loggedInAdmin(server.url)
    const messages = (await admin.get('/api/admin/contact-messages')).json as {
      name: string
      email: string
      message: string
      status: string
    }[]
    expect(messages).toContainEqual(
      expect.objectContaining({
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        message: 'How can I volunteer at the concession stand?',
        status: 'unread',
      }),
    )
  })

  it('keeps what was typed when sending fails (and when the server refuses the email)', async () => {
    const page = await openHome('desktop')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Name').fill('Jamie Rivera')
    await form.getByLabel('Email').fill('jamie@example.com')
    await form.getByLabel('Message').fill('Hello!')
    await routeForTest(page, '**/api/contact', (route) => route.fulfill({ status: 500, body: 'boom' }))
    await form.getByRole('button', { name: 'Send Message' }).click()
    expect(await readToast(page, 'Error')).toEqual({
      title: 'Error',
      description: 'There was an issue sending your message. Please try again.',
      destructive: true,
    })
    await page.unroute('**/api/contact')
    expect(await form.getByLabel('Name').inputValue()).toBe('Jamie Rivera')
    expect(await form.getByLabel('Message').inputValue()).toBe('Hello!')
    await closeToast(page)

    // The real server's 400 for a malformed email is a failure like any other.
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await readToast(page, 'Error')
    expect(await form.getByLabel('Email').inputValue()).toBe('not-an-email')
    await closeToast(page)
  })
})

describe('footer', () => {
  it('links to the sections, has dead links that go nowhere (Join Booster Club and Volunteer Information lead to what is open), and two social profiles', async () => {
    const page = await openHome('desktop')
    const footer = page.getByRole('contentinfo')
    const quick = footer.getByRole('navigation', { name: 'Quick Links' })
    const hrefs = async (scope: typeof quick) => scope.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(await hrefs(quick)).toEqual(['#about', '#fundraising', '#team', '#contact'])
    const support = footer.getByRole('navigation', { name: 'Support' })
    expect((await hrefs(support)).slice(0, 2)).toEqual(['#sponsorship', '#quick-donation'])

    await support.getByRole('link', { name: 'Quick Donation' }).click()
    await page.waitForURL('**/#quick-donation')
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('quick-donation')!.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(82)

    /** A real click at its centre (Playwright's click() waits for aria-disabled elements to become enabled), then Enter; then two frames. */
    const activate = async (link: ReturnType<typeof footer.getByRole>) => {
      await link.scrollIntoViewIfNeeded()
      const box = (await link.boundingBox())!
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      await link.focus()
      await page.keyboard.press('Enter')
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    }
    // Positive control: the same activation of a live link is seen at once (its address), then its scroll ends.
    await activate(quick.getByRole('link', { name: 'Meet the Team' }))
    expect(page.url()).toMatch(/#team$/)
    let lastY = NaN
    const scrollEnded = async () => {
      const y = await page.evaluate(() => window.scrollY)
      const still = y === lastY
      lastY = y
      return still
    }
    await expect.poll(scrollEnded).toBe(true)
    // The demo has a membership season and volunteer events open, so Join Booster Club leads to /join and Volunteer
    // Information to /volunteer (on an empty database they are dead like the others: cms/membership/membership.api.test.ts,
    // cms/volunteers/volunteers.api.test.ts).
    expect(await footer.getByRole('link', { name: 'Join Booster Club' }).getAttribute('href')).toBe('/join')
    expect(await footer.getByRole('link', { name: 'Volunteer Information' }).getAttribute('href')).toBe('/volunteer')
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      const link = footer.getByRole('link', { name })
      expect(await link.getAttribute('aria-disabled')).toBe('true')
      await link.scrollIntoViewIfNeeded()
      const before = { url: page.url(), y: await page.evaluate(() => window.scrollY) }
      await activate(link)
      expect({ url: page.url(), y: await page.evaluate(() => window.scrollY) }).toEqual(before)
    }

    for (const [label, href] of [
      ['Lady Hawks Boosters on Facebook (opens in a new tab)', TEST_CONFIG.FACEBOOK_URL],
      ['Lady Hawks Boosters on Instagram (opens in a new tab)', TEST_CONFIG.INSTAGRAM_URL],
    ]) {
      const link = footer.getByRole('link', { name: label })
      expect(await link.getAttribute('href')).toBe(href)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
    }
  })
})

import chromium from '@sparticuz/chromium'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium as playwright, type Browser, type Page } from 'playwright-core'

/**
 * The serverless package's flags that would make our tests lie: they turn off
 * the same-origin policy and site isolation, and run everything in one process
 * (closing a context would then close the browser).
 */
const UNSAFE_FLAGS = new Set([
  '--single-process',
  '--no-zygote',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
])

/**
 * The package's GPU emulation: WebGL through SwiftShader, a software GL running inside the browser process, which
 * then composites every frame through it. Our pages draw nothing with WebGL; with `--disable-gpu` instead Chromium
 * composites in plain software, and a signed-in admin test spent 4 CPU s in Chromium instead of 9 (docs/SCALING.md, "The test suite's time").
 */
const SOFTWARE_GL_FLAGS = new Set([
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--in-process-gpu',
  '--ignore-gpu-blocklist',
])

/**
 * Real headless Chromium, shipped inside the @sparticuz/chromium npm package,
 * so no browser download and no apt step are needed on CI. CHROMIUM_PATH
 * points at another binary (e.g. Debian's /usr/bin/chromium).
 */
export async function launchBrowser(): Promise<Browser> {
  const args = chromium.args.filter(
    (flag) => !UNSAFE_FLAGS.has(flag) && !SOFTWARE_GL_FLAGS.has(flag) && !flag.startsWith('--disable-features='),
  )
  return playwright.launch({
    executablePath: process.env.CHROMIUM_PATH || (await chromium.executablePath()),
    // Background networking off: this machine has no internet, and tests must not depend on it.
    // Only this machine resolves: a request to any other host fails, as it would for a visitor whose network
    // blocks it (testing/browserEnv.ts records each attempt).
    args: [
      ...args,
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-gpu',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
    headless: true,
  })
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.2 A and AA (2.0 and 2.1 included; target size 24×24 px): every public page and admin screen's bar (CONTRIBUTING.md, Quality bars). */
const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Runs axe-core's WCAG 2.2 AA rules in the page and returns its violations. Injected through DevTools, so the page's CSP stays in force. */
export async function axeViolations(page: Page) {
  // Once per document: injecting axe again parses its half a megabyte again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async (values) => {
    // resultTypes: only violations are read, so axe keeps one node of each passing rule instead of every one.
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(' ')),
    }))
  }, WCAG22_AA)
}

import Beasties from 'beasties'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageId } from '#shared/publicPages'
import type { PublicConfig } from '#shared/publicConfig'
import type { SsrModule } from '#shared/ssr'
import { repoRoot } from '../paths'
import { readPublicConfig } from '../publicConfig'
import { inlineScriptHashes } from '../security/headers'

/** The browser build (index.html, hashed assets, .br/.gz twins) and the server-rendering build. */
export const siteDist = resolve(repoRoot, 'site/dist')
const ssrEntry = resolve(repoRoot, 'site/dist-server/entry-server.js')

/** The built page template, ready to fill, and the server-rendering module that fills it. */
export type PageTemplate = {
  config: PublicConfig
  /** Imported on the first page rendered, not when the app is built: building it (the route sweeps do) loads no React. */
  ssr: () => Promise<SsrModule>
  /** The hashes of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[]
  /** The page's HTML around what React rendered, its inline styles cut to what that HTML uses. */
  fill: (parts: { page: PageId; head: string; html: string; data: string }) => Promise<string>
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>
/** Where each page's list of modules goes (`hydrationModules`). */
const MODULES_SLOT = '<!--app-modules-->'

/** The template of site/dist, or null until `npm run build` has made it. */
export function loadTemplate(): PageTemplate | null {
  const indexFile = resolve(siteDist, 'index.html')
  if (!existsSync(indexFile) || !existsSync(ssrEntry)) return null

  const config = readPublicConfig()
  const manifest = JSON.parse(readFileSync(resolve(siteDist, '.vite/manifest.json'), 'utf8')) as Manifest
  const styles = manifest['index.html'].css?.[0]
  const template = readFileSync(indexFile, 'utf8')
    .replace(
      '<!--public-config-->',
      `<meta name="app-entry" content="/${manifest['src/main.tsx'].file}" />\n    ` +
        `<meta name="app-modules" content="${MODULES_SLOT}" />\n    ` +
        (styles ? `<meta name="app-styles" content="/${styles}" />\n    ` : '') +
        `<script id="public-config" type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`,
    )
    // Nothing is requested before the first paint: the page's styles and its one small
    // script (src/boot.ts) are inline; the page's CSP allows the script by its hash (scriptHashes).
    .replace(
      /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
      (_tag, file: string) => `<style>${readFileSync(resolve(siteDist, file), 'utf8')}</style>`,
    )
    .replace(
      /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/,
      (_tag, file: string) => `<script type="module">${readFileSync(resolve(siteDist, file), 'utf8').trim()}</script>`,
    )
  let loaded: Promise<SsrModule> | undefined
  const ssr = () =>
    (loaded ??= import(pathToFileURL(ssrEntry).href).then((module: SsrModule) => {
      module.configure(config)
      return module
    }))
  const modules = new Map<PageId, string>()
  const modulesOf = (page: PageId) => {
    if (!modules.has(page)) modules.set(page, hydrationModules(manifest, page).join(' '))
    return modules.get(page)!
  }
  const fill = (parts: { page: PageId; head: string; html: string; data: string }) =>
    withCriticalStyles(
      template
        .replace(MODULES_SLOT, () => modulesOf(parts.page))
        .replace('<!--app-head-->', () => parts.head)
        .replace('<!--app-html-->', () => parts.html)
        .replace('<!--ssr-data-->', () => parts.data),
    )
  return { config, ssr, scriptHashes: inlineScriptHashes(template), fill }
}

/**
 * Every script the page needs before it can hydrate: the app's entry, the page's own chunk (every page but the
 * home page is one, site/src/main.tsx) and what they import, as paths. src/boot.ts asks for them all at once
 * after the first paint (`modulepreload`): one round trip on a slow phone instead of three in turn (the entry,
 * then the framework it imports, then the page chunk it loads).
 */
export function hydrationModules(manifest: Manifest, page: PageId): string[] {
  const files = new Set<string>()
  const add = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(`/${chunk.file}`)) return
    files.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) add(imported)
  }
  add('src/main.tsx')
  // The page modules are named after their id: `qrDonate` is src/pages/QrDonatePage.tsx.
  if (page !== 'home') add(`src/pages/${page[0].toUpperCase()}${page.slice(1)}Page.tsx`)
  return [...files]
}

const criticalStyles = new Beasties({
  external: false,
  reduceInlineStyles: true,
  keyframes: 'critical',
  fonts: false,
  logLevel: 'warn',
  // Beasties strips a selector's pseudo-classes before matching it against the page, which empties one made of a
  // single :where()/:is() (Tailwind's space-y-*, preflight): kept whole, or list items lose their spacing until
  // the full stylesheet arrives (e2e/public-ssr.test.ts, "styles each page at once as the full stylesheet does").
  // An open <details> (the mobile menu) is a state the server's HTML never has, but a tap before the full
  // stylesheet arrives gives it (e2e/public-nojs.test.ts); nor has it the mark of an arrival at "/#section"
  // (site/index.html).
  allowRules: [/^:(where|is)\(/, /\[open\]/, /\[data-arrival\]/],
})
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/

/**
 * The page's inline styles cut to the rules its HTML uses (Beasties), so the
 * whole page arrives in the first round trip; the full stylesheet follows
 * after the first paint (src/boot.ts), for what scripts open later (menus,
 * dialogs, toasts). Only the style block is taken from Beasties' output: the
 * page's markup is sent exactly as React rendered it.
 */
async function withCriticalStyles(html: string): Promise<string> {
  const critical = (await criticalStyles.process(html)).match(INLINE_STYLE)?.[1]
  if (critical === undefined) return html
  const styles = withoutUnreadCustomProperties(critical, html.replace(INLINE_STYLE, ''))
  return html.replace(INLINE_STYLE, () => `<style>${styles}</style>`)
}

const REGISTRATION = /@property (--[\w-]+)\{[^}]*\}/g
/** A custom property set in a rule: right after its `{` or the `;` before, never a `--` inside a selector (`.card--wide:hover`). */
const DECLARATION = /(?<=[{;])(--[\w-]+)\s*:[^;}]*;?/g
/** A custom property's name where it is read (`var(--x)`, a transition of it), not where it is set (`--x:`). */
const READ = /--[\w-]+(?![\w-]|\s*:)/g

/**
 * `css` without the custom properties nothing in it or in `markup` reads. Tailwind registers every `--tw-*` property
 * the whole site uses (`@property`, with initial values in `@layer properties` for browsers without it), and its
 * utilities set some that only other utilities read (`--tw-font-weight`, `--tw-tracking`); a page's own rules read
 * fewer. A property nothing reads changes nothing the page shows, so its registration and declarations are dropped
 * from the inline styles: 170–330 bytes of each page's first round trip. The full stylesheet keeps them all.
 */
export function withoutUnreadCustomProperties(css: string, markup: string): string {
  const read = new Set(Array.from(`${css.replace(REGISTRATION, '')}${markup}`.matchAll(READ), ([name]) => name))
  return css
    .replace(REGISTRATION, (rule, name: string) => (read.has(name) ? rule : ''))
    .replace(DECLARATION, (declaration, name: string) => (read.has(name) ? declaration : ''))
}

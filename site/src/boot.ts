import './styles.css'

/**
 * The page arrives complete from the server (cms/site/render.ts): the styles
 * it uses inline, links working without JavaScript, and this script inline.
 * Just after the first paint, so that nothing competes with it for the
 * network, the full stylesheet (<meta name="app-styles">: what menus, dialogs
 * and toasts need later) and the app's code (<meta name="app-entry">) are
 * requested; then React takes over the HTML as it is (main.tsx).
 */
function start() {
  // The Vite dev server serves the template without server rendering: load the app directly.
  if (import.meta.env.DEV) return void import('./main')
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content
  const styles = meta('app-styles')
  if (styles) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = styles
    document.head.append(link)
  }
  const src = meta('app-entry')
  if (!src) return
  // The entry's imports and the page's own chunk, asked for with it rather than after it (cms/site/template.ts).
  for (const href of meta('app-modules')?.split(' ') ?? []) {
    if (!href) continue
    const preload = document.createElement('link')
    preload.rel = 'modulepreload'
    preload.href = href
    document.head.append(preload)
  }
  const script = document.createElement('script')
  script.type = 'module'
  script.src = src
  document.head.append(script)
}

/**
 * Once the browser reports its first contentful paint: a timer alone (a frame, a
 * timeout) sometimes fired before that paint on a slow phone, and the app's
 * code then delayed the page's largest paint. The fallback covers a browser
 * without paint timing and a page opened in a background tab, which paints nothing.
 */
function afterFirstPaint(run: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    run()
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(once, 0)
    }).observe({ type: 'paint', buffered: true })
  } catch {
    // No paint timing: the fallback below starts the app.
  }
  setTimeout(once, 3000)
}

/**
 * The visitor's every scroll, tap and key press, from the page's first bytes: one who has moved before the code
 * arrived has chosen where to be, and the home page leaves a "/#section" arrival there (src/lib/arrival.ts).
 */
function markVisitorInput() {
  const mark = () => document.documentElement.setAttribute('data-visitor-input', '')
  for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown']) addEventListener(type, mark, { capture: true, passive: true })
}

/**
 * A page loaded at "/#section" is marked before its first paint (site/index.html): it jumps there at once, laid out
 * whole (site/src/styles.css). Without the mark, `scroll-behavior: smooth` (kept for links within the page) has Chrome
 * glide there from the top, some 7,000 px of page flying past on a phone, and the app's own jump
 * (src/lib/arrival.ts) lands mid-flight. Lifted once the page has loaded and the jump is made.
 */
function endArrival() {
  const root = document.documentElement
  if (!root.hasAttribute('data-arrival')) return
  addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => root.removeAttribute('data-arrival'))), {
    once: true,
  })
}

markVisitorInput()
endArrival()
afterFirstPaint(start)

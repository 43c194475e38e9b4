import './styles.css'

/**
 * The page arrives complete from the server (cms/site/render.ts), styles
 * inlined, links working without JavaScript. The app's code (its file named
 * by <meta name="app-entry">) is requested just after the first paint, so it
 * never competes with it for the network; then React takes over the HTML as
 * it is (main.tsx).
 */
function start() {
  // The Vite dev server serves the template without server rendering: load the app directly.
  if (import.meta.env.DEV) return void import('./main')
  const src = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content
  if (!src) return
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

afterFirstPaint(start)

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

// The frame after the first one has been painted.
requestAnimationFrame(() => setTimeout(start, 0))

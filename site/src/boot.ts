import './styles.css'

/**
 * The page arrives complete from the server (cms/site/render.ts), styles
 * inlined, links working without JavaScript. The app's code (its file named
 * by <meta name="app-entry">) loads once the page has loaded, so it never
 * competes with the first paint for the network; then React takes over the
 * HTML as it is (main.tsx).
 */
function start() {
  const src = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content
  if (!src) return
  const script = document.createElement('script')
  script.type = 'module'
  script.src = src
  document.head.append(script)
}

if (document.readyState === 'complete') start()
else window.addEventListener('load', start, { once: true })

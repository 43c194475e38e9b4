import './styles.css'

/**
 * The page arrives complete from the server (cms/site/render.ts), styles
 * inlined, links working without JavaScript. The app's code loads once the
 * page has loaded, so it never competes with the first paint for the
 * network; then React takes over the HTML as it is (main.tsx).
 */
const start = () => void import('./main')
if (document.readyState === 'complete') start()
else window.addEventListener('load', start, { once: true })

import { launchBrowser } from './testing/browser'
const browser = await launchBrowser()
const page = await browser.newPage()
const errors: string[] = []
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()) })
page.on('pageerror', (e) => errors.push(String(e)))
const requests: string[] = []
page.on('request', (r) => requests.push(r.url()))
for (const path of ['/', '/donate', '/sponsor?tier=gold', '/qr-donate', '/nope']) {
  requests.length = 0
  const res = await page.goto('http://localhost:3411' + path)
  await page.waitForTimeout(800)
  console.log(path, res?.status(), await page.title(), requests.filter((u) => u.includes('/api/')).map(u => new URL(u).pathname))
}
console.log('errors', errors)
await browser.close()

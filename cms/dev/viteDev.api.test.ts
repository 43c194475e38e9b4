import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * `npm run dev` (cms/dev/viteDev.ts): site and API on one origin, the site
 * served from its sources by Vite, and an admin can log in and save with no
 * extra setting, because the browser's Origin is the server's own.
 */
describe('dev server (npm run dev)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ dev: true, env: { GIVING_PLATFORM_URL: 'https://giving.example.org/lady-hawks' } })
  })
  afterAll(() => server?.stop())

  it('serves the source index.html with the public-config block and a CSP that allows only its own inline scripts', async () => {
    const res = await new ApiClient(server.url).get('/')
    expect(res.status).toBe(200)
    expect(res.text).toContain('<script type="module" src="/@vite/client"></script>')
    // The page's one script; under the dev server it starts the app (src/main.tsx) at once (site/src/boot.ts).
    expect(res.text).toContain('<script type="module" src="/src/boot.ts"></script>')
    const config = res.text.match(/<script id="public-config" type="application\/json">(.*?)<\/script>/)
    expect(JSON.parse(config![1])).toMatchObject({ givingPlatformUrl: 'https://giving.example.org/lady-hawks' })

    const policy = res.headers.get('content-security-policy') ?? ''
    const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src ')) ?? ''
    const inline = [...res.text.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1])
    expect(inline.length).toBeGreaterThan(0) // React's hot-reload preamble
    for (const body of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  it('compiles the site sources on request, and keeps the 404 of unknown paths', async () => {
    const client = new ApiClient(server.url)
    const main = await client.get('/src/main.tsx')
    expect(main.status).toBe(200)
    expect(main.headers.get('content-type')).toMatch(/javascript/)
    expect(main.text).toContain('createRoot')
    expect((await client.get('/no-such-page')).status).toBe(404)
    expect((await client.get('/sponsor/')).status).toBe(200)
  })

  it('logs an admin in and saves with the dev origin, and still refuses another origin', async () => {
    const admin = await loggedInAdmin(server.url) // sends Origin: the dev server's own URL
    const saved = await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Edited in dev' })
    expect(saved.status).toBe(200)
    const foreign = await admin.put(
      '/api/admin/content',
      { section: 'hero', key: 'title', value: 'x' },
      { Origin: 'http://localhost:5173' },
    )
    expect(foreign.status).toBe(403)
  })
})

import { createClient } from '@libsql/client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFiles } from '../../testing/openFiles'
import { upload } from '../../testing/photos'
import { lexicalBody, lexicalImage, lexicalParagraph, lexicalText } from '../../testing/richText'
import { ADMIN_ONLY_ROUTES, CMS_COLLECTIONS } from '../../testing/endpoints'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * Payload's admin at /admin and its REST at /cms-api, served by our server
 * (cms/admin/next.ts): one Payload instance with /api, each collection's access
 * rules (cms/access/) as anonymous, editor and admin, our session and CSRF
 * rules on Payload's own login, uploads and the footer pages.
 */

const EDITOR = { username: 'page.editor', password: 'editors-write-the-pages-42' }

const image = (format: 'png' | 'jpeg' | 'webp', width = 40) =>
  sharp({ create: { width, height: 30, channels: 3, background: '#15803d' } })
    .toFormat(format)
    .toBuffer()

describe("Payload's admin and REST inside our server", () => {
  let server: TestServer
  let admin: ApiClient
  let editor: ApiClient
  const anonymous = () => new ApiClient(server.url)

  beforeAll(async () => {
    server = await startServer()
    admin = await loggedInAdmin(server.url)
    await addStaffAccount(admin, { ...EDITOR, role: 'editor' })
    editor = new ApiClient(server.url)
    // Payload's own login: it must behave like ours.
    const login = await editor.post('/cms-api/admin-users/login', EDITOR)
    expect(login.status, login.text).toBe(200)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("serves Payload's admin at /admin with a nonce CSP instead of 'unsafe-inline' scripts", async () => {
    const res = await fetch(`${server.url}/admin`, { headers: { Cookie: admin.cookie } })
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await res.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    // The spec's API stays ours: Payload's REST is only under /cms-api, GraphQL is off.
    expect((await anonymous().get('/api/campaigns')).status).toBe(200)
    expect((await anonymous().post('/cms-api/graphql', { query: '{ __typename }' })).status).toBeGreaterThanOrEqual(400)
  })

  it("sends Next's assets as the admin's build compressed them: brotli or gzip, the same bytes, kept a year, 304 when unchanged", async () => {
    const html = await (await fetch(`${server.url}/admin/login`)).text()
    const assets = [...new Set([...html.matchAll(/\/_next\/static\/[^"'?]+\.(?:js|css)/g)].map((m) => m[0]))]
    expect(assets.length).toBeGreaterThan(3)
    let compressed = 0
    for (const path of assets) {
      const plain = await fetch(server.url + path, { headers: { 'Accept-Encoding': 'identity' } })
      const body = Buffer.from(await plain.arrayBuffer())
      expect(plain.status, path).toBe(200)
      expect(plain.headers.get('content-encoding'), path).toBeNull()
      expect(plain.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable')
      expect(plain.headers.get('vary'), path).toContain('Accept-Encoding')
      // Node's fetch decodes the answer: each encoding must give back the very bytes sent plain.
      for (const encoding of ['br', 'gzip']) {
        const res = await fetch(server.url + path, { headers: { 'Accept-Encoding': encoding } })
        expect(Buffer.from(await res.arrayBuffer()).equals(body), `${path} ${encoding}`).toBe(true)
        if (body.length >= 1024) {
          expect(res.headers.get('content-encoding'), path).toBe(encoding)
          compressed++
        }
      }
      const again = await fetch(server.url + path, { headers: { 'If-None-Match': plain.headers.get('etag') ?? '' } })
      expect(again.status, path).toBe(304)
    }
    expect(compressed).toBeGreaterThan(0)
  })

  it("Payload's login sets our session cookie, which /api/admin accepts, and its session role", async () => {
    const client = new ApiClient(server.url)
    const before = Date.now()
    const login = await client.post('/cms-api/admin-users/login', EDITOR)
    const after = Date.now()
    expect(login.status, login.text).toBe(200)
    const cookie = login.setCookies.find((c) => c.startsWith('lhb-token='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    // 12 hours after the login, which the server made between the two instants read around it (Expires has whole seconds).
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1])
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 12 * 3600_000)
    expect(expires).toBeLessThanOrEqual(after + 12 * 3600_000)
    const me = await client.get('/api/admin/me')
    expect(me.status).toBe(200)
    expect(me.json.user).toMatchObject({ username: EDITOR.username, role: 'editor' })
  })

  it("refuses cookie-carrying writes to Payload's REST from another origin, and Payload's own first-user route", async () => {
    const foreign = await admin.post(
      '/cms-api/campaigns',
      { name: 'X', description: 'Y', goalAmount: '1.00' },
      { Origin: 'https://evil.example' },
    )
    expect(foreign.status).toBe(403)
    expect(foreign.json.error).toMatch(/Cross-site/)
    const firstRegister = await anonymous().post('/cms-api/admin-users/first-register', {
      username: 'sneaky',
      password: 'a-long-passphrase-1234',
    })
    expect(firstRegister.status).toBe(403)
  })

  it('applies each collection’s access rules to anonymous, editor and admin', async () => {
    // Every collection (testing/endpoints.ts, typed by Payload's generated types): who may list it.
    for (const [slug, may] of Object.entries(CMS_COLLECTIONS)) {
      const served = may.rest !== false
      expect((await anonymous().get(`/cms-api/${slug}`)).status, `anonymous ${slug}`).toBe(!served ? 404 : may.anyone ? 200 : 403)
      expect((await editor.get(`/cms-api/${slug}`)).status, `editor ${slug}`).toBe(!served ? 404 : may.editor ? 200 : 403)
      expect((await admin.get(`/cms-api/${slug}`)).status, `admin ${slug}`).toBe(!served ? 404 : may.admin ? 200 : 403)
    }
    // Accounts: an admin sees all, an editor only themself, a visitor nothing.
    expect((await anonymous().get('/cms-api/admin-users')).status).toBe(403)
    expect((await editor.get('/cms-api/admin-users')).json.docs.map((u: any) => u.username)).toEqual([EDITOR.username])
    const everyone = (await admin.get('/cms-api/admin-users')).json.docs.map((u: any) => u.username)
    expect(everyone).toEqual(expect.arrayContaining([EDITOR.username, TEST_ADMIN.username]))

    // Writes: an editor cannot add accounts, raise their own role, or touch money.
    expect(
      (await editor.post('/cms-api/admin-users', { username: 'mallory', password: 'another-long-passphrase', role: 'admin' })).status,
    ).toBe(403)
    const me = (await editor.get('/cms-api/admin-users')).json.docs[0]
    await editor.request('PATCH', `/cms-api/admin-users/${me.id}`, { role: 'admin' })
    expect((await admin.get(`/cms-api/admin-users/${me.id}`)).json.role).toBe('editor')
    expect((await editor.post('/cms-api/donations', { amount: '5.00' })).status).toBe(403)
    expect((await editor.post('/cms-api/campaigns', { name: 'New', description: 'New', goalAmount: '10.00' })).status).toBe(403)

    // An editor rewrites a campaign's text; a change of its money is refused, saying why, and changes nothing.
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Travel Fund', description: 'Bus', goalAmount: '500.00' })).json
    const refused = await editor.request('PATCH', `/cms-api/campaigns/${campaign.id}`, { description: 'Bus to State', goalAmount: '1.00' })
    expect(refused.status).toBe(403)
    expect(refused.json.errors[0].message).toBe('Only an admin can change campaign goals')
    expect((await admin.get('/api/admin/campaigns')).json.find((c: any) => c.id === campaign.id)).toMatchObject({ description: 'Bus' })
    const patched = await editor.request('PATCH', `/cms-api/campaigns/${campaign.id}`, { description: 'Bus to State' })
    expect(patched.status, patched.text).toBe(200)
    const stored = (await admin.get('/api/admin/campaigns')).json.find((c: any) => c.id === campaign.id)
    expect(stored).toMatchObject({ description: 'Bus to State', goalAmount: '500.00' })

    // An account made in Payload's admin gets no password from its admin: the one typed there is not kept, and the
    // new member's own, chosen from her invitation, follows the password policy.
    const typed = 'an-admin-chose-this-one-7'
    const made = await admin.post('/cms-api/admin-users', {
      username: 'weak.one',
      email: 'weak@ladyhawks.test',
      password: typed,
      role: 'editor',
    })
    expect(made.status, made.text).toBe(201)
    expect((await anonymous().post('/api/admin/login', { username: 'weak.one', password: typed })).status).toBe(401)
    const link = (await admin.post(`/api/admin/staff/${made.json.doc.id}/invitation`, { link: true })).json.link as string
    const token = new URL(link).searchParams.get('reset')
    const weak = await anonymous().post('/api/admin/recover/reset', { token, password: 'password1234' })
    expect(weak.status).toBe(400)
    expect(weak.json.issues[0].path).toBe('password')
  })

  it('makes no staff account for a visitor or an editor: the accounts list reads the same after, and the account never signs in', async () => {
    const accounts = async () => ((await admin.get('/cms-api/admin-users?limit=100')).json.docs as any[]).map((u) => u.username).sort()
    const before = await accounts()
    const walkIn = { username: 'walk.in', password: 'a-walk-in-passphrase-42', email: 'walk.in@example.test' }
    for (const [who, client] of [
      ['a visitor', anonymous()],
      ['an editor', editor],
    ] as const) {
      for (const role of ['editor', 'admin']) {
        const res = await client.post('/cms-api/admin-users', { ...walkIn, role })
        expect(res.status, `${who} asking for an ${role} account`).toBe(403)
      }
    }
    expect(await accounts()).toEqual(before)
    expect(before).not.toContain(walkIn.username)
    const login = await new ApiClient(server.url).post('/api/admin/login', { username: walkIn.username, password: walkIn.password })
    expect(login.status).toBe(401)
  })

  it('answers 403 to an editor on the money and inbox endpoints under /api/admin, and lets them edit content', async () => {
    // Every admin-only route of the routers (testing/endpoints.ts), reads and writes.
    for (const { method, url } of ADMIN_ONLY_ROUTES) {
      const res = await editor.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { status: 'read' })
      expect(res.status, `${method} ${url}`).toBe(403)
      expect(res.json.error, `${method} ${url}`).toMatch(/admin/)
    }
    expect(ADMIN_ONLY_ROUTES.map((r) => r.route)).toEqual(
      expect.arrayContaining(['GET /api/admin/summary', 'POST /api/admin/donations', 'PUT /api/admin/contact-messages/:id']),
    )
    expect((await editor.get('/api/admin/team')).status).toBe(200)
    expect((await editor.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Go Hawks' })).status).toBe(200)
  })

  it('has one Payload instance: a write through /cms-api is read at once through /api, and mixed concurrent writes all succeed', async () => {
    const created = await admin.post('/cms-api/team-members', {
      name: 'Ava Cole',
      number: 12,
      position: 'Guard',
      grade: '11',
      isActive: 'true',
    })
    expect(created.status, created.text).toBe(201)
    expect((await anonymous().get('/api/team')).json.map((p: any) => p.name)).toContain('Ava Cole')

    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? admin.post('/cms-api/games', {
            opponent: `Cms ${i}`,
            gameDate: '2027-01-10',
            gameTime: '7:00 PM',
            location: 'Home',
            isHome: true,
          })
        : admin.post('/api/admin/games', {
            opponent: `Api ${i}`,
            gameDate: '2027-01-10',
            gameTime: '7:00 PM',
            location: 'Home',
            isHome: true,
          }),
    )
    const results = await Promise.all(writes)
    for (const r of results) expect(r.status, r.text).toBe(201)
    const games = (await admin.get('/api/admin/games')).json
    expect(games).toHaveLength(12)
    expect(server.output()).not.toMatch(/SQLITE_BUSY/)

    // After writes through both, the server holds exactly one Payload's connections to the database file:
    // its main connection and its writer (cms/db/adapter.ts). A second instance would open its own pair.
    // (Only the server's: another test in this file may read the file from the test process.)
    const dbFile = server.databaseUri.replace(/^file:/, '')
    const open = openFiles(dbFile).filter((f) => f.path === dbFile && f.pid === String(server.pid))
    expect(open.length, JSON.stringify(open)).toBe(2)
  })

  it('accepts JPEG, PNG and WebP by content with alt text, makes the sizes, serves them as images with nosniff', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const res = await upload(editor, await image(format, 1200), `photo.${format}`, type, 'The team at practice')
      expect(res.status, JSON.stringify(res.json)).toBe(201)
      expect(res.json.doc.mimeType).toBe(type)
      expect(res.json.doc.sizes.card.width).toBe(800)
      // Staff read every photo; a visitor only those the site shows (cms/collections/media.api.test.ts).
      const file = await fetch(server.url + res.json.doc.sizes.card.url.replace(/^https?:\/\/[^/]+/, ''), {
        headers: { Origin: server.url, Cookie: editor.cookie },
      })
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe(type)
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    }
    // Alt text is required.
    expect((await upload(editor, await image('png'), 'photo.png', 'image/png')).status).toBe(400)
    // Refused by content, whatever the name and declared type say.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect((await upload(editor, svg, 'logo.png', 'image/png', 'Logo')).status).toBe(400)
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    expect((await upload(editor, html, 'photo.jpg', 'image/jpeg', 'Photo')).status).toBe(400)
    // More than 20 MB is refused.
    const big = Buffer.concat([await image('png'), Buffer.alloc(20 * 1024 * 1024 + 10)])
    const tooBig = await upload(editor, big, 'big.png', 'image/png', 'Big')
    expect(tooBig.status, JSON.stringify(tooBig.json)).toBe(413)
    // Visitors cannot upload.
    expect((await upload(anonymous(), await image('png'), 'photo.png', 'image/png', 'x')).status).toBe(403)
  })

  it('gives every site text a readable title that Payload’s list shows and searches', async () => {
    // A site text written through the spec's API gets its readable title ("About · Mission"); the list and its search use it.
    expect((await editor.put('/api/admin/content', { section: 'about', key: 'mission', value: 'Grow leaders.' })).status).toBe(200)
    const text = (await editor.get('/cms-api/site-content?where[key][equals]=mission')).json.docs[0]
    expect(text.label).toBe('About · Mission')
    expect((await editor.get('/cms-api/site-content?where[label][like]=mission')).json.totalDocs).toBe(1)
    // A key the portal does not know still reads as words, and a moved text follows its new place.
    const other = await editor.post('/cms-api/site-content', { section: 'extra', key: 'note', value: 'x' })
    expect(other.json.doc.label).toBe('extra · note')
    const moved = await editor.patch(`/cms-api/site-content/${other.json.doc.id}`, { section: 'coach', key: 'nickname' })
    expect(moved.json.doc.label).toBe('Coach · nickname')
    expect((await editor.delete(`/cms-api/site-content/${other.json.doc.id}`)).status).toBe(200)
  })

  it('keeps earlier versions of a site text, readable by staff only, and restores one: the site shows it again', async () => {
    for (const value of ['Champions on and off the court', 'A typo nobody wanted']) {
      expect((await editor.put('/api/admin/content', { section: 'hero', key: 'subtitle', value })).status).toBe(200)
    }
    expect((await anonymous().get('/api/content')).json['hero/subtitle']).toBe('A typo nobody wanted')
    const id = (await editor.get('/cms-api/site-content?where[key][equals]=subtitle')).json.docs[0].id
    const versions = (await editor.get(`/cms-api/site-content/versions?where[parent][equals]=${id}&sort=-updatedAt`)).json.docs
    expect(versions.map((v: any) => v.version.value)).toEqual(['A typo nobody wanted', 'Champions on and off the court'])
    expect((await anonymous().get(`/cms-api/site-content/versions?where[parent][equals]=${id}`)).status).toBe(403)

    const restored = await editor.post(`/cms-api/site-content/versions/${versions[1].id}`, {})
    expect(restored.status, restored.text).toBe(200)
    expect((await anonymous().get('/api/content')).json['hero/subtitle']).toBe('Champions on and off the court')
    // Pages, players, games, campaigns and sponsorship levels keep theirs too; visitors read none of them.
    for (const collection of ['pages', 'team-members', 'games', 'campaigns', 'sponsorship-tiers']) {
      expect((await editor.get(`/cms-api/${collection}/versions`)).status, collection).toBe(200)
      expect((await anonymous().get(`/cms-api/${collection}/versions`)).status, collection).toBe(403)
    }
  })

  it('restores an earlier version of a campaign or a sponsorship level: texts come back, money and whether it is offered never do', async () => {
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Bus Fund', description: 'Rides to away games', goalAmount: '500' }))
      .json
    expect((await editor.patch(`/cms-api/campaigns/${campaign.id}`, { description: 'Rides to every game' })).status).toBe(200)
    // Since that version: an opening balance, a recorded gift and a new goal (the books recompute giftsAmount).
    expect((await admin.put(`/api/admin/campaigns/${campaign.id}`, { currentAmount: '100', goalAmount: '900' })).status).toBe(200)
    const gift = {
      donorName: 'Grandma Lee',
      donorEmail: 'glee@example.test',
      amount: '40',
      paymentMethod: 'check',
      receivedAt: '2026-11-20',
      status: 'completed',
      campaignId: campaign.id,
    }
    expect((await admin.post('/api/admin/donations', gift)).status).toBe(201)
    const money = { goalAmount: '900.00', baseAmount: '100.00', giftsAmount: '40.00', currentAmount: '140.00' }
    expect((await admin.get(`/cms-api/campaigns/${campaign.id}`)).json).toMatchObject(money)

    const versions = (await editor.get(`/cms-api/campaigns/versions?where[parent][equals]=${campaign.id}&sort=createdAt`)).json.docs
    expect(versions[0].version).toMatchObject({ description: 'Rides to away games', currentAmount: '0.00', giftsAmount: '0.00' })
    // By an editor and by an admin: the first version's text is back, the amounts are today's.
    for (const who of [editor, admin]) {
      const restored = await who.post(`/cms-api/campaigns/versions/${versions[0].id}`, {})
      expect(restored.status, restored.text).toBe(200)
      expect((await admin.get(`/cms-api/campaigns/${campaign.id}`)).json).toMatchObject({ description: 'Rides to away games', ...money })
    }
    const shown = (await anonymous().get('/api/campaigns')).json.find((c: { id: string }) => c.id === campaign.id)
    expect(shown).toMatchObject({ description: 'Rides to away games', currentAmount: '140.00', goalAmount: '900.00' })

    const tier = (await admin.post('/cms-api/sponsorship-tiers', { name: 'Bench', amount: '250', description: 'A bench plaque' })).json.doc
    expect(
      (await admin.patch(`/cms-api/sponsorship-tiers/${tier.id}`, { amount: '300', goodsValue: '20', description: 'Plaque' })).status,
    ).toBe(200)
    // No longer offered since (the admins' switch): an editor's restore of the first version keeps it so.
    expect((await admin.patch(`/cms-api/sponsorship-tiers/${tier.id}`, { isActive: 'false' })).status).toBe(200)
    const first = (await admin.get(`/cms-api/sponsorship-tiers/versions?where[parent][equals]=${tier.id}&sort=createdAt`)).json.docs[0]
    expect(first.version.isActive).toBe('true')
    expect((await editor.post(`/cms-api/sponsorship-tiers/versions/${first.id}`, {})).status).toBe(200)
    expect((await admin.get(`/cms-api/sponsorship-tiers/${tier.id}`)).json).toMatchObject({
      description: 'A bench plaque',
      amount: '300.00',
      goodsValue: '20.00',
      isActive: 'false',
    })
  })

  it("fills the coach's photo and a sponsor's logo from uploads, as the URLs the site already shows", async () => {
    const site = anonymous()
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

    // An editor attaches the coach's photo to the site-content entry coach/photo.
    const coach = await upload(editor, await image('jpeg', 900), 'coach.jpg', 'image/jpeg', 'Coach Rivera on the sideline')
    const entry = await editor.post('/cms-api/site-content', { section: 'coach', key: 'photo', image: coach.json.doc.id })
    expect(entry.status, entry.text).toBe(201)
    expect((await site.get('/api/content')).json['coach/photo']).toBe(path(coach.json.doc.sizes.thumbnail.url))
    expect((await fetch(server.url + '/')).status).toBe(200)
    expect(await (await fetch(server.url + '/')).text()).toContain(`src="${path(coach.json.doc.sizes.thumbnail.url)}"`)
    // A URL typed later in the spec's Website Settings wins over the attached photo.
    expect((await admin.put('/api/admin/content', { section: 'coach', key: 'photo', value: '/images/coach.jpg' })).status).toBe(200)
    expect((await site.get('/api/content')).json['coach/photo']).toBe('/images/coach.jpg')

    // Sponsorships are the treasurer's: the admin attaches a logo, the wall shows it whole (never cropped).
    const logo = await upload(
      admin,
      await sharp({ create: { width: 1000, height: 250, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer(),
      'logo.png',
      'image/png',
      'Gold Bakery logo',
    )
    expect(logo.json.doc.sizes.logo).toMatchObject({ width: 320, height: 80, mimeType: 'image/png' })
    const sponsorship = await admin.post('/cms-api/sponsorships', {
      sponsorName: 'Owner',
      sponsorEmail: 'owner@private.test',
      sponsorCompany: 'Gold Bakery',
      tier: 'gold',
      amount: '1000.00',
      status: 'completed',
      logo: logo.json.doc.id,
    })
    expect(sponsorship.status, sponsorship.text).toBe(201)
    const wall = (await site.get('/api/sponsor-wall')).json
    expect(wall[0].sponsors).toContainEqual(expect.objectContaining({ name: 'Gold Bakery', logoUrl: path(logo.json.doc.sizes.logo.url) }))
    expect(
      (await editor.post('/cms-api/sponsorships', { sponsorName: 'X', sponsorEmail: 'x@x.test', tier: 'gold', amount: '1.00' })).status,
    ).toBe(403)
  })

  it('shows a footer page at /{slug} only once published, as sanitized HTML; a draft only to signed-in staff; otherwise Page Not Found (404)', async () => {
    const site = anonymous()
    expect((await site.get('/api/pages')).json).toEqual({ slugs: [] })
    expect((await site.get('/api/pages/privacy-policy')).status).toBe(404)
    expect((await site.get('/api/pages/no-such-page')).status).toBe(404)
    expect((await fetch(`${server.url}/privacy-policy`)).status).toBe(404)

    const body = lexicalBody([
      { type: 'heading', tag: 'h2', version: 1, direction: null, format: '', indent: 0, children: [lexicalText('Your data')] },
      lexicalParagraph([lexicalText('We never sell it. <script>alert(1)</script>')]),
      lexicalParagraph([
        {
          type: 'link',
          version: 3,
          direction: null,
          format: '',
          indent: 0,
          fields: { url: 'javascript:alert(1)', linkType: 'custom' },
          children: [lexicalText('click')],
        },
      ]),
    ])
    // An uploaded image, placed in the text with the editor's upload button: shown with its alt text, from our own origin.
    const photo = await upload(editor, await image('jpeg', 900), 'gym.jpg', 'image/jpeg', 'The main gym on game day')
    body.root.children.push(lexicalImage(photo.json.doc.id))
    // A draft: visitors get Page Not Found everywhere; signed-in staff preview it at its address.
    const page = await editor.post('/cms-api/pages?draft=true', { title: 'Privacy Policy', slug: 'privacy-policy', body, _status: 'draft' })
    expect(page.status, page.text).toBe(201)
    const id = page.json.doc.id
    expect((await site.get('/api/pages/privacy-policy')).status).toBe(404)
    expect((await site.get('/cms-api/pages')).json.docs).toHaveLength(0)
    expect((await fetch(`${server.url}/privacy-policy`)).status).toBe(404)
    const preview = await editor.request('GET', '/privacy-policy')
    expect(preview.status).toBe(200)
    expect(preview.text).toContain('<h2>Your data</h2>')
    expect(preview.headers.get('cache-control')).toBe('no-store')
    expect(preview.headers.get('x-robots-tag')).toBe('noindex')
    // The staff's preview is not what visitors are then served.
    expect((await fetch(`${server.url}/privacy-policy`)).status).toBe(404)

    // Published: everyone sees it. A later draft changes nothing public until it is published too.
    expect((await editor.patch(`/cms-api/pages/${id}`, { _status: 'published' })).status).toBe(200)
    expect((await editor.patch(`/cms-api/pages/${id}?draft=true`, { title: 'Privacy Policy (draft)', _status: 'draft' })).status).toBe(200)
    expect((await site.get('/api/pages/privacy-policy')).json.title).toBe('Privacy Policy')
    expect((await editor.request('GET', '/privacy-policy')).text).toMatch(/<title>Privacy Policy \(draft\)/)
    expect(await (await fetch(`${server.url}/privacy-policy`)).text()).not.toContain('(draft)')
    // Nor does Payload's REST hand the draft to a visitor who asks for drafts.
    for (const path of ['/cms-api/pages?draft=true', `/cms-api/pages/${id}?draft=true`])
      expect((await site.get(path)).text, path).not.toContain('(draft)')
    expect((await editor.patch(`/cms-api/pages/${id}`, { title: 'Privacy Policy', _status: 'published' })).status).toBe(200)
    expect((await site.get('/api/pages')).json).toEqual({ slugs: ['privacy-policy'] })
    const shown = await site.get('/api/pages/privacy-policy')
    expect(shown.status).toBe(200)
    expect(shown.json.title).toBe('Privacy Policy')
    expect(shown.json.html).toContain('<h2>Your data</h2>')
    expect(shown.json.html).toContain('We never sell it. &lt;script&gt;')
    expect(shown.json.html).toMatch(/<img[^>]* src="\/cms-api\/media\/file\/photo-[0-9a-f]+\.jpg"/)
    expect(shown.json.html).toContain('alt="The main gym on game day"')
    expect(shown.json.html).not.toContain(server.url)
    expect(shown.json.html).not.toMatch(/<script|javascript:/i)
    // Rendered on the server with the page (cms/site/pages.ts), linked from the footer and listed in the sitemap.
    const html = await (await fetch(`${server.url}/privacy-policy`)).text()
    expect(html).toContain('<h2>Your data</h2>')
    expect(html).toMatch(/<title>Privacy Policy[^<]*<\/title>/)
    expect(html).not.toContain('Page Not Found')
    expect(await (await fetch(`${server.url}/`)).text()).toContain('href="/privacy-policy"')
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`${server.url}/privacy-policy</loc>`)
    expect((await fetch(`${server.url}/terms-of-service`)).status).toBe(404)
  })

  it("throttles Payload's own login like ours, with Retry-After, and records the failures in the audit log", async () => {
    // Its own account: the lock-out it causes must not reach the editor the other tests sign in as.
    const target = { username: 'locked.out.editor', password: 'guessed-at-but-never-found-42' }
    await addStaffAccount(admin, { ...target, role: 'editor' })
    const guesser = anonymous()
    const statuses: number[] = []
    let refused: Awaited<ReturnType<ApiClient['post']>> | undefined
    for (let i = 0; i < 6 && !refused; i++) {
      const res = await guesser.post('/cms-api/admin-users/login', { username: target.username, password: `wrong-guess-${i}-abcdef` })
      statuses.push(res.status)
      if (res.status === 429) refused = res
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
    expect(refused, statuses.join()).toBeDefined()
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused!.text).toMatch(/Too many failed logins for this username/)
    const log = await admin.get('/api/admin/audit-log')
    const events = log.json.filter((e: { actor: string }) => e.actor === target.username).map((e: { event: string }) => e.event)
    expect(events).toContain('login-failed')
  })

  it("ends an idle session for Payload's admin and REST too, not only for /api/admin", async () => {
    const login = await loggedInAdmin(server.url)
    expect((await login.get('/cms-api/audit-log')).status).toBe(200)
    const sid = JSON.parse(Buffer.from(/-token=([^;]+)/.exec(login.cookie)![1].split('.')[1], 'base64url').toString()).sid
    const db = createClient({ url: server.databaseUri })
    try {
      await db.execute('PRAGMA busy_timeout = 5000')
      await db.execute({
        sql: 'UPDATE admin_users_sessions SET expires_at = ? WHERE id = ?',
        args: [new Date(Date.now() - 1000).toISOString(), sid],
      })
    } finally {
      db.close()
    }
    expect((await login.get('/cms-api/audit-log')).status).toBe(403)
    expect((await login.get('/cms-api/admin-users/me')).json.user).toBeNull()
    expect((await login.get('/api/admin/me')).status).toBe(401)
  })
})

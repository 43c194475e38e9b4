import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { databaseTargets } from '../../testing/databases'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

describe.each(databaseTargets)('public API on $name', ({ env }) => {
  let server: TestServer
  let visitor: ApiClient
  let admin: ApiClient

  beforeAll(async () => {
    server = await startServer({ seed: 'demo', env })
    visitor = new ApiClient(server.url)
    admin = await loggedInAdmin(server.url)
  })
  afterAll(() => server?.stop())

  it('GET /api/campaigns lists campaigns with status and two-decimal string amounts', async () => {
    const res = await visitor.get('/api/campaigns')
    expect(res.status).toBe(200)
    expect(res.json.length).toBeGreaterThanOrEqual(3)
    // Each status is the campaign's own (another test may have ended one): compared with the admin's records.
    const isActive = new Map(
      (await allPages<{ id: string; isActive: string }>(admin, '/api/admin/campaigns')).map((c) => [c.id, c.isActive]),
    )
    for (const c of res.json) {
      expect(Object.keys(c).sort()).toEqual(
        ['createdAt', 'currentAmount', 'description', 'goalAmount', 'id', 'imageUrl', 'name', 'status'].sort(),
      )
      expect(c.status).toBe(isActive.get(c.id) === 'true' ? 'active' : 'inactive')
      expect(c.goalAmount).toMatch(/^\d+\.\d{2}$/)
      expect(c.currentAmount).toMatch(/^\d+\.\d{2}$/)
    }
  })

  it('an ended campaign reads as inactive on the public list', async () => {
    const created = await admin.post('/api/admin/campaigns', { name: 'Ended drive', description: 'Over', goalAmount: '100' })
    await admin.put(`/api/admin/campaigns/${created.json.id}`, { isActive: 'false' })
    const list = await visitor.get('/api/campaigns')
    expect(list.json.find((c: any) => c.id === created.json.id).status).toBe('inactive')
  })

  it('GET /api/team lists players with number, not jerseyNumber', async () => {
    const res = await visitor.get('/api/team')
    expect(res.status).toBe(200)
    expect(res.json.length).toBe(5)
    const maya = res.json.find((p: any) => p.name === 'Maya Johnson')
    expect(maya).toMatchObject({ number: 3, position: 'Point Guard', grade: 'Senior', height: `5'6"` })
    expect(maya).not.toHaveProperty('jerseyNumber')
  })

  it('POST /api/contact stores the message as unread and drops unknown fields', async () => {
    const res = await visitor.post('/api/contact', {
      name: 'Pat Parent',
      email: 'pat@example.com',
      message: 'How do I volunteer?',
      status: 'read',
      isAdmin: true,
    })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ id: expect.any(String), status: 'unread' })
    const stored = (await admin.get('/api/admin/contact-messages')).json.find((m: any) => m.id === res.json.id)
    expect(stored).toEqual({
      id: res.json.id,
      name: 'Pat Parent',
      email: 'pat@example.com',
      message: 'How do I volunteer?',
      status: 'unread',
      createdAt: expect.any(String),
    })
  })

  it('POST /api/contact answers 400 naming each bad field, and stores nothing', async () => {
    const before = (await admin.get('/api/admin/contact-messages')).headers.get('x-total-count')
    const res = await visitor.post('/api/contact', { name: '', email: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(res.json.issues).toEqual([
      { path: 'name', message: 'String must contain at least 1 character(s)' },
      { path: 'email', message: 'Invalid email' },
      { path: 'message', message: 'Required' },
    ])
    expect(res.json.error).toContain('message: Required')
    expect((await admin.get('/api/admin/contact-messages')).headers.get('x-total-count')).toBe(before)
  })

  const application = {
    contactName: 'Dana Brooks',
    contactEmail: 'dana@brooksauto.example',
    contactPhone: '(555) 010-2000',
    companyName: 'Brooks Auto',
    companyAddress: '12 Main St',
    companyWebsite: 'https://brooksauto.example',
    companyTwitter: '',
    companyInstagram: '@brooksauto',
    businessType: 'automotive',
    sponsorshipLevel: 'gold',
    notes: 'Happy to help',
  }

  it('POST /api/sponsors stores a pending application with exactly the eleven fields', async () => {
    const res = await visitor.post('/api/sponsors', { ...application, status: 'approved', amount: '1' })
    expect(res.status).toBe(201)
    expect(res.json.status).toBe('pending')
    const stored = (await admin.get('/api/admin/sponsor-applications')).json.find((a: any) => a.id === res.json.id)
    expect(stored).toMatchObject({ ...application, companyTwitter: null, status: 'pending' })
    expect(stored).not.toHaveProperty('amount')
  })

  it('POST /api/sponsors refuses an unknown level or business type', async () => {
    const res = await visitor.post('/api/sponsors', { ...application, sponsorshipLevel: 'platinum', businessType: 'casino' })
    expect(res.status).toBe(400)
    expect(res.json.issues.map((i: any) => i.path)).toEqual(['businessType', 'sponsorshipLevel'])
  })

  it('POST /api/sponsors and Payload’s REST take a website as an https:// address, completing one typed without it', async () => {
    const message = 'Enter the full address starting with https://, for example https://example.com'
    // As people write them on a card: the scheme is added, on both doors.
    const bare = await visitor.post('/api/sponsors', {
      ...application,
      contactEmail: 'bare@brooksauto.example',
      companyWebsite: 'whitfieldhardware.com',
    })
    expect(bare.status, bare.text).toBe(201)
    const viaRest = await admin.post('/cms-api/sponsor-applications', {
      ...application,
      contactEmail: 'rest@brooksauto.example',
      companyWebsite: 'www.whitfieldhardware.com/about',
    })
    expect(viaRest.status, viaRest.text).toBe(201)
    const stored = (await admin.get('/api/admin/sponsor-applications')).json as Array<{ contactEmail: string; companyWebsite: string }>
    expect(stored.find((a) => a.contactEmail === 'bare@brooksauto.example')?.companyWebsite).toBe('https://whitfieldhardware.com')
    expect(stored.find((a) => a.contactEmail === 'rest@brooksauto.example')?.companyWebsite).toBe('https://www.whitfieldhardware.com/about')
    for (const companyWebsite of ['not a url', 'brooksauto', 'http://brooksauto.example', 'javascript:alert(1)', 'https://localhost']) {
      const res = await visitor.post('/api/sponsors', { ...application, companyWebsite })
      expect(res.status, companyWebsite).toBe(400)
      expect(res.json.issues, companyWebsite).toEqual([{ path: 'companyWebsite', message }])
      const rest = await admin.post('/cms-api/sponsor-applications', { ...application, companyWebsite })
      expect(rest.status, companyWebsite).toBe(400)
      expect(rest.text).toContain(message)
    }
    expect((await visitor.post('/api/sponsors', { ...application, companyWebsite: '' })).status).toBe(201)
  })

  it('GET /api/qr-donate.svg is a QR code image', async () => {
    const res = await visitor.get('/api/qr-donate.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('image/svg+xml')
    expect(res.text).toMatch(/^<svg[^>]+viewBox/)
  })

  it('malformed JSON is a 400, a non-JSON body a 415, an oversized body a 413', async () => {
    const malformed = await visitor.post('/api/contact', '{"name": ')
    expect(malformed.status).toBe(400)
    expect(malformed.json.error).toBe('Malformed JSON in request body')

    const form = await visitor.request('POST', '/api/contact', 'name=a&email=b', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)

    const huge = await visitor.post('/api/contact', { name: 'A', email: 'a@b.co', message: 'x'.repeat(200_000) })
    expect(huge.status).toBe(413)
    expect(huge.json.error).toBe('Request body is too large')
  })

  it('a JSON body that is not an object is a 400', async () => {
    const res = await visitor.post('/api/contact', '[1,2,3]')
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Request body must be a JSON object')
  })

  it('an unknown /api path is a JSON 404', async () => {
    const res = await visitor.get('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.json.error).toBe('No API endpoint GET /api/does-not-exist')
  })

  it('site routes answer 200 and any other path 404, both with the SPA', async () => {
    for (const path of ['/', '/donate', '/qr-donate', '/sponsor']) {
      const res = await visitor.get(path)
      expect(res.status, path).toBe(200)
      expect(res.text).toContain('<div id="root">')
      expect(res.text).toContain('id="public-config"')
    }
    const missing = await visitor.get('/no-such-page')
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('<div id="root">')
    // /admin is Payload's admin (cms/admin), not the SPA.
    const admin = await visitor.get('/admin')
    expect(admin.status).toBe(200)
    expect(admin.text).not.toContain('<div id="root">')
  })
})

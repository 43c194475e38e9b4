import { createClient, type Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * SECURITY.md §4: public forms (POST /api/contact, POST /api/sponsors) have a
 * honeypot, a per-IP rate limit answering 429 with a readable message, a
 * bounded body and a bounded length for every text field.
 */

const contact = { name: 'Pat Parent', email: 'pat@example.com', message: 'How can I volunteer?' }
const sponsor = {
  contactName: 'Dana Brooks',
  contactEmail: 'dana@brooksauto.example',
  contactPhone: '555-0100',
  companyName: 'Brooks Auto',
  companyAddress: '1 Main St',
  companyWebsite: 'https://brooksauto.example',
  companyTwitter: '@brooks',
  companyInstagram: '@brooksauto',
  businessType: 'automotive',
  sponsorshipLevel: 'silver',
  notes: 'Happy to help',
}

/** Field → maximum length, as the schemas (shared/schemas.ts) and collections define them. */
const LIMITS = {
  '/api/contact': { base: contact, table: 'contact_messages', vary: 'message', fields: { name: 200, email: 254, message: 5000 } },
  '/api/sponsors': {
    base: sponsor,
    table: 'sponsor_applications',
    vary: 'notes',
    fields: {
      contactName: 200,
      contactEmail: 254,
      contactPhone: 40,
      companyName: 200,
      companyAddress: 500,
      companyWebsite: 300,
      companyTwitter: 100,
      companyInstagram: 100,
      notes: 2000,
    },
  },
} as const

/** A value of exactly `length` characters that is valid for the field. */
function valueOfLength(field: string, length: number): string {
  if (field.toLowerCase().includes('email')) {
    // local@domain.tld with dot-separated labels of at most 63 characters
    const domainLength = length - 'a@'.length - '.org'.length
    const labels: string[] = []
    let left = domainLength
    while (left > 0) {
      const size = Math.min(63, left)
      labels.push('d'.repeat(size))
      left -= size + 1
    }
    let domain = labels.join('.')
    if (domain.length > domainLength) domain = domain.slice(0, domainLength)
    if (domain.endsWith('.')) domain = domain.slice(0, -1) + 'd'
    return `a@${domain}.org`.padStart(length, 'a')
  }
  // https://www.example.com with as many w's as it takes
  if (field === 'companyWebsite') return `https://${'w'.repeat(length - 'https://.example.com'.length)}.example.com`
  return 'é'.repeat(length)
}

/** A form as a browser without JavaScript posts it (POST / or /sponsor, cms/site/forms.ts), the answer unfollowed. */
const plainPost = (url: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, ...headers },
    body: new URLSearchParams(fields).toString(),
  })

describe('public forms', () => {
  let server: TestServer
  let db: Client
  const count = async (table: string) => Number((await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_FORMS: '10000' } })
    db = createClient({ url: server.databaseUri })
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  for (const [path, { base, table, vary }] of Object.entries(LIMITS)) {
    it(`${path}: a filled honeypot is refused and nothing is stored; an empty one is fine`, async () => {
      const client = new ApiClient(server.url)
      const before = await count(table)
      for (const trap of ['https://spam.example', 'x', 0, false, true, {}, [], 12]) {
        const res = await client.post(path, { ...base, hpTrap: trap })
        expect(res.status, JSON.stringify(trap)).toBe(400)
        expect(res.json.error).toBe('Submission rejected: automated form filling detected')
      }
      expect(await count(table)).toBe(before)
      for (const [i, trap] of ['', '   ', null, undefined].entries()) {
        // Each a message of its own: the same one again is stored once (cms/inbox/duplicates.ts).
        const own = `${base[vary as keyof typeof base]} (${i})`
        expect((await client.post(path, { ...base, [vary]: own, hpTrap: trap })).status).toBe(201)
      }
      expect(await count(table)).toBe(before + 4)
    })
  }

  for (const [path, { base, table, fields }] of Object.entries(LIMITS)) {
    it(`${path}: every text field accepts its maximum length and refuses one more, storing nothing`, async () => {
      const client = new ApiClient(server.url)
      for (const [field, max] of Object.entries(fields)) {
        const atMax = valueOfLength(field, max)
        expect(atMax.length).toBe(max)
        const ok = await client.post(path, { ...base, [field]: atMax })
        expect(ok.status, `${field} at ${max}`).toBe(201)
        const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
        const stored = await db.execute({ sql: `SELECT ${column} AS v FROM ${table} WHERE id = ?`, args: [ok.json.id] })
        expect(stored.rows[0].v).toBe(atMax)

        const before = await count(table)
        const tooLong = await client.post(path, { ...base, [field]: valueOfLength(field, max + 1) })
        expect(tooLong.status, `${field} at ${max + 1}`).toBe(400)
        expect(tooLong.json.issues.map((i: any) => i.path)).toContain(field)
        expect(tooLong.json.error).toMatch(new RegExp(`${field}: `))
        expect(await count(table)).toBe(before)
      }
    })
  }

  /** A stored row without what differs between any two rows (and the one field two posts below differ in). */
  const rowOf = async (table: string, id: unknown, differing = '') => {
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      fingerprint: _f,
      submission_key: _k,
      [differing]: _d,
      ...rest
    } = (await db.execute({ sql: `SELECT * FROM ${table} WHERE id = ?`, args: [id as string] })).rows[0] as Record<string, unknown>
    return rest
  }

  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    plainPost(server.url, path, fields, headers)

  // The same forms posted as plain HTML forms, without JavaScript (cms/site/forms.ts).
  it('plain post: stores exactly what the JSON API stores and answers 303 to a fixed address', async () => {
    for (const [path, table, base, answer] of [
      ['/', 'contact_messages', contact, '/?sent=contact#contact'],
      ['/sponsor', 'sponsor_applications', { ...sponsor, companyTwitter: '' }, '/sponsor?sent=sponsor#sponsor-form-title'],
    ] as const) {
      // Words of this test's own: another test's submit of the same words would be this one, stored once.
      const differing = path === '/' ? 'message' : 'notes'
      const words = `Said plainly, without JavaScript (${path})`
      const res = await postForm(path, { ...base, [differing]: words, hpTrap: '' })
      expect(res.status, path).toBe(303)
      expect(res.headers.get('location')).toBe(answer)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const stored = await db.execute({ sql: `SELECT id FROM ${table} WHERE ${differing} = ?`, args: [words] })
      expect(stored.rows).toHaveLength(1)
      // The JSON twin says something else (the same words would be the same submit, stored once).
      const plain = await rowOf(table, stored.rows[0].id, differing)
      const json = await new ApiClient(server.url).post(path === '/' ? '/api/contact' : '/api/sponsors', {
        ...base,
        [differing]: 'Said twice',
      })
      expect(json.status).toBe(201)
      expect(await rowOf(table, json.json.id, differing)).toEqual(plain)
    }
    // The answer is a page: it says the message was received.
    const page = await (await fetch(`${server.url}/?sent=contact`)).text()
    expect(page).toContain('Message Sent!')
  })

  it('stores one record and tells the club once for a submit repeated, in a row or at once, through JSON or the plain form', async () => {
    const admin = await loggedInAdmin(server.url)
    const notices = async (kind: string, id: unknown) =>
      Number(
        (await db.execute({ sql: 'SELECT count(*) AS n FROM email_outbox WHERE kind = ? AND record_id = ?', args: [kind, String(id)] }))
          .rows[0].n,
      )
    for (const [api, page, table, kind, base, vary] of [
      ['/api/contact', '/', 'contact_messages', 'contact-notice', contact, 'message'],
      ['/api/sponsors', '/sponsor', 'sponsor_applications', 'application-notice', sponsor, 'notes'],
    ] as const) {
      const once: Record<string, string> = { ...base, [vary]: `Sent once, whatever the taps (${api})` }
      const before = await count(table)
      const visitor = new ApiClient(server.url)
      const first = await visitor.post(api, once)
      expect(first.status, first.text).toBe(201)
      // Again in a row, five at once, and as the plain form: each answered as a success, none stored again.
      const again = await visitor.post(api, once)
      expect(again.status).toBe(201)
      expect(again.json.id).toBe(first.json.id)
      const racing = await Promise.all(Array.from({ length: 5 }, () => new ApiClient(server.url).post(api, once)))
      expect(racing.map((r) => [r.status, r.json.id])).toEqual(racing.map(() => [201, first.json.id]))
      const plain = await postForm(page, { ...once, hpTrap: '' })
      expect(plain.status).toBe(303)
      // Spaces around the words, or the address in capitals, do not make it another message.
      expect((await visitor.post(api, { ...once, [vary]: `  ${once[vary]} ` })).json.id).toBe(first.json.id)
      const address = api === '/api/contact' ? 'email' : 'contactEmail'
      expect((await visitor.post(api, { ...once, [address]: once[address].toUpperCase() })).json.id).toBe(first.json.id)
      expect(await count(table)).toBe(before + 1)
      expect(await notices(kind, first.json.id)).toBe(1)
      // Payload's REST obeys the same hook: the same submit again is a 409 there, nothing stored.
      const rest = await admin.post(`/cms-api/${api === '/api/contact' ? 'contact-messages' : 'sponsor-applications'}`, once)
      expect(rest.status, rest.text).toBe(409)
      expect(rest.json.errors[0].message).toMatch(/already received/)
      expect(await count(table)).toBe(before + 1)

      // Positive controls: other words are another message; the same words in another form fill (its key) too,
      // while that fill's key sent again is the same submit.
      const other = await visitor.post(api, { ...once, [vary]: `${once[vary]}, and one more thing` })
      expect(other.status).toBe(201)
      expect(other.json.id).not.toBe(first.json.id)
      const keyed = { ...base, [vary]: `A keyed fill (${api})`, submissionKey: 'fill-0001-abcdef' }
      const keyedFirst = await visitor.post(api, keyed)
      expect((await visitor.post(api, keyed)).json.id).toBe(keyedFirst.json.id)
      expect((await postForm(page, { ...keyed, hpTrap: '' })).status).toBe(303)
      expect(await count(table)).toBe(before + 3)
      expect(await notices(kind, other.json.id)).toBe(1)
      // The stored key and fingerprint are never in an answer.
      const read = await admin.get(`/cms-api/${api === '/api/contact' ? 'contact-messages' : 'sponsor-applications'}/${first.json.id}`)
      expect(read.json).not.toHaveProperty('submissionKey')
      expect(read.json).not.toHaveProperty('fingerprint')
    }
  })

  it('plain post: answers a refused form with the page again: each error beside its field, what was typed kept, nothing stored', async () => {
    const before = await count('contact_messages')
    const res = await postForm('/', { name: 'Pat <Parent>', email: 'not-an-email', message: '' })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('value="Pat &lt;Parent&gt;"')
    expect(html).toContain('value="not-an-email"')
    expect(html).toMatch(/id="[^"]+-email-error" class="field-error">Invalid email</)
    expect(html).toMatch(/id="[^"]+-message-error" class="field-error">Required</)
    expect(html).toContain('Missing Information')
    expect(await count('contact_messages')).toBe(before)

    const noTier = await postForm('/sponsor', { ...sponsor, sponsorshipLevel: '' })
    expect(noTier.status).toBe(400)
    const text = await noTier.text()
    expect(text).toContain('Please select a sponsorship level')
    expect(text).toContain('value="Dana Brooks"')
    expect(text).toContain('<option value="automotive" selected="">')

    // A website that is not a full https:// address is refused beside its field, as the JavaScript form refuses it.
    const applications = await count('sponsor_applications')
    const notAUrl = await postForm('/sponsor', { ...sponsor, companyWebsite: 'not a url' })
    expect(notAUrl.status).toBe(400)
    expect(await notAUrl.text()).toMatch(
      /id="[^"]+-companyWebsite-error" class="field-error">Enter the full address starting with https:\/\//,
    )
    expect(await count('sponsor_applications')).toBe(applications)
  })

  it('plain post: applies the honeypot, the same-origin rule and the form type, storing nothing', async () => {
    const before = await count('contact_messages')
    const trapped = await postForm('/', { ...contact, hpTrap: 'https://spam.example' })
    expect(trapped.status).toBe(400)
    expect(await trapped.text()).toContain('Submission rejected: automated form filling detected')

    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: '', 'Sec-Fetch-Site': 'cross-site' }]
    for (const headers of foreign) {
      const forged = await postForm('/', contact, headers)
      expect(forged.status).toBe(403)
      expect(await forged.text()).toContain('Cross-site request refused')
      // The JSON API refuses the same.
      const json = await new ApiClient(server.url).post('/api/contact', contact, headers)
      expect(json.status).toBe(403)
    }
    const asJson = await postForm('/', contact, { 'Content-Type': 'application/json' })
    expect(asJson.status).toBe(415)
    expect(await count('contact_messages')).toBe(before)
    // Other pages take no posts at all.
    expect((await postForm('/donate', contact)).status).toBe(405)
  })

  it('refuses text the database could not give back verbatim (NUL, half a surrogate pair), storing nothing', async () => {
    const client = new ApiClient(server.url)
    const before = await count('contact_messages')
    for (const name of ['nul\u0000inside', 'half \ud800 pair', '\udc00']) {
      const res = await client.post('/api/contact', { ...contact, name })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe('name: Text must not contain NUL or unpaired surrogate characters')
      expect(res.json.issues).toEqual([{ path: 'name', message: 'Text must not contain NUL or unpaired surrogate characters' }])
    }
    expect(await count('contact_messages')).toBe(before)
    // Whole emoji (a valid surrogate pair) and other control characters are fine and come back as sent.
    const ok = await client.post('/api/contact', { ...contact, name: 'Go Hawks 🏀\u0007\t!' })
    expect(ok.status).toBe(201)
    const { rows } = await db.execute({ sql: 'SELECT name FROM contact_messages WHERE id = ?', args: [ok.json.id] })
    expect(rows[0].name).toBe('Go Hawks 🏀\u0007\t!')
  })

  it('bounds the request body (413 with a readable JSON message)', async () => {
    const client = new ApiClient(server.url)
    const before = await count('contact_messages')
    const res = await client.post('/api/contact', { ...contact, padding: 'x'.repeat(33 * 1024) })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ error: 'Request body is too large' })
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await count('contact_messages')).toBe(before)
  })

  it('drops unknown fields and never lets a visitor set status, id or dates', async () => {
    const client = new ApiClient(server.url)
    const id = '00000000-0000-4000-8000-000000000001'
    const body = JSON.stringify({ ...contact, id, status: 'read', createdAt: '2000-01-01T00:00:00.000Z', role: 'admin' })
    // Raw JSON, so "__proto__" and "constructor" arrive as own keys.
    const res = await client.post(
      '/api/contact',
      `${body.slice(0, -1)},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
    )
    expect(res.status).toBe(201)
    expect(res.json.id).not.toBe(id)
    const { rows } = await db.execute({ sql: 'SELECT * FROM contact_messages WHERE id = ?', args: [res.json.id] })
    expect(rows[0].status).toBe('unread')
    expect(String(rows[0].created_at)).not.toMatch(/^2000/)
    const app = await client.post('/api/sponsors', { ...sponsor, status: 'approved', id })
    expect(app.status).toBe(201)
    const row = await db.execute({ sql: 'SELECT status FROM sponsor_applications WHERE id = ?', args: [app.json.id] })
    expect(row.rows[0].status).toBe('pending')
  })
})

describe('public form rate limit per IP', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_FORMS: '3' } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 429 with a readable message after RATE_LIMIT_FORMS posts, across both forms, and stores nothing', async () => {
    const client = new ApiClient(server.url)
    expect((await client.post('/api/contact', contact)).status).toBe(201)
    expect((await client.post('/api/sponsors', sponsor)).status).toBe(201)
    // Bots count too, and plain form posts (no JavaScript, cms/site/forms.ts) share the budget.
    const bot = () => plainPost(server.url, '/', { ...contact, hpTrap: 'bot' })
    expect((await bot()).status).toBe(400)
    for (const [path, body] of [
      ['/api/contact', contact],
      ['/api/sponsors', sponsor],
    ] as const) {
      const res = await client.post(path, body)
      expect(res.status).toBe(429)
      expect(res.json.error).toBe('Too many form submissions from your network. Please wait 15 minutes and try again.')
      expect(res.headers.get('retry-after')).toBeTruthy()
      expect(res.headers.get('ratelimit-policy')).toMatch(/q=3; w=900/)
    }
    // The plain post's 429 is a page that keeps what was typed.
    const limited = await bot()
    expect(limited.status).toBe(429)
    const html = await limited.text()
    expect(html).toContain('Too many form submissions from your network. Please wait 15 minutes and try again.')
    expect(html).toContain('value="Pat Parent"')
    // A forged X-Forwarded-For does not buy a new budget (no proxy is trusted by default).
    const spoofed = await client.post('/api/contact', contact, { 'X-Forwarded-For': '203.0.113.7' })
    expect(spoofed.status).toBe(429)
    // Reads are not limited.
    expect((await client.get('/api/campaigns')).status).toBe(200)
    const admin = new ApiClient(server.url)
    await admin.post('/api/admin/setup', { username: 'coach.admin', password: 'correct-horse-battery' })
    await admin.post('/api/admin/login', { username: 'coach.admin', password: 'correct-horse-battery' })
    expect((await admin.get('/api/admin/contact-messages')).json).toHaveLength(1)
    expect((await admin.get('/api/admin/sponsor-applications')).json).toHaveLength(1)
  })
})

describe('default limits', () => {
  let server: TestServer

  beforeAll(async () => {
    const env: Record<string, string> = {}
    server = await startServer({ env })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('allows 20 form posts and 30 login attempts per IP per 15 minutes: more than a real visitor sends', async () => {
    const client = new ApiClient(server.url)
    for (let i = 0; i < 10; i++) expect((await client.post('/api/contact', { ...contact, message: `Question ${i}` })).status).toBe(201)
    const res = await client.post('/api/sponsors', sponsor)
    expect(res.status).toBe(201)
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"20-in-15min"; q=20; w=900/)
    const login = await client.post('/api/admin/login', { username: 'nobody', password: 'not-a-password' })
    expect(login.headers.get('ratelimit-policy')).toMatch(/^"30-in-15min"; q=30; w=900/)
  })
})

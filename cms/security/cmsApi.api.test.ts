import type { Client } from '@libsql/client'
import { connect } from 'node:net'
import { validOperators } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages } from '../../testing/allPages'
import { databaseSnapshot } from '../../testing/dbSnapshot'
import { BODY_SHAPES, CMS_BODY_ROUTES, CMS_COLLECTIONS, sweptRoutes } from '../../testing/endpoints'
import { collections } from '../collections'
import { addStaffAccount, ApiClient, loggedInAdmin, openDatabase, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'

/**
 * Payload's REST (/cms-api) held to the rules of our /api (SECURITY.md §1 and
 * §10): a password change asks for the current password, account changes are
 * audited, a session is the cookie only (Authorization headers refused), lists
 * are at most 100 a page, bodies are bounded, a malformed filter is a 400 and
 * a failed login is one warning without a stack.
 */

const EDITOR = { username: 'page.editor', password: 'editors-write-the-pages-42', role: 'editor' as const }
const MESSAGES = 130

type AnyField = { name?: string; type: string; fields?: AnyField[]; tabs?: Array<{ name?: string; fields: AnyField[] }> }
/** Every queryable field path of a collection, with its type: groups, arrays and named tabs give `a.b`. */
function fieldPaths(fields: AnyField[], prefix = ''): Array<{ path: string; type: string }> {
  return fields.flatMap((field) => {
    const path = field.name ? `${prefix}${field.name}` : undefined
    if (field.type === 'tabs')
      return (field.tabs ?? []).flatMap((tab) => fieldPaths(tab.fields, tab.name ? `${prefix}${tab.name}.` : prefix))
    if (field.fields) return fieldPaths(field.fields, path ? `${path}.` : prefix)
    return path && field.type !== 'ui' ? [{ path, type: field.type }] : []
  })
}
/** Per operator, values a client might send: right for some field types, wrong for others. */
const VALUES: Record<string, string[]> = {
  near: ['1,2,3'],
  within: ['1'],
  intersects: ['1'],
  exists: ['maybe'],
  in: ['a,1'],
  not_in: ['2026-01-01'],
  all: ['x'],
  equals: ['notadate'],
  not_equals: ['true'],
  greater_than: ['notadate'],
  greater_than_equal: ['1e400'],
  less_than: ['5'],
  less_than_equal: [''],
  like: ['%_'],
  not_like: ['x'],
  contains: ['1'],
}
/** Each collection's fields, one of each type (the operators fail by type), plus what every document has; its versions list too. */
const QUERY_TARGETS = [
  ...(Object.keys(CMS_COLLECTIONS) as Array<keyof typeof CMS_COLLECTIONS>).map((slug) => {
    const config = collections.find((c) => c.slug === slug)
    const fields = [{ path: 'id', type: 'id' }, { path: 'createdAt', type: 'date' }, ...fieldPaths((config?.fields ?? []) as AnyField[])]
    const oneOfEach = [...new Map(fields.map((f) => [f.type, f])).values()]
    const versions = config?.versions ? [`/cms-api/${slug}/versions`] : []
    return { lists: [`/cms-api/${slug}`, ...versions], fields: oneOfEach, anyone: CMS_COLLECTIONS[slug].anyone }
  }),
]
/** Query strings beside `where`, and paths, that once answered 500 or might. */
const ODD_QUERIES = [
  'page=1e20',
  'page=-1',
  'page=abc',
  'page[0]=2',
  'limit=1e400',
  'depth=-1',
  'sort=__proto__',
  'sort=-',
  'select[__proto__]=1',
]
const ODD_PATHS = [
  '/cms-api/__proto__',
  '/cms-api/constructor',
  '/cms-api/prototype/x',
  '/cms-api/%E0%A4%A',
  '/cms-api/globals/__proto__',
  '/cms-api/globals/roster-settings/versions?where[version.updatedAt][less_than]=5',
  '/cms-api/donations/versions',
  '/cms-api/pages/__proto__',
  '/cms-api/pages/versions/__proto__',
  '/cms-api/media/file/missing.png',
  '/cms-api/media/file/..%2F..%2Fetc%2Fpasswd',
  '/cms-api/payload-preferences/__proto__',
  '/__proto__',
  '/media/missing.png',
  '/api/__proto__',
  '/api/pages/__proto__',
]
const ODD_POSTS = [
  '/cms-api/admin-users/verify/abc',
  '/cms-api/users/verify/abc',
  '/cms-api/users/forgot-password',
  '/cms-api/admin-users/unlock',
]

/** Runs `tasks` a few at a time (the machine is shared). */
async function inParallel<T>(items: T[], run: (item: T, index: number) => Promise<void>, width = 4) {
  const queue = [...items.entries()]
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await run(next[1], next[0])
    }),
  )
}

describe("Payload's REST under our rules", () => {
  let server: TestServer
  let db: Client
  let admin: ApiClient
  const anonymous = () => new ApiClient(server.url)
  const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body)
  const editorLogin = async (password = EDITOR.password) => {
    const client = new ApiClient(server.url)
    const res = await client.post('/cms-api/admin-users/login', { username: EDITOR.username, password })
    return { client, res }
  }

  beforeAll(async () => {
    // At info: a client's refusals and departures are logged there, and the tests read that they are.
    server = await startServer({
      env: { RATE_LIMIT_FORMS: '100000', RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_RECOVERY: '100000', LOG_LEVEL: 'info' },
    })
    db = await openDatabase(server)
    admin = await loggedInAdmin(server.url)
    await addStaffAccount(admin, EDITOR)
    const visitor = anonymous()
    for (let i = 0; i < MESSAGES; i++) {
      const sent = await visitor.post('/api/contact', { name: `Visitor ${i}`, email: `v${i}@example.org`, message: `Message number ${i}` })
      expect(sent.status, sent.text).toBe(201)
    }
  })
  afterAll(async () => {
    db?.close()
    await server?.stop()
  })

  it('changes a password through /cms-api only with the current one; other sessions end; audited', async () => {
    const { client: editor, res } = await editorLogin()
    expect(res.status).toBe(200)
    const { client: otherDevice } = await editorLogin()
    const id = res.json.user.id
    const NEW = 'a-new-editor-passphrase-77'

    // A stolen session alone cannot take the account over.
    const bare = await patch(editor, `/cms-api/admin-users/${id}`, { password: NEW })
    expect(bare.status, bare.text).toBe(400)
    expect(bare.text).toMatch(/current password/)
    const wrong = await patch(editor, `/cms-api/admin-users/${id}`, { password: NEW, currentPassword: 'Not-The-Password-1' })
    expect(wrong.status).toBe(400)
    expect((await editorLogin()).res.status).toBe(200) // unchanged
    expect((await editorLogin(NEW)).res.status).toBe(401)

    const changed = await patch(editor, `/cms-api/admin-users/${id}`, { password: NEW, currentPassword: EDITOR.password })
    expect(changed.status, changed.text).toBe(200)
    expect((await editorLogin(NEW)).res.status).toBe(200)
    expect((await editor.get('/cms-api/admin-users/me')).json.user?.username).toBe(EDITOR.username)
    expect((await otherDevice.get('/cms-api/admin-users/me')).json.user).toBeNull()

    // Our own path asks the same.
    const ours = await editor.post('/api/admin/password', {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'yet-another-passphrase-8',
    })
    expect(ours.status).toBe(400)

    const log = await allPages<{ event: string; actor: string; targetId: string; detail?: { via?: string } }>(admin, '/api/admin/audit-log')
    expect(log.find((e) => e.event === 'password-change' && e.detail?.via === 'cms-api')).toMatchObject({
      actor: EDITOR.username,
      targetId: String(id),
    })
    expect(JSON.stringify(log)).not.toContain(NEW)
    EDITOR.password = NEW
  })

  it('audits a change of email or username through /cms-api', async () => {
    const { client: editor, res } = await editorLogin()
    const id = res.json.user.id
    expect((await patch(editor, `/cms-api/admin-users/${id}`, { email: 'editor@ladyhawks.test' })).status).toBe(200)
    expect((await patch(admin, `/cms-api/admin-users/${id}`, { username: 'pages.editor' })).status).toBe(200)
    const log = await allPages<{ event: string; actor: string; targetId: string; changedFields?: string[] }>(admin, '/api/admin/audit-log')
    const changes = log.filter((e) => e.event === 'update' && e.targetId === String(id))
    expect(changes.some((e) => e.actor === EDITOR.username && e.changedFields?.includes('email'))).toBe(true)
    expect(changes.some((e) => e.actor === TEST_ADMIN.username && e.changedFields?.includes('username'))).toBe(true)
    expect((await patch(admin, `/cms-api/admin-users/${id}`, { username: EDITOR.username })).status).toBe(200)
  })

  it('refuses a session token in an Authorization header on every path; the cookie alone is the session', async () => {
    const { client, res } = await editorLogin()
    const token = res.json.token as string
    expect(token).toMatch(/^ey/)
    expect((await client.get('/cms-api/admin-users/me')).json.user?.username).toBe(EDITOR.username) // the cookie works
    for (const scheme of ['JWT', 'Bearer']) {
      for (const path of ['/cms-api/admin-users/me', '/cms-api/games', '/api/admin/me', '/admin']) {
        const headerOnly = await anonymous().get(path, { Authorization: `${scheme} ${token}` })
        expect(headerOnly.status, `${scheme} ${path}`).toBe(401)
        expect(headerOnly.json.error).toMatch(/Authorization header/)
      }
    }
  })

  it("keeps the idle deadline when Payload's admin refreshes its token", async () => {
    const before = Date.now()
    const { client } = await editorLogin()
    const refreshed = await client.post('/cms-api/admin-users/refresh-token')
    expect(refreshed.status, refreshed.text).toBe(200)
    const { rows } = await db.execute({
      sql: 'SELECT s.expires_at AS expiresAt FROM admin_users_sessions s JOIN admin_users u ON u.id = s._parent_id WHERE u.username = ?',
      args: [EDITOR.username],
    })
    const after = Date.now()
    // 30 minutes after a request of this test (between the two instants read around them), not 12 hours.
    const latest = Math.max(...rows.map((r) => Date.parse(String(r.expiresAt))))
    expect(latest).toBeGreaterThanOrEqual(before + 30 * 60_000)
    expect(latest).toBeLessThanOrEqual(after + 30 * 60_000)
  })

  it("answers a HEAD with the GET's status and headers and no body, compresses JSON when asked, and sets a login's cookie", async () => {
    const list = `${server.url}/cms-api/contact-messages?limit=100`
    const get = await fetch(list, { headers: { Origin: server.url, Cookie: admin.cookie, 'Accept-Encoding': 'gzip' } })
    expect(get.status).toBe(200)
    expect(get.headers.get('content-encoding')).toBe('gzip')
    expect(get.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await get.json()) as { docs: unknown[] }).docs).toHaveLength(100)
    const head = await fetch(list, { method: 'HEAD', headers: { Origin: server.url, Cookie: admin.cookie } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await head.text()).toBe('')
    expect((await fetch(list, { method: 'HEAD' })).status).toBe(403)
    const { res } = await editorLogin()
    expect(res.status).toBe(200)
    expect(res.setCookies.some((cookie) => /-token=[^;]+;.*HttpOnly/i.test(cookie))).toBe(true)
  })

  it('answers at most 100 records a page, whatever limit, pagination or depth say', async () => {
    const page = async (query: string) => {
      const res = await admin.get(`/cms-api/contact-messages?${query}`)
      expect(res.status, `${query}: ${res.text.slice(0, 200)}`).toBe(200)
      return res.json as { docs: unknown[]; limit: number; totalDocs: number }
    }
    expect((await page('limit=100')).docs).toHaveLength(100)
    for (const query of [
      'limit=0',
      'limit=-1',
      'limit=100000',
      'pagination=false',
      'pagination=false&limit=0',
      'limit[0]=0',
      'limit=1e9',
      'depth=50&limit=0',
    ]) {
      const answer = await page(query)
      expect(answer.docs.length, query).toBeLessThanOrEqual(100)
      expect(answer.totalDocs, query).toBe(MESSAGES)
    }
    expect((await page('limit=7')).docs).toHaveLength(7)
    // Payload's POST-as-GET (its relationship fields use it) is bounded the same way.
    const res = await fetch(`${server.url}/cms-api/contact-messages`, {
      method: 'POST',
      headers: {
        Origin: server.url,
        Cookie: admin.cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Payload-HTTP-Method-Override': 'GET',
      },
      body: 'limit=0&pagination=false',
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { docs: unknown[] }).docs.length).toBeLessThanOrEqual(100)
    // The audit log too.
    expect((await admin.get('/cms-api/audit-log?limit=0')).json.docs.length).toBeLessThanOrEqual(100)
  })

  it('answers a malformed where filter 400, never 500; a well-formed one still works', async () => {
    for (const query of [
      'where[filename][equals][$ne]=1',
      'where[filename][$ne]=1',
      'where[filename][in][a][b]=1',
      'where[and]=1',
      'where=1',
      'where[or][x][filename][equals]=1',
      'where[filename][equals][0]=1',
    ]) {
      const res = await anonymous().get(`/cms-api/media?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.error, query).toMatch(/Malformed where filter/)
    }
    expect((await anonymous().get('/cms-api/media?where[filename][equals]=x.png')).status).toBe(200)
    expect((await anonymous().get('/cms-api/media?where[or][0][filename][in][0]=x.png&where[or][1][alt][exists]=true')).status).toBe(200)
  })

  it('answers 4xx, never 5xx, to every operator and odd value on every field of every collection, anonymous and signed in', async () => {
    const before = server.output().length
    const table = QUERY_TARGETS.flatMap(({ lists, fields, anyone }) =>
      lists.flatMap((list) =>
        [
          ...fields.flatMap(({ path }) =>
            validOperators.flatMap((op) => VALUES[op].map((value) => `${list}?where[${path}][${op}]=${encodeURIComponent(value)}`)),
          ),
          ...ODD_QUERIES.map((query) => `${list}?${query}`),
        ].map((url) => ({ url, anyone })),
      ),
    )
    expect(table.length).toBeGreaterThan(2000) // the table really is generated over every collection
    const serverErrors: string[] = []
    const statuses = new Map<number, number>()
    const ask = async (client: ApiClient, url: string) => {
      const res = await client.get(url)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (res.status >= 500)
        serverErrors.push(`${res.status} GET ${url} ${client === admin ? 'admin' : 'anonymous'}: ${res.text.slice(0, 120)}`)
    }
    // Signed in, every request reaches the database; anonymous, those the public may read (the others stop at access control).
    await inParallel([...table, ...ODD_PATHS.map((url) => ({ url, anyone: true }))], async ({ url, anyone }) => {
      await ask(admin, url)
      if (anyone) await ask(anonymous(), url)
    })
    await inParallel(ODD_POSTS, async (url) => {
      for (const client of [anonymous(), admin]) {
        const res = await client.post(url, { email: 'owner@ladyhawks.test', token: 'abc', username: 'x' })
        if (res.status >= 500) serverErrors.push(`${res.status} POST ${url}: ${res.text.slice(0, 120)}`)
      }
    })
    expect(serverErrors).toEqual([])
    // Most were refused (400) and some allowed (200): the table hit both sides of the checks.
    expect(statuses.get(400)).toBeGreaterThan(1000)
    expect(statuses.get(200)).toBeGreaterThan(500)
    // A refusal is the client's doing: nothing at error level, no stack.
    expect(server.output().slice(before)).not.toMatch(/"level":50|"stack"/)
  }, 180_000)

  it('answers 4xx, never 5xx, to every broken, mistyped or mislabelled body on every route that reads one, anonymous and signed in; nothing changes', async () => {
    const before = await databaseSnapshot(db)
    const output = server.output().length
    // Every unsafe route of our /api (read from the routers) and every /cms-api route that reads a body.
    const routes = [...sweptRoutes().filter((r) => r.method !== 'GET'), ...CMS_BODY_ROUTES]
    const faults: string[] = []
    let sent = 0
    await inParallel(routes, async ({ method, url }, index) => {
      for (const [i, { shape, type, body }] of BODY_SHAPES.entries()) {
        // Each route gets every shape once, half of them signed in (which half turns from one route to the next).
        const [who, client] = (index + i) % 2 ? (['admin', admin] as const) : (['anonymous', anonymous()] as const)
        const res = await fetch(server.url + url, {
          method,
          headers: { Origin: server.url, ...(type ? { 'Content-Type': type } : {}), ...(client.cookie ? { Cookie: client.cookie } : {}) },
          // Bytes: fetch would label a string text/plain.
          body: new TextEncoder().encode(body),
        })
        const text = await res.text()
        sent++
        if (res.status < 400 || res.status >= 500) faults.push(`${res.status} ${method} ${url} (${shape}, ${who}): ${text.slice(0, 120)}`)
        else if (/\n\s+at\s|node_modules/.test(text)) faults.push(`a stack in ${method} ${url} (${shape}, ${who})`)
      }
    })
    expect(faults).toEqual([])
    expect(sent).toBe(routes.length * BODY_SHAPES.length) // every shape really went to every route
    expect(await databaseSnapshot(db)).toBe(before)
    // A refusal is the client's doing: nothing at error level, no stack; and no body signed the admin out.
    expect(server.output().slice(output)).not.toMatch(/"level":50|"stack"/)
    expect((await admin.get('/api/admin/me')).status).toBe(200)
    // The messages say what to send.
    const xml = await admin.request('POST', '/cms-api/games', '<game/>', { 'Content-Type': 'application/xml' })
    expect(xml.json.error).toMatch(/as JSON .* or as multipart\/form-data/)
    const cut = await admin.request('POST', '/cms-api/media', '--LHB\r\n', { 'Content-Type': 'multipart/form-data; boundary=LHB' })
    expect(cut.json.error).toMatch(/Malformed multipart/)
  }, 180_000)

  it('a client that promises a body and hangs up gets nothing: one line at info, no stack, and the server goes on', async () => {
    const output = server.output().length
    const { port } = new URL(server.url)
    const routes = [...sweptRoutes().filter((r) => r.method !== 'GET' && r.access !== 'signed'), ...CMS_BODY_ROUTES]
    const left = (method: string, url: string, type: string, start: string, cookie = '') =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), 'localhost', () => {
          socket.write(
            `${method} ${url} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${server.url}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}` +
              `Content-Type: ${type}\r\nContent-Length: 4096\r\n\r\n${start}`,
            // Once the headers and the first bytes are out, the client goes away.
            () => socket.destroy(),
          )
        })
        socket.once('close', () => resolve())
        socket.once('error', reject)
      })
    await inParallel(routes, async ({ method, url }) => {
      await left(method, url, 'application/json', '{"name":"Ma')
      if (url.startsWith('/cms-api/'))
        await left(method, url, 'multipart/form-data; boundary=LHB', '--LHB\r\nContent-Disposition: form-data; name="file"', admin.cookie)
    })
    const departures = () =>
      server
        .output()
        .slice(output)
        .split('\n')
        .filter((line) => line.includes('The client left before the request was answered'))
    // Every request was reading its body when its client left: each one line.
    await expect.poll(() => departures().length).toBeGreaterThanOrEqual(routes.length)
    expect(departures().every((line) => JSON.parse(line).level === 30)).toBe(true)
    expect(server.output().slice(output)).not.toMatch(/"level":50|"stack"|Premature close/)
    expect((await anonymous().get('/healthz')).status).toBe(200)
    expect((await admin.get('/api/admin/me')).status).toBe(200)
  })

  it("names what is wrong with the attack run's filters, pages and paths", async () => {
    const answers: Record<string, [number, RegExp]> = {
      '/cms-api/pages?where[id][near]=1,2,3': [400, /id cannot be filtered with near/],
      '/cms-api/media?where[id][within]=1': [400, /id cannot be filtered with within/],
      '/cms-api/media?where[alt][intersects]=1': [400, /alt cannot be filtered with intersects/],
      '/cms-api/pages?where[createdAt][greater_than]=notadate': [400, /createdAt: "notadate" is not a date/],
      '/cms-api/pages?page=1e20': [400, /page must be a whole number/],
      '/cms-api/media?where[nowhere][equals]=1': [400, /cannot be queried: nowhere/],
      '/cms-api/__proto__': [404, /No API endpoint/],
      '/cms-api/media/file/missing.png': [404, /No API endpoint/],
    }
    for (const [url, [status, message]] of Object.entries(answers)) {
      const res = await anonymous().get(url)
      expect(res.status, url).toBe(status)
      expect(res.json.error ?? res.json.errors?.[0]?.message, url).toMatch(message)
    }
    // The well-formed ones still work.
    expect((await anonymous().get('/cms-api/pages?where[createdAt][greater_than]=2026-01-01&page=2')).status).toBe(200)
    expect((await admin.get('/cms-api/contact-messages?where[status][in]=unread,read')).json.totalDocs).toBe(MESSAGES)
  })

  it('lets nobody make or use a member account without an admin: anonymous and editor refused on every route', async () => {
    const members = async () => Number((await db.execute('SELECT count(*) AS n FROM users')).rows[0].n)
    const before = await members()
    const account = { username: 'member.one', email: 'member@ladyhawks.test', password: 'a-member-passphrase-91' }
    const { client: editor } = await editorLogin()
    for (const [who, client] of [
      ['anonymous', anonymous()],
      ['editor', editor],
    ] as const) {
      for (const route of ['', '/first-register', '/login', '/forgot-password', '/reset-password', '/verify/abc', '/unlock']) {
        const res = await client.post(`/cms-api/users${route}`, { ...account, token: 'abc' })
        expect([403, 404], `${who} POST /cms-api/users${route}: ${res.text}`).toContain(res.status)
        expect(res.json.token, route).toBeUndefined()
      }
    }
    expect(await members()).toBe(before)

    // An admin still may (positive control); the account cannot sign in or recover by itself.
    const made = await admin.post('/cms-api/users', account)
    expect(made.status, made.text).toBe(201)
    expect(await members()).toBe(before + 1)
    for (const route of ['/login', '/forgot-password', '/first-register']) {
      const res = await anonymous().post(`/cms-api/users${route}`, account)
      expect(res.status, route).toBe(403)
      expect(res.json.error).toMatch(/Member accounts/)
    }
    // Nor may an admin register over it as a first user.
    const hashBefore = (await db.execute({ sql: 'SELECT hash FROM users WHERE username = ?', args: [account.username] })).rows[0].hash
    expect((await admin.post('/cms-api/users/first-register', account)).status).toBe(403)
    expect((await db.execute({ sql: 'SELECT hash FROM users WHERE username = ?', args: [account.username] })).rows[0].hash).toBe(hashBefore)
    expect((await admin.delete(`/cms-api/users/${made.json.doc.id}`)).status).toBe(200)
  })

  it('bounds request bodies as /api does (32 KiB), uploads apart', async () => {
    const big = JSON.stringify({ username: 'x', password: 'y'.repeat(40 * 1024) })
    for (const path of ['/cms-api/admin-users/login', '/cms-api/contact-messages', '/api/admin/login']) {
      const res = await anonymous().post(path, big)
      expect(res.status, path).toBe(413)
      expect(res.json.error).toMatch(/too large/)
    }
    // A body without a length (chunked) is refused before anything reads it.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const chunked = await fetch(`${server.url}/cms-api/admin-users/login`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(411)
  })

  it("logs a failed login on Payload's path once, at warn, without a stack", async () => {
    const before = server.output().length
    expect(
      (await anonymous().post('/cms-api/admin-users/login', { username: EDITOR.username, password: 'Wrong-Guess-Delta-4' })).status,
    ).toBe(401)
    await expect.poll(() => server.output().slice(before).includes('Failed admin login')).toBe(true)
    const lines = server
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.trim())
    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'Failed admin login')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ level: 40, username: EDITOR.username })
    expect(server.output().slice(before)).not.toMatch(/"stack"|AuthenticationError|"level":50/)
  })
})

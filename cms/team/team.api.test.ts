import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPlayer, fileUrls, smallPhoto, upload, urlPath, visitorReads, type MediaDoc } from '../../testing/photos'
import { ApiClient, loggedInAdmin, signedInEditor, startServer, type TestServer } from '../../testing/server'

/**
 * A player's consent (docs/roles.md, "Photos and consent"; cms/team/rosterPrivacy.ts): Roster privacy and her "Show
 * photo" and "Show full name" switches decide what leaves the server of her photo and her name, on every door a visitor
 * could try (the roster, the home page, the sitemap, the media door and its files, a search by her hidden name), and how
 * her photo is described, whichever door an editor saved through (the portal's API, Payload's REST and editor).
 */

const EDITOR = { username: 'team.editor', password: 'editors-keep-the-roster-42' }

describe("a player's photo and name, as her family chose", () => {
  let server: TestServer
  let admin: ApiClient
  let editor: ApiClient
  const anonymous = () => new ApiClient(server.url)

  beforeAll(async () => {
    server = await startServer()
    admin = await loggedInAdmin(server.url)
    editor = await signedInEditor(admin, EDITOR)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("a player's photo is readable anonymously only while the roster shows it, under both settings and each switch", async () => {
    const photo = await upload(editor, await smallPhoto(), 'maya.jpg', 'image/jpeg', 'Photo of Maya Davis')
    expect(photo.status, JSON.stringify(photo.json)).toBe(201)
    const doc = photo.json.doc as MediaDoc
    const created = await addPlayer(editor, 'Maya Davis', doc.id, { showFullName: false })
    const player = created.json.id
    // The alt text names her as the roster does: her last name is not in the photo's record.
    expect((await editor.get(`/cms-api/media/${doc.id}`)).json.alt).toBe('Photo of Maya D.')

    const cases = [
      { privacy: 'asEntered', showPhoto: null, shown: true },
      { privacy: 'asEntered', showPhoto: true, shown: true },
      { privacy: 'asEntered', showPhoto: false, shown: false },
      { privacy: 'consentOnly', showPhoto: null, shown: false },
      { privacy: 'consentOnly', showPhoto: true, shown: true },
      { privacy: 'consentOnly', showPhoto: false, shown: false },
    ] as const
    for (const { privacy, showPhoto, shown } of cases) {
      expect((await admin.post('/cms-api/globals/roster-settings', { privacy })).status).toBe(200)
      expect((await editor.put(`/api/admin/team/${player}`, { showPhoto })).status).toBe(200)
      const onRoster = (await anonymous().get('/api/team')).json.find((p: { id: string }) => p.id === player)
      expect(onRoster.imageUrl, `${privacy} ${showPhoto}`).toBe(shown ? urlPath(doc.sizes.card.url) : null)
      const reads = await visitorReads(server.url, doc, 'Davis')
      expect(reads, `${privacy} ${showPhoto}`).toEqual({
        listed: shown,
        byId: shown ? 200 : 404,
        foundByHiddenName: false,
        files: fileUrls(doc).map(() => (shown ? 200 : 404)),
      })
      // Staff see every photo whatever the family chose.
      expect((await editor.get(`/cms-api/media/${doc.id}`)).status).toBe(200)
      for (const url of fileUrls(doc)) expect((await editor.get(url)).status).toBe(200)
    }

    // The family withdraws consent for name and photo: no door gives either.
    expect((await editor.put(`/api/admin/team/${player}`, { showPhoto: false, showFullName: false })).status).toBe(200)
    const hidden = await visitorReads(server.url, doc, 'Davis')
    expect(hidden).toEqual({ listed: false, byId: 404, foundByHiddenName: false, files: fileUrls(doc).map(() => 404) })
    expect((await anonymous().get('/cms-api/media/versions')).status).toBeGreaterThanOrEqual(400)
    expect((await anonymous().get('/cms-api/media/versions')).status).toBeLessThan(500)
    // Under "as entered" with her full name allowed, the alt text follows the roster's name.
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
    expect((await editor.put(`/api/admin/team/${player}`, { showFullName: null })).status).toBe(200)
    expect((await editor.get(`/cms-api/media/${doc.id}`)).json.alt).toBe('Photo of Maya Davis')
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })).status).toBe(200)
    expect((await editor.get(`/cms-api/media/${doc.id}`)).json.alt).toBe('Photo of Maya D.')
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
  })

  it("an editor's description of a player's photo becomes her roster name in the same save, on every door; no file is named after her", async () => {
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
    const photo = await upload(editor, await smallPhoto(), 'ava-whitfield.jpg', 'image/jpeg', 'Photo of Ava')
    const doc = photo.json.doc as MediaDoc
    // The parent's file name is not the stored one: a file's name is in its public URL.
    for (const name of [doc.filename, ...Object.values(doc.sizes).map((s) => s.filename)]) expect(name).not.toMatch(/ava|whitfield/i)
    // Photo shown, full name hidden (the family's choice).
    const player = (await addPlayer(editor, 'Ava Whitfield', doc.id, { showFullName: false })).json.id
    expect((await editor.put(`/api/admin/team/${player}`, { showPhoto: true })).status).toBe(200)
    const stored = async () => (await admin.get(`/cms-api/media/${doc.id}`)).json.alt
    expect(await stored()).toBe('Photo of Ava W.')

    // An eager volunteer describes her in Payload's media editor (one photo, a bulk update, a new file for the same photo).
    const typed = 'Ava Whitfield scoring at practice'
    const one = await editor.patch(`/cms-api/media/${doc.id}`, { alt: typed })
    expect(one.status, one.text).toBe(200)
    expect(one.json.doc.alt).toBe('Photo of Ava W.')
    const bulk = await editor.patch(`/cms-api/media?where[id][equals]=${doc.id}`, { alt: typed })
    expect(bulk.status, bulk.text).toBe(200)
    expect(bulk.json.docs[0].alt).toBe('Photo of Ava W.')
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await smallPhoto('png'))], { type: 'image/png' }), 'ava-whitfield-2.png')
    form.append('_payload', JSON.stringify({ alt: typed }))
    const replaced = await fetch(`${server.url}/cms-api/media/${doc.id}`, {
      method: 'PATCH',
      headers: { Origin: server.url, Cookie: editor.cookie },
      body: form,
    })
    expect(replaced.status, await replaced.clone().text()).toBe(200)
    const now = (await replaced.json()).doc as MediaDoc & { alt: string }
    expect(now.alt).toBe('Photo of Ava W.')
    expect(await stored()).toBe('Photo of Ava W.')
    // The roster links the new file (the old ones are gone).
    const onRoster = (await anonymous().get('/api/team')).json.find((p: { id: string }) => p.id === player)
    expect(onRoster.imageUrl).toBe(urlPath(now.sizes.card.url))

    // Every anonymous door: the photo is public, her last name in none of its records.
    const visitor = anonymous()
    expect((await visitor.get(`/cms-api/media/${doc.id}`)).json.alt).toBe('Photo of Ava W.')
    for (const where of [
      'where[alt][like]=Whitfield',
      'where[alt][contains]=whitfield',
      `where[alt][equals]=${encodeURIComponent(typed)}`,
    ]) {
      const found = await visitor.get(`/cms-api/media?${where}`)
      expect(found.status, where).toBe(200)
      expect(found.json.docs, where).toEqual([])
    }
    const listed = await visitor.get('/cms-api/media?limit=100')
    expect(listed.json.docs.some((d: { id: string }) => d.id === doc.id)).toBe(true)
    expect(listed.text).not.toMatch(/whitfield/i)
    for (const url of fileUrls(now)) expect(url).not.toMatch(/whitfield/i)
    expect((await visitor.get('/cms-api/media/versions')).status).toBe(404)

    // Her family allows the full name: the description follows; two players on one photo are both named.
    expect((await editor.put(`/api/admin/team/${player}`, { showFullName: true })).status).toBe(200)
    expect(await stored()).toBe('Photo of Ava Whitfield')
    await addPlayer(editor, 'Maya Reyes', doc.id, { showFullName: false })
    expect(await stored()).toMatch(/^Photo of (Ava Whitfield and Maya R\.|Maya R\. and Ava Whitfield)$/)
  })

  it('lets only admins change Roster privacy (Payload’s REST, which its editor saves through)', async () => {
    const refused = await editor.post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })
    expect(refused.status).toBe(403)
    expect((await editor.get('/cms-api/globals/roster-settings')).json.privacy).toBe('asEntered')
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
  })

  it("fills a player's imageUrl from an attached upload, in the spec's string shape", async () => {
    const photo = await upload(editor, await smallPhoto('jpeg', 900, 30), 'player.jpg', 'image/jpeg', 'Maya shooting')
    const player = await editor.post('/cms-api/team-members', {
      name: 'Maya Diaz',
      number: 5,
      position: 'Forward',
      grade: '12',
      isActive: 'true',
      image: photo.json.doc.id,
    })
    expect(player.status, player.text).toBe(201)
    const shown = (await anonymous().get('/api/team')).json.find((p: any) => p.name === 'Maya Diaz')
    expect(shown.imageUrl).toBe(photo.json.doc.sizes.card.url.replace(/^https?:\/\/[^/]+/, ''))
  })

  it("takes a player's photo as a media id through /api/admin/team (the portal's Team dialog), with consent", async () => {
    const photo = await upload(editor, await smallPhoto('png', 900, 30), 'riley.png', 'image/png', 'Photo of Riley Chen')
    expect(photo.status).toBe(201)
    const cardUrl = photo.json.doc.sizes.card.url.replace(/^https?:\/\/[^/]+/, '')
    const created = await editor.post('/api/admin/team', { name: 'Riley Chen', jerseyNumber: 14, position: 'Guard', grade: '10' })
    expect(created.status, created.text).toBe(201)
    const id = created.json.id
    const saved = await editor.put(`/api/admin/team/${id}`, { image: photo.json.doc.id, showPhoto: true })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ imageUrl: cardUrl, showPhoto: true, showFullName: null })
    expect((await admin.get(`/cms-api/team-members/${id}?depth=0`)).json.image).toBe(photo.json.doc.id)
    expect((await anonymous().get('/api/team')).json.find((p: any) => p.id === id).imageUrl).toBe(cardUrl)

    // Not a photo we hold, or not an id: a readable 4xx, nothing changed; anonymous may not attach (uploads: 403 above).
    for (const image of ['no-such-media', 42, '']) {
      const bad = await editor.put(`/api/admin/team/${id}`, { image })
      expect(bad.status, bad.text).toBeGreaterThanOrEqual(400)
      expect(bad.status).toBeLessThan(500)
      expect(typeof bad.json.error).toBe('string')
    }
    // The same rule on Payload's REST (the collection's hook, not our route).
    const viaCms = await editor.patch(`/cms-api/team-members/${id}`, { image: 'no-such-media' })
    expect(viaCms.status, viaCms.text).toBe(400)
    expect((await anonymous().put(`/api/admin/team/${id}`, { image: photo.json.doc.id })).status).toBe(401)
    expect((await editor.get('/api/admin/team')).json.find((p: any) => p.id === id).imageUrl).toBe(cardUrl)
    expect((await editor.delete(`/api/admin/team/${id}`)).status).toBe(204)
  })

  it('keeps a minor’s hidden photo and full name on the server: /api/team, the home page and the sitemap never carry them', async () => {
    const site = anonymous()
    const created = await editor.post('/api/admin/team', {
      name: 'Jordan Lee Park',
      jerseyNumber: 23,
      position: 'Guard',
      grade: '9',
      imageUrl: '/cms-api/media/file/jordan-card.jpg',
    })
    expect(created.status, created.text).toBe(201)
    expect(created.json).toMatchObject({ showPhoto: null, showFullName: null })
    const id = created.json.id
    const shown = async () => (await site.get('/api/team')).json.find((p: any) => p.id === id)
    const everywhere = async () => {
      const html = await (await fetch(`${server.url}/`)).text()
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
      return `${JSON.stringify((await site.get('/api/team')).json)}\n${html}\n${sitemap}`
    }

    // The default, the spec's roster: names and photos as entered.
    expect(await shown()).toMatchObject({ name: 'Jordan Lee Park', imageUrl: '/cms-api/media/file/jordan-card.jpg' })
    expect(await everywhere()).toContain('Jordan Lee Park')

    // false always hides: no photo URL and only first name and last initial leave the server.
    const off = await editor.put(`/api/admin/team/${id}`, { showPhoto: false, showFullName: false })
    expect(off.json).toMatchObject({ showPhoto: false, showFullName: false, name: 'Jordan Lee Park' })
    expect(await shown()).toMatchObject({ name: 'Jordan P.', imageUrl: null })
    let sent = await everywhere()
    expect(sent).toContain('Jordan P.')
    expect(sent).not.toContain('jordan-card.jpg')
    expect(sent).not.toMatch(/Lee Park/)

    // Club-wide "consent only": an unset switch hides too; a ticked one shows.
    expect((await anonymous().post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })).status).toBe(403)
    expect((await anonymous().get('/cms-api/globals/roster-settings')).status).toBe(403)
    // Only admins change it (docs/roles.md).
    expect((await editor.post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })).status).toBe(403)
    const setting = await admin.post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })
    expect(setting.status, setting.text).toBe(200)
    await editor.put(`/api/admin/team/${id}`, { showPhoto: null, showFullName: null })
    expect(await shown()).toMatchObject({ name: 'Jordan P.', imageUrl: null })
    sent = await everywhere()
    expect(sent).not.toContain('jordan-card.jpg')
    expect(sent).not.toMatch(/Lee Park/)
    await editor.put(`/api/admin/team/${id}`, { showPhoto: true, showFullName: true })
    expect(await shown()).toMatchObject({ name: 'Jordan Lee Park', imageUrl: '/cms-api/media/file/jordan-card.jpg' })
    expect((await editor.put(`/api/admin/team/${id}`, { showPhoto: 'yes' })).status).toBe(400)

    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
    expect((await editor.delete(`/api/admin/team/${id}`)).status).toBe(204)
  })
})

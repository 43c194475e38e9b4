import { createClient } from '@libsql/client'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lexicalBody, lexicalImage, lexicalText } from '../../testing/richText'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/**
 * A family's consent holds wherever a photo or a name can be read (docs/roles.md, "Photos
 * and consent"; SECURITY.md "Uploads"). Every door a visitor could try for a photo, under both
 * club-wide settings and each switch; every stored file's metadata; a photo's deletion; phone photos.
 */

const EDITOR = { username: 'photo.editor', password: 'editors-upload-the-photos-42' }

/** A 12-megapixel camera JPEG (about 10 MB: noise does not compress) with the EXIF a phone writes: GPS, camera, owner. */
const cameraPhoto = (width = 4000, height = 3000) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: 'Jane Parent', Model: 'Pixel 9 Pro', Make: 'Google' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 40/1' },
    })
    .toBuffer()

const smallPhoto = (format: 'jpeg' | 'png' = 'jpeg', width = 900) =>
  sharp({ create: { width, height: 700, channels: 3, background: '#15803d' } })
    .toFormat(format)
    .toBuffer()

async function upload(client: ApiClient, file: Buffer, name: string, type: string, alt: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type }), name)
  form.append('_payload', JSON.stringify({ alt }))
  const res = await fetch(`${client.baseUrl}/cms-api/media`, {
    method: 'POST',
    headers: { Origin: client.baseUrl, Cookie: client.cookie },
    body: form,
  })
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any }
}

/** A player wearing the photo `image`, through the portal's API. */
async function addPlayer(client: ApiClient, name: string, image: string, consent: { showFullName?: boolean } = {}) {
  const created = await client.post('/api/admin/team', { name, jerseyNumber: 7, position: 'Guard', grade: '10', image, ...consent })
  expect(created.status, created.text).toBe(201)
  return created
}

type MediaDoc = { id: string; filename: string; url: string; sizes: Record<string, { filename: string; url: string }> }
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')
/** The original's URL and each size's: every file a visitor could ask for. */
const fileUrls = (doc: MediaDoc) => [path(doc.url), ...Object.values(doc.sizes).map((s) => path(s.url))]

describe('photos and consent', () => {
  let server: TestServer
  let admin: ApiClient
  let editor: ApiClient
  const anonymous = () => new ApiClient(server.url)
  const mediaDir = () => join(server.dataDir, 'media')

  beforeAll(async () => {
    server = await startServer()
    admin = await loggedInAdmin(server.url)
    await addStaffAccount(admin, { ...EDITOR, role: 'editor' })
    editor = new ApiClient(server.url)
    expect((await editor.post('/cms-api/admin-users/login', EDITOR)).status).toBe(200)
  })
  afterAll(async () => {
    await admin?.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })
    await server?.stop()
  })

  /** Every anonymous door for one photo: list, by id, alt search and each file; true when all open, false when all closed. */
  async function visitorReads(doc: MediaDoc, lastName: string) {
    const visitor = anonymous()
    const list = (await visitor.get('/cms-api/media?limit=100')).json.docs.map((d: { id: string }) => d.id)
    const byId = (await visitor.get(`/cms-api/media/${doc.id}`)).status
    const search = (await visitor.get(`/cms-api/media?where[alt][like]=${lastName}`)).json.docs.map((d: { id: string }) => d.id)
    const files = await Promise.all(fileUrls(doc).map(async (url) => (await visitor.get(url)).status))
    return { listed: list.includes(doc.id), byId, foundByHiddenName: search.includes(doc.id), files }
  }

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
      expect(onRoster.imageUrl, `${privacy} ${showPhoto}`).toBe(shown ? path(doc.sizes.card.url) : null)
      const reads = await visitorReads(doc, 'Davis')
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
    const hidden = await visitorReads(doc, 'Davis')
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
    expect(onRoster.imageUrl).toBe(path(now.sizes.card.url))

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

  it('campaign images and published pages’ images are public; an unused upload and a draft page’s image are not', async () => {
    const unused = (await upload(editor, await smallPhoto(), 'unused.jpg', 'image/jpeg', 'Team bus')).json.doc as MediaDoc
    const campaignPhoto = (await upload(editor, await smallPhoto(), 'uniforms.jpg', 'image/jpeg', 'New uniforms')).json.doc as MediaDoc
    const pagePhoto = (await upload(editor, await smallPhoto(), 'gym.jpg', 'image/jpeg', 'The gym')).json.doc as MediaDoc
    for (const doc of [unused, campaignPhoto, pagePhoto]) expect((await visitorReads(doc, 'x')).byId).toBe(404)

    const campaign = await admin.post('/api/admin/campaigns', { name: 'Uniforms', description: 'New uniforms', goalAmount: '500' })
    expect((await editor.patch(`/cms-api/campaigns/${campaign.json.id}`, { image: campaignPhoto.id })).status).toBe(200)
    expect(await visitorReads(campaignPhoto, 'x')).toMatchObject({ listed: true, byId: 200, files: fileUrls(campaignPhoto).map(() => 200) })

    const body = lexicalBody([
      { type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [lexicalText('Our gym')] },
      lexicalImage(pagePhoto.id),
    ])
    const page = await editor.post('/cms-api/pages?draft=true', {
      title: 'Volunteer Information',
      slug: 'volunteer-information',
      body,
      _status: 'draft',
    })
    expect(page.status, page.text).toBe(201)
    expect((await visitorReads(pagePhoto, 'x')).byId).toBe(404)
    expect((await editor.patch(`/cms-api/pages/${page.json.doc.id}`, { _status: 'published' })).status).toBe(200)
    expect(await visitorReads(pagePhoto, 'x')).toMatchObject({ listed: true, byId: 200, files: fileUrls(pagePhoto).map(() => 200) })
    expect(await visitorReads(unused, 'x')).toEqual({
      listed: false,
      byId: 404,
      foundByHiddenName: false,
      files: fileUrls(unused).map(() => 404),
    })
  })

  it('a logo on the sponsor wall and the coach’s photo are public; the logo of a sponsorship not on the wall is not', async () => {
    const [onWall, pending, coach] = await Promise.all(
      ['gold.png', 'pending.png', 'coach.jpg'].map(
        async (name) => (await upload(editor, await smallPhoto(), name, 'image/jpeg', name)).json.doc,
      ),
    )
    for (const doc of [onWall, pending, coach] as MediaDoc[]) expect((await visitorReads(doc, 'x')).byId).toBe(404)
    const sponsor = (status: string, logo: string) =>
      admin.post('/cms-api/sponsorships', {
        sponsorName: 'Owner',
        sponsorEmail: 'owner@private.test',
        tier: 'gold',
        amount: '1000.00',
        status,
        logo,
      })
    expect((await sponsor('completed', onWall.id)).status).toBe(201)
    expect((await sponsor('pending', pending.id)).status).toBe(201)
    expect((await editor.post('/cms-api/site-content', { section: 'coach', key: 'photo', image: coach.id })).status).toBe(201)

    for (const doc of [onWall, coach] as MediaDoc[])
      expect(await visitorReads(doc, 'x')).toMatchObject({ listed: true, byId: 200, files: fileUrls(doc).map(() => 200) })
    expect(await visitorReads(pending as MediaDoc, 'x')).toMatchObject({
      listed: false,
      byId: 404,
      files: fileUrls(pending).map(() => 404),
    })
  })

  it('stores every file of a 12-megapixel phone photo at web size without its EXIF, GPS, camera or owner', async () => {
    const original = await cameraPhoto()
    const before = await sharp(original).metadata()
    expect(before.exif?.toString('latin1')).toContain('Jane Parent') // the test photo does carry them
    expect(original.length).toBeGreaterThan(5 * 1024 * 1024)
    const res = await upload(editor, original, 'IMG_2041.jpg', 'image/jpeg', 'Practice')
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    const doc = res.json.doc as MediaDoc & { width: number; height: number }
    expect([doc.width, doc.height]).toEqual([2560, 1920])
    const stored = [doc.filename, ...Object.values(doc.sizes).map((s) => s.filename)]
    expect(stored).toHaveLength(4)
    for (const name of stored) {
      const meta = await sharp(join(mediaDir(), name)).metadata()
      expect({ name, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ name, exif: undefined, xmp: undefined, iptc: undefined })
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2560)
    }
    // And as served: not a byte of the owner's name or the camera.
    for (const url of fileUrls(doc)) {
      const served = Buffer.from(await (await fetch(server.url + url, { headers: { Cookie: editor.cookie } })).arrayBuffer())
      expect(served.toString('latin1')).not.toMatch(/Jane Parent|Pixel 9|Google/)
    }
  })

  it('refuses in plain words a file that is no photo or is over 20 MB', async () => {
    const text = await upload(editor, Buffer.from('Dear parents, practice moves to 6 pm.'), 'note.jpg', 'image/jpeg', 'Note')
    expect(text.status).toBe(400)
    expect(JSON.stringify(text.json)).toContain('This file is not a JPEG, PNG or WebP photo')
    const big = Buffer.concat([await smallPhoto('png'), Buffer.alloc(20 * 1024 * 1024 + 10)])
    const tooBig = await upload(editor, big, 'big.png', 'image/png', 'Big')
    expect(tooBig.status).toBe(413)
    expect(JSON.stringify(tooBig.json)).toContain('This photo is over 20 MB')
    expect((await editor.get('/cms-api/media?where[alt][equals]=Big')).json.totalDocs).toBe(0)
  })

  it('refuses to delete a photo in use, naming where, keeps its files; deletes it once unused; a missing file is 404', async () => {
    const doc = (await upload(editor, await smallPhoto(), 'riley.jpg', 'image/jpeg', 'Photo of Riley')).json.doc as MediaDoc
    const player = await addPlayer(editor, 'Riley Chen', doc.id)

    const refused = await editor.delete(`/cms-api/media/${doc.id}`)
    expect(refused.status, refused.text).toBe(409)
    expect(refused.text).toContain('Player “Riley Chen”')
    for (const url of fileUrls(doc)) expect((await editor.get(url)).status, url).toBe(200)
    expect((await anonymous().get(path(doc.sizes.card.url))).status).toBe(200)

    // Detached (photo and its URL), it goes, files and all.
    expect((await editor.put(`/api/admin/team/${player.json.id}`, { imageUrl: '' })).status).toBe(200)
    expect((await editor.patch(`/cms-api/team-members/${player.json.id}`, { image: null })).status).toBe(200)
    expect((await editor.delete(`/cms-api/media/${doc.id}`)).status).toBe(200)
    for (const name of [doc.filename, ...Object.values(doc.sizes).map((s) => s.filename)])
      expect(existsSync(join(mediaDir(), name))).toBe(false)
    for (const url of fileUrls(doc)) expect((await editor.get(url)).status, url).toBe(404)

    // A file lost from the disk is not there: 404 for staff, never 500.
    const lost = (await upload(editor, await smallPhoto(), 'lost.jpg', 'image/jpeg', 'Lost')).json.doc as MediaDoc
    unlinkSync(join(mediaDir(), lost.filename))
    expect((await editor.get(path(lost.url))).status).toBe(404)
    expect((await editor.get('/cms-api/media/file/never-uploaded.jpg')).status).toBe(404)
    expect((await anonymous().get('/cms-api/media/file/never-uploaded.jpg')).status).toBe(404)
  })

  it('refuses to delete a campaign’s photo or a draft page’s image while they use it, naming each', async () => {
    const campaignPhoto = (await upload(editor, await smallPhoto(), 'bus.jpg', 'image/jpeg', 'Team bus')).json.doc as MediaDoc
    const pagePhoto = (await upload(editor, await smallPhoto(), 'court.jpg', 'image/jpeg', 'The court')).json.doc as MediaDoc
    const campaign = await admin.post('/api/admin/campaigns', { name: 'Team bus', description: 'A bus', goalAmount: '900' })
    expect((await editor.patch(`/cms-api/campaigns/${campaign.json.id}`, { image: campaignPhoto.id })).status).toBe(200)
    const body = lexicalBody([lexicalImage(pagePhoto.id)])
    const page = await editor.post('/cms-api/pages?draft=true', { title: 'Terms', slug: 'terms-of-service', body, _status: 'draft' })
    expect(page.status, page.text).toBe(201)

    for (const [photo, use] of [
      [campaignPhoto, 'Campaign “Team bus”'],
      [pagePhoto, 'Footer page “Terms”'],
    ] as const) {
      const refused = await editor.delete(`/cms-api/media/${photo.id}`)
      expect(refused.status, refused.text).toBe(409)
      expect(refused.text).toContain(use)
    }
  })

  it('lets only admins change Roster privacy (Payload’s REST, which its editor saves through)', async () => {
    const refused = await editor.post('/cms-api/globals/roster-settings', { privacy: 'consentOnly' })
    expect(refused.status).toBe(403)
    expect((await editor.get('/cms-api/globals/roster-settings')).json.privacy).toBe('asEntered')
    expect((await admin.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })).status).toBe(200)
  })
})

describe('photos stored before uploads were re-encoded', () => {
  let server: TestServer | undefined
  // Its own directory: a server started without one removes its directory when stopped, and this one restarts.
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-media-'))
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('rewrites at start a stored original still carrying camera data, and a player photo’s alt text naming a hidden name', async () => {
    server = await startServer({ dataDir })
    const admin = await loggedInAdmin(server.url)
    const doc = (await upload(admin, await smallPhoto(), 'old.jpg', 'image/jpeg', 'Old photo')).json.doc as MediaDoc
    const player = await addPlayer(admin, 'Lena Ortiz', doc.id)
    // As an upload stored before uploads were re-encoded left them: the camera's original on disk, the full name in the alt text.
    const stored = join(server.dataDir, 'media', doc.filename)
    writeFileSync(stored, await cameraPhoto(3000, 4000))
    expect((await sharp(stored).metadata()).exif).toBeDefined()
    await admin.put(`/api/admin/team/${player.json.id}`, { showFullName: false })
    const db = createClient({ url: server.databaseUri })
    await db.execute({ sql: 'UPDATE media SET alt = ? WHERE id = ?', args: ['Photo of Lena Ortiz', doc.id] })
    db.close()

    await server.stop()
    server = await startServer({ dataDir })
    const meta = await sharp(stored).metadata()
    expect({ exif: meta.exif, width: meta.width, height: meta.height }).toEqual({ exif: undefined, width: 1920, height: 2560 })
    const again = await loggedInAdmin(server.url)
    expect((await again.get(`/cms-api/media/${doc.id}`)).json).toMatchObject({ alt: 'Photo of Lena O.', width: 1920, height: 2560 })
  })
})

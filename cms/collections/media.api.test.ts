import { createClient } from '@libsql/client'
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPlayer, cameraPhoto, fileUrls, smallPhoto, upload, urlPath, visitorReads, type MediaDoc } from '../../testing/photos'
import { lexicalBody, lexicalImage, lexicalParagraph, lexicalText } from '../../testing/richText'
import { ApiClient, loggedInAdmin, signedInEditor, startServer, whileCommitsRefused, type TestServer } from '../../testing/server'

/**
 * The media door (docs/roles.md, "Photos and consent"; SECURITY.md "Uploads"): every door a visitor could try for the
 * site's own photos (campaigns, published pages, the sponsor wall, the coach), every stored file's metadata, a photo's
 * deletion, phone photos. A player's photo under both club-wide settings and each switch is the team's
 * (cms/team/team.api.test.ts).
 */

const EDITOR = { username: 'photo.editor', password: 'editors-upload-the-photos-42' }

describe('photos and consent', () => {
  let server: TestServer
  let admin: ApiClient
  let editor: ApiClient
  const anonymous = () => new ApiClient(server.url)
  const mediaDir = () => join(server.dataDir, 'media')

  beforeAll(async () => {
    server = await startServer()
    admin = await loggedInAdmin(server.url)
    editor = await signedInEditor(admin, EDITOR)
  })
  afterAll(async () => {
    await admin?.post('/cms-api/globals/roster-settings', { privacy: 'asEntered' })
    await server?.stop()
  })

  it('campaign images and published pages’ images are public; an unused upload and a draft page’s image are not', async () => {
    const unused = (await upload(editor, await smallPhoto(), 'unused.jpg', 'image/jpeg', 'Team bus')).json.doc as MediaDoc
    const campaignPhoto = (await upload(editor, await smallPhoto(), 'uniforms.jpg', 'image/jpeg', 'New uniforms')).json.doc as MediaDoc
    const pagePhoto = (await upload(editor, await smallPhoto(), 'gym.jpg', 'image/jpeg', 'The gym')).json.doc as MediaDoc
    for (const doc of [unused, campaignPhoto, pagePhoto]) expect((await visitorReads(server.url, doc, 'x')).byId).toBe(404)

    const campaign = await admin.post('/api/admin/campaigns', { name: 'Uniforms', description: 'New uniforms', goalAmount: '500' })
    expect((await editor.patch(`/cms-api/campaigns/${campaign.json.id}`, { image: campaignPhoto.id })).status).toBe(200)
    expect(await visitorReads(server.url, campaignPhoto, 'x')).toMatchObject({
      listed: true,
      byId: 200,
      files: fileUrls(campaignPhoto).map(() => 200),
    })

    const body = lexicalBody([lexicalParagraph([lexicalText('Our gym')]), lexicalImage(pagePhoto.id)])
    const page = await editor.post('/cms-api/pages?draft=true', {
      title: 'Volunteer Information',
      slug: 'volunteer-information',
      body,
      _status: 'draft',
    })
    expect(page.status, page.text).toBe(201)
    expect((await visitorReads(server.url, pagePhoto, 'x')).byId).toBe(404)
    expect((await editor.patch(`/cms-api/pages/${page.json.doc.id}`, { _status: 'published' })).status).toBe(200)
    expect(await visitorReads(server.url, pagePhoto, 'x')).toMatchObject({
      listed: true,
      byId: 200,
      files: fileUrls(pagePhoto).map(() => 200),
    })
    expect(await visitorReads(server.url, unused, 'x')).toEqual({
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
    for (const doc of [onWall, pending, coach] as MediaDoc[]) expect((await visitorReads(server.url, doc, 'x')).byId).toBe(404)
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
      expect(await visitorReads(server.url, doc, 'x')).toMatchObject({ listed: true, byId: 200, files: fileUrls(doc).map(() => 200) })
    expect(await visitorReads(server.url, pending as MediaDoc, 'x')).toMatchObject({
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
    expect((await anonymous().get(urlPath(doc.sizes.card.url))).status).toBe(200)

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
    expect((await editor.get(urlPath(lost.url))).status).toBe(404)
    expect((await editor.get('/cms-api/media/file/never-uploaded.jpg')).status).toBe(404)
    expect((await anonymous().get('/cms-api/media/file/never-uploaded.jpg')).status).toBe(404)
  })

  it('keeps a photo and every file of it when the database refuses its delete’s COMMIT (answered 500)', async () => {
    const doc = (await upload(editor, await smallPhoto(), 'kept.jpg', 'image/jpeg', 'Kept')).json.doc as MediaDoc
    await whileCommitsRefused(server, 'media', 'DELETE', async () => {
      const refused = await editor.delete(`/cms-api/media/${doc.id}`)
      expect(refused.status, refused.text).toBe(500)
    })
    expect((await editor.get(`/cms-api/media/${doc.id}`)).json).toMatchObject({ id: doc.id, filename: doc.filename })
    for (const url of fileUrls(doc)) expect((await editor.get(url)).status, url).toBe(200)
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

import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VIEWPORTS } from '../testing/browser'
import { addStaffAccount, ApiClient, loggedInAdmin, TEST_ADMIN } from '../testing/server'
import {
  apiWithBrowserSession,
  dumpServerOnFailure,
  editorPage,
  expectNoAxeViolations,
  readToast,
  signedInPage,
  startBrowserEnv,
  stopBrowserEnv,
  takeToast,
  type BrowserEnv,
  menuLink,
  portalCard,
} from '../testing/browserEnv'

/**
 * A content editor in Payload's admin (cms/admin): the spec's portal shows
 * them only the content tabs; Payload's editors upload a player's photo and
 * publish the privacy policy with rich text; the public site shows both.
 * Each test signs the editor in on a page of its own and changes only players
 * and texts it made itself, so the tests pass alone and in any order.
 */
const EDITOR = { username: 'page.editor', password: 'editors-write-the-pages-42' }

/** A label as a person reads it: without the required mark, "(optional)" or the portal's "($)". */
const plainLabel = (label: string) =>
  label
    .replace(/\*|\(optional\)|\(\$\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
/** The labels of the portal's open dialog. */
const dialogLabels = async (page: Page) =>
  (await page.getByRole('dialog').locator('label, legend').allInnerTexts()).map(plainLabel).filter(Boolean)
/** The labels of Payload's edit view, once its form is live. */
const payloadLabels = async (page: Page) =>
  (await page.locator('.document-fields label, .document-fields legend').allInnerTexts()).map(plainLabel).filter(Boolean)

/** The portal's Edit dialog of a card: its labels, then closed unchanged. */
async function portalFields(page: Page, card: Locator) {
  await card.getByRole('button', { name: /^Edit/ }).click()
  // Read once the dialog is open: allInnerTexts does not wait, and would read nothing from a dialog still opening.
  const cancel = page.getByRole('dialog').getByRole('button', { name: 'Cancel' })
  await cancel.waitFor()
  const labels = await dialogLabels(page)
  await cancel.click()
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  return labels
}

describe('content editor in Payload’s admin', () => {
  let env: BrowserEnv
  let admin: ApiClient
  let photoPath: string
  let phonePhotoPath: string

  /** A player of the test's own (tests that change a player never share one), made through the admin API. */
  async function addPlayer(name: string, jerseyNumber: number): Promise<{ id: number | string }> {
    const created = await admin.post('/api/admin/team', { name, jerseyNumber, position: 'Forward', grade: '12' })
    expect(created.status, created.text).toBe(201)
    return created.json
  }
  /** A player as the admin API lists her, and as the public roster does (undefined when not shown). */
  const listedPlayer = async (name: string) => (await admin.get('/api/admin/team')).json.find((p: { name: string }) => p.name === name)
  const publicPlayer = async (name: string) => (await env.api.get('/api/team')).json.find((p: { name: string }) => p.name === name)

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none' })
    admin = await loggedInAdmin(env.server.url)
    // Every test signs in as this editor; none changes the account.
    await addStaffAccount(admin, { ...EDITOR, role: 'editor' })
    photoPath = join(env.server.dataDir, 'maya.jpg')
    writeFileSync(
      photoPath,
      await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#166534' } })
        .jpeg()
        .toBuffer(),
    )
    // A parent's phone photo: 12 megapixels, about 10 MB (noise does not compress), with the EXIF a phone writes.
    phonePhotoPath = join(env.server.dataDir, 'IMG_2041.jpg')
    writeFileSync(
      phonePhotoPath,
      await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
        .jpeg({ quality: 90 })
        .withExif({ IFD0: { Artist: 'Jane Parent', Model: 'Pixel 9 Pro' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3/1' } })
        .toBuffer(),
    )
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)

  it('sees only the content tabs in the spec’s dashboard, and 403 on donations through both APIs', async () => {
    const page = await editorPage(env, EDITOR)
    // The spec's content tabs, and the volunteers' game-day check-in, which an editor may run.
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Campaigns', 'Team', 'Games', 'Volunteers', 'Content'])
    expect(await page.getByText('Total Donations').count()).toBe(0)

    const session = await apiWithBrowserSession(page.context(), env.server.url)
    expect((await session.get('/api/admin/donations')).status).toBe(403)
    expect((await session.get('/cms-api/donations')).status).toBe(403)
  })

  it('finds things by name in a grouped menu: internal tables hidden, yes/no flags as checkboxes, no outside avatar', async () => {
    await addPlayer('Rosa Lopez', 11)
    const page = await editorPage(env, EDITOR, { at: '/admin/collections/team-members' })
    const nav = page.locator('nav')
    const links = await nav.locator('a[href^="/admin/collections/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    // (The list on screen, Players, is the menu's current entry, not a link.)
    for (const shown of ['site-content', 'pages', 'games', 'media']) expect(links).toContain(`/admin/collections/${shown}`)
    for (const hidden of ['users', 'stripe-events', 'receipts', 'email-outbox', 'audit-log']) {
      expect(links).not.toContain(`/admin/collections/${hidden}`)
    }
    expect(await nav.getByText('Website', { exact: true }).count()).toBe(1)
    // The account picture is Payload's own, not Gravatar's (an outside service our CSP blocks).
    expect(await page.locator('img[src*="gravatar"]').count()).toBe(0)

    // The list links the player by name, and search finds her by it.
    await page.getByRole('link', { name: 'Rosa Lopez' }).click()
    await page.getByRole('heading', { name: 'Rosa Lopez' }).waitFor()
    const onRoster = page.getByRole('checkbox', { name: 'On the roster' })
    expect(await onRoster.isChecked()).toBe(true)
    expect(await publicPlayer('Rosa Lopez')).toBeDefined()
    await onRoster.uncheck()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await listedPlayer('Rosa Lopez')).isActive).toBe('false')
    expect(await publicPlayer('Rosa Lopez')).toBeUndefined()
    await page.reload()
    // Payload's form disables its fields until it is live again after the reload: a click before then changes nothing.
    await expect.poll(() => onRoster.isEditable()).toBe(true)
    await onRoster.check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await listedPlayer('Rosa Lopez')).isActive).toBe('true')
    // Saving in Payload's editor leaves untouched consent switches unset (the club-wide setting decides), not false.
    expect(await listedPlayer('Rosa Lopez')).toMatchObject({ showPhoto: null, showFullName: null })
  })

  it('uploads a photo and attaches it to a player and a campaign: the public API and the campaign card show it', async () => {
    const player = await addPlayer('Maya Diaz', 5)
    const page = await editorPage(env, EDITOR, { at: '/admin/collections/media/create' })
    await page.locator('input[type="file"]').setInputFiles(photoPath)
    await page.getByLabel(/Alt text/).fill('Maya Diaz shooting a free throw')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // This test's upload, found by the alt text typed (the other tests upload photos of their own).
    const uploaded = async () =>
      (await admin.get(`/cms-api/media?where[alt][equals]=${encodeURIComponent('Maya Diaz shooting a free throw')}`)).json.docs
    await expect.poll(async () => (await uploaded()).length).toBe(1)

    const [media] = await uploaded()
    // From the portal's Team tab, one link leads to Payload's player page (its order and roster status live there).
    await page.goto('/admin')
    await page.getByRole('tab', { name: 'Team' }).click()
    await page.getByRole('link', { name: 'Order and roster status for Maya Diaz' }).click()
    // Arrived once the address is the player's: the page's scripts may still be loading on a busy machine, and the
    // click below waits for its button (a wait for the whole load ran out at 30 s in CI).
    await page.waitForURL(`**/admin/collections/team-members/${player.id}`, { waitUntil: 'commit' })
    // The form is live (a click before Payload's scripts run opens nothing): its fields turn editable once its state loads.
    await expect.poll(() => page.locator('#field-name').isEditable()).toBe(true)
    await page.getByRole('button', { name: 'Choose from existing' }).click()
    await page.getByRole('dialog').getByText('Maya Diaz shooting a free throw').first().click()
    // The family agreed: consent on, where the photo is attached.
    await page.getByRole('checkbox', { name: 'Show photo' }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await admin.get(`/cms-api/team-members/${player.id}?depth=0`)).json.image).toBe(media.id)
    // The page says, in words, what a visitor sees now.
    await page.getByText('On the public site now').waitFor()
    await page.getByText('Photo: shown on the site').waitFor()

    // The spec's imageUrl now carries the upload's URL, and the roster card shows the photo.
    const cardUrl = media.sizes.card.url.replace(/^https?:\/\/[^/]+/, '')
    await expect.poll(async () => (await publicPlayer('Maya Diaz')).imageUrl).toBe(cardUrl)
    await page.goto('/#team')
    const playerPhoto = page.locator(`#team .player img[src="${cardUrl}"]`)
    await playerPhoto.scrollIntoViewIfNeeded()
    await expect.poll(() => playerPhoto.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(800)

    // Consent withdrawn: the photo is gone from the page and from what the server sends.
    await page.goto(`/admin/collections/team-members/${player.id}`)
    await page.getByRole('checkbox', { name: 'Show photo' }).uncheck()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await publicPlayer('Maya Diaz')).imageUrl).toBe(null)
    await page.getByText('Photo: hidden', { exact: true }).waitFor()
    // No door gives the photo to a visitor now.
    expect((await fetch(`${env.server.url}${cardUrl}`)).status).toBe(404)
    await page.goto('/#team')
    await page.locator('#team').getByRole('heading', { name: 'Maya Diaz' }).waitFor()
    expect(await page.locator(`img[src="${cardUrl}"]`).count()).toBe(0)
    expect(await (await fetch(`${env.server.url}/`)).text()).not.toContain(cardUrl)
    await expectNoAxeViolations(page, 'home page roster')
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Travel Fund', description: 'Bus to State', goalAmount: '500.00' }))
      .json
    await page.goto(`/admin/collections/campaigns/${campaign.id}`)
    await expect.poll(() => page.locator('#field-name').isEditable()).toBe(true)
    await page.getByRole('button', { name: 'Choose from existing' }).click()
    // Attached to a player, a photo's alt text names her as the roster does (docs/roles.md "Photos and consent").
    expect((await admin.get(`/cms-api/media/${media.id}`)).json.alt).toBe('Photo of Maya Diaz')
    await page.getByRole('dialog').getByText('Photo of Maya Diaz').first().click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await admin.get(`/cms-api/campaigns/${campaign.id}?depth=0`)).json.image).toBe(media.id)
    await page.goto('/')
    const img = page.locator(`img[src="${cardUrl}"]`)
    await img.waitFor()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(800)

    // A parent's 12-megapixel phone photo goes in through Payload's editor too: stored at web size without its
    // camera data (cms/collections/media.api.test.ts reads every stored file).
    await page.goto('/admin/collections/media/create')
    await page.locator('input[type="file"]').setInputFiles(phonePhotoPath)
    await page.getByLabel(/Alt text/).fill('Team photo from a parent')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const phone = async () =>
      (await admin.get(`/cms-api/media?where[alt][equals]=${encodeURIComponent('Team photo from a parent')}`)).json.docs
    await expect.poll(async () => (await phone()).length).toBe(1)
    const [stored] = await phone()
    expect([stored.width, stored.height]).toEqual([2560, 1920])
    expect((await sharp(join(env.server.dataDir, 'media', stored.filename)).metadata()).exif).toBeUndefined()
  })

  it('uploads a player photo in the portal’s Team dialog with consent on, and the coach’s photo in the Content tab: the home page shows both', async () => {
    const player = await addPlayer('Ana Kim', 23)
    const page = await editorPage(env, EDITOR)
    const before = (await admin.get('/cms-api/media')).json.totalDocs
    await page.getByRole('tab', { name: 'Team' }).click()
    await page.getByRole('button', { name: 'Edit Ana Kim' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Team Member' })
    await dialog.getByLabel('Photo (optional)').setInputFiles(phonePhotoPath)
    await dialog.getByText('Photo uploaded. Save to show it on the site.').waitFor()
    await dialog.getByRole('checkbox', { name: 'Show photo' }).check()
    await expectNoAxeViolations(page, 'team dialog with a photo')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await readToast(page, 'Team member updated successfully')

    // A new media record, attached to the player (Payload's player page shows it too) with consent on.
    const media = (await admin.get('/cms-api/media?sort=-createdAt')).json
    expect(media.totalDocs).toBe(before + 1)
    expect(media.docs[0].alt).toBe('Photo of Ana Kim')
    const cardUrl = media.docs[0].sizes.card.url.replace(/^https?:\/\/[^/]+/, '')
    expect((await admin.get(`/cms-api/team-members/${player.id}?depth=0`)).json).toMatchObject({
      image: media.docs[0].id,
      imageUrl: cardUrl,
      showPhoto: true,
    })
    await expect.poll(async () => (await publicPlayer('Ana Kim')).imageUrl).toBe(cardUrl)
    expect(media.docs[0].width).toBe(2560)
    expect((await sharp(join(env.server.dataDir, 'media', media.docs[0].filename)).metadata()).exif).toBeUndefined()

    // The card says what a visitor sees; one action hides photo and full name (a family withdrew consent).
    const card = page.getByRole('list', { name: 'On the public site, Ana Kim' })
    await card.getByText('Photo: shown on the site').waitFor()
    await page.getByRole('button', { name: 'Hide photo and full name of Ana Kim' }).click()
    await readToast(page, 'Ana Kim: photo and full name hidden')
    await card.getByText('Photo: hidden', { exact: true }).waitFor()
    await card.getByText('Name: shown as “Ana K.”').waitFor()
    expect(await publicPlayer('Ana K.')).toMatchObject({ imageUrl: null })
    expect((await fetch(`${env.server.url}${cardUrl}`)).status).toBe(404)
    // Roster privacy is here too; an editor reads it, only an admin changes it.
    expect(await page.getByRole('radio', { name: 'Names and photos as entered' }).isDisabled()).toBe(true)
    expect((await admin.put(`/api/admin/team/${player.id}`, { showPhoto: true, showFullName: null })).status).toBe(200)
    await page.goto('/#team')
    const playerPhoto = page.locator(`#team .player img[src="${cardUrl}"]`)
    await playerPhoto.scrollIntoViewIfNeeded()
    await expect.poll(() => playerPhoto.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(800)

    // The coach: the photo box beside the URL box fills it; Update stores it.
    await page.goto('/admin')
    await page.getByRole('tab', { name: 'Content' }).click()
    const coachPhoto = page.locator('form[data-content-key="coach/photo"]')
    await coachPhoto.getByLabel('Upload a photo').setInputFiles(photoPath)
    await coachPhoto.getByText('Photo uploaded. Save to show it on the site.').waitFor()
    const thumbUrl = (await admin.get('/cms-api/media?sort=-createdAt')).json.docs[0].sizes.thumbnail.url.replace(/^https?:\/\/[^/]+/, '')
    expect(await coachPhoto.getByRole('textbox', { name: 'Coach Photo URL' }).inputValue()).toBe(thumbUrl)
    await expectNoAxeViolations(page, 'content tab with an uploaded coach photo')
    await coachPhoto.getByRole('button', { name: 'Update Coach photo url' }).click()
    await readToast(page, 'Content updated successfully')
    await page.goto('/')
    const coachImg = page.getByTestId('coach').locator(`img[src="${thumbUrl}"]`)
    await coachImg.scrollIntoViewIfNeeded()
    await expect.poll(() => coachImg.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(300)
    expect(await coachImg.getAttribute('alt')).toBe('Coach Elena Rivera')

    // In Payload, Create New names the texts (a saved one, the coach's photo, is no longer offered): nobody types a key.
    // A text no other test saves (the follow-the-links test saves About · Mission): still offered in any order.
    await page.goto('/admin/collections/site-content/create')
    const which = page.getByLabel('Which text')
    await which.locator('option', { hasText: 'About · Description' }).waitFor({ state: 'attached' })
    // Offered until the list of saved texts arrives, then left out.
    await expect.poll(() => which.locator('option', { hasText: 'Coach · Photo URL' }).count()).toBe(0)
    await which.selectOption({ label: 'About · Description' })
    expect(await page.locator('#field-section').inputValue()).toBe('about')
    expect(await page.locator('#field-key').inputValue()).toBe('description')
    await page.locator('#field-value').fill('Grow leaders on and off the court.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(async () => (await new ApiClient(env.server.url).get('/api/content')).json['about/description'])
      .toBe('Grow leaders on and off the court.')
  })

  it('writes the Privacy Policy with rich text as a draft, previews it, publishes it: the footer links it and /privacy-policy shows it', async () => {
    // Its first screen is the public page, not the portal.
    const page = await editorPage(env, EDITOR, { at: 'about:blank' })
    // This test's page, found by its address.
    const privacyPolicy = async () => (await admin.get('/cms-api/pages?where[slug][equals]=privacy-policy')).json.docs[0]
    // Before publishing: a dead link and Page Not Found.
    const before = await page.goto('/privacy-policy')
    expect(before?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()

    await page.goto('/admin/collections/pages/create')
    await page.getByLabel('Title').fill('Privacy Policy')
    await page.locator('#field-slug').click()
    await page.getByRole('option', { name: 'privacy-policy' }).click()
    // A toolbar in view, its buttons named; only what the public page renders (no relationship or checklist).
    const toolbar = page.locator('.fixed-toolbar')
    for (const name of ['Bold', 'Italic', 'Underline', 'Link']) await toolbar.getByRole('button', { name }).waitFor()
    expect(await toolbar.locator('[data-button-key="relationship"], [data-button-key="checklist"]').count()).toBe(0)
    const editor = page.locator('[data-lexical-editor="true"]')
    await editor.click()
    await page.keyboard.type('We never sell your data.')
    await page.keyboard.press('Enter')
    await toolbar.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('Questions?')
    await toolbar.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type(' Write to the board.')
    // Markdown shortcuts, as Payload's editor offers them: a heading, a list and a quote.
    await page.keyboard.press('Enter')
    await page.keyboard.type('## What we keep')
    await page.keyboard.press('Enter')
    await page.keyboard.type('- Your name and email')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Your gift')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('> Receipts are kept seven years.')
    // A draft first: the editor previews it at its address; visitors still get Page Not Found.
    await page.getByRole('button', { name: 'Save Draft' }).click()
    await expect.poll(async () => (await privacyPolicy())?._status).toBe('draft')
    const { id } = await privacyPolicy()
    await page.waitForURL(`**/admin/collections/pages/${id}`)
    expect((await fetch(`${env.server.url}/privacy-policy`)).status).toBe(404)
    expect((await fetch(`${env.server.url}/api/pages/privacy-policy`)).status).toBe(404)
    await page.goto('/privacy-policy')
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor()
    expect(await page.locator('.rich-text').getByText('We never sell your data.').isVisible()).toBe(true)
    expect(await page.getByRole('status').filter({ hasText: 'Draft — not public yet' }).isVisible()).toBe(true)
    // Published later, from the same editor.
    await page.goto(`/admin/collections/pages/${id}`)
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await expect.poll(async () => (await privacyPolicy())?._status).toBe('published')

    await page.goto('/')
    const link = page.locator('footer').getByRole('link', { name: 'Privacy Policy' })
    await expect.poll(() => link.getAttribute('href')).toBe('/privacy-policy')
    // The other footer pages are still the spec's dead links.
    expect(await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).getAttribute('aria-disabled')).toBe('true')
    await link.click()
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor()
    expect(await page.getByText('We never sell your data.').isVisible()).toBe(true)
    expect(await page.getByText('Draft — not public yet').count()).toBe(0)
    expect(await page.locator('strong', { hasText: 'Questions?' }).count()).toBe(1)
    expect((await page.goto('/privacy-policy'))?.status()).toBe(200)

    // Styled like the rest of the site on a phone and a laptop: a heading that stands out, bullets, a marked quote.
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport)
      const text = page.locator('.rich-text')
      const size = (selector: string) =>
        text
          .locator(selector)
          .first()
          .evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
      expect(await size('h2')).toBeGreaterThan((await size('p')) * 1.3)
      expect(await text.locator('ul').evaluate((el) => getComputedStyle(el).listStyleType)).toBe('disc')
      expect(await text.getByRole('listitem').allTextContents()).toEqual(['Your name and email', 'Your gift'])
      expect(await text.locator('blockquote').evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('4px')
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await expectNoAxeViolations(page, `privacy policy at ${viewport.width} px`)
    }
  })

  it('changes the hero title in the portal, then restores the earlier one from Payload’s versions', async () => {
    const page = await editorPage(env, EDITOR)
    const site = new ApiClient(env.server.url)
    await page.getByRole('tab', { name: 'Content' }).click()
    const title = page.locator('[data-content-key="hero/title"]')
    for (const value of ['Lady Hawks Rise', 'Lady Hawks Typo']) {
      await title.getByRole('textbox').fill(value)
      await title.getByRole('button', { name: 'Update Hero title' }).click()
      // Taken (closed), so the next save's toast is its own, not this one still showing.
      await takeToast(page, 'Content updated successfully')
    }
    // The toast follows the save's answer, which follows the commit and the cache's drop: the site shows it at once.
    expect((await site.get('/api/content')).json['hero/title']).toBe('Lady Hawks Typo')

    const id = (await admin.get('/cms-api/site-content?where[section][equals]=hero&where[key][equals]=title')).json.docs[0].id
    const versions = (await admin.get(`/cms-api/site-content/versions?where[parent][equals]=${id}&sort=-updatedAt`)).json.docs
    expect(versions.map((v: { version: { value: string } }) => v.version.value)).toEqual(['Lady Hawks Typo', 'Lady Hawks Rise'])
    await page.goto(`/admin/collections/site-content/${id}/versions`)
    await page
      .getByRole('heading', { name: /Hero · Title/ })
      .first()
      .waitFor()
    await page.goto(`/admin/collections/site-content/${id}/versions/${versions[1].id}`)
    await page.getByRole('button', { name: 'Restore this version' }).click()
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect.poll(async () => (await site.get('/api/content')).json['hero/title']).toBe('Lady Hawks Rise')
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'Lady Hawks Rise' }).waitFor()
  })

  it('undoes a typo from the History: who, when and what changed, Restore in the portal’s card and on Payload’s page', async () => {
    const page = await editorPage(env, EDITOR)
    // An opponent no other test names: the card's History button is found by it.
    const created = await admin.post('/api/admin/games', {
      opponent: 'Marshall',
      gameDate: '2027-01-15',
      gameTime: '7:00 PM',
      location: 'Home Gym',
      isHome: true,
    })
    expect(created.status, created.text).toBe(201)
    const { id } = created.json
    const session = await apiWithBrowserSession(page.context(), env.server.url)
    expect((await session.put(`/api/admin/games/${id}`, { opponent: 'Marhsall' })).status).toBe(200)
    const opponent = async () => (await admin.get(`/cms-api/games/${id}`)).json.opponent

    // The portal: the game's card → History → the typo's save, by the editor → Restore the admin's.
    await page.getByRole('tab', { name: 'Games' }).click()
    await page.getByRole('button', { name: /^History of vs Marhsall/ }).click()
    // Named after the game, whose name changes with the restore.
    const dialog = page.getByRole('dialog', { name: /^History of vs / })
    const saves = dialog.getByRole('list', { name: 'Saves of this game, newest first' }).locator('> li')
    await expect.poll(() => saves.count()).toBe(2)
    expect(await saves.nth(0).textContent()).toContain(`${EDITOR.username} · what it holds now`)
    expect(await saves.nth(0).getByRole('listitem').allTextContents()).toEqual(['Opponent: “Marshall” → “Marhsall”'])
    expect(await saves.nth(1).textContent()).toContain(TEST_ADMIN.username)
    await saves
      .nth(1)
      .getByRole('button', { name: /^Restore the game as saved/ })
      .click()
    await dialog.getByRole('status').filter({ hasText: 'Restored' }).waitFor()
    expect(await dialog.getByRole('status').filter({ hasText: 'Restored' }).textContent()).toBe(
      `Restored the game as ${TEST_ADMIN.username} saved it: Opponent back to “Marshall”.`,
    )
    expect(await opponent()).toBe('Marshall')
    // The card shows it once the dialog closes: the list was read again.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: /^History of vs Marshall/ }).waitFor()

    // Payload's page of the game: the same History at its foot; Restore the typo back, the form shows what was restored.
    await page.goto(`/admin/collections/games/${id}`)
    const history = page.getByRole('region', { name: /^History: who saved it/ })
    const entries = history.getByRole('list', { name: 'Saves of this game, newest first' }).locator('> li')
    await expect.poll(() => entries.count()).toBe(3)
    await entries
      .nth(1)
      .getByRole('button', { name: /^Restore the game as saved/ })
      .click()
    await history.getByRole('status').filter({ hasText: 'Restored' }).first().waitFor()
    await expect.poll(() => page.locator('#field-opponent').inputValue()).toBe('Marhsall')
    expect(await opponent()).toBe('Marhsall')
  })

  it('follows each card’s link into Payload and back: the rest of a player, a campaign and a level there, the same fields for games and site texts', async () => {
    const player = await addPlayer('Nia Brooks', 21)
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Gym Floor', description: 'A new floor', goalAmount: '5000' })).json
    const game = await admin.post('/api/admin/games', {
      opponent: 'Lakeview',
      gameDate: '2026-12-18',
      gameTime: '18:00',
      location: 'Lakeview HS',
      isHome: false,
    })
    expect(game.status, game.text).toBe(201)
    const page = await editorPage(env, EDITOR)

    // A player: the card's link opens her page in Payload, with every field of the dialog by the same name, and the rest.
    await page.getByRole('tab', { name: 'Team' }).click()
    const playerDialog = await portalFields(page, portalCard(page, 'Nia Brooks'))
    expect(playerDialog).toEqual(expect.arrayContaining(['Name', 'Jersey number', 'Photo', 'Show photo', 'Show full name']))
    await portalCard(page, 'Nia Brooks').getByRole('link', { name: 'Order and roster status for Nia Brooks' }).click()
    await page.waitForURL(`**/admin/collections/team-members/${player.id}`)
    await expect.poll(() => page.locator('#field-name').inputValue()).toBe('Nia Brooks')
    expect(await payloadLabels(page)).toEqual(expect.arrayContaining([...playerDialog, 'On the roster', 'Order on the roster']))
    await page.goBack()
    await page.getByRole('tab', { name: 'Team', selected: true }).waitFor()

    // A campaign: the card's link leads to the photo upload and the rest; the dialog's fields are there by name.
    await page.getByRole('tab', { name: 'Campaigns' }).click()
    const campaignDialog = await portalFields(page, portalCard(page, 'Gym Floor'))
    await portalCard(page, 'Gym Floor').getByRole('link', { name: 'Photo upload and all fields for Gym Floor' }).click()
    await page.waitForURL(`**/admin/collections/campaigns/${campaign.id}`)
    await expect.poll(() => page.locator('#field-name').inputValue()).toBe('Gym Floor')
    expect(await payloadLabels(page)).toEqual(expect.arrayContaining([...campaignDialog, 'Photo', 'Goal', 'Active']))
    await page.goBack()
    await page.getByRole('tab', { name: 'Campaigns', selected: true }).waitFor()

    // A game: the portal is its place; Payload's page (by the menu) has the same fields, by the same names.
    await page.getByRole('tab', { name: 'Games' }).click()
    const gameDialog = await portalFields(page, portalCard(page, /vs Lakeview/))
    await (await menuLink(page, 'Games')).click()
    await page.getByRole('link', { name: 'Lakeview', exact: true }).click()
    await page.waitForURL(`**/admin/collections/games/${game.json.id}`)
    await expect.poll(() => page.locator('#field-opponent').inputValue()).toBe('Lakeview')
    expect((await payloadLabels(page)).sort()).toEqual([...gameDialog.filter((l) => l !== 'Final score')].sort())
    // Back by Payload's own way home, the dashboard link at the head of the page: the portal.
    await page.getByTitle('Dashboard').click()
    await page.getByRole('tab', { name: 'Games' }).click()

    // A site text: saved in the Content tab, the same text in Payload's Site texts, by its name.
    await page.getByRole('tab', { name: 'Content' }).click()
    const mission = page.locator('[data-content-key="about/mission"]')
    await mission.getByRole('textbox').fill('Every girl, every game, every season.')
    await mission.getByRole('button', { name: /^Update/ }).click()
    await takeToast(page, 'Content updated successfully')
    await (await menuLink(page, 'Site texts')).click()
    await page.getByRole('link', { name: 'About · Mission' }).click()
    await expect.poll(() => page.locator('#field-value').inputValue()).toBe('Every girl, every game, every season.')
    await page.getByTitle('Dashboard').click()
    await page.getByRole('tab', { name: 'Content' }).click()
    await expect.poll(() => mission.getByRole('textbox').inputValue()).toBe('Every girl, every game, every season.')

    // A sponsorship level (the admins' Sponsorships tab): the card's link leads to the order and Offered.
    const tier = (
      await admin.post('/api/admin/sponsorship-tiers', { name: 'Sixth Player', amount: '150', benefits: ['Name on the banner'] })
    ).json
    const asAdmin = await editorPage(env, TEST_ADMIN)
    await asAdmin.getByRole('tab', { name: 'Sponsorships' }).click()
    const tierCard = portalCard(asAdmin, 'Sixth Player')
    const tierDialog = await portalFields(asAdmin, tierCard)
    await tierCard.getByRole('link', { name: 'Order and all fields for Sixth Player' }).click()
    await asAdmin.waitForURL(`**/admin/collections/sponsorship-tiers/${tier.id}`)
    await expect.poll(() => asAdmin.locator('#field-name').isEditable()).toBe(true)
    expect(await asAdmin.getByRole('checkbox', { name: 'Offered' }).isEditable()).toBe(true)
    // The portal's "Amount" is Payload's "Price".
    expect(await payloadLabels(asAdmin)).toEqual(
      expect.arrayContaining([...tierDialog.map((l) => (l === 'Amount' ? 'Price' : l)), 'Order', 'Offered']),
    )
    await asAdmin.goBack()
    await asAdmin.getByRole('tab', { name: 'Sponsorships', selected: true }).waitFor()
  })

  it('keeps the spec’s header and tabs clear of Payload’s chrome on a 375 px phone', async () => {
    // It signs out at the end: a context of its own.
    const page = await editorPage(env, EDITOR, { ownContext: true, at: 'about:blank' })
    await page.setViewportSize(VIEWPORTS.mobile)
    await page.goto('/admin')
    await page.getByText('Lady Hawks Admin').waitFor()
    const header = await page.locator('.lhb-portal header').boundingBox()
    const tabs = await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox()
    // Payload's bar above is one slim row; nothing overlaps the portal's header or tabs, nothing scrolls sideways.
    expect(header!.y).toBeLessThanOrEqual(80)
    expect(header!.width).toBeGreaterThanOrEqual(370)
    expect(tabs!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
    for (const box of [header!, tabs!]) {
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.lhb-portal') !== null, {
        x: box.x + 10,
        y: box.y + 10,
      })
      expect(hit).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await page.getByRole('button', { name: 'Logout' }).click()
    await readToast(page, 'Logged out successfully')
  })

  it('offers an editor only what the role can do, says what happened, and no admin screen loads from another host', async () => {
    const blockedBefore = env.blocked.length
    const cspBefore = env.cspErrors.length
    const campaign = (await admin.post('/api/admin/campaigns', { name: 'Bus Fund', description: 'Away games', goalAmount: '2000' })).json
    const tier = (
      await admin.post('/api/admin/sponsorship-tiers', {
        name: 'Courtside',
        amount: '900',
        benefits: ['Logo on the banner', 'Two season passes'],
      })
    ).json
    const page = await editorPage(env, EDITOR)

    // The portal: no Create Campaign, no Delete, the admins' figures shown as text; a text change is saved and says so.
    await page.getByRole('tab', { name: 'Campaigns' }).click()
    const card = portalCard(page, 'Bus Fund')
    await card.getByRole('button', { name: 'Edit Bus Fund' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' })
    expect(await dialog.getByTestId('admins-figures').innerText()).toContain('Only an admin can change the goal')
    expect(await dialog.getByLabel(/Goal amount/).count()).toBe(0)
    await dialog.getByLabel('Description').fill('Away games, by bus')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Campaign updated successfully')
    expect(((await admin.get('/api/admin/campaigns')).json as any[]).find((c) => c.id === campaign.id)).toMatchObject({
      description: 'Away games, by bus',
      goalAmount: '2000.00',
    })
    expect(await page.getByRole('button', { name: /Create/ }).count()).toBe(0)
    expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(0)
    await page.getByRole('tab', { name: 'Team' }).click()
    await page.getByRole('tab', { name: 'Content' }).click()
    await page.locator('[data-content-key="hero/title"]').getByRole('textbox').waitFor()

    // Payload: what an editor may not open or add says so, instead of Not Found.
    await page.goto('/admin/collections/donations')
    await page.getByRole('heading', { name: 'Only an admin can open donations' }).waitFor()
    // Inside Payload's frame: the side menu is there, and leads on to what an editor may open.
    await (await menuLink(page, 'Players')).click()
    await page.waitForURL('**/admin/collections/team-members')
    await page.goto('/admin/globals/security-settings')
    await page.getByRole('heading', { name: 'Only an admin can open security settings' }).waitFor()
    await page.goto('/admin/collections/campaigns/create')
    await page.getByRole('heading', { name: 'Only an admin can add campaigns' }).waitFor()
    await page.goto('/admin/collections/campaigns')
    await page.getByRole('link', { name: 'Bus Fund' }).waitFor()
    // The goal is read-only in Payload's editor: a save there never claims to have changed it.
    await page.goto(`/admin/collections/campaigns/${campaign.id}`)
    await expect.poll(() => page.locator('#field-name').isEditable()).toBe(true)
    expect(await page.locator('#field-goalAmount').isEditable()).toBe(false)
    expect(await page.locator('#field-isActive').isEditable()).toBe(false)

    // A sponsorship level's benefits: one box per line, added, reordered and removed, saved as the list the API gives.
    await page.goto(`/admin/collections/sponsorship-tiers/${tier.id}`)
    const line = (n: number) => page.getByRole('textbox', { name: `Benefits line ${n}` })
    await expect.poll(() => line(1).inputValue()).toBe('Logo on the banner')
    // Offered takes the level off /sponsor, as Active a campaign off /donate: the admins' switch.
    expect(await page.getByRole('checkbox', { name: 'Offered' }).isEditable()).toBe(false)
    expect(await page.locator('#field-amount').isEditable()).toBe(false)
    await page.getByRole('button', { name: 'Add a benefit' }).click()
    await line(3).fill('Announcement at every game')
    await page.getByRole('button', { name: 'Move line 3 up' }).click()
    await page.getByRole('button', { name: 'Remove line 1' }).click()
    expect([await line(1).inputValue(), await line(2).inputValue()]).toEqual(['Announcement at every game', 'Two season passes'])
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(async () => ((await admin.get('/api/admin/sponsorship-tiers')).json as any[]).find((t) => t.id === tier.id).benefits)
      .toEqual(['Announcement at every game', 'Two season passes'])

    // Nothing asked another host, and the admin's CSP would have refused it: a script from a CDN is a violation.
    expect(env.blocked.slice(blockedBefore)).toEqual([])
    expect(env.cspErrors.slice(cspBefore)).toEqual([])
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.blockedURI), { once: true })
          const script = document.createElement('script')
          script.src = 'https://cdn.jsdelivr.net/npm/monaco-editor@0.55.1/min/vs/loader.js'
          document.head.append(script)
        }),
    )
    expect(refused).toContain('cdn.jsdelivr.net')
  })

  it('keeps what an editor typed: a changed field says it is not saved; leaving the tab, a dialog, the page, the portal by the menu or a record in Payload asks first', async () => {
    // Signed in without editorPage's standing "yes" to every question: this test answers each one itself.
    const page = await signedInPage(env, EDITOR)
    const questions: string[] = []
    let answer: 'accept' | 'dismiss' = 'dismiss'
    page.on('dialog', (dialog) => {
      questions.push(`${dialog.type()}: ${dialog.message()}`)
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss())
    })
    await page.getByRole('tab', { name: 'Content' }).click()
    const subtitle = page.locator('[data-content-key="hero/subtitle"]')
    await subtitle.getByRole('textbox').fill('Typed, not updated')
    expect(await subtitle.getByTestId('content-unsaved').innerText()).toBe('Not saved yet: press Update to save it.')

    // Another tab: asked, and "no" keeps the field and its text.
    await page.getByRole('tab', { name: 'Games' }).click()
    await expect.poll(() => questions.length).toBe(1)
    expect(questions[0]).toBe('confirm: Some changes are not saved yet. Leave without saving them?')
    expect(await page.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true')
    expect(await subtitle.getByRole('textbox').inputValue()).toBe('Typed, not updated')

    // Payload's side menu leads out of the portal without unloading the page: asked too, and "no" stays.
    await (await menuLink(page, 'Games')).click()
    await expect.poll(() => questions.length).toBe(2)
    expect(questions[1]).toBe(questions[0])
    expect(new URL(page.url()).pathname).toBe('/admin')
    expect(await subtitle.getByRole('textbox').inputValue()).toBe('Typed, not updated')

    // Leaving the page asks too (the browser's own question).
    answer = 'accept'
    await page.goto('/admin?tab=games')
    expect(questions[2]).toMatch(/^beforeunload/)
    await page.getByRole('tab', { name: 'Games', selected: true }).waitFor()

    // Updated: the mark goes, and nothing is asked when leaving.
    await page.getByRole('tab', { name: 'Content' }).click()
    await subtitle.getByRole('textbox').fill('Every game, every girl')
    await subtitle.getByRole('button').click()
    await takeToast(page, 'Content updated successfully')
    await expect.poll(() => subtitle.getByTestId('content-unsaved').count()).toBe(0)
    await page.getByRole('tab', { name: 'Team' }).click()
    await page.getByRole('tab', { name: 'Team', selected: true }).waitFor()
    expect(questions).toHaveLength(3)

    // A dialog with changes asks before Cancel closes it.
    answer = 'dismiss'
    await page.getByRole('button', { name: 'Add Player' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name', { exact: true }).fill('Half Typed')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => questions.length).toBe(4)
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Half Typed')
    answer = 'accept'
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.count()).toBe(0)

    // Payload's own editor: leaving a changed record by its menu asks first, in Payload's words.
    const game = await admin.post('/api/admin/games', {
      opponent: 'Westfield',
      gameDate: '2026-12-11',
      gameTime: '7:00 PM',
      location: 'Home gym',
    })
    await page.goto(`/admin/collections/games/${game.json.id}`)
    await page.locator('#field-opponent').fill('Westfield Prep')
    const players = await menuLink(page, 'Players')
    await players.click()
    const leave = page.getByText('Your changes have not been saved. If you leave now, you will lose your changes.')
    await leave.waitFor()
    await page.getByRole('button', { name: 'Stay on this page' }).click()
    await leave.waitFor({ state: 'hidden' })
    expect(await page.locator('#field-opponent').inputValue()).toBe('Westfield Prep')
    expect(new URL(page.url()).pathname).toBe(`/admin/collections/games/${game.json.id}`)
    await players.click()
    await page.getByRole('button', { name: 'Leave anyway' }).click()
    await page.waitForURL('**/admin/collections/team-members')
    expect(((await admin.get('/api/admin/games')).json as any[]).find((g) => g.id === game.json.id).opponent).toBe('Westfield')
  })
})

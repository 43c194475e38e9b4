import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin } from '../testing/server'
import {
  dumpServerOnFailure,
  expectNoAxeViolations,
  fieldError,
  loginThroughUi,
  openTab,
  takeToast,
  settled,
  startBrowserEnv,
  stopBrowserEnv,
  type BrowserEnv,
  portalCard,
  setViewport,
} from '../testing/browserEnv'

/**
 * Create, edit and delete through the UI for campaigns, team, games and
 * sponsorship tiers, on an empty database (seed none); every change is then
 * checked on the server through the API.
 */
describe('admin portal: records', () => {
  let env: BrowserEnv
  let api: ApiClient

  beforeAll(async () => {
    env = await startBrowserEnv({ seed: 'none' })
    api = await loggedInAdmin(env.server.url)
    await loginThroughUi(env.page)
  })
  afterAll(async () => {
    await stopBrowserEnv(env)
  })
  dumpServerOnFailure(() => env)
  // Each test starts from a freshly loaded portal, whatever the previous one left open.
  beforeEach(async () => {
    await env.page.goto('/admin')
    await env.page.getByText('Lady Hawks Admin').waitFor()
  })

  const list = async (path: string) => {
    const res = await api.get(path)
    expect(res.status).toBe(200)
    return res.json as any[]
  }

  it('campaigns: empty state, create with validation, edit amounts and end it, delete after confirmation', async () => {
    const { page } = env
    await openTab(page, 'Campaigns')
    await page.getByText('No campaigns found').waitFor()
    await settled(page)
    await expectNoAxeViolations(page, 'campaigns (empty)')

    await page.getByRole('button', { name: 'Create Your First Campaign' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Create Campaign' }).click()
    expect(await fieldError(page, 'Name')).toBe('Required')
    expect(await fieldError(page, 'Description')).toBe('Required')
    expect(await fieldError(page, 'Goal amount ($)')).toBe('Required')
    expect(await list('/api/admin/campaigns')).toHaveLength(0) // nothing was sent

    await dialog.getByLabel('Name', { exact: true }).fill('New Game Balls')
    await dialog.getByLabel('Description').fill('Twelve new leather game balls for the varsity team.')
    await dialog.getByLabel('Goal amount ($)').fill('0')
    await dialog.getByRole('button', { name: 'Create Campaign' }).click()
    expect(await fieldError(page, 'Goal amount ($)')).toBe('Must be greater than 0')
    await settled(page)
    await expectNoAxeViolations(page, 'campaign dialog with errors')
    await dialog.getByLabel('Goal amount ($)').fill('2500')
    await dialog.getByRole('button', { name: 'Create Campaign' }).click()
    await takeToast(page, 'Campaign created successfully')
    await dialog.waitFor({ state: 'detached' })

    const card = portalCard(page, 'New Game Balls')
    await card.getByText('0% complete').waitFor()
    const [created] = await list('/api/admin/campaigns')
    expect(created).toMatchObject({ name: 'New Game Balls', goalAmount: '2500.00', currentAmount: '0.00', isActive: 'true' })

    // Edit: offline gifts push it past the goal (bar capped, label not), and end it.
    await card.getByRole('button', { name: 'Edit New Game Balls' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Campaign' })
    expect(await edit.getByLabel('Goal amount ($)').inputValue()).toBe('2500.00')
    await edit.getByLabel('Amount raised ($)').fill('3000.5')
    await edit.getByLabel('Active').uncheck()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Campaign updated successfully')
    await card.getByText('120% complete').waitFor()
    expect(await card.getByText('Ended').isVisible()).toBe(true)
    expect(await card.getByTestId('progress-fill').evaluate((el) => (el as HTMLElement).style.width)).toBe('100%')
    expect(await card.getByText('$3,000.50 raised').isVisible()).toBe(true)
    const [updated] = await list('/api/admin/campaigns')
    expect(updated).toMatchObject({ currentAmount: '3000.50', isActive: 'false' })
    const publicList = await api.get('/api/campaigns')
    // The public list keeps the ended campaign, marked inactive (the donate page shows active ones only).
    expect(publicList.json.find((c: any) => c.id === created.id)).toMatchObject({ status: 'inactive', currentAmount: '3000.50' })

    // A refused save keeps what was typed: the record vanishes on the server meanwhile (404).
    await card.getByRole('button', { name: 'Edit New Game Balls' }).click()
    await edit.getByLabel('Name', { exact: true }).fill('New Game Balls (renamed)')
    const other = await loggedInAdmin(env.server.url)
    const tmp = await other.post('/api/admin/campaigns', { name: 'Temp', description: 'Temp', goalAmount: '10' })
    expect(tmp.status).toBe(201)
    expect((await other.delete(`/api/admin/campaigns/${created.id}`)).status).toBe(204)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    expect((await takeToast(page, 'Error updating campaign')).description).not.toBe('')
    expect(await edit.getByLabel('Name', { exact: true }).inputValue()).toBe('New Game Balls (renamed)')
    // Closing a dialog with typing not saved asks first (cms/portal/lib/unsaved.ts): yes.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.accept())))
    await page.keyboard.press('Escape')
    expect(await asked).toBe('Some changes are not saved yet. Leave without saving them?')
    await edit.waitFor({ state: 'detached' })

    // Delete the remaining campaign: a confirmation first, Cancel keeps it.
    await page.reload()
    const tempCard = portalCard(page, 'Temp')
    await tempCard.waitFor()
    await tempCard.getByRole('button', { name: 'Delete Temp' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete this campaign?' })
    await confirm.waitFor()
    await settled(page)
    await expectNoAxeViolations(page, 'delete confirmation')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await list('/api/admin/campaigns')).toHaveLength(1)
    await tempCard.getByRole('button', { name: 'Delete Temp' }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await takeToast(page, 'Campaign deleted successfully')
    await page.getByText('No campaigns found').waitFor()
    expect(await list('/api/admin/campaigns')).toHaveLength(0)
  })

  it('team: add with validation, edit, remove', async () => {
    const { page } = env
    await openTab(page, 'Team')
    await page.getByText('No team members found').waitFor()
    await settled(page)
    await expectNoAxeViolations(page, 'team (empty)')

    await page.getByRole('button', { name: 'Add Player' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' })
    await dialog.getByRole('button', { name: 'Add Player' }).click()
    for (const label of ['Name', 'Jersey number', 'Position', 'Grade']) expect(await fieldError(page, label)).toBe('Required')
    await dialog.getByLabel('Name', { exact: true }).fill('Riley Chen')
    await dialog.getByLabel('Jersey number').fill('123')
    await dialog.getByLabel('Position').fill('Guard')
    await dialog.getByLabel('Grade').fill('Sophomore')
    await dialog.getByLabel('Height (optional)').fill(`5'7"`)
    await dialog.getByLabel('Bio (optional)').fill('Quick hands on defense.')
    await dialog.getByRole('button', { name: 'Add Player' }).click()
    expect(await fieldError(page, 'Jersey number')).toBe('Number must be less than or equal to 99')
    await dialog.getByLabel('Jersey number').fill('23')
    await dialog.getByRole('button', { name: 'Add Player' }).click()
    await takeToast(page, 'Team member added successfully')

    const card = portalCard(page, 'Riley Chen')
    await card.getByText('#23').waitFor()
    for (const text of ['Guard', `Sophomore · 5'7"`, 'Quick hands on defense.'])
      expect(await card.getByText(text).count()).toBeGreaterThan(0)
    await settled(page)
    await expectNoAxeViolations(page, 'team (one player)')
    const [player] = await list('/api/admin/team')
    expect(player).toMatchObject({
      name: 'Riley Chen',
      jerseyNumber: 23,
      position: 'Guard',
      grade: 'Sophomore',
      height: `5'7"`,
      bio: 'Quick hands on defense.',
    })

    await card.getByRole('button', { name: 'Edit Riley Chen' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Team Member' })
    await edit.getByLabel('Position').fill('Point Guard')
    await edit.getByLabel('Bio (optional)').fill('')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Team member updated successfully')
    await card.getByText('Point Guard').waitFor()
    expect(await card.getByText('Quick hands on defense.').count()).toBe(0)
    const [edited] = await list('/api/admin/team')
    expect(edited).toMatchObject({ position: 'Point Guard', jerseyNumber: 23 })
    expect(edited.bio ?? null).toBeNull()
    // Consent switches left alone stay unset (the club's Roster privacy decides); ticked, they are true.
    expect(edited).toMatchObject({ showPhoto: null, showFullName: null, imageUrl: null })
    await card.getByRole('button', { name: 'Edit Riley Chen' }).click()
    expect(await edit.getByRole('checkbox', { name: 'Show photo' }).isChecked()).toBe(false)
    await edit.getByRole('checkbox', { name: 'Show full name' }).check()
    await expectNoAxeViolations(page, 'team dialog: photo and consent')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Team member updated successfully')
    expect((await list('/api/admin/team'))[0]).toMatchObject({ showPhoto: null, showFullName: true })

    await card.getByRole('button', { name: 'Remove Riley Chen' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await takeToast(page, 'Team member removed successfully')
    await page.getByText('No team members found').waitFor()
    expect(await list('/api/admin/team')).toHaveLength(0)
  })

  it('games: add, record a score (WIN), the 0-score quirk on edit, delete', async () => {
    const { page } = env
    await openTab(page, 'Games')
    await page.getByText('No games scheduled').waitFor()
    await settled(page)
    await expectNoAxeViolations(page, 'games (empty)')

    await page.getByRole('button', { name: 'Add Game' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Game' })
    await dialog.getByRole('button', { name: 'Add Game' }).click()
    for (const label of ['Opponent', 'Date', 'Time', 'Location']) expect(await fieldError(page, label)).toBe('Required')
    await dialog.getByLabel('Opponent', { exact: true }).fill('Westfield Wildcats')
    await dialog.getByLabel('Date').fill('2026-12-05')
    await dialog.getByLabel('Time').fill('19:30')
    await dialog.getByLabel('Location').fill('Westfield High School')
    await dialog.getByLabel('Home game').uncheck()
    await dialog.getByRole('button', { name: 'Add Game' }).click()
    await takeToast(page, 'Game added successfully')

    const row = portalCard(page, 'vs Westfield Wildcats')
    await row.getByText('Away').waitFor()
    expect(await row.getByText('Sat, Dec 5, 2026 · 7:30 PM').isVisible()).toBe(true)
    expect(await row.getByTestId('game-score').count()).toBe(0) // no scores yet: no result
    let [game] = await list('/api/admin/games')
    expect(game).toMatchObject({
      opponent: 'Westfield Wildcats',
      gameDate: '2026-12-05',
      gameTime: '19:30',
      isHome: false,
      ourScore: null,
      opponentScore: null,
    })

    await row.getByRole('button', { name: 'Edit game vs Westfield Wildcats' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Game' })
    expect(await edit.getByLabel('Time').inputValue()).toBe('19:30')
    await edit.getByLabel('Our score').fill('55')
    await edit.getByLabel('Opponent score').fill('48')
    // A score for a game not played yet is asked about first (7:30 PM in Chicago, CST: UTC−6); once played, it is not.
    const questions: string[] = []
    const answer = (dialog: { message: () => string; accept: () => Promise<void> }) => {
      questions.push(dialog.message())
      void dialog.accept()
    }
    page.on('dialog', answer)
    const notPlayedYet = Date.parse('2026-12-06T01:30:00Z') > Date.now()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Game updated successfully')
    page.off('dialog', answer)
    expect(questions).toEqual(
      notPlayedYet ? ['This game has not been played yet (Sat, Dec 5, 2026, 7:30 PM). Save a score for it anyway?'] : [],
    )
    await row.getByText('55 - 48').waitFor()
    expect(await row.getByText('WIN', { exact: true }).isVisible()).toBe(true)
    ;[game] = await list('/api/admin/games')
    expect(game).toMatchObject({ ourScore: 55, opponentScore: 48 })

    // Product quirk (docs/PRODUCT.md): a stored 0 starts empty in the form, so saving turns it into null.
    expect((await api.put(`/api/admin/games/${game.id}`, { ourScore: 0, opponentScore: 0 })).status).toBe(200)
    await page.reload()
    await row.getByText('0 - 0').waitFor()
    expect(await row.getByText('TIE', { exact: true }).isVisible()).toBe(true)
    await row.getByRole('button', { name: 'Edit game vs Westfield Wildcats' }).click()
    expect(await edit.getByLabel('Our score').inputValue()).toBe('')
    expect(await edit.getByLabel('Opponent score').inputValue()).toBe('')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Game updated successfully')
    await row.getByTestId('game-score').waitFor({ state: 'detached' })
    ;[game] = await list('/api/admin/games')
    expect(game).toMatchObject({ ourScore: null, opponentScore: null })

    await row.getByRole('button', { name: /^Delete vs Westfield Wildcats/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await takeToast(page, 'Game deleted successfully')
    await page.getByText('No games scheduled').waitFor()
    expect(await list('/api/admin/games')).toHaveLength(0)
  })

  it('sponsorship tiers: create with benefits one per line, edit, delete', async () => {
    const { page } = env
    await openTab(page, 'Sponsorships')
    await page.getByText('No sponsorship tiers found').waitFor()
    await settled(page)
    await expectNoAxeViolations(page, 'sponsorships (empty)')

    await page.getByRole('button', { name: 'Create Tier' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Sponsorship Tier' })
    await dialog.getByRole('button', { name: 'Create Tier' }).click()
    expect(await fieldError(page, 'Name')).toBe('Required')
    expect(await fieldError(page, 'Amount ($)')).toBe('Required')
    await dialog.getByLabel('Name', { exact: true }).fill('Half Court')
    await dialog.getByLabel('Amount ($)').fill('750')
    expect(await dialog.getByLabel('Public level').inputValue()).toBe('none')
    await dialog.getByLabel('Public level').selectOption('silver')
    await dialog.getByLabel('Value of goods received ($) (optional)').fill('75')
    await dialog.getByLabel('Description (optional)').fill('For local shops.')
    await dialog.getByLabel('Benefits (optional)').fill('Logo on the website\n\n   \nBanner in the gym\n')
    await dialog.getByRole('button', { name: 'Create Tier' }).click()
    await takeToast(page, 'Sponsorship tier created successfully')

    const card = portalCard(page, 'Half Court')
    await card.getByText('$750.00').waitFor()
    expect(await card.getByRole('list', { name: 'Half Court benefits' }).getByRole('listitem').allTextContents()).toEqual([
      'Logo on the website',
      'Banner in the gym',
    ])
    await settled(page)
    await expectNoAxeViolations(page, 'sponsorships (one tier)')
    const [tier] = await list('/api/admin/sponsorship-tiers')
    expect(tier).toMatchObject({
      name: 'Half Court',
      amount: '750.00',
      color: 'green',
      description: 'For local shops.',
      benefits: ['Logo on the website', 'Banner in the gym'],
      level: 'silver',
      goodsValue: '75.00',
    })
    expect(await card.textContent()).toContain('Silver level · goods value $75.00')

    await card.getByRole('button', { name: 'Edit Half Court' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Sponsorship Tier' })
    expect(await edit.getByLabel('Benefits (optional)').inputValue()).toBe('Logo on the website\nBanner in the gym')
    await edit.getByLabel('Amount ($)').fill('800.25')
    await edit.getByLabel('Benefits (optional)').fill('Logo on the website')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await takeToast(page, 'Sponsorship tier updated successfully')
    await card.getByText('$800.25').waitFor()
    const [edited] = await list('/api/admin/sponsorship-tiers')
    expect(edited).toMatchObject({ amount: '800.25', benefits: ['Logo on the website'], level: 'silver', goodsValue: '75.00' })

    // The record is the silver level everywhere (shared/tiers.ts): /sponsor's card and box, and the Free Throw card's repeated price.
    await page.goto('/sponsor?tier=silver')
    await settled(page)
    expect(await page.getByTestId('tier-card-silver').locator('h3').textContent()).toBe('Half Court$800.25')
    expect(await page.getByTestId('tier-card-silver').locator('li').allTextContents()).toEqual(['Logo on the website'])
    expect(await page.getByTestId('selected-level').textContent()).toBe('Half Court · $800.25')
    expect(await page.getByTestId('tier-card-bronze').locator('h3').textContent()).toBe('Free Throw$800.25')
    await page.goto('/admin')
    await openTab(page, 'Sponsorships')

    await card.getByRole('button', { name: 'Delete Half Court' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await takeToast(page, 'Sponsorship tier deleted successfully')
    await page.getByText('No sponsorship tiers found').waitFor()
    await settled(page)
    expect(await list('/api/admin/sponsorship-tiers')).toHaveLength(0)
  })

  it('roster privacy: until chosen, the Overview and the Team tab say what the public sees and recommend; one click; the dialog says what she will show', async () => {
    const { page } = env
    const settings = async () =>
      (await api.get('/cms-api/globals/roster-settings?depth=0')).json as { privacy?: string; updatedAt?: string }
    expect((await settings()).updatedAt).toBeUndefined() // nobody has chosen on this new site
    // A phone first: the notice and its buttons fit, axe-clean.
    await setViewport(page, 'mobile')
    await page.reload()
    const notice = page.getByTestId('roster-privacy-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toContain('Today the public roster shows every player’s full name and photo as entered')
    expect(await notice.textContent()).toContain('“First name and last initial; photos only with consent”')
    await settled(page)
    await expectNoAxeViolations(page, 'the Overview with the roster privacy notice at 375 px')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await setViewport(page, 'desktop')

    // The Team tab says it too; a player added with nothing ticked is shown whole under the default, and the dialog says so.
    await openTab(page, 'Team')
    await page.getByTestId('roster-privacy-notice').waitFor()
    await page.getByRole('button', { name: 'Add Player' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' })
    await dialog.getByLabel('Name', { exact: true }).fill('Maya Davis')
    const preview = dialog.getByTestId('player-public-preview')
    await expect.poll(() => preview.textContent()).toContain('Name: shown as “Maya Davis”')
    expect(await preview.textContent()).toContain('no admin has chosen yet')
    // Closing with typing asks first: leave.
    page.once('dialog', (question) => void question.accept())
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })

    // One click chooses the recommended setting, from the Team tab as from the Overview.
    await page.getByTestId('roster-privacy-notice').getByRole('button', { name: 'Use the recommended setting' }).click()
    await takeToast(page, 'Roster privacy saved')
    await page.getByTestId('roster-privacy-notice').waitFor({ state: 'detached' })
    expect(await settings()).toMatchObject({ privacy: 'consentOnly', updatedAt: expect.any(String) })
    await page.goto('/admin')
    await page.getByText('Lady Hawks Admin').waitFor()
    await settled(page)
    expect(await page.getByTestId('roster-privacy-notice').count()).toBe(0)

    // Now a player with nothing ticked shows first name and initial and no photo, on every door; the dialog says so first.
    await openTab(page, 'Team')
    await page.getByRole('button', { name: 'Add Player' }).click()
    await dialog.getByLabel('Name', { exact: true }).fill('Ava Whitfield')
    await dialog.getByLabel('Jersey number').fill('11')
    await dialog.getByLabel('Position').fill('Forward')
    await dialog.getByLabel('Grade').fill('10')
    await expect.poll(() => preview.textContent()).toContain('Name: shown as “Ava W.”')
    expect(await preview.textContent()).toContain('“First name and last initial; photos only with consent”')
    await dialog.getByRole('checkbox', { name: 'Show full name' }).check()
    await expect.poll(() => preview.textContent()).toContain('Name: shown as “Ava Whitfield”')
    await dialog.getByRole('checkbox', { name: 'Show full name' }).uncheck()
    await expectNoAxeViolations(page, 'the player dialog with what the public will see')
    await dialog.getByRole('button', { name: 'Add Player' }).click()
    await takeToast(page, 'Team member added successfully')
    const stored = (await list('/api/admin/team')).find((p) => p.name === 'Ava Whitfield')
    expect(stored).toMatchObject({ showPhoto: null, showFullName: null })
    const team = (await new ApiClient(env.server.url).get('/api/team')).json as Array<{ name: string; imageUrl: string | null }>
    expect(team.find((p) => p.name.startsWith('Ava'))).toMatchObject({ name: 'Ava W.', imageUrl: null })
    const home = await (await fetch(`${env.server.url}/`)).text()
    expect(home).toContain('Ava W.')
    expect(home).not.toContain('Whitfield')
    // The team left as the test found it: the team test starts from its empty state, whichever runs first.
    expect((await api.delete(`/cms-api/team-members/${stored.id}`)).status).toBe(200)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from '../../testing/databases'
import { CMS_WRITES, SESSION_ROUTES, SOME_ID } from '../../testing/endpoints'
import { addStaffAccount, ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { sumOf } from '../../testing/money'

describe.each(databaseTargets)('admin API on $name', ({ env }) => {
  let server: TestServer
  let admin: ApiClient

  beforeAll(async () => {
    server = await startServer({ seed: 'demo', env })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(() => server?.stop())

  it('every route behind a session answers 401 without one, and Payload refuses every anonymous write', async () => {
    const anonymous = new ApiClient(server.url)
    // Every GET and write of the routers that needs a session (testing/endpoints.ts): money, inbox and accounts included.
    for (const { method, url } of SESSION_ROUTES) {
      const res = await anonymous.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' })
      expect(res.status, `${method} ${url}`).toBe(401)
      expect(res.json, `${method} ${url}`).toEqual({ error: 'Not authenticated' })
    }
    expect(SESSION_ROUTES.map((r) => r.route)).toEqual(
      expect.arrayContaining(['POST /api/admin/donations', 'PUT /api/admin/sponsor-applications/:id', 'POST /api/admin/password']),
    )
    for (const { method, url } of CMS_WRITES) {
      const res = await anonymous.request(method, url, method === 'DELETE' ? undefined : { name: 'x' })
      expect([401, 403], `${method} ${url}: ${res.text}`).toContain(res.status)
    }
  })

  it('a forged session cookie is not a session', async () => {
    const forger = new ApiClient(server.url)
    forger.cookie = 'lhb-token=eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IjEiLCJjb2xsZWN0aW9uIjoiYWRtaW4tdXNlcnMifQ.c2lnbmF0dXJl'
    expect((await forger.get('/api/admin/me')).status).toBe(401)
  })

  describe('campaigns', () => {
    it('create → list → update → delete, with amounts as two-decimal strings', async () => {
      const created = await admin.post('/api/admin/campaigns', {
        name: 'Travel Fund',
        description: 'Bus to the state tournament',
        goalAmount: '1234.56',
        imageUrl: 'travel',
        currentAmount: '999',
        status: 'inactive',
      })
      expect(created.status).toBe(201)
      expect(created.json).toEqual({
        id: expect.any(String),
        name: 'Travel Fund',
        description: 'Bus to the state tournament',
        goalAmount: '1234.56',
        currentAmount: '0.00',
        baseAmount: '0.00',
        giftsAmount: '0.00',
        imageUrl: 'travel',
        isActive: 'true',
        status: 'active',
        createdAt: expect.any(String),
      })

      const list = await admin.get('/api/admin/campaigns')
      expect(list.json.find((c: any) => c.id === created.json.id)).toEqual(created.json)

      const updated = await admin.put(`/api/admin/campaigns/${created.json.id}`, { currentAmount: 100.1, isActive: 'false' })
      expect(updated.status).toBe(200)
      expect(updated.json).toMatchObject({ currentAmount: '100.10', goalAmount: '1234.56', isActive: 'false', status: 'inactive' })

      const publicList = await new ApiClient(server.url).get('/api/campaigns')
      expect(publicList.json.find((c: any) => c.id === created.json.id).status).toBe('inactive')

      expect((await admin.delete(`/api/admin/campaigns/${created.json.id}`)).status).toBe(204)
      const after = await admin.get('/api/admin/campaigns')
      expect(after.json.some((c: any) => c.id === created.json.id)).toBe(false)
    })

    it('money is exact to the cent and refuses a third decimal', async () => {
      const goal = await admin.post('/api/admin/campaigns', { name: 'Cents', description: 'Exact', goalAmount: 1234.56 })
      expect(goal.json.goalAmount).toBe('1234.56')
      const big = await admin.put(`/api/admin/campaigns/${goal.json.id}`, { goalAmount: '99999999.99', currentAmount: '0.3' })
      expect(big.json).toMatchObject({ goalAmount: '99999999.99', currentAmount: '0.30' })
      const bad = await admin.put(`/api/admin/campaigns/${goal.json.id}`, { goalAmount: '10.005' })
      expect(bad.status).toBe(400)
      expect(bad.json.issues[0].path).toBe('goalAmount')
    })

    it('validates with field names and spec messages; unknown ids are 404', async () => {
      const bad = await admin.post('/api/admin/campaigns', { description: '' })
      expect(bad.status).toBe(400)
      expect(bad.json.issues).toEqual([
        { path: 'name', message: 'Required' },
        { path: 'description', message: 'String must contain at least 1 character(s)' },
        { path: 'goalAmount', message: 'Required' },
      ])
      expect((await admin.put(`/api/admin/campaigns/${SOME_ID}`, { name: 'x' })).status).toBe(404)
      expect((await admin.delete(`/api/admin/campaigns/${SOME_ID}`)).status).toBe(404)
      expect((await admin.delete('/api/admin/campaigns/not-an-id')).status).toBe(404)
    })
  })

  describe('team', () => {
    it('uses jerseyNumber and height in the admin API, number publicly', async () => {
      const created = await admin.post('/api/admin/team', {
        name: 'Riley Chen',
        jerseyNumber: '24',
        position: 'Guard',
        grade: 'Freshman',
        height: `5'5"`,
        bio: 'Quick hands',
      })
      expect(created.status).toBe(201)
      expect(created.json).toMatchObject({ name: 'Riley Chen', jerseyNumber: 24, height: `5'5"`, bio: 'Quick hands' })
      expect(created.json).not.toHaveProperty('number')

      const publicPlayer = (await new ApiClient(server.url).get('/api/team')).json.find((p: any) => p.id === created.json.id)
      expect(publicPlayer).toMatchObject({ number: 24, height: `5'5"` })

      const updated = await admin.put(`/api/admin/team/${created.json.id}`, { jerseyNumber: 25, bio: '' })
      expect(updated.json).toMatchObject({ jerseyNumber: 25, bio: null, name: 'Riley Chen' })

      expect((await admin.delete(`/api/admin/team/${created.json.id}`)).status).toBe(204)
      expect((await admin.get('/api/admin/team')).json.some((p: any) => p.id === created.json.id)).toBe(false)
    })

    it("stores an optional field left empty as not given, through /api/admin and Payload's REST alike", async () => {
      const stored = async (id: string) => (await admin.get(`/cms-api/team-members/${id}?depth=0`)).json
      const player = { position: 'Forward', grade: '11' }
      // An optional text (height) and an optional number with a default (displayOrder), given empty: null and 0 on both doors.
      const ours = await admin.post('/api/admin/team', { ...player, name: 'Ada Empty', jerseyNumber: '31', height: '', displayOrder: '' })
      expect(ours.status, ours.text).toBe(201)
      expect(ours.json).toMatchObject({ height: null, displayOrder: 0 })
      const payloads = await admin.post('/cms-api/team-members', {
        ...player,
        name: 'Bea Empty',
        number: 32,
        height: '',
        bio: '  ',
        displayOrder: '',
      })
      expect(payloads.status, payloads.text).toBe(201)
      for (const id of [ours.json.id, payloads.json.doc.id]) expect(await stored(id)).toMatchObject({ height: null, displayOrder: 0 })
      expect(await stored(payloads.json.doc.id)).toMatchObject({ bio: null })

      // Emptied in an edit, on either door, it is not given again; left out of an edit, it stays.
      await admin.put(`/api/admin/team/${ours.json.id}`, { height: `5'9"`, displayOrder: 4 })
      await admin.patch(`/cms-api/team-members/${payloads.json.doc.id}`, { height: `5'10"`, displayOrder: 5 })
      expect((await admin.put(`/api/admin/team/${ours.json.id}`, { bio: 'Left-handed' })).json).toMatchObject({
        height: `5'9"`,
        displayOrder: 4,
      })
      expect((await admin.patch(`/cms-api/team-members/${payloads.json.doc.id}`, { bio: 'Tall' })).status).toBe(200)
      expect(await stored(payloads.json.doc.id)).toMatchObject({ height: `5'10"`, displayOrder: 5 })
      expect((await admin.put(`/api/admin/team/${ours.json.id}`, { height: ' ', displayOrder: '' })).json).toMatchObject({
        height: null,
        displayOrder: 0,
      })
      expect((await admin.patch(`/cms-api/team-members/${payloads.json.doc.id}`, { height: '', displayOrder: '' })).status).toBe(200)
      for (const id of [ours.json.id, payloads.json.doc.id]) expect(await stored(id)).toMatchObject({ height: null, displayOrder: 0 })

      // A required field emptied in an edit is refused on both doors, and stays as it was.
      const refused = await admin.put(`/api/admin/team/${ours.json.id}`, { jerseyNumber: '' })
      expect(refused.status).toBe(400)
      expect(refused.json.issues).toEqual([{ path: 'jerseyNumber', message: 'Required' }])
      expect((await admin.patch(`/cms-api/team-members/${payloads.json.doc.id}`, { number: '' })).status).toBe(400)
      expect(await stored(ours.json.id)).toMatchObject({ number: 31 })
      expect(await stored(payloads.json.doc.id)).toMatchObject({ number: 32 })
    })

    it('refuses a jersey number that is not a whole number from 0 to 99', async () => {
      for (const jerseyNumber of [-1, 100, 1.5, 'abc']) {
        const res = await admin.post('/api/admin/team', { name: 'X', jerseyNumber, position: 'G', grade: '9' })
        expect(res.status, String(jerseyNumber)).toBe(400)
        expect(res.json.issues[0].path).toBe('jerseyNumber')
      }
    })
  })

  describe('games', () => {
    it('create with scores converted to integers or null; update; delete', async () => {
      const created = await admin.post('/api/admin/games', {
        opponent: 'North Valley',
        gameDate: '2026-12-05',
        gameTime: '18:30',
        location: 'North Valley HS',
        isHome: false,
        ourScore: '54',
        opponentScore: '',
      })
      expect(created.status).toBe(201)
      expect(created.json).toEqual({
        id: expect.any(String),
        opponent: 'North Valley',
        gameDate: '2026-12-05',
        gameTime: '18:30',
        location: 'North Valley HS',
        isHome: false,
        ourScore: 54,
        opponentScore: null,
        note: null,
        cancelled: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      })
      const updated = await admin.put(`/api/admin/games/${created.json.id}`, { opponentScore: 48 })
      expect(updated.json).toMatchObject({ ourScore: 54, opponentScore: 48, opponent: 'North Valley' })
      const cleared = await admin.put(`/api/admin/games/${created.json.id}`, { ourScore: null, opponentScore: null })
      expect(cleared.json).toMatchObject({ ourScore: null, opponentScore: null })
      expect((await admin.delete(`/api/admin/games/${created.json.id}`)).status).toBe(204)
    })

    it('defaults isHome to true and enforces the spec limits', async () => {
      const home = await admin.post('/api/admin/games', { opponent: 'A', gameDate: '2027-01-09', gameTime: '19:00', location: 'Gym' })
      expect(home.json.isHome).toBe(true)
      const bad = await admin.post('/api/admin/games', {
        opponent: 'x'.repeat(256),
        gameDate: '2027-02-30',
        gameTime: '19:00 PM EST',
        location: 'Gym',
      })
      expect(bad.status).toBe(400)
      expect(bad.json.issues.map((i: any) => i.path)).toEqual(['opponent', 'gameDate', 'gameTime'])
      expect(bad.json.issues[0].message).toBe('String must contain at most 255 character(s)')
    })

    it('lists games by date', async () => {
      const dates = (await admin.get('/api/admin/games')).json.map((g: any) => g.gameDate)
      expect(dates).toEqual([...dates].sort())
      // The demo seed's three games fall on Nov 13, 18 and 20 of the coming season.
      expect(dates.filter((d: string) => /-11-(13|18|20)$/.test(d)).length).toBeGreaterThanOrEqual(3)
    })
  })

  describe('sponsorship tiers', () => {
    it('create with benefits (blank lines dropped) and color default green; update; delete', async () => {
      const created = await admin.post('/api/admin/sponsorship-tiers', {
        name: 'Slam Dunk',
        amount: 2500,
        description: 'Top tier',
        benefits: ['Banner in the gym', '  ', 'Halftime shout-out'],
      })
      expect(created.status).toBe(201)
      expect(created.json).toEqual({
        id: expect.any(String),
        name: 'Slam Dunk',
        amount: '2500.00',
        color: 'green',
        description: 'Top tier',
        benefits: ['Banner in the gym', 'Halftime shout-out'],
        displayOrder: 0,
        isActive: 'true',
        level: null,
        goodsValue: null,
        createdAt: expect.any(String),
      })
      const updated = await admin.put(`/api/admin/sponsorship-tiers/${created.json.id}`, { benefits: ['Only one'] })
      expect(updated.json).toMatchObject({ benefits: ['Only one'], name: 'Slam Dunk', amount: '2500.00' })
      expect((await admin.delete(`/api/admin/sponsorship-tiers/${created.json.id}`)).status).toBe(204)
    })

    it('lists the three seeded tiers in display order', async () => {
      const tiers = (await admin.get('/api/admin/sponsorship-tiers')).json
      expect(tiers.map((t: any) => [t.name, t.amount])).toEqual([
        ['Free Throw', '300.00'],
        ['Two Point', '600.00'],
        ['Three Point', '1200.00'],
      ])
    })
  })

  describe('donations, sponsorships, contact messages', () => {
    it('donations list newest first with exact amounts; completed ones sum exactly', async () => {
      const res = await admin.get('/api/admin/donations')
      expect(res.status).toBe(200)
      expect(res.json.length).toBe(6)
      expect(Object.keys(res.json[0]).sort()).toEqual(
        [
          'amount',
          'campaignId',
          'createdAt',
          'donorEmail',
          'donorName',
          'id',
          'paymentMethod',
          'status',
          // What the treasurer and the payment webhook record (docs/payments.md).
          'refundedAmount',
          'refundedOn',
          'refunds',
          'reference',
          'receivedAt',
          'notes',
          'paidAt',
          'voidReason',
          'voidCategory',
          'voidedOn',
          'receiptNumber',
          'receiptVoid',
          'history',
          'updatedAt',
          'stripePaymentIntentId',
          'stripeCheckoutSessionId',
          'stripeSubscriptionId',
          // What Stripe's balance says of a card gift, with STRIPE_SECRET_KEY (cms/payments/payouts.ts).
          'stripeFee',
          'stripeNet',
          'stripeBalanceTransactionId',
          'stripePayoutId',
        ].sort(),
      )
      const completed = res.json.filter((d: any) => d.status === 'completed').map((d: any) => d.amount)
      expect(sumOf(completed)).toBe('728.25')
      const created = res.json.map((d: any) => d.createdAt)
      expect(created).toEqual([...created].sort().reverse())
    })

    it('sponsorships list amount and status', async () => {
      const res = await admin.get('/api/admin/sponsorships')
      expect(res.json.map((s: any) => [s.amount, s.status]).sort()).toEqual([
        ['300.00', 'completed'],
        ['600.00', 'completed'],
      ])
    })

    it('contact messages list what visitors sent', async () => {
      await new ApiClient(server.url).post('/api/contact', { name: 'Lee', email: 'lee@example.com', message: 'Go Hawks!' })
      const res = await admin.get('/api/admin/contact-messages')
      expect(res.json[0]).toMatchObject({ name: 'Lee', email: 'lee@example.com', message: 'Go Hawks!', status: 'unread' })
    })
  })

  describe('content', () => {
    it('lists the seeded site text and upserts one record per section + key', async () => {
      const before = (await admin.get('/api/admin/content')).json
      expect(before.find((c: any) => c.section === 'hero' && c.key === 'title').value).toBe('Lady Hawks Boosters')

      const updated = await admin.put('/api/admin/content', { section: 'hero', key: 'title', value: 'Go Lady Hawks!' })
      expect(updated.status).toBe(200)
      expect(updated.json).toMatchObject({ section: 'hero', key: 'title', value: 'Go Lady Hawks!' })

      const created = await admin.put('/api/admin/content', { section: 'contact', key: 'fax', value: '(555) 000-0000' })
      expect(created.status).toBe(200)

      const after = (await admin.get('/api/admin/content')).json
      expect(after.length).toBe(before.length + 1)
      expect(after.filter((c: any) => c.section === 'hero' && c.key === 'title')).toEqual([
        { id: expect.any(String), section: 'hero', key: 'title', value: 'Go Lady Hawks!' },
      ])
    })

    it('refuses a section or key over 100 characters', async () => {
      const res = await admin.put('/api/admin/content', { section: 's'.repeat(101), key: 'k', value: 'v' })
      expect(res.status).toBe(400)
      expect(res.json.issues[0]).toEqual({ path: 'section', message: 'String must contain at most 100 character(s)' })
    })
  })

  describe('history (undo)', () => {
    it('lists who saved each version, when, and what changed in plain words; Restore says what it restored', async () => {
      const editor = { username: 'history.editor', password: 'editors-undo-their-typos-42' }
      await addStaffAccount(admin, { ...editor, role: 'editor' })
      const asEditor = new ApiClient(server.url)
      expect((await asEditor.post('/api/admin/login', editor)).status).toBe(200)

      const created = await admin.post('/api/admin/games', {
        opponent: 'Central High',
        gameDate: '2026-12-05',
        gameTime: '7:00 PM',
        location: 'Home Gym',
        isHome: true,
      })
      expect(created.status).toBe(201)
      const id = created.json.id
      // The editor's save, and an id a client sends for the author, which the server ignores.
      const edited = await asEditor.put(`/api/admin/games/${id}`, { opponent: 'Central Hgih', location: 'Central Gym' })
      expect(edited.status).toBe(200)
      expect((await asEditor.patch(`/cms-api/games/${id}`, { gameTime: '6:00 PM', updatedBy: 'somebody.else' })).status).toBe(200)

      const history = await asEditor.get(`/api/admin/history/games/${id}`)
      expect(history.status).toBe(200)
      const [latest, middle, first] = history.json.entries
      expect(history.json.entries).toHaveLength(3)
      expect(latest).toMatchObject({
        savedBy: editor.username,
        current: true,
        changes: [{ field: 'Time', from: '“7:00 PM”', to: '“6:00 PM”' }],
      })
      expect(middle).toMatchObject({
        savedBy: editor.username,
        current: false,
        changes: [
          { field: 'Opponent', from: '“Central High”', to: '“Central Hgih”' },
          { field: 'Location', from: '“Home Gym”', to: '“Central Gym”' },
        ],
      })
      expect(first).toMatchObject({ savedBy: TEST_ADMIN.username, changes: [] })
      expect(new Date(first.savedAt).getTime()).toBeLessThanOrEqual(new Date(latest.savedAt).getTime())

      // Restore the admin's first save: the answer names each field brought back.
      const restored = await asEditor.post(`/api/admin/history/games/${id}/restore/${first.id}`)
      expect(restored.status, restored.text).toBe(200)
      expect(restored.json.message).toBe(
        `Restored the game as ${TEST_ADMIN.username} saved it: Opponent back to “Central High”; Time back to “7:00 PM”; Location back to “Home Gym”.`,
      )
      expect((await admin.get('/api/admin/games')).json.find((g: { id: string }) => g.id === id)).toMatchObject({
        opponent: 'Central High',
        gameTime: '7:00 PM',
        location: 'Home Gym',
      })
      // The restore is itself a version, by the editor who restored.
      const after = (await asEditor.get(`/api/admin/history/games/${id}`)).json.entries
      expect(after[0]).toMatchObject({ savedBy: editor.username, current: true })

      // Refusals: another record's version, an unknown collection, a record without history, the club's legal details.
      const other = await admin.post('/api/admin/games', {
        opponent: 'North',
        gameDate: '2026-12-09',
        gameTime: '6:00 PM',
        location: 'Away',
        isHome: false,
      })
      expect((await asEditor.post(`/api/admin/history/games/${other.json.id}/restore/${first.id}`)).status).toBe(404)
      expect((await asEditor.get(`/api/admin/history/donations/${id}`)).json).toEqual({ error: 'These records keep no history' })
      expect((await asEditor.get(`/api/admin/history/games/999999`)).status).toBe(404)
      await admin.put('/api/admin/content', { section: 'organization', key: 'ein', value: '12-3456789' })
      const ein = (await admin.get('/api/admin/content')).json.find((c: { key: string }) => c.key === 'ein')
      expect((await admin.get(`/api/admin/history/site-content/${ein.id}`)).status).toBe(200)
      expect((await asEditor.get(`/api/admin/history/site-content/${ein.id}`)).status).toBe(404)
    })
  })
})

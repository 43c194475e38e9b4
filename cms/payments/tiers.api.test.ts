import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer, type TestServer } from '../../testing/server'

/** The text from one card (found by its data-testid in server-rendered HTML) to the next one, or to the end of its section. */
const block = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`)
  expect(start, `${testId} in the page`).toBeGreaterThan(-1)
  const next = html.indexOf(`data-testid="${testId.replace(/-\w+$/, '-')}`, start + 1)
  const end = Math.min(next === -1 ? Infinity : next, html.indexOf('</section>', start))
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
}

/**
 * One source for each sponsorship level (shared/tiers.ts): the public list, the
 * server-rendered home and /sponsor pages, and approvals read the tier records; an empty database shows
 * the spec's levels.
 */
describe('sponsorship tiers from their records', () => {
  let server: TestServer
  let admin: ApiClient
  const visitor = () => new ApiClient(server.url)

  beforeAll(async () => {
    server = await startServer({ seed: 'none' })
    admin = await loggedInAdmin(server.url)
  })
  afterAll(() => server?.stop())

  it('a record changes its level everywhere: name, price and benefits; withdrawn, the level leaves the public pages', async () => {
    const created = await admin.post('/api/admin/sponsorship-tiers', {
      name: 'Three Pointer',
      amount: '1500',
      level: 'gold',
      benefits: ['Title sponsor of the Game Day Program', '6 season tickets'],
      goodsValue: '300',
    })
    expect(created.status).toBe(201)
    const silver = await admin.post('/api/admin/sponsorship-tiers', { name: 'Two Pointer', amount: '650', level: 'silver' })
    const tiers = (await visitor().get('/api/sponsorship-tiers')).json
    expect(tiers[2]).toEqual({
      level: 'gold',
      name: 'Three Pointer',
      amount: '1500.00',
      benefits: ['Title sponsor of the Game Day Program', '6 season tickets'],
      goodsValue: '300.00',
      popular: true,
    })
    const sponsor = (await fetch(`${server.url}/sponsor?tier=gold`).then((r) => r.text())) as string
    expect(block(sponsor, 'tier-card-gold')).toContain('Three Pointer $1,500')
    expect(block(sponsor, 'tier-card-gold')).toContain('6 season tickets')
    expect(block(sponsor, 'selected-amount')).toContain('$1500')
    // The Free Throw card repeats the Two Point price, whatever it is.
    expect(block(sponsor, 'tier-card-bronze')).toContain('Free Throw $650')
    const home = (await fetch(`${server.url}/`).then((r) => r.text())) as string
    expect(block(home, 'home-tier-gold')).toContain('Three Pointer $1500')

    // An approved application is priced from the record.
    const applied = await visitor().post('/api/sponsors', {
      contactName: 'Sam Ortiz',
      contactEmail: 'sam@pizza.test',
      contactPhone: '555-0100',
      companyName: 'Ortiz Pizza',
      companyAddress: '1 Main St',
      businessType: 'restaurant',
      sponsorshipLevel: 'gold',
    })
    expect((await admin.put(`/api/admin/sponsor-applications/${applied.json.id}`, { status: 'approved' })).status).toBe(200)
    const [sponsorship] = (await admin.get('/api/admin/sponsorships')).json
    expect(sponsorship).toMatchObject({
      tier: 'gold',
      amount: '1500.00',
      benefits: ['Title sponsor of the Game Day Program', '6 season tickets'],
    })

    // Withdrawn through Payload's REST: the level leaves the public list and pages.
    expect((await admin.patch(`/cms-api/sponsorship-tiers/${silver.json.id}`, { isActive: 'false' })).status).toBe(200)
    expect((await visitor().get('/api/sponsorship-tiers')).json.map((t: any) => t.level)).toEqual(['bronze', 'gold'])
    const without = (await fetch(`${server.url}/sponsor`).then((r) => r.text())) as string
    expect(without).not.toContain('data-testid="tier-card-silver"')
    expect(without).toContain('data-testid="tier-card-gold"')
  })

  it('only staff read and only admins write tier records; the public list is read-only', async () => {
    expect((await visitor().get('/api/admin/sponsorship-tiers')).status).toBe(401)
    const stored = async () => (await admin.get('/api/admin/sponsorship-tiers')).json
    const before = await stored()
    const tier = { name: 'Anonymous Level', amount: '1', level: 'bronze' }
    for (const path of ['/api/sponsorship-tiers', '/api/admin/sponsorship-tiers', '/cms-api/sponsorship-tiers']) {
      const res = await visitor().post(path, tier)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
    }
    // Nothing stored: the staff list shows every record, withdrawn ones too.
    expect(await stored()).toEqual(before)
  })
})

/** What a database without any records shows: the spec's levels, and no sponsor block. */
describe('sponsorship levels and the sponsor wall on an empty database', () => {
  // A server of its own: the other tests give levels records and record sponsorships; these need none.
  let empty: TestServer
  beforeAll(async () => {
    empty = await startServer({ seed: 'none' })
  })
  afterAll(() => empty?.stop())

  it('shows the spec’s three levels while no record names them', async () => {
    const res = await new ApiClient(empty.url).get('/api/sponsorship-tiers')
    expect(res.status).toBe(200)
    expect(res.json.map((t: any) => [t.level, t.name, t.amount, t.popular])).toEqual([
      ['bronze', 'Free Throw', '300.00', false],
      ['silver', 'Two Point', '600.00', false],
      ['gold', 'Three Point', '1200.00', true],
    ])
    expect(res.json[2].benefits).toEqual([
      'Social media promotion',
      'Title sponsor of the Game Day Program',
      'Passes for your company to attend a game',
      'Special announcements',
      '4 season tickets',
    ])
    const sponsor = (await fetch(`${empty.url}/sponsor?tier=bronze`).then((r) => r.text())) as string
    // The spec's oddity: $600 on the Free Throw card, $300 in the selected-level box.
    expect(block(sponsor, 'tier-card-bronze')).toContain('Free Throw $600')
    expect(block(sponsor, 'selected-amount')).toContain('$300')
    expect(block(sponsor, 'tier-card-gold')).toContain('Three Point $1,200')
    const home = (await fetch(`${empty.url}/`).then((r) => r.text())) as string
    // The home page keeps the spec's second reading of each level while no record names it.
    expect(block(home, 'home-tier-bronze')).toContain('FREE THROW $300 Half spot on rolling ads')
    expect(block(home, 'home-tier-silver')).toContain('2 POINT $600 Full ad spot')
    expect(block(home, 'home-tier-gold')).toContain('3 POINT $1200')
    expect(block(home, 'home-tier-gold')).toContain('Jersey sponsorship')
  })

  it('has an empty sponsor wall, so the home page shows no sponsor block', async () => {
    expect((await new ApiClient(empty.url).get('/api/sponsor-wall')).json).toEqual([])
  })
})

import type { Payload, PayloadRequest } from 'payload'
import { CONTENT_SECTIONS } from '#shared/siteContent'
import { clubDayOf, env } from '../env'
import { DEFAULT_TIERS } from '#shared/tiers'
import {
  campaignSchema,
  donationSchema,
  gameSchema,
  sponsorshipSchema,
  siteContentSchema,
  sponsorshipTierSchema,
  teamMemberRecord,
  teamMemberSchema,
} from '#shared/schemas'
import { toTextFlag } from '#shared/textFlag'
import { inTransaction } from './transaction'

/**
 * The collections that are the server's own bookkeeping, not the club's data: rows in them do not make a database
 * "used". Every other collection of the config counts, money, people, pages, media and accounts alike, and so does a
 * collection added later, without anyone remembering this list.
 */
const BOOKKEEPING = new Set([
  // What the server processes agree on: task times, rate-limit counts, the content stamp (cms/db/serverState.ts).
  'server-state',
  // Failed-login counts and unused sign-in link hashes (cms/auth/throttle.ts).
  'login-throttle',
  // Payload's own: which migrations ran, its key-value store, document locks and staff's admin-screen preferences.
  'payload-migrations',
  'payload-kv',
  'payload-locked-documents',
  'payload-preferences',
])

/** What the database holds of the club's data: `"donations: 1"`-style counts, empty when it holds none. */
export async function clubDataHeld(payload: Payload, req?: PayloadRequest): Promise<string[]> {
  const held: string[] = []
  for (const { slug } of payload.config.collections) {
    if (BOOKKEEPING.has(slug)) continue
    const { totalDocs } = await payload.db.count({ collection: slug, where: {}, req })
    if (totalDocs > 0) held.push(`${slug}: ${totalDocs}`)
  }
  // A global (settings such as the roster's or the receipts') counts once someone saved it.
  for (const { slug } of payload.config.globals) {
    const stored = (await payload.db.findGlobal({ slug, req })) as { createdAt?: unknown; updatedAt?: unknown } | null
    if (stored?.createdAt || stored?.updatedAt) held.push(`${slug}: set`)
  }
  return held
}

/**
 * SEED=demo fills a new, empty database with realistic sample content taken from the spec, so a fresh `npm start`
 * shows a living site. Only into a database that holds none of the club's data (clubDataHeld); in production only
 * when SEED=demo is set explicitly (cms/env.ts). It never creates an admin account. All of it is written in one
 * transaction, with the emptiness check: a failure or a second process starting at once adds nothing.
 */
export async function seedDatabase(payload: Payload) {
  const added = await inTransaction(payload, null, async (req) => {
    const held = await clubDataHeld(payload, req)
    if (held.length) {
      // One line: why nothing was added. Said as a warning when someone asked for it explicitly.
      const level = env.seedExplicit ? 'warn' : 'info'
      payload.logger[level]({ msg: `SEED=demo: no demo content added, the database holds the club's data (${held.join(', ')})` })
      return false
    }
    payload.logger.info({ msg: 'Empty database: adding demo content (SEED=demo)' })
    await writeDemo(payload, req)
    return true
  })
  return added
}

async function writeDemo(payload: Payload, req: PayloadRequest) {
  const campaigns = []
  for (const c of demo.campaigns) {
    const { currentAmount, ...input } = c
    campaigns.push(
      await payload.create({
        collection: 'campaigns',
        data: { ...campaignSchema.parse(input), currentAmount, isActive: toTextFlag(true) },
        req,
      }),
    )
  }
  for (const tier of demo.tiers) {
    await payload.create({ collection: 'sponsorship-tiers', data: sponsorshipTierSchema.parse(tier), req })
  }
  const today = clubDayOf()
  const season = today.slice(5) > '11-20' ? Number(today.slice(0, 4)) + 1 : Number(today.slice(0, 4))
  for (const { day, ...game } of demo.games) {
    await payload.create({ collection: 'games', data: gameSchema.parse({ ...game, gameDate: `${season}-11-${day}` }), req })
  }
  for (const [i, player] of demo.players.entries()) {
    await payload.create({
      collection: 'team-members',
      data: { ...teamMemberRecord(teamMemberSchema.parse({ ...player, displayOrder: i })), isActive: toTextFlag(true) },
      req,
    })
  }
  // Demo gifts raise their campaigns like any gift (cms/payments/ledger.ts), but no receipt goes to their made-up donors.
  const demoGift = { context: { actor: 'demo', noReceipt: true }, req }
  for (const [i, donation] of demo.donations.entries()) {
    const { campaignId, ...data } = donationSchema.parse({ ...donation, campaignId: campaigns[i % campaigns.length].id })
    await payload.create({ collection: 'donations', data: { ...data, campaign: campaignId }, ...demoGift })
  }
  for (const sponsorship of demo.sponsorships) {
    await payload.create({
      collection: 'sponsorships',
      data: { ...sponsorshipSchema.parse(sponsorship), status: 'completed' },
      ...demoGift,
    })
  }
  for (const entry of demo.content) {
    await payload.create({ collection: 'site-content', data: siteContentSchema.parse(entry), req })
  }
}

const demo = {
  campaigns: [
    {
      name: 'New Warm-Up Uniforms',
      description: 'Matching warm-up jackets and shooting shirts for all three teams: Varsity, JV and Freshmen.',
      goalAmount: '4500.00',
      currentAmount: '2875.50',
      imageUrl: 'uniforms',
    },
    {
      name: 'Summer Team Camp',
      description: 'Send every player to the five-day summer skills camp, with lodging and meals covered.',
      goalAmount: '8000.00',
      currentAmount: '3120.00',
      imageUrl: 'camp',
    },
    {
      name: 'Gym Scoreboard Fund',
      description: 'Help replace the 20-year-old scoreboard in the main gym with a modern LED board.',
      goalAmount: '12000.00',
      currentAmount: '12450.00',
      imageUrl: 'scoreboard',
    },
  ],
  // The spec's levels as records (shared/tiers.ts), so the admin shows what the site shows.
  tiers: DEFAULT_TIERS.map(({ popular: _, ...tier }, i) => ({
    ...tier,
    description: `${tier.level[0].toUpperCase()}${tier.level.slice(1)} sponsorship${tier.level === 'gold' ? ': our most popular' : ''}`,
    displayOrder: i,
  })),
  // The three games the site shows without a schedule, as real records in the coming November.
  games: [
    {
      opponent: 'Riverside Ravens',
      day: 13,
      gameTime: '19:00',
      location: 'Lady Hawks Main Gym',
      isHome: true,
      note: 'Exhibition · Free admission',
    },
    { opponent: 'Lakeview Lions', day: 18, gameTime: '18:00', location: 'Lakeview High School', isHome: false },
    { opponent: 'Cedar Creek Cougars', day: 20, gameTime: '18:00', location: 'Cedar Creek High School', isHome: false },
  ],

  players: [
    {
      name: 'Maya Johnson',
      jerseyNumber: 3,
      position: 'Point Guard',
      grade: 'Senior',
      height: '5\'6"',
      bio: 'Team captain and floor general.',
    },
    {
      name: 'Ava Martinez',
      jerseyNumber: 10,
      position: 'Shooting Guard',
      grade: 'Junior',
      height: '5\'8"',
      bio: 'Led the district in three-pointers last season.',
    },
    { name: 'Chloe Williams', jerseyNumber: 15, position: 'Small Forward', grade: 'Senior', height: '5\'10"', bio: null },
    { name: 'Jordan Lee', jerseyNumber: 22, position: 'Power Forward', grade: 'Sophomore', height: '6\'0"', bio: 'Rebounding machine.' },
    { name: 'Emma Davis', jerseyNumber: 33, position: 'Center', grade: 'Junior', height: '6\'2"', bio: null },
  ],
  // Handed over (a card gift is recorded by Stripe's webhook alone: cms/payments/moneyRules.ts).
  donations: [
    {
      donorName: 'The Thompson Family',
      donorEmail: 'thompsons@example.com',
      amount: '250.00',
      status: 'completed',
      paymentMethod: 'check',
    },
    { donorName: 'Coach Rivera', donorEmail: 'rivera@example.com', amount: '100.00', status: 'completed', paymentMethod: 'cash' },
    { donorName: 'Anonymous', donorEmail: 'anon@example.com', amount: '25.50', status: 'completed', paymentMethod: 'cash' },
    { donorName: 'Patel Dental', donorEmail: 'office@pateldental.example', amount: '500.00', status: 'pending', paymentMethod: 'check' },
    { donorName: 'Grandma Lee', donorEmail: 'glee@example.com', amount: '40.00', status: 'completed', paymentMethod: 'check' },
    { donorName: 'Booster Bake Sale', donorEmail: 'bakesale@example.com', amount: '312.75', status: 'completed', paymentMethod: 'cash' },
  ],
  sponsorships: [
    {
      sponsorName: 'Dana Brooks',
      sponsorEmail: 'dana@brooksauto.example',
      sponsorCompany: 'Brooks Auto Repair',
      tier: 'silver',
      amount: '600',
      website: 'https://brooksauto.example',
    },
    { sponsorName: 'Sam Ortiz', sponsorEmail: 'sam@ortizpizza.example', sponsorCompany: 'Ortiz Pizza', tier: 'bronze', amount: '300' },
  ],
  // The site text as the site shows it without any content: editors start from the real wording.
  content: CONTENT_SECTIONS.flatMap(({ section, fields }) =>
    fields.filter((f) => f.fallback).map(({ key, fallback }) => ({ section, key, value: fallback })),
  ),
}

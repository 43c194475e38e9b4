import type { Payload, PayloadRequest } from 'payload'
import { campaignSchema, donationSchema, sponsorshipSchema, sponsorshipTierSchema } from '#shared/schemas'
import { toTextFlag } from '#shared/textFlag'
import { DEFAULT_TIERS } from '#shared/tiers'

/** SEED=demo's money (cms/db/seed.ts runs the domains' seeds): campaigns, the spec's tiers, and gifts raising the campaigns. */
export async function seedMoney(payload: Payload, req: PayloadRequest) {
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
}

import type { Payload, PayloadRequest } from 'payload'
import { clubDayOf } from '../env'

/**
 * SEED=demo's memberships: this school year's season (open for joining) with three levels, last year's, and a
 * few families: paid by check and cash, one comped, one pending, two members of last season not yet renewed.
 * Their payments count in the books like any dues, but no receipt or reminder goes to their made-up addresses
 * (example.org, which no mail reaches).
 */
export async function seedMembership(payload: Payload, req: PayloadRequest) {
  const today = clubDayOf()
  // The school year around today: August to July.
  const year = Number(today.slice(0, 4)) - (today.slice(5, 7) < '08' ? 1 : 0)
  const seasonOf = (y: number) => ({
    label: `${y}–${String((y + 1) % 100).padStart(2, '0')}`,
    startsOn: `${y}-08-01`,
    endsOn: `${y + 1}-07-31`,
    renewalOpensOn: `${y}-07-01`,
    renewalDeadline: `${y}-09-30`,
    graceDays: 14,
    refundDays: 7,
  })
  // In the seed's transaction (cms/db/seed.ts).
  const demo = { req, context: { actor: 'demo', noReceipt: true } }
  const last = await payload.create({ collection: 'seasons', data: seasonOf(year - 1), ...demo })
  const season = await payload.create({ collection: 'seasons', data: seasonOf(year), ...demo })
  const levelsOf = async (seasonId: string, late: boolean) => {
    const family = await payload.create({
      collection: 'membership-levels',
      data: {
        season: seasonId,
        name: 'Family',
        description: 'Supports the program all season: uniforms, travel, banquet and senior night.',
        benefits: ['Booster newsletter', 'Vote at booster meetings'],
        price: '60.00',
        perAdditionalAthlete: '15.00',
        householdCap: '75.00',
        // Late joiners pay less from January on.
        ...(late ? { latePrice: '45.00', lateFrom: `${year + 1}-01-01` } : {}),
        benefitsValue: '0.00',
        taxTreatment: 'contribution',
        displayOrder: 0,
      },
      ...demo,
    })
    await payload.create({
      collection: 'membership-levels',
      data: {
        season: seasonId,
        name: 'Family Plus',
        description: 'Everything in Family, and two season passes to every home game.',
        benefits: ['Booster newsletter', 'Vote at booster meetings', 'Two season passes'],
        price: '150.00',
        perAdditionalAthlete: '0.00',
        benefitsValue: '60.00',
        taxTreatment: 'contribution-with-benefits',
        displayOrder: 1,
      },
      ...demo,
    })
    await payload.create({
      collection: 'membership-levels',
      data: {
        season: seasonId,
        name: 'Player fee',
        description: 'The program fee each player’s family pays to take part: practice gear and tournament entries.',
        price: '120.00',
        perAdditionalAthlete: '120.00',
        benefitsValue: '0.00',
        taxTreatment: 'participation-fee',
        displayOrder: 2,
      },
      ...demo,
    })
    return family
  }
  const lastFamily = await levelsOf(last.id, false)
  const family = await levelsOf(season.id, true)
  const { docs: players } = await payload.find({ collection: 'team-members', sort: 'displayOrder', limit: 6, depth: 0, req })
  const families = [
    {
      name: 'The Rivera family',
      adults: [
        ['Ana Rivera', 'ana.rivera'],
        ['Luis Rivera', 'luis.rivera'],
      ],
      athletes: 2,
      paid: 'check',
      last: true,
    },
    { name: 'The Okafor family', adults: [['Grace Okafor', 'grace.okafor']], athletes: 1, paid: 'cash', last: true },
    { name: 'The Nguyen family', adults: [['Minh Nguyen', 'minh.nguyen']], athletes: 1, paid: 'comp', last: false },
    { name: 'The Brooks family', adults: [['Dana Brooks', 'dana.brooks']], athletes: 1, paid: null, last: false },
    { name: 'The Schmidt family', adults: [['Karin Schmidt', 'karin.schmidt']], athletes: 1, paid: null, last: true },
    { name: 'The Haddad family', adults: [['Omar Haddad', 'omar.haddad']], athletes: 1, paid: null, last: true },
  ] as const
  let nextPlayer = 0
  for (const [i, f] of families.entries()) {
    const household = await payload.create({
      collection: 'households',
      data: {
        name: f.name,
        adults: f.adults.map(([name, email]) => ({ name, email: `${email}@example.org`, receivesMail: true })),
        athletes: players.slice(nextPlayer, (nextPlayer += f.athletes)).map((p) => p.id),
      },
      ...demo,
    })
    const join = async (seasonId: string, level: string, paid: string | null, day: string) => {
      const membership = await payload.create({
        collection: 'memberships',
        data: {
          household: household.id,
          season: seasonId,
          level,
          athletes: f.athletes,
          ...(paid === 'comp' ? { status: 'comped' as const, compReason: 'Coach’s family' } : { status: 'pending' as const }),
        },
        ...demo,
      })
      if (paid === 'cash' || paid === 'check')
        await payload.create({
          collection: 'dues',
          data: {
            membership: membership.id,
            paymentMethod: paid,
            receivedAt: day,
            reference: paid === 'check' ? '1042' : null,
            status: 'completed',
            amount: membership.amount ?? '0.00',
          },
          ...demo,
        })
    }
    // Last season's members paid then; Rivera and Okafor renewed, Schmidt and Haddad have not yet.
    if (f.last) await join(last.id, lastFamily.id, 'check', `${year - 1}-08-20`)
    if (f.paid || i === 3) await join(season.id, family.id, f.paid, `${year}-08-20` > today ? today : `${year}-08-20`)
  }
}

import { describe, expect, it } from 'vitest'
import {
  benefitsInWords,
  duesAmount,
  duesCents,
  isJoinable,
  joinFieldOf,
  joinOpensOn,
  joinRequestFrom,
  MEMBER_STATUSES,
  MEMBERSHIP_STATUSES,
  notDeductibleCents,
  TAX_TREATMENT_LABELS,
} from './membership'

/** Every figure below is worked out by hand from the level's prices; none is read back from the module. */
const FAMILY = { price: '60.00', perAdditionalAthlete: '15.00', householdCap: '90.00', latePrice: '75.00', lateFrom: '2026-12-01' }

describe('membership dues and what the IRS sees of them', () => {
  it('prices the base, each athlete after the first, the household cap, and the late price from its day on', () => {
    // Before the late day: $60, $60, $75, $90, then the cap holds at $90.
    expect([0, 1, 2, 3, 4].map((athletes) => duesCents(FAMILY, athletes, '2026-11-30'))).toEqual([6000, 6000, 7500, 9000, 9000])
    // From the late day on (that day included): $75 base, $90 for two, capped at $90 after.
    expect([1, 2, 3].map((athletes) => duesCents(FAMILY, athletes, '2026-12-01'))).toEqual([7500, 9000, 9000])
    expect(duesCents(FAMILY, 1, '2027-03-01')).toBe(7500)
    // No cap: $60 + 3 × $15. A late price without its day, or a day without its price, is never charged.
    expect(duesCents({ price: '60.00', perAdditionalAthlete: '15.00' }, 4, '2026-12-01')).toBe(10500)
    expect(duesCents({ price: '60.00', latePrice: '75.00', lateFrom: null }, 1, '2027-01-01')).toBe(6000)
    expect(duesCents({ price: '60.00', latePrice: null, lateFrom: '2026-12-01' }, 1, '2027-01-01')).toBe(6000)
    // Cents survive the arithmetic: $25.50 + 2 × $7.25.
    expect(duesAmount({ price: '25.50', perAdditionalAthlete: '7.25' }, 3, '2026-12-01')).toBe('40.00')
    expect(duesAmount({ price: '25.50', perAdditionalAthlete: '7.20' }, 2, '2026-12-01')).toBe('32.70')
  })

  it('counts as no contribution the benefits’ value (never more than was paid), or all of a participation fee', () => {
    expect(notDeductibleCents('contribution', '40.00', 6000)).toBe(0)
    expect(notDeductibleCents('contribution-with-benefits', '40.00', 10000)).toBe(4000)
    expect(notDeductibleCents('contribution-with-benefits', '140.00', 10000)).toBe(10000)
    expect(notDeductibleCents('contribution-with-benefits', null, 10000)).toBe(0)
    expect(notDeductibleCents('participation-fee', '40.00', 6000)).toBe(6000)
  })

  it('counts a household as a member while its membership is active or comped, and names each tax treatment', () => {
    const member = { pending: false, active: true, lapsed: false, refunded: false, cancelled: false, comped: true }
    expect(Object.keys(member).sort()).toEqual([...MEMBERSHIP_STATUSES].sort())
    for (const [status, isMember] of Object.entries(member)) expect(MEMBER_STATUSES.includes(status as never), status).toBe(isMember)
    expect(TAX_TREATMENT_LABELS).toEqual({
      contribution: 'Contribution (member benefits of insubstantial value)',
      'contribution-with-benefits': 'Contribution with benefits of a stated value',
      'participation-fee': 'Participation fee (not a contribution)',
    })
  })

  it('says in words what of the dues buys goods and what is deductible', () => {
    expect(benefitsInWords('contribution', '25.00', '60.00')).toBe(
      'Of your $60, $0 buys goods or services; $60 is a tax-deductible contribution.',
    )
    expect(benefitsInWords('contribution-with-benefits', '40.00', '100.00')).toBe(
      'Of your $100, $40 buys goods or services; $60 is a tax-deductible contribution.',
    )
    expect(benefitsInWords('contribution-with-benefits', '12.50', '1250.00')).toBe(
      'Of your $1,250, $12.50 buys goods or services; $1,237.50 is a tax-deductible contribution.',
    )
    expect(benefitsInWords('participation-fee', '0.00', '75.00')).toBe(
      'Of your $75, all of it pays for taking part in the program: it is a participation fee, not a tax-deductible contribution.',
    )
  })

  it('opens joining at the season’s start or its renewal opening, whichever is first, through the season’s last day', () => {
    const season = { startsOn: '2026-11-01', endsOn: '2027-03-31', renewalOpensOn: '2026-10-01', renewalDeadline: '2026-11-15' }
    expect(joinOpensOn(season)).toBe('2026-10-01')
    expect(joinOpensOn({ ...season, renewalOpensOn: '2026-11-10' })).toBe('2026-11-01')
    expect(['2026-09-30', '2026-10-01', '2027-03-31', '2027-04-01'].map((day) => isJoinable(season, day))).toEqual([
      false,
      true,
      true,
      false,
    ])
    expect(isJoinable({ ...season, renewalOpensOn: '2026-11-10' }, '2026-10-31')).toBe(false)
  })

  it('sends the join form’s second adult only when given, and names the field an issue is about', () => {
    const first = {
      levelId: '7',
      householdName: 'The Rivera family',
      adult1Name: 'Ana Rivera',
      adult1Email: 'ana@example.com',
      athletes: '2',
    }
    expect(joinRequestFrom({ ...first, adult2Name: ' ', adult2Email: '' })).toEqual({
      levelId: '7',
      householdName: 'The Rivera family',
      adults: [{ name: 'Ana Rivera', email: 'ana@example.com' }],
      athletes: '2',
    })
    expect(joinRequestFrom({ ...first, adult2Name: '', adult2Email: 'luis@example.com' }).adults).toEqual([
      { name: 'Ana Rivera', email: 'ana@example.com' },
      { name: '', email: 'luis@example.com' },
    ])
    // An address of spaces is no second adult either.
    expect(joinRequestFrom({ ...first, adult2Name: '', adult2Email: '  ' }).adults).toHaveLength(1)
    expect(joinRequestFrom({})).toEqual({ levelId: '', householdName: '', adults: [{ name: '', email: '' }], athletes: '' })
    expect(joinFieldOf('adults.0.email')).toBe('adult1Email')
    expect(joinFieldOf('adults.1.name')).toBe('adult2Name')
    // An adult the form has no field for (the fifth), or the list itself: the last adult's field on the form.
    expect(joinFieldOf('adults')).toBe('adult2Email')
    expect(joinFieldOf('adults.4')).toBe('adult2Email')
    expect(joinFieldOf('household.adults.0.email')).toBe('household')
    expect(joinFieldOf('householdName')).toBe('householdName')
    expect(joinFieldOf('athletes.count')).toBe('athletes')
  })
})

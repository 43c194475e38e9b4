import { describe, expect, it } from 'vitest'
import { formText, orNull } from './notGiven'
import {
  campaignSchema,
  contactSchema,
  gameSchema,
  gameUpdateSchema,
  sponsorshipTierSchema,
  sponsorshipTierUpdateSchema,
  teamMemberSchema,
  teamMemberUpdateSchema,
} from './schemas'

describe('shared schemas', () => {
  it('use the spec generic messages', () => {
    const result = contactSchema.safeParse({ email: 'nope', name: '' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'String must contain at least 1 character(s)'],
      ['email', 'Invalid email'],
      ['message', 'Required'],
    ])
  })

  it('strip unknown fields', () => {
    const parsed = campaignSchema.parse({ name: 'A', description: 'B', goalAmount: '5', status: 'active', currentAmount: '9' })
    expect(parsed).toEqual({ name: 'A', description: 'B', goalAmount: '5.00', imageUrl: null })
  })

  it('turn empty scores into null on create and leave absent scores alone on update', () => {
    const game = { opponent: 'A', gameDate: '2026-11-13', gameTime: '19:00', location: 'Gym' }
    expect(gameSchema.parse({ ...game, ourScore: '', opponentScore: '12' })).toMatchObject({ ourScore: null, opponentScore: 12 })
    expect(gameSchema.parse(game)).toMatchObject({ ourScore: null, opponentScore: null, isHome: true })
    expect(gameUpdateSchema.parse({ opponent: 'B' })).toEqual({ opponent: 'B' })
  })

  it('drop blank benefit lines', () => {
    expect(sponsorshipTierSchema.parse({ name: 'T', amount: 1, benefits: ['a', '', '  ', 'b'] }).benefits).toEqual(['a', 'b'])
  })

  it('read "not given" one way: an optional text or number given empty is null or its default, a required one Required', () => {
    const player = { name: 'Maya Diaz', jerseyNumber: '12', position: 'Guard', grade: '10' }
    // An optional text (height) and an optional number with a default (displayOrder), given empty, blank or null.
    for (const empty of ['', '   ', null]) {
      expect(teamMemberSchema.parse({ ...player, height: empty, displayOrder: empty })).toMatchObject({ height: null, displayOrder: 0 })
      expect(teamMemberUpdateSchema.parse({ height: empty, displayOrder: empty })).toEqual({ height: null, displayOrder: 0 })
      // A required text or number given empty is refused, on a new record and on an edit alike.
      const refused = teamMemberUpdateSchema.safeParse({ name: empty, jerseyNumber: empty })
      expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'jerseyNumber'])
    }
    expect(teamMemberSchema.parse({ ...player, height: ` 5'8" `, displayOrder: '3' })).toMatchObject({ height: `5'8"`, displayOrder: 3 })
    // Left out of an edit, a field stays as it is: nothing in the update.
    expect(teamMemberUpdateSchema.parse({})).toEqual({})
    expect(sponsorshipTierUpdateSchema.parse({})).toEqual({})
    // An optional amount and an optional choice given empty are null, as an optional text is.
    expect(sponsorshipTierUpdateSchema.parse({ goodsValue: '', level: ' ' })).toEqual({ goodsValue: null, level: null })
    expect(sponsorshipTierSchema.safeParse({ name: 'T', amount: 1, goodsValue: 'abc' }).success).toBe(false)
  })

  it('answer not given as null and show it as an empty box', () => {
    expect([undefined, null, '', '  ', 'x', 0].map(orNull)).toEqual([null, null, null, null, 'x', 0])
    expect([undefined, null, '', 12, 0, '5\'8"'].map(formText)).toEqual(['', '', '', '12', '0', '5\'8"'])
  })
})

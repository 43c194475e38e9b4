import { describe, expect, it } from 'vitest'
import { campaignSchema, contactSchema, gameSchema, gameUpdateSchema, sponsorshipTierSchema } from './schemas'

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
})

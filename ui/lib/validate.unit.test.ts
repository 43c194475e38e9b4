import { describe, expect, it } from 'vitest'
import { issuesToFieldErrors } from './validate'

describe('field errors', () => {
  it('keeps the first message per top-level field and says Required for empty text', () => {
    expect(
      issuesToFieldErrors([
        { path: ['name'], message: 'String must contain at least 1 character(s)' },
        { path: ['name'], message: 'second' },
        { path: ['benefits', 2], message: 'String must contain at most 200 character(s)' },
      ]),
    ).toEqual({ name: 'Required', benefits: 'String must contain at most 200 character(s)' })
  })
})

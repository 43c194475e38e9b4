import { describe, expect, it } from 'vitest'
import { issuesToFieldErrors, serverFieldErrors } from './form'
import { loginFailureDescription } from './session'

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

  it('maps a server 400 with issues onto fields', () => {
    const error = new Error('400: {"error":"Invalid body","issues":[{"path":"goalAmount","message":"Must be greater than 0"}]}')
    expect(serverFieldErrors(error)).toEqual({ goalAmount: 'Must be greater than 0' })
    expect(serverFieldErrors(new Error('400: {"error":"x","issues":[{"path":["jerseyNumber"],"message":"Bad"}]}'))).toEqual({
      jerseyNumber: 'Bad',
    })
  })

  it('ignores other errors', () => {
    expect(serverFieldErrors(new Error('500: {"error":"boom"}'))).toBeNull()
    expect(serverFieldErrors(new Error('400: not json'))).toBeNull()
    expect(serverFieldErrors(new Error('400: {"error":"no issues"}'))).toBeNull()
  })
})

describe('login failure wording (SPEC §8)', () => {
  it('hides the server text for wrong credentials', () => {
    expect(loginFailureDescription(new Error('401: {"error":"Invalid credentials"}'))).toBe('Invalid username or password')
  })
  it('shows the server message otherwise', () => {
    expect(loginFailureDescription(new Error('423: {"error":"Account locked, try again later"}'))).toBe('Account locked, try again later')
  })
})

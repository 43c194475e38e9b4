import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { loginFailureDescription } from './session'

const jsonError = (status: number, body: string) =>
  ApiError.fromResponse(new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } }))

describe('login failure wording (docs/API.md)', () => {
  it('hides the server text for wrong credentials', async () => {
    expect(loginFailureDescription(await jsonError(401, '{"error":"Invalid credentials"}'))).toBe('Invalid username or password')
  })
  it('shows the server message otherwise', async () => {
    expect(loginFailureDescription(await jsonError(423, '{"error":"Account locked, try again later"}'))).toBe('Account locked, try again later')
  })
})

import { describe, expect, it } from 'vitest'
import { apiErrorFor } from '#testing/apiError'
import { errorMessage, isUnauthorized, serverFieldErrors } from './errors'
import { loginFailureDescription } from './session'

describe('error messages for people', () => {
  it('shows the server sentence, else the body text, else the status text', async () => {
    expect(errorMessage(await apiErrorFor(400, '{"error":"Invalid body","issues":[]}', { json: true }))).toBe('Invalid body')
    expect(errorMessage(await apiErrorFor(500, 'Database unavailable'))).toBe('Database unavailable')
    expect(errorMessage(await apiErrorFor(503, null, { statusText: 'Service Unavailable' }))).toBe('Service Unavailable')
    expect(errorMessage(await apiErrorFor(502, '{"error":', { json: true }))).toBe('{"error":')
  })

  it('errorMessage reads any failure; isUnauthorized is a 401 ApiError only', async () => {
    expect(errorMessage(await apiErrorFor(409, '{"error":"Taken"}', { json: true }))).toBe('Taken')
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
    expect(isUnauthorized(await apiErrorFor(401, '{"error":"Not authenticated"}', { json: true }))).toBe(true)
    expect(isUnauthorized(await apiErrorFor(403, '{"error":"No"}', { json: true }))).toBe(false)
    expect(isUnauthorized(new Error('401: x'))).toBe(false)
  })
})

describe('server field errors', () => {
  it('maps a server 400 with issues onto fields', async () => {
    const error = await apiErrorFor(400, '{"error":"Invalid body","issues":[{"path":"goalAmount","message":"Must be greater than 0"}]}', {
      json: true,
    })
    expect(serverFieldErrors(error)).toEqual({ goalAmount: 'Must be greater than 0' })
    expect(
      serverFieldErrors(await apiErrorFor(400, '{"error":"x","issues":[{"path":"jerseyNumber","message":"Bad"}]}', { json: true })),
    ).toEqual({
      jerseyNumber: 'Bad',
    })
  })

  it('ignores other errors', async () => {
    expect(serverFieldErrors(await apiErrorFor(500, '{"error":"boom"}', { json: true }))).toBeNull()
    expect(serverFieldErrors(await apiErrorFor(400, 'not json'))).toBeNull()
    expect(serverFieldErrors(await apiErrorFor(400, '{"error":"no issues"}', { json: true }))).toBeNull()
    expect(serverFieldErrors(new Error('400: {"error":"x","issues":[{"path":"name","message":"Bad"}]}'))).toBeNull()
  })
})

describe('login failure wording (docs/API.md)', () => {
  it('hides the server text for wrong credentials', async () => {
    expect(loginFailureDescription(await apiErrorFor(401, '{"error":"Invalid credentials"}', { json: true }))).toBe(
      'Invalid username or password',
    )
  })
  it('shows the server message otherwise', async () => {
    expect(loginFailureDescription(await apiErrorFor(423, '{"error":"Account locked, try again later"}', { json: true }))).toBe(
      'Account locked, try again later',
    )
  })
})

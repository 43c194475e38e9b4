import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { serverFieldErrors } from './serverErrors'

/** An ApiError as the fetch wrapper makes it from a JSON or text answer. */
const jsonError = (status: number, body: string) =>
  ApiError.fromResponse(new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } }))
const textError = (status: number, body: string) => ApiError.fromResponse(new Response(body, { status }))

describe('server field errors', () => {
  it('maps a server 400 with issues onto fields', async () => {
    const error = await jsonError(400, '{"error":"Invalid body","issues":[{"path":"goalAmount","message":"Must be greater than 0"}]}')
    expect(serverFieldErrors(error)).toEqual({ goalAmount: 'Must be greater than 0' })
    expect(serverFieldErrors(await jsonError(400, '{"error":"x","issues":[{"path":"jerseyNumber","message":"Bad"}]}'))).toEqual({
      jerseyNumber: 'Bad',
    })
  })

  it('ignores other errors', async () => {
    expect(serverFieldErrors(await jsonError(500, '{"error":"boom"}'))).toBeNull()
    expect(serverFieldErrors(await textError(400, 'not json'))).toBeNull()
    expect(serverFieldErrors(await jsonError(400, '{"error":"no issues"}'))).toBeNull()
    expect(serverFieldErrors(new Error('400: {"error":"x","issues":[{"path":"name","message":"Bad"}]}'))).toBeNull()
  })
})

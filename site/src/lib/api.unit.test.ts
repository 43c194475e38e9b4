import { describe, expect, it } from 'vitest'
import { ApiError, errorMessage, isUnauthorized } from './api'

const answer = (status: number, body: string | null, init: { statusText?: string; json?: boolean } = {}) =>
  ApiError.fromResponse(
    new Response(body, {
      status,
      statusText: init.statusText,
      headers: init.json ? { 'Content-Type': 'application/json; charset=utf-8' } : undefined,
    }),
  )

describe('ApiError', () => {
  it('says "<status>: <body text>" and keeps the status, the text and the parsed JSON', async () => {
    const error = await answer(400, '{"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}', { json: true })
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('400: {"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}')
    expect(error.status).toBe(400)
    expect(error.body).toBe('{"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}')
    expect(error.json).toEqual({ error: 'Invalid body', issues: [{ path: 'name', message: 'Required' }] })
    expect(error.serverMessage).toBe('Invalid body')
  })

  it('falls back to the status text when the body is empty', async () => {
    const error = await answer(503, null, { statusText: 'Service Unavailable' })
    expect(error.message).toBe('503: Service Unavailable')
    expect(error.body).toBe('')
    expect(error.json).toBeUndefined()
    expect(error.serverMessage).toBe('Service Unavailable')
  })

  it('shows a text body as it is, and does not parse JSON that is not declared or not valid', async () => {
    expect((await answer(500, 'Database unavailable')).serverMessage).toBe('Database unavailable')
    expect((await answer(500, '{"error":"x"}')).json).toBeUndefined()
    const broken = await answer(502, '{"error":', { json: true })
    expect(broken.json).toBeUndefined()
    expect(broken.serverMessage).toBe('{"error":')
  })

  it('errorMessage reads any failure; isUnauthorized is a 401 ApiError only', async () => {
    expect(errorMessage(await answer(409, '{"error":"Taken"}', { json: true }))).toBe('Taken')
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
    expect(isUnauthorized(await answer(401, '{"error":"Not authenticated"}', { json: true }))).toBe(true)
    expect(isUnauthorized(await answer(403, '{"error":"No"}', { json: true }))).toBe(false)
    expect(isUnauthorized(new Error('401: x'))).toBe(false)
  })
})

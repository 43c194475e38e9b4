import { describe, expect, it } from 'vitest'
import { apiErrorFor } from '../../testing/apiError'

describe('ApiError', () => {
  it('says "<status>: <body text>" and keeps the status, the text and the parsed JSON', async () => {
    const error = await apiErrorFor(400, '{"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}', { json: true })
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('400: {"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}')
    expect(error.status).toBe(400)
    expect(error.body).toBe('{"error":"Invalid body","issues":[{"path":"name","message":"Required"}]}')
    expect(error.json).toEqual({ error: 'Invalid body', issues: [{ path: 'name', message: 'Required' }] })
  })

  it('falls back to the status text when the body is empty', async () => {
    const error = await apiErrorFor(503, null, { statusText: 'Service Unavailable' })
    expect(error.message).toBe('503: Service Unavailable')
    expect(error.body).toBe('')
    expect(error.json).toBeUndefined()
  })

  it('shows a text body as it is, and does not parse JSON that is not declared or not valid', async () => {
    expect((await apiErrorFor(500, 'Database unavailable')).message).toBe('500: Database unavailable')
    expect((await apiErrorFor(500, '{"error":"x"}')).json).toBeUndefined()
    const broken = await apiErrorFor(502, '{"error":', { json: true })
    expect(broken.json).toBeUndefined()
    expect(broken.body).toBe('{"error":')
  })
})

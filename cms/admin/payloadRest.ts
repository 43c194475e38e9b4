import compression from 'compression'
import type { NextFunction, Request, Response } from 'express'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { handleEndpoints, type Payload } from 'payload'
import { toWebHeaders } from '../auth/sessionUser'
import { checkedBodies } from '../security/cmsApi'

/**
 * Payload's REST under /cms-api, answered by Payload's own `handleEndpoints`, which Payload offers to any server that
 * speaks Fetch's Request and Response. It is all Next's route for it (templates/blank's `api/[...slug]/route.ts`)
 * does, so /cms-api no longer loads Next: a process that only serves the REST saves Next's start (about 1.5 CPU s),
 * and each request Next's routing around it. What guards the REST stays in front of it (cms/admin/next.ts: bounds,
 * cross-site writes, closed auth routes, the session's deadline, the two-factor requirement).
 */
export function payloadRest(payload: Payload) {
  // Next compressed its answers; ours are compressed here (cms/app.ts compresses only what comes after the admin).
  const compress = compression()
  return (req: Request, res: Response, next: NextFunction) => {
    compress(req, res, () => {
      answer(payload, req, res).catch(next)
    })
  }
}

async function answer(payload: Payload, req: Request, res: Response) {
  // Payload has no HEAD endpoints: a HEAD is the GET without its body, as Next answered it.
  const method = req.method === 'HEAD' ? 'GET' : req.method
  const aborted = new AbortController()
  res.once('close', () => aborted.abort())
  // On the server's own origin (SERVER_URL), not one a Host header names.
  const request = new Request(new URL(req.url, payload.config.serverURL || 'http://localhost'), {
    method,
    headers: toWebHeaders(req),
    signal: aborted.signal,
    // The body as cms/security/cmsApi.ts read and checked it (POST, PUT, PATCH); any other method's as it comes.
    ...(method === 'GET' ? {} : { body: checkedBodies.get(req) ?? (Readable.toWeb(req) as ReadableStream), duplex: 'half' }),
  } as RequestInit)
  const response = await handleEndpoints({ config: payload.config, request })
  res.status(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel()
    return res.end()
  }
  // A stream that fails half-way (a file gone while it is read) ends this answer, not the process.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res)
}

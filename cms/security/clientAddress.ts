import type { RequestHandler } from 'express'
import { env } from '../env'
import { logLine } from '../http/log'

/**
 * The visitor's address as Express resolved it (`trust proxy` = TRUST_PROXY),
 * handed to code that only sees a Web Request (Payload's hooks, its REST and
 * admin) in a header that this middleware always overwrites: whatever a client
 * sends under this name is replaced before anything reads it. Mount it first.
 */
export const CLIENT_ADDRESS_HEADER = 'x-lhb-client-address'

export const stampClientAddress: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  if (!warnedOfProxy && req.headers['x-forwarded-for'] !== undefined)
    warnOfUntrustedProxy(req.socket.remoteAddress ?? 'unknown', req.app.get('trust proxy fn'))
  next()
}

let warnedOfProxy = false

/**
 * A proxy in front whose address TRUST_PROXY does not name (or no TRUST_PROXY at all) makes every visitor one address
 * to the rate limits: said once, in one warning line, at the first forwarded request from an address not trusted.
 */
function warnOfUntrustedProxy(from: string, trusted: (address: string, hop: number) => boolean) {
  if (trusted(from, 0)) return
  warnedOfProxy = true
  const loopback = /^(::ffff:)?127\.|^::1$/.test(from)
  const fix = loopback ? 'TRUST_PROXY=loopback' : `TRUST_PROXY=${from.replace(/^::ffff:/, '')}`
  logLine(
    'warn',
    'boosters',
    env.TRUST_PROXY
      ? `Requests with X-Forwarded-For arrive from ${from}, which TRUST_PROXY (${env.TRUST_PROXY}) does not name: if that is your proxy, every visitor shares its rate limits until you set ${fix}; if not, someone reaches the server around the proxy.`
      : `Requests with X-Forwarded-For arrive from ${from} and TRUST_PROXY is not set: if that is your proxy, every visitor shares its rate limits until you set ${fix}.`,
  )
}

export function clientAddressOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
}

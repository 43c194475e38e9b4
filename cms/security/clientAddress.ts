import type { RequestHandler } from 'express'

/**
 * The visitor's address as Express resolved it (`trust proxy` = TRUST_PROXY),
 * handed to code that only sees a Web Request (Payload's hooks, its REST and
 * admin) in a header that this middleware always overwrites: whatever a client
 * sends under this name is replaced before anything reads it. Mount it first.
 */
export const CLIENT_ADDRESS_HEADER = 'x-lhb-client-address'

export const stampClientAddress: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  next()
}

export function clientAddressOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
}

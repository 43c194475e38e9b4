import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { env } from '../env'

/**
 * The optional second factor of an admin account (SECURITY.md §1): a TOTP
 * code from an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s, one step of
 * clock drift either way) or, instead, one of ten single-use recovery codes.
 * A code is accepted once: its time step must be newer than the last one
 * accepted, so a code seen over someone's shoulder cannot be replayed.
 * Recovery codes are stored only as HMAC-SHA256 hashes keyed with the
 * server's PAYLOAD_SECRET (a pepper: a copy of the database alone cannot
 * check guesses against them), and the TOTP secret is stored sealed with a key
 * derived from it (a copy of the database alone cannot make codes).
 */

const ISSUER = 'Lady Hawks Boosters'
const PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10

/** The hidden admin-users fields this module reads and writes (cms/collections/AdminUsers.ts). */
export type SecondFactorState = {
  totpEnabled?: boolean | null
  totpSecret?: string | null
  totpPendingSecret?: string | null
  totpLastStep?: number | null
  recoveryCodes?: unknown
}
export const SECOND_FACTOR_SELECT = {
  totpEnabled: true,
  totpSecret: true,
  totpPendingSecret: true,
  totpLastStep: true,
  recoveryCodes: true,
} as const

const totpFor = (secret: string, username = '') =>
  new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** A fresh 160-bit secret, base32 (what authenticator apps accept for manual entry). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** What the enrolment shows: the otpauth:// URI, its QR code as SVG, and the secret for typing in by hand. */
export type TotpEnrolment = { uri: string; secret: string; qrSvg: string }
export function enrolmentOf(secret: string, username: string): TotpEnrolment {
  const uri = totpFor(secret, username).toString()
  return { uri, secret, qrSvg: renderSVG(uri, { border: 2 }) }
}

/** Sealed TOTP secrets: AES-256-GCM, with a key derived from PAYLOAD_SECRET for this use only. */
const SEALED_PREFIX = 'v1.'
const sealingKey = () => Buffer.from(hkdfSync('sha256', env.PAYLOAD_SECRET, '', 'lady-hawks totp secret', 32))

export function sealSecret(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The secret a sealed value holds; null when it is not one this server sealed (another PAYLOAD_SECRET, or altered). */
export function openSecret(stored: string | null | undefined): string | null {
  if (!stored?.startsWith(SEALED_PREFIX)) return null
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url')
  if (raw.length < 29) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

const digitsOnly = (code: string) => code.replace(/[\s-]/g, '')

/** The time step of `code` if it is valid now and newer than `lastStep`; null otherwise. */
export function acceptedStep(secret: string, code: string, lastStep: number | null | undefined, now = Date.now()): number | null {
  const token = digitsOnly(code)
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpFor(secret).validate({ token, timestamp: now, window: 1 })
  if (delta === null) return null
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta
  return typeof lastStep === 'number' && step <= lastStep ? null : step
}

// Recovery codes: 10 base32 characters (50 bits), shown as xxxxx-xxxxx.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, '')
const hashRecovery = (code: string) =>
  createHmac('sha256', env.PAYLOAD_SECRET)
    .update(`recovery:${normalizeRecovery(code)}`)
    .digest('hex')

/** New recovery codes: the plain codes to show once, and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return { codes, hashes: codes.map(hashRecovery) }
}

export const storedRecoveryHashes = (state: SecondFactorState): string[] =>
  Array.isArray(state.recoveryCodes) ? state.recoveryCodes.filter((h): h is string => typeof h === 'string') : []

/**
 * Checks a code against an account's active second factor. On success it
 * answers the change to store (the accepted step, or the recovery codes
 * without the one just used), which the caller must write before answering.
 */
export function checkSecondFactor(
  state: SecondFactorState,
  code: string,
  now = Date.now(),
): { via: 'totp' | 'recovery'; update: SecondFactorState } | null {
  const secret = state.totpEnabled ? openSecret(state.totpSecret) : null
  if (!secret) return null
  const step = acceptedStep(secret, code, state.totpLastStep, now)
  if (step !== null) return { via: 'totp', update: { totpLastStep: step } }
  if (normalizeRecovery(code).length !== 10) return null
  const given = Buffer.from(hashRecovery(code), 'hex')
  const hashes = storedRecoveryHashes(state)
  const index = hashes.findIndex((h) => h.length === 64 && timingSafeEqual(Buffer.from(h, 'hex'), given))
  if (index === -1) return null
  return { via: 'recovery', update: { recoveryCodes: hashes.filter((_, i) => i !== index) } }
}

/** Every second-factor field cleared (disable, or `npm run admin:reset`). */
export const SECOND_FACTOR_OFF: SecondFactorState = {
  totpEnabled: false,
  totpSecret: null,
  totpPendingSecret: null,
  totpLastStep: null,
  recoveryCodes: [],
}

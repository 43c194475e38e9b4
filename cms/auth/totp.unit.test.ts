import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { acceptedStep, checkSecondFactor, newRecoveryCodes, newTotpSecret, openSecret, RECOVERY_CODE_COUNT, sealSecret } from './totp'

/** The second factor's rules (SECURITY.md §1), at fixed times: drift, replay, recovery codes. */
const STEP_MS = 30_000
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0)
const step0 = Math.floor(T0 / STEP_MS)
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })

describe('TOTP codes', () => {
  const secret = newTotpSecret()

  it('accepts the code of this step and one step either side (clock drift), nothing further', () => {
    expect(acceptedStep(secret, codeAt(secret, T0), null, T0)).toBe(step0)
    expect(acceptedStep(secret, codeAt(secret, T0 - STEP_MS), null, T0)).toBe(step0 - 1)
    expect(acceptedStep(secret, codeAt(secret, T0 + STEP_MS), null, T0)).toBe(step0 + 1)
    expect(acceptedStep(secret, codeAt(secret, T0 - 2 * STEP_MS), null, T0)).toBeNull()
    expect(acceptedStep(secret, codeAt(secret, T0 + 2 * STEP_MS), null, T0)).toBeNull()
  })

  it('accepts a step only once: the same or an earlier code after an accepted one is refused', () => {
    const code = codeAt(secret, T0)
    expect(acceptedStep(secret, code, step0, T0)).toBeNull()
    expect(acceptedStep(secret, codeAt(secret, T0 - STEP_MS), step0, T0)).toBeNull()
    expect(acceptedStep(secret, codeAt(secret, T0 + STEP_MS), step0, T0 + STEP_MS)).toBe(step0 + 1)
  })

  it('ignores spaces, refuses anything but six digits', () => {
    const code = codeAt(secret, T0)
    expect(acceptedStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, T0)).toBe(step0)
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`]) expect(acceptedStep(secret, bad, null, T0)).toBeNull()
  })
})

describe('recovery codes', () => {
  it('makes ten distinct codes, stored only as hashes, each accepted once, in any case and spacing', () => {
    const { codes, hashes } = newRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(hashes).size).toBe(RECOVERY_CODE_COUNT)
    for (const [i, code] of codes.entries()) expect(hashes[i]).not.toContain(code.replace('-', ''))
    const state = { totpEnabled: true, totpSecret: sealSecret(newTotpSecret()), totpLastStep: null, recoveryCodes: hashes }
    const used = checkSecondFactor(state, ` ${codes[3].toUpperCase()} `, T0)
    expect(used?.via).toBe('recovery')
    expect(used?.update.recoveryCodes).toEqual(hashes.filter((_, i) => i !== 3))
    expect(checkSecondFactor({ ...state, ...used!.update }, codes[3], T0)).toBeNull()
    expect(checkSecondFactor({ ...state, totpEnabled: false }, codes[0], T0)).toBeNull()
  })
})

describe('sealed secrets', () => {
  it('opens only what this server sealed, unaltered', () => {
    const secret = newTotpSecret()
    const sealed = sealSecret(secret)
    expect(sealed).not.toContain(secret)
    expect(sealSecret(secret)).not.toBe(sealed)
    expect(openSecret(sealed)).toBe(secret)
    const bytes = Buffer.from(sealed.slice(3), 'base64url')
    bytes[bytes.length - 1] ^= 1
    expect(openSecret(`v1.${bytes.toString('base64url')}`)).toBeNull()
    expect(openSecret(secret)).toBeNull()
    expect(openSecret(null)).toBeNull()
    // An enabled account whose stored secret does not open accepts no code.
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: T0 })
    expect(checkSecondFactor({ totpEnabled: true, totpSecret: sealed }, code, T0)?.via).toBe('totp')
    expect(checkSecondFactor({ totpEnabled: true, totpSecret: secret }, code, T0)).toBeNull()
  })
})

import { PASSWORD_MIN } from '#shared/schemas'
import { COMMON_PASSWORDS } from './commonPasswords'

/**
 * NIST 800-63B / ASVS: length over composition. At least 12 characters, long
 * passphrases welcome, no character-class rules, and no well-known passwords.
 */
export function checkPasswordPolicy(password: string, username?: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must contain at least ${PASSWORD_MIN} character(s)`
  const lowered = password.toLowerCase()
  // "password1234" is "password" with digits added: just as guessable.
  const stem = lowered.replace(/[\d\W_]+$/, '')
  if (COMMON_PASSWORDS.has(lowered) || (stem.length >= 4 && COMMON_PASSWORDS.has(stem))) {
    return 'This password is too common. Choose a longer, less predictable passphrase.'
  }
  if (username && lowered.includes(username.toLowerCase())) return 'The password must not contain the username.'
  if (/^(.)\1+$/.test(password)) return 'This password is too easy to guess. Choose a longer, less predictable passphrase.'
  return null
}

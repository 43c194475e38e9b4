import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * How many bits of randomness a secret carries, estimated the way a guesser
 * would attack it (zxcvbn's idea, small): the secret is cut into the cheapest
 * sequence of pieces, each priced at the guesses it costs,
 *  - a character: log2 of the alphabet its classes span (a-z, A-Z, 0-9,
 *    symbols), or 1 bit when it repeats, continues a run (abc, 123, 2121) or
 *    follows on the keyboard row;
 *  - a word of the common-password or diceware lists, or of the club's name;
 *  - a repeat of an earlier part of the secret (a phrase written twice);
 *  - a year, a date or a Unix timestamp (seconds to nanoseconds) of this century.
 * `openssl rand -hex 32` scores about 250; a phrase, a repeated phrase or
 * concatenated timestamps stay far below 128.
 */
const WORDS = new Set(
  [...dictionary['passwords-common'], ...dictionary['diceware-common']].map((w) => String(w).toLowerCase()).filter((w) => w.length >= 3),
)
const CLUB_WORDS = new Set(['lady', 'ladies', 'hawk', 'hawks', 'ladyhawks', 'booster', 'boosters', 'basketball', 'payload', 'secret'])
const WORD_BITS = Math.log2(WORDS.size)
const CLUB_WORD_BITS = Math.log2(CLUB_WORDS.size)
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890']
const MAX_WORD = 20
/** Longer secrets are judged by their first part: plenty for the 128-bit bar. */
const MAX_ANALYSED = 256

/** Unix time of 2000-01-01 and 2100-01-01, in seconds. */
const CENTURY = [946_684_800, 4_102_444_800]
const SECONDS_BITS = Math.log2(CENTURY[1] - CENTURY[0])

function alphabetSize(secret: string): number {
  let size = 0
  if (/[a-z]/.test(secret)) size += 26
  if (/[A-Z]/.test(secret)) size += 26
  if (/\d/.test(secret)) size += 10
  if (/[^a-zA-Z\d]/.test(secret)) size += 33
  return Math.max(size, 2)
}

function predictable(secret: string, i: number): boolean {
  if (i === 0) return false
  const [c, prev, prev2] = [secret[i], secret[i - 1], secret[i - 2]]
  const step = Math.abs(c.charCodeAt(0) - prev.charCodeAt(0))
  if (step <= 1 || c === prev2) return true
  const pair = (prev + c).toLowerCase()
  return KEYBOARD_ROWS.some((row) => row.includes(pair) || [...row].reverse().join('').includes(pair))
}

/** Bits of a run of digits read as a year, a date (YYYYMMDD) or a timestamp; Infinity when it is none. */
function numberBits(digits: string): number {
  const value = Number(digits)
  if (digits.length === 4 && value >= 1900 && value < 2100) return Math.log2(200)
  if (digits.length === 8 && /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(digits)) return Math.log2(200 * 366)
  const extra = { 10: 0, 13: 3, 16: 6, 19: 9 }[digits.length]
  if (extra === undefined) return Infinity
  const seconds = value / 10 ** extra
  return seconds >= CENTURY[0] && seconds < CENTURY[1] ? SECONDS_BITS + Math.log2(10 ** extra) : Infinity
}

export function estimatedEntropyBits(input: string): number {
  const secret = input.slice(0, MAX_ANALYSED)
  const charBits = Math.log2(alphabetSize(secret))
  const lower = secret.toLowerCase()
  const best = [0]
  for (let end = 1; end <= secret.length; end++) {
    const i = end - 1
    let cost = best[i] + (predictable(secret, i) ? 1 : charBits)
    for (let start = Math.max(0, end - MAX_WORD); start <= end - 3; start++) {
      const piece = lower.slice(start, end)
      const cased = secret.slice(start, end) === piece ? 0 : 1
      if (end - start >= 4 && CLUB_WORDS.has(piece)) cost = Math.min(cost, best[start] + CLUB_WORD_BITS + cased)
      if (end - start >= 4 && WORDS.has(piece)) cost = Math.min(cost, best[start] + WORD_BITS + cased)
      if (/^\d+$/.test(piece)) cost = Math.min(cost, best[start] + numberBits(piece))
    }
    // A repeat of something earlier: where it starts and how long it is.
    for (let start = 0; start <= end - 3; start++) {
      if (secret.slice(0, start).includes(secret.slice(start, end))) {
        cost = Math.min(cost, best[start] + Math.log2(start + 1) + Math.log2(end - start))
      }
    }
    best.push(cost)
  }
  return best[secret.length]
}

/**
 * Money is exact to the cent (decimal 10,2: money.unit.test.ts). Amounts travel and are
 * stored as strings with two decimals ("1234.50"); arithmetic uses integer cents.
 */
export const MONEY_PATTERN = /^\d{1,8}(\.\d{1,2})?$/
export const MAX_CENTS = 99_999_999_99

export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? String(amount) : amount.trim()
  if (!MONEY_PATTERN.test(text)) throw new Error(`Not a money amount: ${text}`)
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** "-0.59" → -59: an amount that may be signed (a refund line, a reconciling figure). */
export const toSignedCents = (amount: string) => (amount.trim().startsWith('-') ? -toCents(amount.trim().slice(1)) : toCents(amount))

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** "1234.5" → "1234.50" */
export const normalizeMoney = (amount: string | number) => formatCents(toCents(amount))

/** Exact sum of decimal amounts, as a two-decimal string. */
export const sumMoney = (amounts: Array<string | number>) =>
  formatCents(amounts.reduce<number>((total, amount) => total + toCents(amount), 0))

/**
 * "1234.5" → "$1,234.50". Public pages drop zero cents ("5000.00" → "$5,000");
 * the admin passes `alwaysCents` and always shows 2 decimals ("$5,000.00"); a negative amount
 * reads "−$100.00".
 * Works on integer cents, never on floats. Nothing reads
 * as $0; text that is not an amount is shown as it is.
 */
export function formatMoney(amount: string | number | null | undefined, { alwaysCents = false } = {}): string {
  const text = amount === null || amount === undefined ? '' : String(amount).trim()
  // Money going out (a refund line, a fee): the minus sign before the dollar sign, "−$100.00", never "$-100.00".
  if (/^-\d/.test(text) && MONEY_PATTERN.test(text.slice(1))) return `\u2212${formatMoney(text.slice(1), { alwaysCents })}`
  if (text !== '' && !MONEY_PATTERN.test(text)) return `$${text}`
  const cents = text === '' ? 0 : toCents(text)
  const whole = Math.floor(cents / 100).toLocaleString('en-US')
  const rest = cents % 100
  return rest === 0 && !alwaysCents ? `$${whole}` : `$${whole}.${String(rest).padStart(2, '0')}`
}

/** Share of a goal reached, in percent (unrounded); 0 when the goal is 0 or unreadable. */
export function percentOf(current: string, goal: string): number {
  try {
    const goalCents = toCents(goal)
    return goalCents > 0 ? (toCents(current) * 100) / goalCents : 0
  } catch {
    return 0
  }
}

/**
 * A campaign's progress, for the public card and the admin card alike: `width`
 * is the bar's percent capped at 100, `label` the rounded, uncapped percent.
 */
export function campaignProgress(current: string, goal: string): { width: number; label: number } {
  const percent = percentOf(current, goal)
  return { width: Math.min(percent, 100), label: Math.round(percent) }
}

import { MONEY_PATTERN, toCents } from '#shared/money'

/**
 * "1234.5" → "$1,234.50". Public pages drop zero cents ("5000.00" → "$5,000");
 * the admin passes `alwaysCents` and always shows 2 decimals ("$5,000.00").
 * Works on integer cents, never on floats (DESIGN.md "Money"). Nothing reads
 * as $0; text that is not an amount is shown as it is.
 */
export function formatMoney(amount: string | number | null | undefined, { alwaysCents = false } = {}): string {
  const text = amount === null || amount === undefined ? '' : String(amount).trim()
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

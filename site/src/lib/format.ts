import { toCents } from '#shared/money'

/**
 * "1234.50" → "$1,234.50"; whole amounts drop the cents ("5000.00" → "$5,000").
 * Works on integer cents, never on floats (DESIGN.md "Money").
 */
export function formatMoney(amount: string | number): string {
  const cents = toCents(amount)
  const whole = Math.floor(cents / 100).toLocaleString('en-US')
  const rest = cents % 100
  return rest === 0 ? `$${whole}` : `$${whole}.${String(rest).padStart(2, '0')}`
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

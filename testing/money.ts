/**
 * Amounts as the tests work them out: plain arithmetic on what the API writes ("1234.50"), never the product's
 * money code (shared/money.ts), so a wrong sum or rounding there cannot make its own expectation and pass.
 */

/** "1234.5" → 123450 */
export const centsOf = (amount: string | number) => Math.round(Number(amount) * 100)

/** 123450 → "1234.50", as the API writes an amount (-3050 → "-30.50"). */
export const amountOf = (cents: number) => (cents / 100).toFixed(2)

/** The exact sum of amounts, written as the API writes one. */
export const sumOf = (amounts: Array<string | number>) => amountOf(amounts.reduce<number>((total, amount) => total + centsOf(amount), 0))

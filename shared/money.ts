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

import { formatCents, toCents } from '#shared/money'
import type { DepositLine } from '../payments/deposits'
import { dollars, orgName, usDate } from './wording'
import { textPdf } from './pdf'

/**
 * A deposit's printable slip (docs/ACCOUNTING.md "Deposits"): the day, each check with its number and
 * amount, the cash total and the grand total, from the lines kept with the deposit (what the bank was
 * told). Drawn with the same PDF writer and call as the statements (`textPdf(lines, title)`), so a change
 * of PDF library changes this one call only.
 */
export function depositSlipPdf(deposit: { depositedOn: string; total: string; lines: DepositLine[] }, settings: Record<string, string>) {
  const checks = deposit.lines.filter((l) => l.method === 'check')
  const cashCents = deposit.lines.filter((l) => l.method === 'cash').reduce((n, l) => n + toCents(l.amount), 0)
  const lines = [
    orgName(settings),
    ...(settings['organization/address'] ? settings['organization/address'].split('\n') : []),
    '',
    `Deposit slip: ${usDate(deposit.depositedOn)}`,
    '',
    `Checks (${checks.length}):`,
    ...checks.map((c, i) => `${i + 1}. Check ${c.reference || '(no number)'} | ${c.name} | ${dollars(c.amount)}`),
    ...(checks.length ? [] : ['None']),
    `Checks total: ${dollars(checks.reduce((n, c) => n + toCents(c.amount), 0))}`,
    '',
    `Cash total: ${dollars(formatCents(cashCents))}`,
    '',
    `Deposit total: ${dollars(deposit.total)}`,
  ]
  return textPdf(lines, `Deposit slip ${deposit.depositedOn}`)
}

/**
 * RFC 4180 CSV for the treasurer's spreadsheet: CRLF lines, quoted cells
 * where needed. A cell starting with = + - @, a tab or a carriage return is
 * prefixed with ' so a spreadsheet shows it as text and never runs it as a
 * formula (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

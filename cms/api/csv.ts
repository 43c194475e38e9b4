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

/** A header line of the column names, then each record's values of those columns in that order. */
export function toCsv<R>(columns: ReadonlyArray<keyof R & string>, records: R[]): string {
  const rows = [columns, ...records.map((record) => columns.map((column) => record[column]))]
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

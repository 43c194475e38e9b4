import type { Response } from 'express'

/**
 * RFC 4180 CSV for the treasurer's spreadsheet: CRLF lines, quoted cells
 * where needed. A cell starting with = + - @, a tab or a carriage return is
 * prefixed with ' so a spreadsheet shows it as text and never runs it as a
 * formula (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  if (value instanceof CsvAmount) return value.text
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A header line of the column names, then each record's values of those columns in that order. */
export function toCsv<R>(columns: ReadonlyArray<keyof R & string>, records: R[]): string {
  const rows = [columns, ...records.map((record) => columns.map((column) => record[column]))]
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * A signed amount written as a number ("-125.25"), never prefixed: the ledger's amounts must import as
 * numbers, and a cell of only a sign, digits and a point is no formula. Every other cell is text.
 */
export class CsvAmount {
  readonly text: string
  constructor(cents: number) {
    const abs = Math.abs(cents)
    this.text = `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
  }
}

/**
 * Every CSV export starts with a UTF-8 byte-order mark, so Excel on Windows reads it as UTF-8 and shows
 * "Café" and "Nguyễn" as typed (without it, Excel guesses the local code page). Other spreadsheets and
 * accounting tools skip it, and a fetch's text() drops it.
 */
export const CSV_BOM = '\uFEFF'

/** A CSV download named `<name>.csv`, starting with the byte-order mark every export carries (`CSV_BOM`). */
export function sendCsv(res: Response, name: string, csv: string) {
  res
    .type('text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${name}.csv"`)
    .send(CSV_BOM + csv)
}

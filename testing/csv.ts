/** RFC 4180 rows of a CSV text (quoted cells with commas, quotes and line breaks); a byte-order mark is skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  const endCell = () => {
    rows.at(-1)!.push(cell)
    cell = ''
  }
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (ch === '"') quoted = !quoted
    else if (quoted) cell += ch
    else if (ch === ',') endCell()
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell()
      rows.push([])
      i++
    } else cell += ch
  }
  return rows.filter((r) => r.length > 1)
}

/** The rows of a CSV as records keyed by its header. */
export const csvRecords = (text: string): Record<string, string>[] => {
  const [header, ...rows] = parseCsv(text)
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])))
}

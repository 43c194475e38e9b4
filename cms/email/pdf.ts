/**
 * A plain-text PDF (PDF 1.4, Helvetica, letter size), written by hand so a
 * year-end statement needs no library: lines of text, 52 to a page. A line
 * wider than the page's text area is wrapped at spaces, the rest indented
 * (a viewer drops text past the page's edge). Text is kept uncompressed, so
 * it can be read back (tests, search, screen readers' text extraction).
 * Characters outside Latin-1 are written as "?".
 */
const LINES_PER_PAGE = 52
const FONT_SIZE = 10
const LEFT = 54
/** Letter width less both margins, in points. */
const TEXT_WIDTH = 612 - 2 * LEFT
/** How far a wrapped line's continuation is indented, in points. */
const INDENT = 18
/** Helvetica's advance widths (Adobe's AFM, per 1000 units) for " " to "~"; any other character is counted as 1000. */
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
const textWidth = (text: string) => [...text].reduce((w, ch) => w + (HELVETICA[ch.charCodeAt(0) - 32] ?? 1000), 0) * (FONT_SIZE / 1000)

/** A line as the rows it takes on the page: the first at the margin, the rest indented. */
function wrap(line: string): string[] {
  const rows: string[] = []
  let row = ''
  const fits = (text: string) => textWidth(text) <= TEXT_WIDTH - (rows.length ? INDENT : 0)
  for (const word of line.split(' ')) {
    const next = row ? `${row} ${word}` : word
    if (fits(next)) row = next
    else if (row && fits(word)) {
      rows.push(row)
      row = word
    } else {
      // A word wider than a row: cut it where it reaches the edge.
      for (const ch of row ? ` ${word}` : word) {
        if (!fits(row + ch)) {
          rows.push(row)
          row = ''
        }
        row += ch
      }
    }
  }
  return [...rows, row]
}

const pdfString = (text: string) =>
  `(${[...text]
    .map((ch) => (ch.charCodeAt(0) > 255 ? '?' : ch))
    .join('')
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[\r\n\t]/g, ' ')})`

export function textPdf(lines: string[], title: string): Buffer {
  // Each row as its content-stream operators; a continuation is moved right by INDENT for its row only.
  const rows = lines
    .map((line) => line.replace(/[\r\n\t]/g, ' '))
    .flatMap((line) =>
      wrap(line).map((row, i) => (i === 0 ? `${pdfString(row)} Tj T*` : `${INDENT} 0 Td ${pdfString(row)} Tj -${INDENT} 0 Td T*`)),
    )
  const pages: string[][] = []
  for (let i = 0; i < Math.max(rows.length, 1); i += LINES_PER_PAGE) pages.push(rows.slice(i, i + LINES_PER_PAGE))
  const objects: string[] = []
  const add = (body: string) => objects.push(body) // object number = index + 1
  const pageIds = pages.map((_, i) => 5 + i * 2)
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  add(`<< /Title ${pdfString(title)} /Producer (Lady Hawks Boosters) >>`)
  for (const page of pages) {
    const stream = ['BT', `/F1 ${FONT_SIZE} Tf`, '14 TL', `${LEFT} 738 Td`, ...page, 'ET'].join('\n')
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length + 2} 0 R >>`,
    )
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`)
  }
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** The text lines of a PDF written by textPdf, in order, wrapped lines joined again (for tests and checks). */
export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = []
  for (const [, continued, text] of pdf.toString('latin1').matchAll(/^(\d+ 0 Td )?\(((?:\\.|[^\\)])*)\) Tj/gm)) {
    const row = text.replace(/\\(.)/g, '$1')
    if (continued && lines.length) lines[lines.length - 1] += ` ${row}`
    else lines.push(row)
  }
  return lines
}

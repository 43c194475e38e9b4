/**
 * A plain-text PDF (PDF 1.4, Helvetica, letter size), written by hand so a
 * year-end statement needs no library: lines of text, 52 to a page. Text is
 * kept uncompressed, so it can be read back (tests, search, screen readers'
 * text extraction). Characters outside Latin-1 are written as "?".
 */
const LINES_PER_PAGE = 52

const pdfString = (text: string) =>
  `(${[...text]
    .map((ch) => (ch.charCodeAt(0) > 255 ? '?' : ch))
    .join('')
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[\r\n\t]/g, ' ')})`

export function textPdf(lines: string[], title: string): Buffer {
  const pages: string[][] = []
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE))
  const objects: string[] = []
  const add = (body: string) => objects.push(body) // object number = index + 1
  const pageIds = pages.map((_, i) => 5 + i * 2)
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  add(`<< /Title ${pdfString(title)} /Producer (Lady Hawks Boosters) >>`)
  for (const page of pages) {
    const stream = ['BT', '/F1 10 Tf', '14 TL', '54 738 Td', ...page.map((line) => `${pdfString(line)} Tj T*`), 'ET'].join('\n')
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

/** The text lines of a PDF written by textPdf, in order (for tests and checks). */
export function pdfText(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1'))
}

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as Fontkit from 'fontkit'
import type PDFKitDocument from 'pdfkit'

/**
 * Every PDF the club makes (statements, receipts, slips): lines of text on letter pages, written by
 * pdfkit with DejaVu Sans embedded (subset to the characters used, so a statement stays a few kB). The
 * font covers Latin with its extensions (Vietnamese too), Greek and Cyrillic; a character it has no
 * glyph for (Chinese, emoji) is printed as its code, "U+738B", never as "?" or an empty box a reader
 * cannot name. Tagged for screen readers (PDF/UA structure: the first line a heading, each other line a
 * paragraph; document language and title). A line wider than the text area wraps at spaces, the rest
 * indented. Statements already mailed keep the bytes they were sent with (cms/email/statements.ts).
 */
const FONT_SIZE = 10
const LINE_HEIGHT = 14
const LEFT = 54
const TOP = 54
/** How far a wrapped line's continuation is indented, in points. */
const INDENT = 18

const require = createRequire(import.meta.url)

/**
 * pdfkit, fontkit and the parsed font, loaded with the first PDF rather than at every start: they cost a server
 * start about 0.2 CPU s, and most starts (every test server's) never write a PDF. Every document is given the one
 * parsed font (pdfkit takes a fontkit font as it takes a file), not the file: parsed again for each document, the
 * font's tables took most of a statement's time. Each document still embeds its own subset.
 */
let writer: { PDFDocument: typeof PDFKitDocument; font: Fontkit.Font } | undefined
function pdfWriter() {
  if (!writer) {
    const fontkit = require('fontkit') as typeof Fontkit
    const font = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as Fontkit.Font
    writer = { PDFDocument: require('pdfkit') as typeof PDFKitDocument, font }
  }
  return writer
}

/** The text as the font can print it: each character it lacks as its Unicode code ("王" → "U+738B"). */
export function printable(text: string): string {
  const { font } = pdfWriter()
  return [...text.replace(/[\r\n\t]/g, ' ')]
    .map((ch) => {
      const code = ch.codePointAt(0)!
      // Joiners and variation selectors only shape their neighbours (an emoji's): nothing to show.
      if (code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) return ''
      return font.hasGlyphForCodePoint(code) ? ch : ` U+${code.toString(16).toUpperCase().padStart(4, '0')} `
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
}

export function textPdf(lines: string[], title: string): Buffer {
  const { PDFDocument, font } = pdfWriter()
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: TOP, bottom: TOP, left: LEFT, right: LEFT },
    tagged: true,
    // PDF/UA's identification and metadata (pdfkit supports it; @types/pdfkit lists only PDF/A).
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    font: font as unknown as string,
    info: { Title: printable(title), Producer: 'Lady Hawks Boosters', Creator: 'Lady Hawks Boosters' },
  })
  doc.fontSize(FONT_SIZE)
  const root = doc.struct('Document')
  doc.addStructure(root)
  const width = doc.page.width - LEFT * 2
  let y = TOP
  lines.forEach((line, i) => {
    const text = printable(line)
    // An empty line is space on the page, not a paragraph a reader announces.
    if (!text) {
      y += LINE_HEIGHT
      return
    }
    const rows = wrap(text, (row, indented) => doc.widthOfString(row) <= width - (indented ? INDENT : 0))
    // Each row is marked content of its own, so a line that crosses a page break stays one paragraph.
    const element = doc.struct(i === 0 ? 'H1' : 'P')
    root.add(element)
    rows.forEach((row, r) => {
      if (y + LINE_HEIGHT > doc.page.height - TOP) {
        doc.addPage()
        y = TOP
      }
      const content = doc.markStructureContent(i === 0 ? 'H1' : 'P')
      doc.text(row, LEFT + (r ? INDENT : 0), y, { lineBreak: false })
      doc.endMarkedContent()
      element.add(content)
      y += LINE_HEIGHT
    })
    element.end()
  })
  root.end()
  doc.end()
  // pdfkit writes synchronously (fonts subset and streams deflated as they end): everything is buffered now.
  const chunks: Buffer[] = []
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null);) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** A line as the rows it takes on the page: the first at the margin, the rest indented (`fits` says whether a row fits). */
function wrap(line: string, fits: (row: string, indented: boolean) => boolean): string[] {
  // Most lines fit whole: measured once, not once for each word.
  if (fits(line, false)) return [line]
  const rows: string[] = []
  let row = ''
  const fitsHere = (text: string) => fits(text, rows.length > 0)
  for (const word of line.split(' ')) {
    const next = row ? `${row} ${word}` : word
    if (fitsHere(next)) row = next
    else if (row && fitsHere(word)) {
      rows.push(row)
      row = word
    } else {
      // A word wider than a row: cut it where it reaches the edge.
      for (const ch of row ? ` ${word}` : word) {
        if (!fitsHere(row + ch)) {
          rows.push(row)
          row = ''
        }
        row += ch
      }
    }
  }
  return [...rows, row]
}

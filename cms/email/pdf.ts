import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type * as Fontkit from 'fontkit'
import type PDFKitDocument from 'pdfkit'

/**
 * Every PDF the club makes (statements, receipts, slips): lines of text on letter pages, written by
 * pdfkit with DejaVu Sans embedded, and for Chinese, Japanese and Korean names Noto Sans CJK (Noto Sans
 * Hans: hanzi, kanji and kana; Noto Sans KR: hangul), each subset to the characters used, so a statement
 * stays a few kB. DejaVu covers Latin with its extensions (Vietnamese too), Greek and Cyrillic. A character
 * no font has (an emoji) is printed as its code, "U+1F3C0", never as "?" or an empty box a reader cannot
 * name. Tagged for screen readers (PDF/UA structure: the first line a heading, each other line a
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

/** A font a PDF may embed, parsed once when a text first needs it (the CJK ones are 8 and 4.5 MB). */
type Face = { name: string; font: () => Fontkit.Font }

const parsed = new Map<string, Fontkit.Font>()
const face = (name: string, path: () => string): Face => ({
  name,
  font: () => {
    let font = parsed.get(name)
    if (!font) parsed.set(name, (font = (require('fontkit') as typeof Fontkit).create(readFileSync(path())) as Fontkit.Font))
    return font
  },
})

/** A font file of an @embedpdf/fonts-* package (its exports name only its index, beside which `fonts/` lies). */
const embedpdfFont = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), '..', 'fonts', file)

/** In the order they are tried for each character: the text's font first. */
const FACES: Face[] = [
  face('Text', () => require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  face('Hanzi', () => embedpdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf')),
  face('Hangul', () => embedpdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf')),
]

/**
 * pdfkit, loaded with the first PDF rather than at every start: with fontkit and the parsed font it costs a server
 * start about 0.2 CPU s, and most starts (every test server's) never write a PDF. Every document is given the
 * parsed fonts (pdfkit takes a fontkit font as it takes a file), not the files: parsed again for each document,
 * the font's tables took most of a statement's time. Each document still embeds its own subset of each.
 */
let pdfkit: typeof PDFKitDocument | undefined
const PDFDocumentClass = () => (pdfkit ??= require('pdfkit') as typeof PDFKitDocument)

/** A run of text in one face. */
type Run = { face: Face; text: string }

/** The text as the fonts can print it: each character in the first face that has it, the rest as their codes ("🏀" → "U+1F3C0"). */
export function runsOf(text: string): Run[] {
  const runs: Run[] = []
  const add = (f: Face, piece: string) => {
    const last = runs.at(-1)
    if (last?.face === f) last.text += piece
    else runs.push({ face: f, text: piece })
  }
  for (const ch of text.replace(/[\r\n\t]/g, ' ')) {
    const code = ch.codePointAt(0)!
    // Joiners and variation selectors only shape their neighbours (an emoji's): nothing to show.
    if (code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue
    const found = FACES.find((f) => f.font().hasGlyphForCodePoint(code))
    if (found) add(found, ch)
    else add(FACES[0], ` U+${code.toString(16).toUpperCase().padStart(4, '0')} `)
  }
  // Spaces as the line reads them: never doubled around a code, never at either end.
  const merged = runs.map((r) => ({ ...r, text: r.text.replace(/ {2,}/g, ' ') })).filter((r) => r.text)
  for (let i = 1; i < merged.length; i++)
    if (merged[i - 1].text.endsWith(' ') && merged[i].text.startsWith(' ')) merged[i].text = merged[i].text.slice(1)
  if (merged.length) {
    merged[0].text = merged[0].text.trimStart()
    merged[merged.length - 1].text = merged[merged.length - 1].text.trimEnd()
  }
  return merged.filter((r) => r.text)
}

/** The text as a reader names it: what `runsOf` prints, as one string (a PDF's title, which takes no fonts). */
export const printable = (text: string) =>
  runsOf(text)
    .map((r) => r.text)
    .join('')

export function textPdf(lines: string[], title: string): Buffer {
  const PDFDocument = PDFDocumentClass()
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: TOP, bottom: TOP, left: LEFT, right: LEFT },
    tagged: true,
    // PDF/UA's identification and metadata (pdfkit supports it; @types/pdfkit lists only PDF/A).
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    font: FACES[0].font() as unknown as string,
    info: { Title: printable(title), Producer: 'Lady Hawks Boosters', Creator: 'Lady Hawks Boosters' },
  })
  doc.fontSize(FONT_SIZE)
  // A face by its name: embedded once per document, and only when a line uses it.
  const use = (f: Face) => doc.font(f.font() as unknown as string, f.name)
  const widthOf = (text: string) => runsOf(text).reduce((w, r) => w + use(r.face).widthOfString(r.text), 0)
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
    const rows = wrap(text, (row, indented) => widthOf(row) <= width - (indented ? INDENT : 0))
    // Each row is marked content of its own, so a line that crosses a page break stays one paragraph.
    const element = doc.struct(i === 0 ? 'H1' : 'P')
    root.add(element)
    rows.forEach((row, r) => {
      if (y + LINE_HEIGHT > doc.page.height - TOP) {
        doc.addPage()
        y = TOP
      }
      const content = doc.markStructureContent(i === 0 ? 'H1' : 'P')
      let x = LEFT + (r ? INDENT : 0)
      for (const run of runsOf(row)) {
        use(run.face).text(run.text, x, y, { lineBreak: false })
        x += doc.widthOfString(run.text)
      }
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

import { execFileSync } from 'node:child_process'
import { expect } from 'vitest'
import { getDocumentProxy } from 'unpdf'

/**
 * A PDF of ours read by pdf.js (unpdf), a reader independent of our writer: its title and its lines as
 * printed, every row within the page's margins (a viewer cuts text past the edge), an indented row
 * continuing the line above (cms/email/pdf.ts wraps so).
 */
export async function readPdf(bytes: Uint8Array): Promise<{ title: unknown; lines: string[] }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const info = (await pdf.getMetadata()).info as Record<string, unknown>
  const lines: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent()
    for (const item of items) {
      if (!('str' in item) || !item.str) continue
      const [x] = item.transform.slice(4) as number[]
      expect(x).toBeGreaterThanOrEqual(54)
      expect(x + item.width).toBeLessThanOrEqual(612 - 54 + 0.01)
      if (x > 54 && lines.length) lines[lines.length - 1] += ` ${item.str}`
      else lines.push(item.str)
    }
  }
  return { title: info.Title, lines }
}

/** The lines of a PDF's text as poppler's `pdftotext` extracts it (what a search or a copy gives a reader). */
export const pdftotext = (bytes: Uint8Array): string =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' })

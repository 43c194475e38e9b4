import { expect } from 'vitest'
import { getDocumentProxy } from 'unpdf'

/**
 * A PDF of ours read by pdf.js (unpdf), a reader independent of our writer: its title, whether it is tagged, and its lines as
 * printed, every row within the page's margins (a viewer cuts text past the edge), the pieces of one row in
 * several fonts (a Chinese name in a Latin line) joined as they stand, an indented row continuing the line
 * above (cms/email/pdf.ts wraps so).
 */
export async function readPdf(bytes: Uint8Array): Promise<{ title: unknown; lines: string[]; tagged: boolean }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const info = (await pdf.getMetadata()).info as Record<string, unknown>
  const lines: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent()
    // The baseline of the row being read: each font sits its text a fraction of a point apart.
    let row: number | null = null
    for (const item of items) {
      if (!('str' in item) || !item.str) continue
      const [x, y] = item.transform.slice(4) as number[]
      expect(x).toBeGreaterThanOrEqual(54)
      expect(x + item.width).toBeLessThanOrEqual(612 - 54 + 0.01)
      if (row !== null && Math.abs(y - row) < 2) lines[lines.length - 1] += item.str
      else if (x > 54 && lines.length) lines[lines.length - 1] += ` ${item.str}`
      else lines.push(item.str)
      row = y
    }
  }
  // Tagged for screen readers: marked as such, with a structure tree on its pages.
  const marked = (await pdf.getMarkInfo())?.Marked === true
  const tree = await (await pdf.getPage(1)).getStructTree()
  return { title: info.Title, lines, tagged: marked && tree !== null && tree.children.length > 0 }
}

import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The documents say which test proves each rule ("`cms/…test.ts` › title…"). A renamed or
 * deleted test would leave a claim with nothing behind it: every test file a document names
 * must exist, and every "› title" must still be the start of a test's title (or of a bench
 * budget's label, for the figures SECURITY.md cites from `npm run bench`).
 */
const tracked = (pattern: string) => execFileSync('git', ['ls-files', pattern], { encoding: 'utf8' }).trim().split('\n')
const normal = (text: string) =>
  text
    .replace(/[’‘]/g, "'")
    .replace(/\$\{[^}]*\}:?\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim()

const documents = tracked('*.md').filter((file) => !file.includes('node_modules'))
const QUOTED = String.raw`(['"\`])((?:\\.|(?!\1).)+)\1`
const quoted = (file: string, before: string) =>
  [...readFileSync(file, 'utf8').matchAll(new RegExp(before + QUOTED, 'gm'))].map((m) => normal(m[2]))
const titles = [
  ...tracked('*.test.ts').flatMap((file) => quoted(file, String.raw`\b(?:it|test|describe)(?:\.\w+)?\(\s*`)),
  // bench/run.ts: each budget's label opens a line of its own
  ...quoted('bench/run.ts', String.raw`^\s*`),
]

describe('documents that say "tested"', () => {
  it('name only test files that exist', () => {
    const named = documents.flatMap((doc) =>
      [...readFileSync(doc, 'utf8').matchAll(/`([\w./-]+\.test\.ts)`/g)].map((m) => ({ doc, file: m[1] })),
    )
    expect(named.length).toBeGreaterThan(50)
    expect(named.filter(({ file }) => !existsSync(file))).toEqual([])
  })

  it('name only tests that exist, by the start of their titles', () => {
    const cited = documents.flatMap((doc) =>
      // A citation runs from "›" to an ellipsis, a semicolon, a table cell's end, a bracket or the line's end.
      [...readFileSync(doc, 'utf8').matchAll(/›\s*([^…;|\n(]+)/g)].map((m) => ({ doc, title: normal(m[1]).replace(/[,.:)]+$/, '') })),
    )
    expect(cited.length).toBeGreaterThan(50)
    // A title may follow a template's `${…}: ` prefix; a citation may add a few words after the title.
    const missing = cited.filter(({ title }) => !titles.some((t) => t.includes(title) || (t.length >= 20 && title.startsWith(t))))
    expect(missing).toEqual([])
  })
})

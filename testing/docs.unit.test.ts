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

/**
 * The tracker the work was planned in is not part of the repository: a comment or document that cites one of its numbers sends
 * the next volunteer nowhere. Say why in words, or point at a decision record (docs/decisions/), a test or a document.
 */
describe('comments and documents', () => {
  it('cite no issue number of a tracker outside the repository', () => {
    const TRACKER_NUMBER = new RegExp(String.raw`\bissues?[ #-]*\d`, 'i')
    const text = tracked('*')
      .filter((file) => file !== 'package-lock.json' && !/\.(png|jpe?g|webp|ico|woff2?|ttf|otf|gz|br|pdf)$/.test(file))
      .filter((file) => existsSync(file))
    expect(text.length).toBeGreaterThan(100)
    const citing = text.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (TRACKER_NUMBER.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(citing).toEqual([])
  })
})

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Scanner } from '@tailwindcss/oxide'
import { describe, expect, it } from 'vitest'

/**
 * portal.css turns Tailwind's guessing off and names the folders it reads: a class written only in a file outside them
 * is missing from the admin's CSS, and its element shows unstyled. Tailwind's own scanner (the one Next's build runs)
 * lists the files those @source lines reach.
 */
const views = dirname(fileURLToPath(import.meta.url))
const repo = join(views, '../../..')
const sources = [...readFileSync(join(views, 'portal.css'), 'utf8').matchAll(/^@source "([^"]+)";$/gm)].map(([, pattern]) => ({
  base: views,
  pattern,
  negated: false,
}))

/** The repository's files, tracked or new (not ignored), by their paths from its root. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'cms', 'ui'], {
  cwd: repo,
  encoding: 'utf8',
})
  .trim()
  .split('\n')

/**
 * What the admin shows from our code: every component in cms/ but Next's app folder (Payload's own pages), whatever a
 * portal folder holds (the portal's, each domain's: class names in a helper too), and ui/.
 */
const shown = files.filter(
  (file) =>
    /\.tsx?$/.test(file) &&
    !/\.(test|d)\.tsx?$/.test(file) &&
    ((file.endsWith('.tsx') && !file.startsWith('cms/admin/app/')) || /^cms\/(.+\/)?portal\//.test(file) || file.startsWith('ui/')),
)

describe("the admin's styles (portal.css)", () => {
  it("reads every file the admin shows: the portal, each domain's tabs and fields, the views, ui/", () => {
    const scanner = new Scanner({ sources })
    scanner.scan()
    const read = new Set(scanner.files.map((file) => relative(repo, file)))
    expect(shown).toEqual(expect.arrayContaining(['cms/portal/Dashboard.tsx', 'cms/team/portal/TeamTab.tsx', 'ui/toast.tsx']))
    expect(shown.filter((file) => !read.has(file))).toEqual([])
  })
})

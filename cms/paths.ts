import { resolve } from 'node:path'

/**
 * The repository root, from cms/ or from the compiled server in dist/ alike
 * (both sit one level below it). Next's build of the admin bundles this file
 * without `import.meta.dirname`; it runs from the root (scripts/build.mjs).
 */
export const repoRoot = import.meta.dirname ? resolve(import.meta.dirname, '..') : process.cwd()

import { resolve } from 'node:path'

/**
 * The repository root, from cms/ or from the compiled server in dist/ alike
 * (both sit one level below it).
 */
export const repoRoot = resolve(import.meta.dirname, '..')

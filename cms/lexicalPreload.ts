/**
 * Lexical's Node entry points (`*.node.mjs`) pick their dev or prod build with
 * a top-level `await import()`. Loaded all at once through
 * `@payloadcms/richtext-lexical`, Node 20 sometimes never settles that graph
 * and exits with code 13 before printing anything. Loading them one after
 * another first avoids it; the config's imports then find them ready. Call
 * before importing payload.config.ts in Node, or use loadConfig.
 * Node 20 only (docs/decisions/016-node-20-support.md): delete this file and
 * its callers' preload when Node 20 is no longer supported.
 */
const LEXICAL_PACKAGES = [
  'lexical',
  '@lexical/utils',
  '@lexical/selection',
  '@lexical/extension',
  '@lexical/clipboard',
  '@lexical/html',
  '@lexical/headless',
  '@lexical/history',
  '@lexical/link',
  '@lexical/list',
  '@lexical/mark',
  '@lexical/markdown',
  '@lexical/overflow',
  '@lexical/plain-text',
  '@lexical/rich-text',
  '@lexical/table',
  '@lexical/text',
  '@lexical/hashtag',
  '@lexical/dragon',
  '@lexical/code-core',
  '@lexical/a11y',
]

export async function preloadLexical() {
  for (const name of LEXICAL_PACKAGES) await import(name)
}

/** payload.config.ts for a script run on its own (migrate:create, generate:types, admin:reset): Lexical first. */
export async function loadConfig() {
  await preloadLexical()
  return (await import('../payload.config')).default
}

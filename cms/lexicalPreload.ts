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
// Each import names its package, so the server's bundle preloads the copies it holds (scripts/build.mjs).
export async function preloadLexical() {
  await import('lexical')
  await import('@lexical/utils')
  await import('@lexical/selection')
  await import('@lexical/extension')
  await import('@lexical/clipboard')
  await import('@lexical/html')
  await import('@lexical/headless')
  await import('@lexical/history')
  await import('@lexical/link')
  await import('@lexical/list')
  await import('@lexical/mark')
  await import('@lexical/markdown')
  await import('@lexical/overflow')
  await import('@lexical/plain-text')
  await import('@lexical/rich-text')
  await import('@lexical/table')
  await import('@lexical/text')
  await import('@lexical/hashtag')
  await import('@lexical/dragon')
  await import('@lexical/code-core')
  await import('@lexical/a11y')
}

/** payload.config.ts for a script run on its own (migrate:create, generate:types, admin:reset): Lexical first. */
export async function loadConfig() {
  await preloadLexical()
  return (await import('../payload.config')).default
}

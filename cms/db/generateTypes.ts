import { generateTypes } from 'payload/node'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run generate:types` writes cms/payload-types.ts from the collections (`npm run typecheck` fails while the
 * committed file is stale: cms/db/checkGenerated.ts). The config is loaded as every script of ours loads it
 * (loadConfig: Lexical first, cms/lexicalPreload.ts).
 */
await generateTypes(await loadConfig(), { log: false })
process.exit(0)

import { generateTypes } from 'payload/node'

/**
 * `npm run generate:types`: writes cms/payload-types.ts from the collections
 * (PAYLOAD_TS_OUTPUT_PATH writes it elsewhere). Payload's own CLI does the
 * same, but loads Lexical all at once, which sometimes exits 13 on Node 20
 * (cms/lexicalPreload.ts); this loads it first, as the server does.
 */
const { preloadLexical } = await import('../lexicalPreload')
await preloadLexical()
const { default: config } = await import('../../payload.config')
await generateTypes(await config, { log: false })
process.exit(0)

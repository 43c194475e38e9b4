import { generateTypes } from 'payload/node'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run generate:types`: writes cms/payload-types.ts from the collections
 * (PAYLOAD_TS_OUTPUT_PATH writes it elsewhere). Payload's own CLI does the
 * same, but loads Lexical all at once, which sometimes exits 13 on Node 20
 * (cms/lexicalPreload.ts); this loads it first, as the server does.
 */
await generateTypes(await loadConfig(), { log: false })
process.exit(0)

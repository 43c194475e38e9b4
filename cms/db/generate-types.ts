import { generateTypes } from 'payload/node'
import { loadConfig } from '../lexicalPreload'

/**
 * `npm run generate:types`: writes cms/payload-types.ts from the collections
 * (PAYLOAD_TS_OUTPUT_PATH writes it elsewhere). Payload's own CLI does the
 * same; this loads the config as every script of ours does (loadConfig,
 * Lexical first: on Node 20 a plain import of the config sometimes exits 13,
 * cms/lexicalPreload.ts). Payload 3.90's CLI itself passed 16 of 16 runs on
 * Node 20.20 (2026-11-24), but one way of loading the config is kept for
 * generate:types, migrate:create and admin:reset until Node 20 goes.
 */
await generateTypes(await loadConfig(), { log: false })
process.exit(0)

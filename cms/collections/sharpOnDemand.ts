import { createRequire } from 'node:module'
import type Sharp from 'sharp'

let loaded: typeof Sharp | undefined

/**
 * sharp, loaded with the first photo instead of at every start: its native library cost a start about
 * 0.1 CPU s, which every server process paid (a production start, each of the test suite's hundred-odd
 * servers) while most never touch a photo. Payload and our hooks only call it, `sharp(input, options)`,
 * so a function that loads it on its first call is all either needs.
 */
export const sharp = ((...args: Parameters<typeof Sharp>) => {
  loaded ??= createRequire(import.meta.url)('sharp') as typeof Sharp
  return loaded(...args)
}) as typeof Sharp

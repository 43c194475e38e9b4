import { readFileSync } from 'node:fs'

/**
 * The Dockerfile's instructions (continuation lines joined, comments dropped) and those of its last stage, the image
 * that runs: read by cms/docker.unit.test.ts and scripts/image-layout.mjs.
 */
export function dockerfileInstructions() {
  const instructions = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const runtime = instructions.slice(instructions.map((i) => i.startsWith('FROM ')).lastIndexOf(true))
  return { instructions, runtime, runs: runtime.filter((i) => i.startsWith('RUN ')).map((i) => i.slice(4)) }
}

/** Types of scripts/dockerfile.mjs (plain JavaScript, run by node without a build step). */
export function dockerfileInstructions(): { instructions: string[]; runtime: string[]; runs: string[] }

// `npm run mutate`: StrykerJS over the pure rule modules (stryker.config.mjs), installed here, in mutate/node_modules, on
// the first run (about 64 MB, pinned by mutate/package-lock.json) instead of for every developer and CI run, as the bench's
// tools are (docs/decisions/015-tooling-outside-the-install.md). Its report: mutate/reports/; the scores: docs/TESTING.md.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))
const run = (command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
if (!existsSync(new URL('node_modules/@stryker-mutator/core/package.json', import.meta.url))) {
  console.log('Installing the mutation tool (mutate/package.json), once…')
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], here)
}
const stryker = fileURLToPath(new URL('node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url))
run(process.execPath, [stryker, 'run', 'mutate/stryker.config.mjs', ...process.argv.slice(2)], root)

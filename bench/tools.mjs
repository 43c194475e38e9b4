// `npm run bench` only: Lighthouse and its Chrome launcher (about 155 MB) are installed here, in bench/node_modules,
// on the first run, instead of for every developer and CI run (docs/decisions/015-tooling-outside-the-install.md). bench/package-lock.json pins them.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bench = fileURLToPath(new URL('.', import.meta.url))
if (!existsSync(new URL('node_modules/lighthouse/package.json', import.meta.url))) {
  console.log('Installing the benchmark tools (bench/package.json), once…')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { estimatedEntropyBits } from '../secretStrength'
import { startServer } from '../../testing/server'

/**
 * SECURITY.md §8: secrets come only from the environment, and none is in the
 * repository.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Files that would be committed: everything except .git and what .gitignore names. */
function repositoryFiles(): string[] {
  const ignored = readFileSync(join(repoRoot, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/\/$/, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    )
  const rules = ignored.map(toRegExp)
  const isIgnored = (name: string) => name === '.git' || rules.some((r) => r.test(name))
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (isIgnored(entry.name)) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile() && statSync(path).size < 2_000_000) files.push(path)
    }
  }
  walk(repoRoot)
  return files
}

const SECRET_PATTERNS: Array<[string, RegExp]> = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['Stripe secret or restricted key', /\b[sr]k_(live|test)_[0-9A-Za-z]{16,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{16,}/],
  ['AWS access key', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{30,}\b/],
  ['Slack token', /\bxox[abprs]-[0-9A-Za-z-]{10,}/],
  ['npm token', /\bnpm_[A-Za-z0-9]{30,}\b/],
  ['database URL with a password', /\b(mongodb(\+srv)?|postgres(ql)?|mysql|libsql|redis):\/\/[^\s/:@'"`]+:[^\s@'"`]+@/],
  // A signed token (a real HS256/RS256 signature is 43+ characters; test fixtures with fake signatures are not).
  ['JWT', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{40,}/],
  // A literal PAYLOAD_SECRET value; the test harness's and the dev default are not secrets.
  [
    'PAYLOAD_SECRET value',
    /PAYLOAD_SECRET\s*[=:]\s*['"]?(?!test-secret-not-for-production|dev-only-secret|\$|['"]?\s*$)[A-Za-z0-9+/=_-]{16,}/,
  ],
]

describe('secrets', () => {
  it('none is committed to the repository', () => {
    const files = repositoryFiles()
    expect(files.length).toBeGreaterThan(20)
    const envFiles = files.filter((f) => /(^|\/)\.env(\.|$)/.test(relative(repoRoot, f)))
    expect(envFiles).toEqual([])
    const findings: string[] = []
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      if (text.includes('\u0000')) continue // binary
      for (const [what, pattern] of SECRET_PATTERNS) {
        const match = text.match(pattern)
        if (match && !file.endsWith('secrets.api.test.ts'))
          findings.push(`${relative(repoRoot, file)}: ${what} (${match[0].slice(0, 24)}…)`)
      }
    }
    expect(findings).toEqual([])
  })

  it('refuses to start in production without a PAYLOAD_SECRET from the environment, or with a short one', async () => {
    for (const secret of ['', 'too-short-secret']) {
      const started = startServer({ env: { NODE_ENV: 'production', PAYLOAD_SECRET: secret } })
      await expect(started).rejects.toThrow(/Cannot start: PAYLOAD_SECRET must/)
    }
  })

  it('refuses a long but predictable PAYLOAD_SECRET in production, with a one-line reason and how to make one', async () => {
    const now = Date.now()
    for (const secret of [
      'a'.repeat(32),
      'abcd'.repeat(8),
      'abcdefghijklmnopqrstuvwxyz0123456789',
      '12121212121212121212121212121212',
      'qwertyuiopasdfghjklzxcvbnm123456',
      // Once accepted, found by trying the attacks a guesser would: a repeated phrase, three concatenated timestamps.
      'LadyHawksBoosters2026!LadyHawksBoosters2026!',
      `${now}${now + 137}${now + 311}`,
    ]) {
      const started = startServer({ env: { NODE_ENV: 'production', PAYLOAD_SECRET: secret } })
      await expect(started, secret).rejects.toThrow(
        /Cannot start: PAYLOAD_SECRET is too predictable \(about \d+ bits of randomness, 128 needed\): make one with `openssl rand -hex 32`\."/,
      )
    }
  })

  it('estimates a random secret well above 128 bits and a patterned, repeated or dictionary one far below', () => {
    // Random secrets as the error message and the deployment checklist make them: always well above the bar.
    for (let i = 0; i < 500; i++) {
      expect(estimatedEntropyBits(randomBytes(32).toString('hex'))).toBeGreaterThan(190)
      expect(estimatedEntropyBits(randomBytes(32).toString('base64'))).toBeGreaterThan(190)
    }
    const seconds = Math.floor(Date.now() / 1000)
    for (const weak of [
      'a'.repeat(64),
      'abcd'.repeat(16),
      'LadyHawksBoosters2026!LadyHawksBoosters2026!',
      'PurpleElephantDancing2026!PurpleElephantDancing2026!',
      'correct horse battery staple correct horse',
      `${seconds}${seconds + 1}${seconds + 2}`,
      `${Date.now()}${Date.now() + 999}${Date.now() + 99_999}`,
    ]) {
      expect(estimatedEntropyBits(weak), weak).toBeLessThan(100)
    }
  })
})

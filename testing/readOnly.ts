import { execFileSync } from 'node:child_process'
import { chmodSync } from 'node:fs'

/**
 * A folder nobody may write to, as a disk remounted read-only is: the write bits off, or for root, whom permissions
 * do not stop, the immutable attribute (chattr +i). `false` makes it writable again.
 */
export function setReadOnly(dir: string, readOnly: boolean) {
  if (process.getuid?.() === 0) execFileSync('chattr', [readOnly ? '+i' : '-i', dir])
  else chmodSync(dir, readOnly ? 0o555 : 0o755)
}

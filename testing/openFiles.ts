import { readdirSync, readlinkSync } from 'node:fs'

/** Every open file descriptor on this machine whose path starts with `prefix` (Linux /proc; empty elsewhere). */
export function openFiles(prefix: string): Array<{ pid: string; fd: string; path: string }> {
  const found: Array<{ pid: string; fd: string; path: string }> = []
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p))
  } catch {
    return found
  }
  for (const pid of pids) {
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue // another user's process, or gone
    }
    for (const fd of fds) {
      try {
        const path = readlinkSync(`/proc/${pid}/fd/${fd}`)
        if (path.startsWith(prefix)) found.push({ pid, fd, path })
      } catch {
        // closed meanwhile
      }
    }
  }
  return found
}

import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'

/** A port that is free right now on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Whether process `pid` holds the socket listening on `port` (Linux /proc; true where there is none to read). A port
 * `freePort` found free can be taken by another test's server before ours binds it: that server then answers our
 * server's knock, and ours exits with EADDRINUSE.
 */
export function listensOn(pid: number, port: number): boolean {
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => {
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return ''
    }
  })
  if (!tables.some(Boolean)) return true
  // Each row: slot, local address:port (hex), remote address, state (0A: listening), …, inode (the 10th column).
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const inodes = new Set<string>()
  for (const row of tables.join('\n').split('\n')) {
    const columns = row.trim().split(/\s+/)
    if (columns[1]?.endsWith(portHex) && columns[3] === '0A') inodes.add(`socket:[${columns[9]}]`)
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))
      } catch {
        return false // closed meanwhile
      }
    })
  } catch {
    return false // the process is gone
  }
}
